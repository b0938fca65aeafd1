// @ts-check
/* The web scorer's page: a score sheet kept at the table on a phone.
 *
 * It reads the page's data (a JSON block written by barbu_dsl/scorer) and
 * keeps games with the rules of sheet.js (BarbuCore): entering a hand
 * control by control, the doubling grid, the advisory counter, running
 * totals, undo, edit and delete, games kept in localStorage, export and
 * import of the docs/sheet.md game file, four languages with the
 * contracts' own names in each.
 *
 * Nothing is lost to one tap: taking a hand back, deleting one and
 * forgetting a game are each asked first, and each can be put back
 * afterwards (a forgotten game for as long as the browser's session
 * lasts; the last change's put-back, across a reload, until the next thing
 * done).  A hand half entered is kept as it is typed, per game, and given
 * back after a reload or a change of language.  Every refusal is said in the status region, in words: a
 * hand's problems in a scorer's words (sheet.said), a game file's as the
 * Python sheet says them.  Games are found by their rules: those of this
 * page, kept under any page's key, open here; those of the same spec
 * under other rules (a house file changed since) are listed, to be
 * exported or carried on under this page's rules.
 *
 * Text from the spec or from a player is data: it reaches the page only
 * through textContent and attribute values, never as markup.
 */
"use strict";
/* global BarbuBase, BarbuCore, BarbuDom, BarbuForms */

