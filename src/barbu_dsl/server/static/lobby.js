// @ts-check
/* The lobby: a new table from a bundled spec (with its variants and scales,
   and in the French family its mode and contracts) or from a house file,
   checked by the server with barbu check's messages; then the seats.
   Everything it shows is in the page's language: its own words, and what
   the server says in that language (the specs' titles, descriptions and
   contract names, the check's summary and warnings, its refusals). The
   mode is chosen in one place: where the mode choice is shown, the spec's
   variants that set a mode are not offered. */
"use strict";
/* global Barbu */

/**
 * What the owner chose for a spec, kept while the page is drawn again in another language.
 * @typedef {{spec: string, mode: string, perGame: string, hands: string, overlays: string[],
 *   picks: Record<string, Record<string, string | boolean | undefined>>}} Kept
 */

(() => {
  const { el, clear, request } = Barbu;
  const $ = Barbu.byId;
  /** @param {string} id */
  const input = (id) => $(id, HTMLInputElement);
  /** @param {string} id */
  const select = (id) => $(id, HTMLSelectElement);
  /** @type {Words} */
  let say;
  /** @type {LobbySpec[]} */
  let specs = [];
  /** @type {string[]} */
  let bots = [];
  let mySeatChosen = false;  // the owner picked a seat (else: the first person's)
  /** @type {string | null} */
  let houseCounts = null;  // the house file whose player counts the players list shows, once checked

  const current = () => specs.find((spec) => spec.name === select("spec").value);
  /** The value of the checked radio of a group, or "". @param {string} name */
  const checked = (name) => {
    const radio = document.querySelector(`input[name="${name}"]:checked`);
    return radio instanceof HTMLInputElement ? radio.value : "";
  };
  const source = () => checked("source");
  /** The checkbox or list of a row that matches ``selector``, if any. @param {Element} row @param {string} selector */
  const control = (row, selector) => {
    const node = row.querySelector(selector);
    return node instanceof HTMLInputElement || node instanceof HTMLSelectElement ? node : null;
  };

  async function loadSpecs() {
    const response = await request("GET", `/api/specs?lang=${encodeURIComponent(say.language)}`);
    if (!response.ok) return;
    specs = response.data.specs;
    bots = response.data.bots;
  }

  /* What the owner has chosen for the current spec, kept when the page is drawn again in another language. */
  /** @returns {Kept} */
  function remember() {
    /** @type {Kept["picks"]} */
    const picks = {};
    for (const row of pickRows()) {
      /** @param {string} selector */
      const box = (selector) => { const node = control(row, selector); return node instanceof HTMLInputElement ? node.checked : undefined; };
      /** @param {string} selector */
      const value = (selector) => { const node = control(row, selector); return node ? node.value : undefined; };
      picks[row.dataset.name || ""] = { on: box(".pick-on"), suit: value(".pick-suit"), rank: value(".pick-rank"),
        aon: box(".pick-aon"), ot: box(".pick-ot") };
    }
    return { spec: select("spec").value, mode: mode(), perGame: input("per-game").value, hands: input("hands").value, picks,
      overlays: checkedOverlays() };
  }

  /** @returns {HTMLElement[]} */
  const pickRows = () => Array.from(document.querySelectorAll("#picks .pick"));
  /** @returns {HTMLInputElement[]} */
  const overlayBoxes = () => Array.from(document.querySelectorAll("#overlays input"));
  const checkedOverlays = () => overlayBoxes().filter((box) => box.checked).map((box) => box.value);

  /** @param {Kept | null} kept */
  function restore(kept) {
    if (!kept || kept.spec !== select("spec").value) return;
    for (const box of overlayBoxes()) box.checked = kept.overlays.includes(box.value);
    const radio = document.querySelector(`input[name="mode"][value="${kept.mode}"]`);
    if (radio instanceof HTMLInputElement) radio.checked = true;
    input("per-game").value = kept.perGame;
    input("hands").value = kept.hands;
    for (const row of pickRows()) {
      const pick = kept.picks[row.dataset.name || ""];
      if (!pick) continue;
      /** @param {string} selector @param {string | boolean | undefined} value */
      const set = (selector, value) => {
        const node = control(row, selector);
        if (node instanceof HTMLInputElement && typeof value === "boolean") node.checked = value;
        else if (node instanceof HTMLSelectElement && typeof value === "string") node.value = value;
      };
      set(".pick-on", pick.on);
      set(".pick-suit", pick.suit);
      set(".pick-rank", pick.rank);
      set(".pick-aon", pick.aon);
      set(".pick-ot", pick.ot);
    }
    drawMode();
  }

  function drawSpecs() {
    const list = select("spec");
    const chosen = list.value;
    clear(list);
    for (const spec of specs) list.append(el("option", { value: spec.name, text: `${spec.name} — ${spec.title}` }));
    if (chosen) list.value = chosen;
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

  /** @param {number[]} counts */
  function drawPlayers(counts) {
    const list = select("players");
    const chosen = Number(list.value) || (counts.includes(4) ? 4 : counts[0]);
    clear(list);
    for (const count of counts) list.append(el("option", { value: count, text: String(count) }));
    list.value = String(counts.includes(chosen) ? chosen : counts[0]);
    drawSeats();
  }

  function drawSeats() {
    const count = Number(select("players").value);
    const box = $("seats");
    const before = Array.from(box.querySelectorAll(".seat-line")).map((row) => ({
      kind: (control(row, "select") || { value: "human" }).value, name: (control(row, "input") || { value: "" }).value }));
    clear(box);
    const defaults = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Franco", "Giulia", "Hugo", "Irene", "Jonas"];
    for (let seat = 0; seat < count; seat += 1) {
      const kind = el("select", { id: `seat-kind-${seat}` });
      kind.append(el("option", { value: "human", text: say("lobby.person") }));
      for (const bot of bots) kind.append(el("option", { value: bot, text: say(`bot.${bot}`) }));
      kind.value = before[seat] ? before[seat].kind : "human";
      const name = el("input", { type: "text", id: `seat-name-${seat}`, maxlength: "40",
        value: before[seat] ? before[seat].name : defaults[seat] });
      box.append(el("div", { class: "seat-line" },
        el("div", {}, el("label", { for: `seat-kind-${seat}`, text: say("lobby.seat_kind", { seat: seat + 1 }) }), kind),
        el("div", {}, el("label", { for: `seat-name-${seat}`, text: say("lobby.seat_name", { seat: seat + 1 }) }), name)));
      name.addEventListener("input", drawMySeat);
      kind.addEventListener("change", drawMySeat);
    }
    drawMySeat();
  }

  function drawMySeat() {
    const list = select("my-seat");
    const chosen = list.value;
    clear(list);
    list.append(el("option", { value: "", text: say("lobby.not_playing") }));
    const count = Number(select("players").value);
    for (let seat = 0; seat < count; seat += 1) {
      if (select(`seat-kind-${seat}`).value !== "human") continue;
      list.append(el("option", { value: String(seat), text: input(`seat-name-${seat}`).value || String(seat + 1) }));
    }
    const known = Array.from(list.options).some((option) => option.value === chosen);
    list.value = mySeatChosen && known ? chosen : (list.options.length > 1 ? list.options[1].value : "");
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
    Object.assign(input("per-game"), { min: low, max: high });
    input("per-game").value = String(menu.per_game && menu.per_game <= high ? menu.per_game : high);
    input("hands").max = String(menu.hands_most);
    input("hands").value = menu.hands ? String(menu.hands) : "";
    const picks = clear($("picks"));
    menu.pool.forEach((contract, index) => picks.append(pickRow(menu, contract, index)));
    drawMode();
  }

  /** @param {SpecChoices} menu @param {SpecChoices["pool"][number]} contract @param {number} index */
  function pickRow(menu, contract, index) {
    const row = el("div", { class: "pick", dataset: { name: contract.name } });
    const id = `pick-${index}`;
    row.append(el("input", { type: "checkbox", id, class: "pick-on", checked: menu.picked.includes(contract.name) }),
      el("label", { for: id, text: contract.label }));
    if (contract.suit) {
      const list = el("select", { id: `${id}-suit`, class: "pick-suit" });
      for (const suit of menu.suits) list.append(el("option", { value: suit, text: say.suits[suit] }));
      list.value = contract.suit;
      row.append(el("span", { class: "variant" }, el("label", { for: `${id}-suit`, text: say("lobby.suit_of", { contract: contract.label }) }), list));
    }
    if (contract.rank) {
      const list = el("select", { id: `${id}-rank`, class: "pick-rank" });
      for (const rank of menu.ranks) list.append(el("option", { value: rank, text: say.ranks[rank] }));
      list.value = contract.rank;
      row.append(el("span", { class: "variant" }, el("label", { for: `${id}-rank`, text: say("lobby.rank_of", { contract: contract.label }) }), list));
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
    return checked("mode");
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
    /** @type {{mode: string, hands?: number, contracts?: number, picks?: Record<string, string | boolean>[]}} */
    const result = { mode: mode() };
    const hands = input("hands").value.trim();
    if (hands) result.hands = Number(hands);
    if (result.mode === "custom") {
      /** @param {Element} row @param {string} selector */
      const box = (row, selector) => { const node = control(row, selector); return node instanceof HTMLInputElement ? node : null; };
      result.picks = pickRows().filter((row) => (box(row, ".pick-on") || { checked: false }).checked)
        .map((row) => {
          /** @type {Record<string, string | boolean>} */
          const pick = { name: row.dataset.name || "" };
          const suit = control(row, ".pick-suit");
          const rank = control(row, ".pick-rank");
          const aon = box(row, ".pick-aon");
          const ot = box(row, ".pick-ot");
          if (suit) pick.suit = suit.value;
          if (rank) pick.rank = rank.value;
          if (aon) pick.all_or_nothing = aon.checked;
          if (ot) pick.optional_overtrump = ot.checked;
          return pick;
        });
    } else {
      const count = input("per-game").value.trim();
      if (count) result.contracts = Number(count);
    }
    return result;
  }

  /* ---- the request ---------------------------------------------------------------------------- */

  /** The rules of the request: a house file, or a bundled spec with its overlays and choices.
      @returns {{spec_text?: string, spec?: string, choices?: object}} */
  function rules() {
    if (source() === "house") return { spec_text: $("house-text", HTMLTextAreaElement).value };
    const spec = current();
    /** @type {{spec: string, choices?: object}} */
    const body = { spec: [spec ? spec.name : "", ...checkedOverlays()].join("+") };
    const chosen = choices();
    if (chosen) body.choices = chosen;
    return body;
  }

  /** @param {{ok: boolean, status: number, data: any}} response */
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
    /** @type {Record<string, unknown>} */
    const body = { ...rules(), lang: say.language };
    // The number of players chosen, once the list offers the rules' own numbers.
    if (source() === "bundled" || houseCounts === body.spec_text) body.players = Number(select("players").value);
    const response = await request("POST", "/api/check", body);
    showResult(response);
    if (response.ok && source() === "house") {
      houseCounts = String(body.spec_text);
      drawPlayers(response.data.players);
    }
  }

  /** @param {Event} event */
  async function create(event) {
    event.preventDefault();
    const count = Number(select("players").value);
    const seats = [];
    const names = [];
    for (let seat = 0; seat < count; seat += 1) {
      seats.push(select(`seat-kind-${seat}`).value);
      names.push(input(`seat-name-${seat}`).value.trim());
    }
    /** @type {Record<string, unknown>} */
    const body = { ...rules(), seats, names, lang: say.language };
    const absent = input("absent").value.trim();
    if (absent) body.absent_after = Number(absent);
    const response = await request("POST", "/api/tables", body);
    showResult(response);
    if (!response.ok) return;
    const data = response.data;
    const mine = select("my-seat").value;
    const link = mine !== "" && data.links[Number(mine)]
      ? `${data.links[Number(mine)]}&owner=${encodeURIComponent(data.owner)}` : data.owner_link;
    location.href = link;
  }

  /* The tables in play, a page at a time: the first page, then the next one each time "More tables" is
     pressed (the server's "next"); the first line of a page that was asked for takes the focus.  When the
     tables are spread over workers (docs/server.md, "Past one process"), the answer names this worker's
     shard and the proxy sends ?shard=K to worker K: every worker is asked, each page of each. */
  /** @type {string[]} */
  let nextTables = [];

  /** @param {string} path @returns {Promise<TablesPage | null>} */
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

  /** @param {boolean} [more] */
  async function listTables(more) {
    const pages = more ? (await Promise.all(nextTables.map(pageOf))).filter((page) => page !== null) : await firstPages();
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
    nextTables = pages.flatMap((page) => (page.next ? [page.next] : []));
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
    say = await Barbu.pageWords(select("language"), (words) => { say = words; drawWords(); });
    select("spec").addEventListener("change", drawSpec);
    select("players").addEventListener("change", drawSeats);
    $("my-seat").addEventListener("change", () => { mySeatChosen = true; });
    for (const radio of document.querySelectorAll('input[name="source"]')) {
      radio.addEventListener("change", () => {
        $("bundled-box").hidden = source() !== "bundled";
        $("house-box").hidden = source() !== "house";
        drawChoices();
      });
    }
    $("house-file").addEventListener("change", async () => {
      const file = (input("house-file").files || [])[0];
      if (file) $("house-text", HTMLTextAreaElement).value = await file.text();
    });
    $("check").addEventListener("click", check);
    $("more-tables").addEventListener("click", () => listTables(true));
    $("new-table").addEventListener("submit", create);
    drawWords();
  }

  start();
})();
