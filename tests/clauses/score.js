// Score sheet hands with the page's own rules (the scorer's base.js,
// facts.js and sheet.js, as barbu_dsl.scorer.core.core_script joins them),
// run in Node: the input on standard input is JSON {core, data, hands},
// ``core`` the script, ``data`` the page's data (scorer/data.py page_data),
// ``hands`` a list of [hand, players]; the output, one result a hand,
// {raw, status} or {error, problems}, as the page's test interface
// (window.barbuSheet.scoreHand in ui.js) scores a hand on its own.
"use strict";

const vm = require("vm");

function main(input) {
  const { core, data, hands } = JSON.parse(input);
  const context = vm.createContext({});
  vm.runInContext(core, context, { filename: "core.js" });
  context.input = { data, hands };
  const results = vm.runInContext(`
    (function () {
      const { data, hands } = input;
      const messages = new BarbuCore.Messages(data.messages);
      return hands.map(([hand, players]) => {
        const names = Array.from({ length: players }, (_, seat) => "seat " + seat);
        try {
          const scored = new BarbuCore.SheetGame(data, names, messages).scoreAlone(hand);
          return { raw: scored.raw, status: scored.status };
        } catch (error) {
          return { error: error.message, problems: error.problems || null };
        }
      });
    })()`, context);
  process.stdout.write(JSON.stringify(results));
}

let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => { input += chunk; });
process.stdin.on("end", () => main(input));