(function () {
  /** The page's element of this id: the page is the script's own, so one missing is a mistake of the page.
      @param {string} id @returns {HTMLElement} */
  const byId = (id) => {
    const node = document.getElementById(id);
    if (!node) throw new Error(`the page has no element #${id}`);
    return node;
  };
  /** The value of the input or list an event came from. @param {Event} event */
  const targetValue = (event) => {
    const target = event.target;
    return target instanceof HTMLInputElement || target instanceof HTMLSelectElement ? target.value : "";
  };
  const data = JSON.parse(byId("barbu-data").textContent || "null");
  const messages = new BarbuCore.Messages(data.messages);
  const cards = new BarbuCore.Cards(data.words);
  const app = byId("app");
  let lang = "en";
  /** @type {{games: KeptGame[], current: string | null, lang: string | null}} */
  let store = { games: [], current: null, lang: null };
  let storable = true;
  let game = null; // the current BarbuCore.SheetGame
  let editing = null; // the number (0-based) of the hand being edited, or null
  let draft = null; // the hand in the entry form as far as it is entered (kept across reloads: keepDraft)
  /** @type {string | null} */
  let restoredSaid = null; // the status that said a draft was restored, until the form is touched
  /** @type {string | null} */
  let status = ""; // the last check result, read out by the live region
  let pending = null; // a change asked first: {question, yes, run}
  /** What puts the last change back, as data, so that it outlasts a
   * reload until the person does something else (keepPutBack): the
   * message keys of its button (``label``), of what the change did
   * (``said``) and of what putting it back does (``back``), each with its
   * fields; then either the game's hands ``before`` the change, with the
   * game's id and its hands ``after`` it (it applies to that sheet only) and
   * whether it clears the form (``draft``), or the id of a game forgotten.
   * @type {PutBack | null} */
  let putBack = null;
  /** @type {KeptGame[]} */
  let forgotten = []; // games forgotten in this session: [{id, game}]
  /** @type {(KeptGame & {key: string, same: boolean})[]} */
  let elsewhere = []; // games of this spec kept by other pages: [{id, game, key, same}]

  const t = (key, fields = {}) => messages.text(`scorer.${key}`, lang, stringFields(fields));
  const stringFields = (fields) => Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]));
  const signed = (value) => (value > 0 ? `+${value}` : value < 0 ? `−${-value}` : "0");
  const range = (n) => Array.from({ length: n }, (_, i) => i);

  const { el, radioGroup } = BarbuDom;
  const { doublingGrid, factsForm, notPlayedNote } = BarbuForms({
    data, t, names: () => game.players, seatName: (seat) => seatName(seat), signed, cardText, setText,
  });

  // --------------------------------------------------------------- words
  /** A contract by its name in the page's language. */
  const contractName = (name) => (data.contract_names[name] && data.contract_names[name][lang]) || name;
  /** The contracts as a refusal names them: in the page's language. @type {ContractNames} */
  const contractNames = { names: data.contracts, inLanguage: contractName };
  const suitSymbol = (suit) => data.words.suit_symbols[suit];
  const suitWord = (suit) => messages.text(`cards.suit.${suit}`, lang);
  const rankLetter = (rank) => data.words.language_rank_letters[lang][String(rank)] || String(rank);
  /** A record card (``KH``) in the page's language: ``R♥`` in Italian. */
  function cardText(name) {
    const card = cards.parseRecord(name);
    if (card === null) return name;
    return rankLetter(card % 13 + 2) + suitSymbol(Math.floor(card / 13));
  }
  /** A counted set's name (``H``, ``Q``, ``T``, ``trump``, ``card``, ``QS+KH``) for people. */
  function setText(name) {
    if (name === "trump") return t("set.trump");
    if (name === "card") return t("set.card");
    if (name.includes("+")) return name.split("+").map(cardText).join(" + ");
    const suit = data.words.suit_letters.indexOf(name);
    if (suit >= 0) return suitSymbol(suit);
    return rankLetter(cards.parseRank(name));
  }
  const seatName = (seat) => game.players[seat];

  // ------------------------------------------------------------- storage
  /** The games kept in the browser, as far as they can be read.  Stored
   * text that is not JSON, or holds anything but games (a game that is not
   * an object, no list of games), is first kept aside, whole, under its
   * own key, never overwritten; when it cannot be (storage full), nothing
   * is written over it while the page is open.  Each game is checked again
   * when it is opened. */
  function load() {
    let text = null;
    try {
      text = window.localStorage.getItem(data.storage_key);
    } catch (error) {
      storable = false;
      return;
    }
    if (!text) return;
    let kept = null;
    try {
      kept = JSON.parse(text);
    } catch (error) {
      kept = null;
    }
    const games = BarbuBase.isDict(kept) && Array.isArray(kept.games) ? kept.games.filter(isKeptGame) : [];
    if (!BarbuBase.isDict(kept) || !Array.isArray(kept.games) || games.length !== kept.games.length) {
      try {
        window.localStorage.setItem(`${data.storage_key}/unreadable/${Date.now()}`, text);
      } catch (error) {
        storable = false; // cannot keep it aside: never write over it
      }
    }
    store.games = games;
    if (BarbuBase.isDict(kept)) {
      store.current = games.some((g) => g.id === kept.current) ? kept.current : null;
      store.lang = typeof kept.lang === "string" ? kept.lang : null;
    }
  }

  /** The games of this spec that other pages keep (a page of the same
   * rules made from another file, or of a house file since changed):
   * found by their own spec_text, or by the spec they name. */
  function lookElsewhere() {
    elsewhere = [];
    let keys = [];
    try {
      keys = Object.keys(window.localStorage);
    } catch (error) {
      return;
    }
    const ours = new Set(store.games.map((g) => g.id));
    const named = specName(data.spec_text);
    const pattern = new RegExp(`^${data.storage_prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[0-9a-f]{16}$`);
    for (const key of keys.filter((k) => pattern.test(k) && k !== data.storage_key).sort()) {
      let kept = null;
      try {
        kept = JSON.parse(window.localStorage.getItem(key) || "null");
      } catch (error) {
        continue;
      }
      const games = BarbuBase.isDict(kept) && Array.isArray(kept.games) ? kept.games.filter(isKeptGame) : [];
      for (const found of games) {
        const text = found.game.spec_text;
        const same = text === data.spec_text;
        const related = same || found.game.spec === data.spec || (typeof text === "string" && specName(text) === named);
        if (related && !ours.has(found.id)) {
          elsewhere.push({ id: found.id, game: found.game, started: found.started, changed: found.changed, key, same });
        }
      }
    }
  }
  /** The ``name:`` a spec's canonical text gives it. */
  function specName(text) {
    const found = typeof text === "string" ? /^name: *"?([^"\n]*)"?$/m.exec(text) : null;
    return found ? found[1] : null;
  }

  /** The games forgotten in this session, to restore (sessionStorage). */
  const forgottenKey = () => `${data.storage_key}/forgotten`;
  function loadForgotten() {
    try {
      const kept = JSON.parse(window.sessionStorage.getItem(forgottenKey()) || "[]");
      forgotten = Array.isArray(kept) ? kept.filter(isKeptGame) : [];
    } catch (error) {
      forgotten = [];
    }
  }
  function saveForgotten() {
    try {
      window.sessionStorage.setItem(forgottenKey(), JSON.stringify(forgotten));
    } catch (error) {
      // kept in this page only, for as long as it is open
    }
  }
  const isKeptGame = (kept) => BarbuBase.isDict(kept) && typeof kept.id === "string" && BarbuBase.isDict(kept.game);
  function save() {
    if (!storable) return;
    if (game !== null) {
      const kept = store.games.find((g) => g.id === store.current);
      const now = game.toJSON();
      if (kept && JSON.stringify(now) !== JSON.stringify(kept.game)) {
        kept.game = now;
        kept.changed = Date.now();
      }
    }
    try {
      window.localStorage.setItem(data.storage_key, JSON.stringify(store));
    } catch (error) {
      storable = false;
    }
  }
  /** The hand being entered in a game, kept as it is typed so that a
   * reload loses none of it: ``{number, editing, hand}`` under the game's
   * own key, until the hand is added or saved, the change cancelled, the
   * hand deleted or put back. */
  const draftKey = () => `${data.storage_key}/draft/${store.current}`;
  function keepDraft(number, hand) {
    if (!storable || store.current === null) return;
    try {
      window.localStorage.setItem(draftKey(), JSON.stringify({ number, editing: editing !== null, hand }));
    } catch (error) {
      // kept in this page only, for as long as it is open
    }
  }
  function dropDraft() {
    if (store.current === null) return;
    try {
      window.localStorage.removeItem(draftKey());
    } catch (error) {
      // nothing was kept
    }
  }
  /** The current game's hand as it was left, back in the form, said once;
   * a draft the sheet has moved past since (another tab) is dropped. */
  function restoreDraft() {
    let kept = null;
    try {
      kept = JSON.parse(window.localStorage.getItem(draftKey()) || "null");
    } catch (error) {
      kept = null;
    }
    if (kept === null) return;
    const fits = BarbuBase.isDict(kept) && BarbuBase.isDict(kept.hand) && Number.isInteger(kept.number)
      && (kept.editing ? kept.number >= 0 && kept.number < game.scored.length
        : kept.number === game.scored.length && !game.over);
    if (!fits) {
      dropDraft();
      return;
    }
    editing = kept.editing ? kept.number : null;
    draft = kept.hand;
    status = t(kept.editing ? "draft_restored_edit" : "draft_restored", { number: kept.number + 1 });
    restoredSaid = status;
  }

  /** The last change's put-back (``putBack``), kept until the person
   * does something else, so that a reload does not take it away. */
  const putBackKey = () => `${data.storage_key}/put-back`;
  function keepPutBack() {
    try {
      if (putBack === null) window.localStorage.removeItem(putBackKey());
      else if (storable) window.localStorage.setItem(putBackKey(), JSON.stringify(putBack));
    } catch (error) {
      // kept in this page only, for as long as it is open
    }
  }
  /** The put-back kept before a reload, or null. */
  function keptPutBack() {
    try {
      return JSON.parse(window.localStorage.getItem(putBackKey()) || "null");
    } catch (error) {
      return null;
    }
  }
  /** A put-back kept before a reload, offered again when it still applies:
   * to the game open now with its hands as the change left them, or to a
   * game forgotten and still restorable. */
  function restorePutBack(kept) {
    const said = (pair) => Array.isArray(pair) && pair.length === 2 && typeof pair[0] === "string"
      && Boolean(data.messages[`scorer.${pair[0]}`]) && BarbuBase.isDict(pair[1]);
    if (!BarbuBase.isDict(kept) || typeof kept.label !== "string" || !data.messages[`scorer.${kept.label}`]
        || !said(kept.said)) return;
    const applies = typeof kept.forgot === "string" ? forgotten.some((g) => g.id === kept.forgot)
      : game !== null && kept.game === store.current && Array.isArray(kept.before) && said(kept.back)
        && kept.after === handsNow();
    if (!applies) return;
    putBack = /** @type {PutBack} */ (kept);
    keepPutBack();
    if (!status) status = t(kept.said[0], kept.said[1]);
  }

  function keepNewGame(sheet) {
    const now = Date.now();
    const id = `g${now.toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
    store.games.push({ id, game: sheet.toJSON(), started: now, changed: now });
    store.current = id;
    game = sheet;
    editing = null;
    draft = null;
    save();
  }
  function openGame(id) {
    const kept = store.games.find((g) => g.id === id);
    if (!kept) return;
    try {
      game = BarbuCore.SheetGame.fromJSON(data, kept.game, messages);
      store.current = id;
      editing = null;
      draft = null;
      done("");
      restoreDraft();
    } catch (error) {
      game = null;
      status = describeError(error);
    }
    save();
  }

  /** Why a game or a hand is refused, in words (a hand of the current
   * game in a scorer's words: the players by name). */
  function describeError(error, names = null) {
    if (error instanceof BarbuCore.SheetError) return messages.describe(error.problems, lang, names, cards, contractNames);
    if (error instanceof BarbuCore.SheetFileError) {
      return messages.text(BarbuBase.fileMessageKey(error.code), lang, error.fields);
    }
    if (error instanceof SyntaxError) return t("file.json");
    throw error;
  }

  // ------------------------------------------------------------ the page
  function render() {
    document.documentElement.lang = lang;
    document.title = data.titles[lang] || data.title;
    const focusId = document.activeElement && document.activeElement.id;
    app.replaceChildren(header(), el("main", {}, ...(game === null ? [setup()] : sheet()), files()), liveRegion());
    const again = focusId && document.getElementById(focusId);
    if (again) again.focus();
  }

  function header() {
    const select = el("select", { id: "language", onchange: () => { lang = select.value; store.lang = lang; save(); render(); } },
      ...data.languages.map((code) => el("option", { value: code, selected: code === lang }, data.language_names[code])));
    return el("header", {},
      el("h1", {}, data.titles[lang] || data.title),
      el("p", { className: "spec" }, t("spec", { spec: data.full_name })),
      el("div", { className: "language" }, el("label", { for: "language" }, t("language")), select));
  }

  /** The status: what the last action did or why it was refused, a
   * change asked first (yes / no), or the button that puts it back. */
  function liveRegion() {
    const region = el("div", { id: "status", role: "status", "aria-live": "polite" });
    fillStatus(region);
    return region;
  }
  function fillStatus(region) {
    const shown = status || pending || putBack;
    region.className = shown ? "status shown" : "status";
    const lines = status ? status.split("\n").map((line) => el("p", {}, line)) : [];
    let actions = null;
    if (pending) {
      lines.push(el("p", { id: "confirm-question", className: "question" }, pending.question));
      actions = el("div", { className: "actions", role: "group", "aria-labelledby": "confirm-question" },
        el("button", { type: "button", id: "confirm-no", onclick: () => { pending = null; announce(""); } }, t("no_keep")),
        el("button", { type: "button", id: "confirm-yes", className: "danger", onclick: () => {
          const run = pending.run;
          pending = null;
          run();
        } }, pending.yes));
    } else if (putBack) {
      const back = putBack;
      actions = el("div", { className: "actions" },
        el("button", { type: "button", id: "put-back", onclick: () => putItBack(back) }, t(back.label)));
    }
    region.replaceChildren(...lines, ...(actions ? [actions] : []));
  }
  function announce(text) {
    status = text;
    const region = document.getElementById("status");
    if (region) fillStatus(region);
  }
  /** Ask before a change that takes something away; ``run`` makes it. */
  function askFirst(question, yes, run) {
    pending = { question, yes, run };
    putBack = null;
    keepPutBack();
    status = "";
    render();
    const no = document.getElementById("confirm-no");
    if (no) no.focus();
  }
  /** Say what a change did, with what puts it back if anything does;
   * whatever put back an earlier change is gone.
   * @param {string} text @param {PutBack | null} [back] */
  function done(text, back = null) {
    status = text;
    putBack = back;
    pending = null;
    keepPutBack();
  }
  /** The hands of the current game as they are, to tell a sheet changed since. */
  const handsNow = () => JSON.stringify(game.scored.map((h) => h.entry));
  /** What puts the current game's hands back as they were ``before`` a
   * change just made (and saved), which said ``said``.
   * @param {string} label @param {Said} said @param {Said} back @param {unknown[]} before
   * @returns {PutBack} */
  function handsBack(label, said, back, before, clearsDraft = false) {
    return { label, said, back, game: store.current, before, after: handsNow(), draft: clearsDraft };
  }
  /** Put a change back (the button of the status). */
  function putItBack(back) {
    if (back.forgot !== undefined) {
      restore(back.forgot);
      return;
    }
    try {
      game.replaceHands(back.before);
    } catch (error) {
      done(describeError(error, game.players));
      render();
      return;
    }
    if (back.draft) {
      draft = null;
      dropDraft();
    }
    save();
    done(t(back.back[0], back.back[1]));
    render();
  }

  // ---- a new game
  function setup() {
    let count = data.players.includes(4) ? 4 : data.players[0];
    const names = el("div", { className: "names" });
    const drawNames = () => {
      const old = Array.from(names.querySelectorAll("input")).map((input) => input.value);
      names.replaceChildren(...range(count).map((seat) => {
        const id = `player-${seat}`;
        return el("div", { className: "name" },
          el("label", { for: id }, t("seat_name", { seat: seat + 1 })),  // seats are counted from 1 for people
          el("input", { id, type: "text", autocomplete: "off", value: old[seat] || "", required: true }));
      }));
    };
    drawNames();
    const countBox = data.players.length > 1 ? el("div", { className: "name" },
      el("label", { for: "player-count" }, t("player_count")),
      el("select", { id: "player-count", onchange: (event) => { count = Number(targetValue(event)); drawNames(); } },
        ...data.players.map((n) => el("option", { value: String(n), selected: n === count }, String(n))))) : null;
    const start = (event) => {
      event.preventDefault();
      const given = Array.from(names.querySelectorAll("input")).map((input) => input.value);
      try {
        keepNewGame(new BarbuCore.SheetGame(data, given, messages));
        done("");
        render();
        focusEntry();
      } catch (error) {
        announce(t("start_refused") + "\n" + describeError(error));
      }
    };
    return el("section", { className: "setup", "aria-labelledby": "setup-title" },
      el("h2", { id: "setup-title" }, t("new_game")),
      el("p", {}, t("setup_help")),
      el("form", { onsubmit: start, noValidate: true }, countBox, names,
        el("button", { type: "submit", id: "start", className: "primary" }, t("start"))));
  }

  // ---- the sheet of the current game
  function sheet() {
    return [board(), game.over && editing === null ? gameOver() : entry(), history()];
  }

  function board() {
    const winners = game.scored.length ? game.winners : [];
    const totals = game.totals;
    const rows = game.players.map((name, seat) => el("tr", { className: winners.includes(seat) ? "winner" : "" },
      el("th", { scope: "row" }, name), el("td", { className: "total", "data-seat": seat }, signed(totals[seat]))));
    const turn = game.nextTurn();
    const lines = [];
    if (game.rules.plan.pot) {  // docs/rules.md section 6, "A pot"
      const pot = game.scored.length ? game.scored[game.scored.length - 1].pot : 0;
      lines.push(el("p", { id: "pot" }, t("pot", { pot: String(pot).replace("-", "\u2212") })));
    }
    if (!turn.over) {
      lines.push(el("p", { className: "turn" }, placed("turn", { number: turn.number + 1 }),
        " ", turn.declarer === null ? t("turn_free") : t("turn_chooses", { name: seatName(turn.declarer) })));
    }
    return el("section", { className: "board", "aria-labelledby": "board-title" },
      el("h2", { id: "board-title" }, t("totals")),
      el("table", { className: "totals" },
        el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("player")), el("th", { scope: "col" }, t("total")))),
        el("tbody", {}, ...rows)),
      lines, counter());
  }

  /** The advisory count of doubles against the current declarer (never enforced). */
  function counter() {
    if (!data.doubling.allowed || game.over) return null;
    const [declarer, counts] = game.againstDeclarer();
    if (declarer === null) return null;
    const minimum = data.doubling.minimum;
    const rubber = data.doubling.per === "rubber";  // every seat's doubles of whoever declared in the rubber
    const items = range(game.players.length).filter((s) => rubber || s !== declarer).map((seat) =>
      el("li", { className: counts[seat] < minimum ? "below" : "" }, `${seatName(seat)} ${counts[seat]}`));
    return el("div", { className: "counter", id: "counter" },
      el("p", {}, t(rubber ? "counter.rubber" : "counter", { name: seatName(declarer) }),
        minimum ? " " + t("counter_minimum", { minimum }) : ""),
      el("ul", {}, ...items));
  }

  /** Message ``key`` placing a hand in the game: "Hand 3 of 28", or in a
   * game to a target score its ``.to`` message, "Hand 3, playing to 100". */
  function placed(key, fields) {
    const target = game.rules.plan.target;
    if (target === null) return t(key, Object.assign({ hands: game.rules.plan.hands }, fields));
    return t(`${key}.to`, Object.assign({ target: targetText(target) }, fields));
  }

  function targetText(target) { return String(target).replace("-", "\u2212"); }

  /** Who reached the target that ended a game to a target score (null for another game). */
  function reachedLine() {
    const target = game.rules.plan.target;
    if (target === null) return null;
    const reached = range(game.players.length).filter((s) => (target > 0 ? game.totals[s] >= target
                                                                         : game.totals[s] <= target));
    return el("p", { id: "reached" }, t("reached", { names: reached.map(seatName).join(", "),
                                                    target: targetText(target), hands: game.scored.length }));
  }

  /** What each player receives by their place, in a game that pays by
   * place (docs/rules.md section 6, "Payments by place"; null otherwise). */
  function payoutLine() {
    const amounts = game.rules.plan.payout;
    if (!amounts) return null;
    const paid = BarbuCore.payouts(game.totals, amounts, data.aim === "lowest");
    return el("p", { id: "payouts" }, t("payouts", {
      payouts: paid.map((value, seat) => `${seatName(seat)} ${signed(value)}`).join(", ") }));
  }

  function gameOver() {
    const winners = game.winners.map(seatName).join(", ");
    const best = game.totals[game.winners[0]];
    return el("section", { className: "over", "aria-labelledby": "over-title" },
      el("h2", { id: "over-title" }, t("game_over")),
      reachedLine(),
      el("p", { id: "winners" }, t(game.winners.length === 1 ? "winner" : "winners",
        { names: winners, total: signed(best), aim: t(`aim.${data.aim}`) })),
      payoutLine(),
      el("div", { className: "actions" }, el("button", { type: "button", onclick: askUndo, id: "undo" }, t("undo"))));
  }

  // ---- entering a hand
  function focusEntry() {
    const first = document.querySelector("#entry input:not([disabled])");
    if (first instanceof HTMLElement) first.focus();
  }

  function entry() {
    const number = editing === null ? game.scored.length : editing;
    const turn = game.turnAt(number);
    const hand = draft || {};
    const form = el("form", { id: "entry", className: "entry", "aria-labelledby": "entry-title", noValidate: true });
    const title = editing === null ? placed("hand_title", { number: number + 1 })
      : t("edit_title", { number: number + 1 });
    const players = game.players.length;
    const state = {
      declarer: turn.declarer !== null ? turn.declarer : (Number.isInteger(hand.declarer) ? hand.declarer : null),
      contract: turn.options.length === 1 ? turn.options[0]
        : (turn.options.includes(hand.contract) ? hand.contract : null),
      trump: hand.trump || null, start: hand.start_rank || null, hand,
    };
    const [declarers] = radioGroup(t("declarer"), range(players).map((seat) => ({
      value: seat, label: seatName(seat), disabled: turn.declarer !== null && seat !== turn.declarer,
    })), { name: "declarer", checked: state.declarer, field: "declarer",
           onchange: (event) => { state.declarer = Number(targetValue(event)); drawDetails(); } });
    const [contracts] = radioGroup(t("contract"), turn.options.map((name) => ({ value: name, label: contractName(name) })),
      { name: "contract", checked: state.contract, field: "contract",
        onchange: (event) => {
          state.contract = targetValue(event);
          if (state.hand.contract !== state.contract) Object.assign(state, { hand: {}, trump: null, start: null });
          drawDetails();
        } });
    const details = el("div", { className: "details" });
    /** @type {() => any} */
    let read = () => null; // the hand as entered, once a contract is chosen
    function drawDetails() {
      const built = details_(state, players, drawDetails);
      details.replaceChildren(...built.nodes);
      read = built.read;
    }
    drawDetails();
    const submit = (event) => {
      event.preventDefault();
      const entered = read();
      if (entered === null) {
        announce(t("choose_first"));
        return;
      }
      enter(entered, number, form);
    };
    form.addEventListener("submit", submit);
    /** The form as it stands is the draft: kept across a reload or a change of language. */
    const keep = () => {
      draft = read() || { declarer: state.declarer, contract: state.contract, trump: state.trump,
                          start_rank: state.start };
      keepDraft(number, draft);
      if (restoredSaid !== null && status === restoredSaid) announce("");
      restoredSaid = null;
    };
    form.addEventListener("input", keep);
    form.addEventListener("change", keep);
    const buttons = [el("button", { type: "submit", className: "primary", id: "add" }, editing === null ? t("add") : t("save"))];
    if (editing !== null) buttons.push(el("button", { type: "button", id: "cancel", onclick: () => { editing = null; draft = null; dropDraft(); done(""); render(); } }, t("cancel")));
    else if (game.scored.length) buttons.push(el("button", { type: "button", id: "undo", onclick: askUndo }, t("undo")));
    form.append(el("h2", { id: "entry-title" }, title), declarers, contracts, details, el("div", { className: "actions" }, ...buttons));
    return el("section", { className: "entry-box" }, form);
  }

  /** The part of the form that depends on the contract (and its trump):
   * trump, starting rank, doubles, then the facts.  ``redraw`` draws it
   * again (a trump suit named can change what the contract counts). */
  function details_(state, players, redraw) {
    const rules = game.rules;
    const contract = state.contract === null ? null : rules.contract(state.contract);
    if (contract === null || state.declarer === null) {
      return { nodes: [el("p", { className: "hint" }, t("choose_first"))], read: () => null };
    }
    /** @type {HTMLElement[]} */
    const nodes = [];
    const trumps = contract.trumps;
    const named = trumps !== null && trumps.suit === null;
    if (named) {
      const [group] = radioGroup(t("trump"), [0, 1, 2, 3].map((suit) => ({
        value: data.words.suit_letters[suit], label: suitSymbol(suit), aria: suitWord(suit),
      })), { name: "trump", checked: state.trump, field: "trump", onchange: (event) => {
        state.trump = targetValue(event);
        redraw();
        const chosen = document.querySelector(`#entry input[name=trump][value=${state.trump}]`);
        if (chosen instanceof HTMLElement) chosen.focus();
      } });
      nodes.push(group);
    }
    const domino = contract.domino;
    const chosen = domino !== null && domino.start === "chosen";
    if (chosen) {
      const [group] = radioGroup(t("start_rank"), [14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2].map((rank) => ({
        value: data.words.rank_letters[String(rank)], label: rank === 10 ? "10" : rankLetter(rank),
        aria: messages.text(`cards.rank.${rank}`, lang),
      })), { name: "start_rank", checked: state.start, field: "start_rank",
             onchange: (event) => { state.start = targetValue(event); } });
      nodes.push(group);
    }
    if (named && state.trump === null) {
      nodes.push(el("p", { className: "hint" }, t("choose_trump")));
      return { nodes, read: () => null };
    }
    const variant = rules.variant(contract, named ? state.trump : null);
    const grid = doublingGrid(state, variant, players);
    if (grid && grid.node) nodes.push(grid.node);
    const facts = el("div", { className: "facts" });
    nodes.push(facts);
    let readFacts = () => ({});
    let shown = null; // whether the facts drawn are those of a hand not played
    function drawFacts() {
      const doubles = grid ? grid.pairs() : [];
      const notPlayed = data.doubling.undoubled === "not-played" && !variant.positive
        && doubles.every(([, b]) => b !== state.declarer);
      if (notPlayed === shown) return; // keep what was typed
      shown = notPlayed;
      const built = notPlayed ? notPlayedNote(variant, state.declarer, players) : factsForm(state, variant.plan, players);
      facts.replaceChildren(...built.nodes);
      readFacts = built.read;
    }
    if (grid) grid.onchange = drawFacts;
    drawFacts();
    const read = () => {
      const hand = { contract: contract.name, declarer: state.declarer };
      if (named) hand.trump = state.trump;
      if (chosen) hand.start_rank = state.start;
      Object.assign(hand, readFacts());
      hand.doubles = grid ? grid.pairs() : [];
      return hand;
    };
    return { nodes, read };
  }
  /** Check the hand; add it (or save the edit), or say what is wrong next
   * to the fields and in the live region. */
  function enter(hand, number, form) {
    form.querySelectorAll(".error").forEach((node) => node.remove());
    form.querySelectorAll("[aria-invalid]").forEach((node) => node.removeAttribute("aria-invalid"));
    const before = game.scored.map((h) => h.entry);
    const changing = editing !== null;
    try {
      if (!changing) {
        game.add(hand);
      } else {
        const hands = before.slice();
        hands[number] = hand;
        game.replaceHands(hands);
      }
    } catch (error) {
      if (!(error instanceof BarbuCore.SheetError)) throw error;
      for (const found of error.problems) {
        const where = fieldNode(form, found.field);
        if (where && found.hand === number + 1) {
          where.setAttribute("aria-invalid", "true");
          where.append(el("p", { className: "error" }, messages.said(found, lang, game.players, cards, contractNames)));
        }
      }
      announce((changing ? t("edit_refused") + "\n" : "") + describeError(error, game.players));
      return;
    }
    const scored = game.scored[number];
    editing = null;
    draft = null;
    dropDraft();
    save();
    const scores = scored.final.map((v, s) => `${seatName(s)} ${signed(v)}`).join(" · ");
    if (changing) {
      /** @type {Said} */
      const said = ["changed", { number: number + 1, scores }];
      done(t(said[0], said[1]), handsBack("undo_change", said, ["change_undone", { number: number + 1 }], before));
    } else {
      done(t("added", { number: number + 1, scores }));
    }
    render();
    focusEntry();
  }
  function fieldNode(form, field) {
    const nodes = Array.from(form.querySelectorAll("[data-field]"));
    return nodes.find((node) => node.dataset.field === field)
      || nodes.find((node) => field.startsWith(node.dataset.field + "."));
  }

  /** A hand in words: ``No queens by Anna``. */
  const handWords = (hand) => t("hand_words", { contract: contractName(hand.contract), name: seatName(hand.declarer) });

  function askUndo() {
    if (!game.scored.length) return;
    const last = game.scored[game.scored.length - 1];
    askFirst(t("confirm_undo", { number: last.number + 1, hand: handWords(last) }), t("yes_undo"), undo);
  }
  /** Take the last hand back into the form (asked first: askUndo). */
  function undo() {
    if (!game.scored.length) return;
    const before = game.scored.map((h) => h.entry);
    const last = game.scored[game.scored.length - 1];
    game.replaceHands(before.slice(0, -1));
    editing = null;
    draft = last.entry;
    keepDraft(last.number, draft);
    save();
    /** @type {Said} */
    const said = ["undone", { number: last.number + 1 }];
    done(t(said[0], said[1]), handsBack("put_back", said, ["put_back_done", { number: last.number + 1 }], before, true));
    render();
    focusEntry();
  }
  function edit(number) {
    editing = number;
    draft = game.scored[number].entry;
    done("");
    render();
    byId("entry-title").scrollIntoView();
    focusEntry();
  }
  /** Delete a hand: refused at once when a later hand would no longer fit
   * (naming the hands as they are on the sheet), else asked first. */
  function remove(number) {
    const before = game.scored.map((h) => h.entry);
    const hands = before.filter((_, i) => i !== number);
    try {
      const trial = new BarbuCore.SheetGame(data, game.players, messages);
      for (const hand of hands) trial.add(hand);
    } catch (error) {
      if (!(error instanceof BarbuCore.SheetError)) throw error;
      const problems = error.problems.map((p) => Object.assign({}, p, { hand: typeof p.hand === "number" && p.hand > number ? p.hand + 1 : p.hand }));
      done(t("delete_refused", { number: number + 1 }) + "\n" + messages.describe(problems, lang, game.players, cards, contractNames));
      render();
      return;
    }
    const removed = game.scored[number];
    askFirst(t("confirm_delete", { number: number + 1, hand: handWords(removed) }), t("yes_delete"), () => {
      game.replaceHands(hands);
      editing = null;
      draft = null;
      dropDraft();
      save();
      /** @type {Said} */
      const said = ["deleted", { number: number + 1 }];
      done(t(said[0], said[1]), handsBack("put_back", said, ["put_back_done", { number: number + 1 }], before));
      render();
    });
  }

  // ---- the hands entered
  function history() {
    const items = game.scored.slice().reverse().map((hand) => {
      const announcement = contractName(hand.contract) + (hand.trump !== null ? ` ${suitSymbol(hand.trump)}` : "")
        + (hand.start_rank !== null ? ` ${hand.start_rank === 10 ? "10" : rankLetter(hand.start_rank)}` : "");
      const notPlayed = hand.status === "not_played" ? ` (${t("not_played_short")})` : "";
      return el("li", { className: "hand", "data-number": hand.number + 1 },
        el("p", { className: "what" },
          el("span", { className: "check", "aria-label": t("checked") }, "✓"), " ",
          t("hand_line", { number: hand.number + 1, contract: announcement, name: seatName(hand.declarer) }), notPlayed),
        doublesList(hand),
        el("p", { className: "scores" }, hand.final.map((v, s) => `${seatName(s)} ${signed(v)}`).join(" · ")),
        el("p", { className: "running" }, t("running", { totals: hand.totals.map((v, s) => `${seatName(s)} ${signed(v)}`).join(" · ") })),
        el("div", { className: "actions" },
          el("button", { type: "button", onclick: () => edit(hand.number), "aria-label": t("edit_hand", { number: hand.number + 1 }) }, t("edit")),
          el("button", { type: "button", onclick: () => remove(hand.number), "aria-label": t("delete_hand", { number: hand.number + 1 }) }, t("delete"))));
    });
    return el("section", { className: "history", "aria-labelledby": "history-title" },
      el("h2", { id: "history-title" }, t("hands", { count: game.scored.length })),
      items.length ? el("ol", { reversed: true }, ...items) : el("p", {}, t("no_hands")));
  }
  /** A hand's doubles in words, an item a doubler (and another for the
   * same player's redoubles), so that a screen reader pauses between them:
   * "Bea doubles Anna, Carla and Diana", "Anna redoubles Bea". */
  function doublesList(hand) {
    if (!hand.doubles.length) return null;
    const redoubles = redoubled(hand);
    /** @type {Map<string, {verb: string, doubler: number, doubled: number[]}>} */
    const items = new Map();
    hand.doubles.forEach(([doubler, doubled], index) => {
      const verb = redoubles[index] ? "redoubles" : "doubles";
      const key = `${doubler} ${verb}`;
      /** @type {number[]} */
      const none = [];
      const item = items.get(key) || { verb, doubler, doubled: none };
      item.doubled.push(doubled);
      items.set(key, item);
    });
    return el("ul", { className: "doubled", "aria-label": t("doubles_legend") }, ...Array.from(items.values()).map(
      ({ verb, doubler, doubled }) => el("li", {}, t(verb, { doubler: seatName(doubler), doubled: namesText(doubled) }))));
  }
  /** Seats by name, in seat order: "Anna", "Anna and Bea", "Anna, Bea and Carla". */
  function namesText(seats) {
    const names = seats.slice().sort((a, b) => a - b).map(seatName);
    return names.length > 1 ? messages.text("answers.and", lang, { items: names.slice(0, -1).join(", "),
                                                                   last: names[names.length - 1] }) : names.join("");
  }
  /** Which of a hand's doubles are redoubles: a double back at a player
   * who doubled first in the round (docs/rules.md section 2, "A double made
   * in answer to one received is a redouble"; section 6 for the order: from
   * the declarer's next, the declarer last, or first when they open). */
  function redoubled(hand) {
    const players = game.players.length;
    const after = data.counts.find((c) => c.players === players).plan.after;
    const order = [after[hand.declarer]];
    while (order.length < players) order.push(after[order[order.length - 1]]);
    const contract = game.rules.contract(hand.contract);
    const positive = game.rules.variant(contract, hand.trump === null ? null : data.words.suit_letters[hand.trump]).positive;
    if (data.doubling.first === "declarer" && !(positive && data.doubling.positive_declarer_only)) {
      order.unshift(order.pop());
    }
    const given = new Set(hand.doubles.map(([a, b]) => `${a},${b}`));
    return hand.doubles.map(([a, b]) => given.has(`${b},${a}`) && order.indexOf(b) < order.indexOf(a));
  }

  // ---- files: export, import, saved games
  function files() {
    /** @type {HTMLElement[]} */
    const nodes = [el("h2", { id: "files-title" }, t("games"))];
    if (game !== null) {
      const text = el("textarea", { id: "export-text", readOnly: true, rows: 6, "aria-label": t("export_text") });
      text.hidden = true;
      nodes.push(el("div", { className: "actions" },
        el("button", { type: "button", id: "export", onclick: () => exportFile() }, t("export")),
        el("button", { type: "button", id: "show-export", onclick: () => {
          text.value = JSON.stringify(game.toJSON(), null, 2);
          text.hidden = false;
          text.focus();
          text.select();
        } }, t("show_export")),
        el("button", { type: "button", id: "new-game", onclick: () => {
          game = null;
          store.current = null;
          save();
          done("");
          render();
        } }, t("new_game"))),
      text);
    }
    const picker = el("input", { type: "file", id: "import-file", accept: ".json,application/json",
      onchange: () => {
        const file = (picker.files || [])[0];
        if (!file) return;
        const reader = new FileReader();
        reader.onload = () => importText(String(reader.result));
        reader.readAsText(file);
      } });
    const paste = el("textarea", { id: "import-text", rows: 4 });
    nodes.push(el("div", { className: "import" },
      el("label", { for: "import-file" }, t("import_file")), picker,
      el("label", { for: "import-text" }, t("import_text")), paste,
      el("div", { className: "actions" }, el("button", { type: "button", id: "import", onclick: () => importText(paste.value) }, t("import")))));
    const others = store.games.filter((g) => g.id !== store.current);
    if (others.length) {
      nodes.push(el("h3", {}, t("saved_games")), el("ul", { className: "saved", id: "saved" }, ...others.map((kept) => {
        const names = playersOf(kept.game);
        return el("li", {}, el("span", {}, t("saved_game", { names, count: handsOf(kept.game) })), keptWhen(kept),
          el("button", { type: "button", onclick: () => { openGame(kept.id); render(); }, "aria-label": t("open_game", { names }) }, t("open")),
          el("button", { type: "button", onclick: () => askForget(kept), "aria-label": t("forget_game", { names }) }, t("forget")));
      })));
    }
    if (forgotten.length) {
      nodes.push(el("h3", {}, t("forgotten_games")), el("ul", { className: "saved", id: "forgotten" }, ...forgotten.map((kept) => {
        const names = playersOf(kept.game);
        return el("li", {}, el("span", {}, t("saved_game", { names, count: handsOf(kept.game) })), keptWhen(kept),
          el("button", { type: "button", onclick: () => restore(kept.id), "aria-label": t("restore_game", { names }) }, t("restore")));
      })));
    }
    if (elsewhere.length) {
      nodes.push(el("h3", {}, t("elsewhere_games")), el("p", { className: "note" }, t("elsewhere_help")),
        el("ul", { className: "saved", id: "elsewhere" }, ...elsewhere.map((found) => {
          const names = playersOf(found.game);
          const buttons = found.same
            ? [el("button", { type: "button", onclick: () => carryOn(found), "aria-label": t("open_game", { names }) }, t("open"))]
            : [el("button", { type: "button", onclick: () => carryOn(found), "aria-label": t("carry_on_game", { names }) }, t("carry_on")),
               el("button", { type: "button", onclick: () => exportFile(found.game), "aria-label": t("export_game", { names }) }, t("export_short"))];
          return el("li", {}, el("span", {}, t(found.same ? "saved_game" : "elsewhere_game", { names, count: handsOf(found.game) })),
            keptWhen(found), ...buttons);
        })));
    }
    if (!storable) nodes.push(el("p", { className: "note" }, t("not_kept")));
    return el("section", { className: "files", "aria-labelledby": "files-title" }, ...nodes);
  }

  /** When a kept game was started and last changed, in the page's language
   * and the reader's own way of writing dates (the browser's locale of that
   * language), or null for a game kept before the page noted it.
   * @param {{started?: unknown, changed?: unknown}} kept */
  function keptWhen(kept) {
    const format = new Intl.DateTimeFormat(dateLocale(), { dateStyle: "medium", timeStyle: "short" });
    const when = (time) => (typeof time === "number" && Number.isFinite(time) ? format.format(new Date(time)) : null);
    const started = when(kept.started);
    const changed = when(kept.changed);
    const text = started !== null && changed !== null && changed !== started ? t("started_changed", { started, changed })
      : started !== null ? t("started", { started }) : changed !== null ? t("changed_on", { changed }) : null;
    return text === null ? null : el("span", { className: "when" }, text);
  }
  /** The browser's locale of the page's language (``fr-CA`` for French in
   * Quebec), else the language itself. */
  function dateLocale() {
    const found = (navigator.languages || [navigator.language || ""])
      .find((code) => String(code).toLowerCase().split(/[-_]/)[0] === lang);
    return found || lang;
  }

  const playersOf = (kept) => (Array.isArray(kept.players) ? kept.players.map(String).join(", ") : "?");
  const handsOf = (kept) => (Array.isArray(kept.hands) ? kept.hands.length : 0);

  /** Forget a kept game, asked first; it can be restored while the
   * browser's session lasts. */
  function askForget(kept) {
    const names = playersOf(kept.game);
    askFirst(t("confirm_forget", { names, count: handsOf(kept.game) }), t("yes_forget"), () => {
      store.games = store.games.filter((g) => g.id !== kept.id);
      forgotten = forgotten.filter((g) => g.id !== kept.id).concat([kept]);
      saveForgotten();
      save();
      /** @type {Said} */
      const said = ["forgotten", { names }];
      done(t(said[0], said[1]), { label: "restore", said, forgot: kept.id });
      render();
    });
  }
  function restore(id) {
    const kept = forgotten.find((g) => g.id === id);
    if (!kept) return;
    forgotten = forgotten.filter((g) => g.id !== id);
    saveForgotten();
    if (!store.games.some((g) => g.id === id)) store.games.push(kept);
    save();
    done(t("restored", { names: playersOf(kept.game) }));
    render();
  }

  /** A game kept by another page of this spec, opened here: one of the
   * same rules as it is, one of other rules (a house file changed since)
   * under this page's rules, every hand checked again under them. */
  function carryOn(found) {
    const given = Object.assign({}, found.game, { spec: data.spec, spec_text: data.spec_text });
    let sheet = null;
    try {
      sheet = BarbuCore.SheetGame.fromJSON(data, JSON.parse(JSON.stringify(given)), messages);
    } catch (error) {
      done(t("carry_on_refused", { names: playersOf(found.game) }) + "\n" + describeError(error));
      render();
      return;
    }
    store.games.push({ id: found.id, game: sheet.toJSON(), started: found.started, changed: Date.now() });
    store.current = found.id;
    game = sheet;
    editing = null;
    draft = null;
    save();
    lookElsewhere();
    done(t(found.same ? "opened" : "carried_on", { names: playersOf(found.game), count: sheet.scored.length }));
    render();
  }

  /** Download a game file: the current game's, or one kept elsewhere. */
  /** The game (the current one when none is given) as a file to download. @param {SheetGameJSON | null} [kept] */
  function exportFile(kept = null) {
    const text = JSON.stringify(kept || game.toJSON(), null, 2) + "\n";
    const link = el("a", { href: URL.createObjectURL(new Blob([text], { type: "application/json" })),
                           download: `${data.full_name.replace(/[^A-Za-z0-9+._-]+/g, "_")}-game.json` });
    document.body.append(link);
    link.click();
    link.remove();
    announce(t("exported"));
  }

  function importText(text) {
    try {
      importGame(JSON.parse(text));
      announce(t("imported", { count: game.scored.length }));
      render();
    } catch (error) {
      announce(t("import_refused") + "\n" + describeError(error));
    }
  }

  /** A docs/sheet.md game made the current game (kept across reloads);
   * throws a SheetError or SheetFileError for an impossible game. */
  function importGame(given) {
    const parsed = typeof given === "string" ? JSON.parse(given) : given;
    const sheet = BarbuCore.SheetGame.fromJSON(data, JSON.parse(JSON.stringify(parsed)), messages);
    keepNewGame(sheet);
    done("");
    render();
  }

  // ---------------------------------------------------------- the start
  load();
  loadForgotten();
  lookElsewhere();
  const wanted = [store.lang, data.language, ...(navigator.languages || [navigator.language || ""])]
    .filter(Boolean).map((code) => String(code).toLowerCase().split(/[-_.]/)[0]);
  lang = wanted.find((code) => data.languages.includes(code)) || "en";
  const putBackBefore = keptPutBack();
  if (store.current !== null) openGame(store.current);
  restorePutBack(putBackBefore);
  try {
    render();
  } catch (error) {
    if (draft === null) throw error;
    draft = null; // a draft the form cannot show (kept by another version of the page): the form as it starts
    editing = null;
    dropDraft();
    status = "";
    render();
  }

  /** The test interface (docs/scoresheet.md, "The web scorer"). */
  window.barbuSheet = {
    importGame,
    exportGame: () => (game === null ? null : game.toJSON()),
    /** One hand scored on its own: {raw, transfers, final, status}; throws a SheetError. */
    scoreHand(hand, players) {
      const n = players || (game !== null ? game.players.length : data.players[0]);
      const sheet = new BarbuCore.SheetGame(data, range(n).map((s) => `seat ${s}`), messages);
      const scored = sheet.scoreAlone(hand);
      return { raw: scored.raw, transfers: scored.transfers, final: scored.final, status: scored.status };
    },
    totals: () => (game === null ? null : game.totals),
    winners: () => (game === null ? null : game.winners),
    /** What the pot holds after each hand (docs/rules.md section 6, "A pot"). */
    pots: () => (game === null ? null : game.scored.map((hand) => hand.pot)),
  };
})();
