/* The lobby: a new table from a bundled spec (with its variants and scales,
   and in the French family its mode and contracts) or from a house file,
   checked by the server with barbu check's messages; then the seats.
   Everything it shows is in the page's language: its own words, and what
   the server says in that language (the specs' titles, descriptions and
   contract names, the check's summary and warnings, its refusals). The
   mode is chosen in one place: where the mode choice is shown, the spec's
   variants that set a mode are not offered. */
"use strict";

(() => {
  const { el, clear, request } = Barbu;
  const $ = (id) => document.getElementById(id);
  let say = null;
  let specs = [];
  let bots = [];
  let mySeatChosen = false;  // the owner picked a seat (else: the first person's)
  let houseCounts = null;  // the house file whose player counts the players list shows, once checked

  const current = () => specs.find((spec) => spec.name === $("spec").value);
  const source = () => (document.querySelector('input[name="source"]:checked') || {}).value;

  async function loadSpecs() {
    const response = await request("GET", `/api/specs?lang=${encodeURIComponent(say.language)}`);
    if (!response.ok) return;
    specs = response.data.specs;
    bots = response.data.bots;
  }

  /* What the owner has chosen for the current spec, kept when the page is drawn again in another language. */
  function remember() {
    const picks = {};
    for (const row of document.querySelectorAll("#picks .pick")) {
      const value = (selector, key) => { const node = row.querySelector(selector); return node ? node[key] : undefined; };
      picks[row.dataset.name] = { on: value(".pick-on", "checked"), suit: value(".pick-suit", "value"),
        rank: value(".pick-rank", "value"), aon: value(".pick-aon", "checked"), ot: value(".pick-ot", "checked") };
    }
    return { spec: $("spec").value, mode: mode(), perGame: $("per-game").value, hands: $("hands").value, picks,
      overlays: Array.from(document.querySelectorAll("#overlays input:checked")).map((input) => input.value) };
  }

  function restore(kept) {
    if (!kept || kept.spec !== $("spec").value) return;
    for (const input of document.querySelectorAll("#overlays input")) input.checked = kept.overlays.includes(input.value);
    const radio = document.querySelector(`input[name="mode"][value="${kept.mode}"]`);
    if (radio) radio.checked = true;
    $("per-game").value = kept.perGame;
    $("hands").value = kept.hands;
    for (const row of document.querySelectorAll("#picks .pick")) {
      const pick = kept.picks[row.dataset.name];
      if (!pick) continue;
      const set = (selector, key, value) => { const node = row.querySelector(selector); if (node && value !== undefined) node[key] = value; };
      set(".pick-on", "checked", pick.on);
      set(".pick-suit", "value", pick.suit);
      set(".pick-rank", "value", pick.rank);
      set(".pick-aon", "checked", pick.aon);
      set(".pick-ot", "checked", pick.ot);
    }
    drawMode();
  }

  function drawSpecs() {
    const select = $("spec");
    const chosen = select.value;
    clear(select);
    for (const spec of specs) select.append(el("option", { value: spec.name, text: `${spec.name} — ${spec.title}` }));
    if (chosen) select.value = chosen;
    drawSpec();
  }

  function drawSpec() {
    const spec = current();
    if (!spec) return;
    $("spec-description").textContent = spec.description || "";
    const box = clear($("overlays"));
    // The mode choice below chooses the mode: the variants that set one are not offered beside it.
    const offered = spec.overlays.filter((overlay) => !(spec.choices && overlay.mode));
    offered.forEach((overlay, index) => {
      const id = `overlay-${index}`;
      box.append(el("div", { class: "inline" },
        el("input", { type: "checkbox", id, value: overlay.name }),
        el("label", { for: id, text: `${overlay.name} (${say(`lobby.kind.${overlay.kind}`)})` }),
        overlay.description ? el("span", { class: "note", text: overlay.description }) : null));
    });
    $("overlays-box").hidden = !offered.length;
    drawPlayers(spec.players);
    drawChoices();
  }

  function drawPlayers(counts) {
    const select = $("players");
    const chosen = Number(select.value) || (counts.includes(4) ? 4 : counts[0]);
    clear(select);
    for (const count of counts) select.append(el("option", { value: count, text: String(count) }));
    select.value = counts.includes(chosen) ? chosen : counts[0];
    drawSeats();
  }

  function drawSeats() {
    const count = Number($("players").value);
    const box = $("seats");
    const before = Array.from(box.querySelectorAll(".seat-line")).map((row) => ({
      kind: row.querySelector("select").value, name: row.querySelector("input").value }));
    clear(box);
    const defaults = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Franco", "Giulia", "Hugo", "Irene", "Jonas"];
    for (let seat = 0; seat < count; seat += 1) {
      const kind = el("select", { id: `seat-kind-${seat}` });
      kind.append(el("option", { value: "human", text: say("lobby.person") }));
      for (const bot of bots) kind.append(el("option", { value: bot, text: say(`bot.${bot}`) }));
      kind.value = before[seat] ? before[seat].kind : "human";
      const input = el("input", { type: "text", id: `seat-name-${seat}`, maxlength: "40",
        value: before[seat] ? before[seat].name : defaults[seat] });
      box.append(el("div", { class: "seat-line" },
        el("div", {}, el("label", { for: `seat-kind-${seat}`, text: say("lobby.seat_kind", { seat: seat + 1 }) }), kind),
        el("div", {}, el("label", { for: `seat-name-${seat}`, text: say("lobby.seat_name", { seat: seat + 1 }) }), input)));
      input.addEventListener("input", drawMySeat);
      kind.addEventListener("change", drawMySeat);
    }
    drawMySeat();
  }

  function drawMySeat() {
    const select = $("my-seat");
    const chosen = select.value;
    clear(select);
    select.append(el("option", { value: "", text: say("lobby.not_playing") }));
    const count = Number($("players").value);
    for (let seat = 0; seat < count; seat += 1) {
      if ($(`seat-kind-${seat}`).value !== "human") continue;
      select.append(el("option", { value: String(seat), text: $(`seat-name-${seat}`).value || String(seat + 1) }));
    }
    const known = Array.from(select.options).some((option) => option.value === chosen);
    select.value = mySeatChosen && known ? chosen : (select.options.length > 1 ? select.options[1].value : "");
  }

  /* ---- the French family's choices ---------------------------------------------------------- */

  function drawChoices() {
    const spec = current();
    const menu = spec && spec.choices;
    $("choices-box").hidden = !menu || source() !== "bundled";
    if (!menu) return;
    const modes = clear($("modes"));
    const keep = el("div", { class: "inline" }, el("input", { type: "radio", name: "mode", id: "mode-spec", value: "", checked: true }),
      el("label", { for: "mode-spec", text: say("lobby.mode.spec", { mode: say(`lobby.mode_name.${menu.mode}`) }) }));
    modes.append(keep);
    for (const mode of menu.modes) {
      modes.append(el("div", { class: "inline" }, el("input", { type: "radio", name: "mode", id: `mode-${mode}`, value: mode }),
        el("label", { for: `mode-${mode}`, text: say(`lobby.mode.${mode}`) })));
    }
    for (const input of modes.querySelectorAll("input")) input.addEventListener("change", drawMode);
    const [low, high] = menu.contracts;
    $("per-game-label").textContent = say("lobby.per_game", { low, high });
    Object.assign($("per-game"), { min: low, max: high });
    $("per-game").value = menu.per_game && menu.per_game <= high ? menu.per_game : high;
    $("hands").max = menu.hands_most;
    $("hands").value = menu.hands || "";
    const picks = clear($("picks"));
    menu.pool.forEach((contract, index) => picks.append(pickRow(menu, contract, index)));
    drawMode();
  }

  function pickRow(menu, contract, index) {
    const row = el("div", { class: "pick", dataset: { name: contract.name } });
    const id = `pick-${index}`;
    row.append(el("input", { type: "checkbox", id, class: "pick-on", checked: menu.picked.includes(contract.name) }),
      el("label", { for: id, text: contract.label }));
    if (contract.suit) {
      const select = el("select", { id: `${id}-suit`, class: "pick-suit" });
      for (const suit of menu.suits) select.append(el("option", { value: suit, text: say.suits[suit] }));
      select.value = contract.suit;
      row.append(el("span", { class: "variant" }, el("label", { for: `${id}-suit`, text: say("lobby.suit_of", { contract: contract.label }) }), select));
    }
    if (contract.rank) {
      const select = el("select", { id: `${id}-rank`, class: "pick-rank" });
      for (const rank of menu.ranks) select.append(el("option", { value: rank, text: say.ranks[rank] }));
      select.value = contract.rank;
      row.append(el("span", { class: "variant" }, el("label", { for: `${id}-rank`, text: say("lobby.rank_of", { contract: contract.label }) }), select));
    }
    if (contract.all_or_nothing !== null) {
      row.append(el("span", { class: "variant" }, el("input", { type: "checkbox", id: `${id}-aon`, class: "pick-aon", checked: contract.all_or_nothing }),
        el("label", { for: `${id}-aon`, text: say("lobby.all_or_nothing", { contract: contract.label }) })));
    }
    if (contract.optional_overtrump !== null) {
      row.append(el("span", { class: "variant" }, el("input", { type: "checkbox", id: `${id}-ot`, class: "pick-ot", checked: contract.optional_overtrump }),
        el("label", { for: `${id}-ot`, text: say("lobby.optional_overtrump", { contract: contract.label }) })));
    }
    return row;
  }

  function mode() {
    return (document.querySelector('input[name="mode"]:checked') || {}).value || "";
  }

  function drawMode() {
    const chosen = mode();
    $("picks-box").hidden = chosen !== "custom";
    $("per-game-box").hidden = chosen === "" || chosen === "custom";
    $("hands-box").hidden = chosen === "";  // the spec's own hands unless a mode is chosen here
  }

  function choices() {
    const spec = current();
    if (!spec || !spec.choices || !mode()) return undefined;
    const result = { mode: mode() };
    const hands = $("hands").value.trim();
    if (hands) result.hands = Number(hands);
    if (result.mode === "custom") {
      result.picks = Array.from(document.querySelectorAll("#picks .pick")).filter((row) => row.querySelector(".pick-on").checked)
        .map((row) => {
          const pick = { name: row.dataset.name };
          const suit = row.querySelector(".pick-suit");
          const rank = row.querySelector(".pick-rank");
          const aon = row.querySelector(".pick-aon");
          const ot = row.querySelector(".pick-ot");
          if (suit) pick.suit = suit.value;
          if (rank) pick.rank = rank.value;
          if (aon) pick.all_or_nothing = aon.checked;
          if (ot) pick.optional_overtrump = ot.checked;
          return pick;
        });
    } else {
      const count = $("per-game").value.trim();
      if (count) result.contracts = Number(count);
    }
    return result;
  }

  /* ---- the request ---------------------------------------------------------------------------- */

  function rules() {
    if (source() === "house") return { spec_text: $("house-text").value };
    const spec = current();
    const overlays = Array.from(document.querySelectorAll("#overlays input:checked")).map((input) => input.value);
    const body = { spec: [spec.name, ...overlays].join("+") };
    const chosen = choices();
    if (chosen) body.choices = chosen;
    return body;
  }

  function showResult(response) {
    const live = clear($("result-live"));
    $("result").hidden = false;
    const house = $("result-house");
    const messages = $("result-messages");
    if (response.ok) {
      const data = response.data;
      live.append(el("p", { class: "status", text: data.summary || say("lobby.made") }));
      house.hidden = !data.house;
      house.textContent = data.house || "";
      const warnings = data.warnings || [];
      messages.hidden = !warnings.length;
      messages.textContent = warnings.join("\n");
      if (warnings.length) live.append(el("p", { text: say("lobby.warnings", { count: warnings.length }) }));
    } else {
      const error = (response.data && response.data.error) || { message: String(response.status) };
      // A refusal of the server's limits (too fast, too many) in the page's language; the rest come in it.
      const said = say.has(`lobby.error.${error.code}`) ? say(`lobby.error.${error.code}`, error) : error.message;
      live.append(el("p", { class: "error", text: say("error", { message: said }) }));
      house.hidden = true;
      messages.hidden = !(error.problems && error.problems.length);
      messages.textContent = (error.problems || []).join("\n");
    }
  }

  async function check() {
    const body = { ...rules(), lang: say.language };
    // The number of players chosen, once the list offers the rules' own numbers.
    if (source() === "bundled" || houseCounts === body.spec_text) body.players = Number($("players").value);
    const response = await request("POST", "/api/check", body);
    showResult(response);
    if (response.ok && source() === "house") {
      houseCounts = body.spec_text;
      drawPlayers(response.data.players);
    }
  }

  async function create(event) {
    event.preventDefault();
    const count = Number($("players").value);
    const seats = [];
    const names = [];
    for (let seat = 0; seat < count; seat += 1) {
      seats.push($(`seat-kind-${seat}`).value);
      names.push($(`seat-name-${seat}`).value.trim());
    }
    const body = { ...rules(), seats, names, lang: say.language };
    const absent = $("absent").value.trim();
    if (absent) body.absent_after = Number(absent);
    const response = await request("POST", "/api/tables", body);
    showResult(response);
    if (!response.ok) return;
    const data = response.data;
    const mine = $("my-seat").value;
    const link = mine !== "" && data.links[Number(mine)]
      ? `${data.links[Number(mine)]}&owner=${encodeURIComponent(data.owner)}` : data.owner_link;
    location.href = link;
  }

  /* The tables in play, a page at a time: the first page, then the next one each time "More tables" is
     pressed (the server's "next"); the first line of a page that was asked for takes the focus.  When the
     tables are spread over workers (docs/server.md, "Past one process"), the answer names this worker's
     shard and the proxy sends ?shard=K to worker K: every worker is asked, each page of each. */
  let nextTables = [];

  async function pageOf(path) {
    const response = await request("GET", path);
    return response.ok ? response.data : null;
  }

  async function firstPages() {
    const first = await pageOf("/api/tables");
    if (first === null) return null;
    const pages = [first];
    const shard = first.shard;
    for (let index = 0; shard && index < shard.of; index += 1) {
      if (index === shard.index) continue;
      const other = await pageOf(`/api/tables?shard=${index}`);
      if (other && other.shard && other.shard.index === index) pages.push(other);
    }
    return pages;
  }

  async function listTables(more) {
    const pages = more ? (await Promise.all(nextTables.map(pageOf))).filter(Boolean) : await firstPages();
    const list = more ? $("tables") : clear($("tables"));
    if (pages === null) return;
    const tables = pages.flatMap((page) => page.tables);
    if (!more && !tables.length) list.append(el("li", { text: say("lobby.no_tables") }));
    let first = null;
    for (const table of tables) {
      const people = table.seats.map((seat) => seat.name).join(", ");
      const status = say.has(`lobby.status.${table.status}`) ? say(`lobby.status.${table.status}`) : table.status;
      const line = el("li", { text: say("lobby.table_line", { spec: table.spec, status, people }) });
      list.append(line);
      first = first || line;
    }
    nextTables = pages.map((page) => page.next).filter(Boolean);
    $("more-tables").hidden = !nextTables.length;
    if (more && first) {
      first.tabIndex = -1;
      first.focus();
    }
  }

  async function drawWords() {
    const kept = specs.length ? remember() : null;
    if (kept) $("result").hidden = true;  // what was checked was said in the other language: check again
    Barbu.applyWords(say);
    document.title = say("lobby.title");
    await loadSpecs();
    drawSpecs();
    restore(kept);
    listTables();
    document.body.dataset.language = say.language;  // drawn in this language (the tests wait for it)
  }

  async function start() {
    say = await Barbu.pageWords($("language"), (words) => { say = words; drawWords(); });
    $("spec").addEventListener("change", drawSpec);
    $("players").addEventListener("change", drawSeats);
    $("my-seat").addEventListener("change", () => { mySeatChosen = true; });
    for (const radio of document.querySelectorAll('input[name="source"]')) {
      radio.addEventListener("change", () => {
        $("bundled-box").hidden = source() !== "bundled";
        $("house-box").hidden = source() !== "house";
        drawChoices();
      });
    }
    $("house-file").addEventListener("change", async () => {
      const file = $("house-file").files[0];
      if (file) $("house-text").value = await file.text();
    });
    $("check").addEventListener("click", check);
    $("more-tables").addEventListener("click", () => listTables(true));
    $("new-table").addEventListener("submit", create);
    drawWords();
  }

  start();
})();
