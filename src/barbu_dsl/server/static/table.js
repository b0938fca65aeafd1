/* The table page: one seat of a barbu serve table, played with the keyboard
   alone, a screen reader, a mouse or a finger.

   It speaks the table protocol (docs/table.md) over the seat's WebSocket:
   events become lines of the log (and are spoken once, politely, as they
   happen), the seat's view draws the hand, the trick, the scores and the
   seats, and each decision becomes controls whose data-answer attribute is
   the protocol's answer as JSON.  After a reload or a lost connection it
   connects again with the last event it has, and the server sends what it
   missed. */
"use strict";

(() => {
  const { el, clear, request, rove, focusItem } = Barbu;
  const params = new URLSearchParams(location.search);
  const token = params.get("token");
  const owner = params.get("owner");
  const tableId = decodeURIComponent(location.pathname.split("/").pop());
  const $ = (id) => document.getElementById(id);

  let say = null;
  /* The decisions answered with a card of the hand: a card to play, a card to pass. */
  const HAND_KINDS = new Set(["card", "give"]);

  const game = {
    seat: null, names: [], table: null, view: null, offer: null, decision: null, sentFor: null,
    events: [], lastN: 0, over: null, spokenEvents: new Set(), spokenTurns: new Set(), burst: true,
    reconnecting: false, descriptions: {}, loading: {}, socket: null, tries: 0, closedForGood: false,
  };

  /* ---- speaking ------------------------------------------------------------------ */

  /* Say a line once: politely what others do, assertively the person's turn
     and errors.  Each line is tagged with the event or decision it says. */
  function speak(text, urgent, tag) {
    const region = $(urgent ? "assertive" : "polite");
    region.append(el("p", { text, dataset: tag || {} }));
    while (region.childElementCount > 4) region.firstElementChild.remove();
  }

  function readout(lines) {
    const region = $("readout");
    clear(region);
    // A new node each time, so the same readout asked for twice is read twice.
    setTimeout(() => { for (const line of lines) region.append(el("p", { text: line })); }, 30);
  }

  /* ---- words for the game ----------------------------------------------------------- */

  const name = (seat) => (seat === game.seat ? say("you") : game.names[seat] || String(seat));
  const about = (key, seat, fields) => (seat === game.seat && say.has(`${key}.you`)
    ? say(`${key}.you`, fields) : say(key, { ...(fields || {}), seat: game.names[seat] || String(seat) }));
  const cardWords = (card) => (card === "pass" ? say("pass") : say.cards[card] || card);
  const suitWords = (letter) => say.suits[letter] || letter;
  const rankWords = (letter) => say.ranks[letter] || letter;
  const signed = (value) => String(value).replace("-", "\u2212");
  const points = (value) => (value > 0 ? `+${value}` : value < 0 ? `−${-value}` : "0");
  const joinWords = (items) => (items.length <= 1 ? items.join("")
    : say("list", { items: items.slice(0, -1).join(", "), last: items[items.length - 1] }));
  const scores = (values) => values.map((value, seat) => `${name(seat)} ${points(value)}`).join(", ");
  const cardSymbol = (card) => {
    const suit = { C: "♣", D: "♦", H: "♥", S: "♠" }[card[1]];
    return `${card[0] === "T" ? "10" : card[0]}${suit}`;
  };

  /* The running totals and the pot after the hands before hand ``hand``. */
  function runningBefore(hand, players) {
    let totals = new Array(players).fill(0);
    let pot = 0;
    for (const message of game.events) {
      const e = message.event;
      if (!e || e.type !== "hand_ends" || e.hand >= hand) continue;
      if (game.table && game.table.pot) pot = BarbuCore.fromPot(pot, e.final).pot;
      totals = e.totals;
    }
    return { totals, pot };
  }

  /* Whether a double event is the declarer's answer to those who doubled them (a redouble), not a
     declarer's double made first (docs/rules.md section 6, first: declarer): every seat it doubles
     doubled the declarer earlier in the hand. */
  function answersDoubles(event) {
    if (!game.view || event.seat !== game.view.declarer) return false;
    const made = new Set();
    for (const message of game.events) {
      const e = message.event;
      if (e === event) break;
      if (e.type === "hand_begins") made.clear();
      else if (e.type === "double") for (const seat of e.doubled) made.add(`${e.seat},${seat}`);
    }
    return event.doubled.every((seat) => made.has(`${seat},${event.seat}`));
  }

  /* The lines an event is said in (none for what is shown elsewhere). */
  /** Whether this hand's passing round is the dealer's discards (docs/rules.md section 6). */
  function discarding() {
    const view = game.view;
    return Boolean(view && view.passing && view.passing.direction === "discard");
  }

  function eventLines(event) {
    const e = event;
    switch (e.type) {
      case "hand_begins":
        return [say("hand.number", { number: e.hand, total: e.hands }), about("declares", e.declarer)];
      case "contract": {
        const lines = [about("chooses", e.seat, { contract: contractLabel(e.contract) })];
        if (e.trump) lines.push(say("trumps_are", { suit: suitWords(e.trump) }));
        if (e.start_rank) lines.push(say("starts_from", { rank: rankWords(e.start_rank) }));
        return lines;
      }
      case "double":
        if (!e.doubled.length) return [about("no_double", e.seat)];
        return [about(answersDoubles(e) ? "redoubles" : "doubles", e.seat, { whom: joinWords(e.doubled.map(name)) })];
      case "play_begins":
        return [about("leads", e.seat)];
      case "redeal":
        return [about(`redeal.${e.reason.replace(" ", "_")}`, e.seat)];
      case "passing":  // the dealer's discards are a passing round of the dealer alone, to nobody
        if (e.direction === "discard") return [say("discarding", { count: e.cards })];
        return [say("passing", { count: e.cards, direction: say(`direction.${e.direction}`) })];
      case "give":
        return [say(discarding() ? "discards.you" : "gives.you", { card: cardWords(e.card) })];
      case "widow":  // docs/rules.md section 6: the widow goes with the first trick
        return [about("takes_widow", e.seat, { cards: joinWords(e.cards.map(cardWords)) })];
      case "exchange":
        if (!e.received.length) return [say("discarded", { given: joinWords(e.given.map(cardWords)) })];
        return [say("exchange", { given: joinWords(e.given.map(cardWords)),
          received: joinWords(e.received.map(cardWords)) })];
      case "card":
        return [e.card === "pass" ? about("passes", e.seat) : about("plays", e.seat, { card: cardWords(e.card) })];
      case "trick":
        return [e.points ? about("wins_trick_points", e.winner, { number: e.number, points: points(e.points) })
          : about("wins_trick", e.winner, { number: e.number })];
      case "out":
        return [about("goes_out", e.seat, { place: e.place })];
      case "early_end":
        return [say("early_end")];
      case "hand_ends": {
        const lines = [];
        if (e.status === "not_played") lines.push(about("not_played", e.declarer));
        lines.push(say("hand_scores", { scores: scores(e.final) }));
        const before = runningBefore(e.hand, e.totals.length);
        const taken = game.table && game.table.pot ? BarbuCore.fromPot(before.pot, e.final) : null;
        const collected = taken ? taken.collected : e.final.map(() => 0);
        collected.forEach((amount, seat) => {  // a pot (docs/rules.md section 6, "A pot")
          if (amount) lines.push(about("pot_collects", seat, { amount: signed(amount) }));
        });
        if (taken && !e.final.includes(0)) lines.push(say("pot_carried", { pot: signed(taken.pot) }));
        else if (taken && !collected.some((amount) => amount)) lines.push(say("pot_kept", { pot: signed(taken.pot) }));
        e.totals.forEach((now, seat) => {  // a reset (docs/rules.md section 6, "Running totals")
          const reached = before.totals[seat] + e.final[seat] + collected[seat];
          if (reached !== now) lines.push(about("reset", seat, { reached: signed(reached), to: signed(now) }));
        });
        lines.push(say("totals", { hands: e.hand, total: (game.view && game.view.hands) || e.hand,
          scores: scores(e.totals) }));
        return lines;
      }
      case "game_ends": {
        const lines = [say("game_over", { winners: joinWords(e.winners.map(name)) })];
        const amounts = game.table && game.table.payout;
        if (amounts && amounts.length === e.totals.length) {  // docs/rules.md section 6, "Payments by place"
          lines.push(say("payouts", { scores: scores(BarbuCore.payouts(e.totals, amounts, game.table.aim === "lowest")) }));
        }
        return lines;
      }
      default:
        return [];
    }
  }

  /* ---- the connection ----------------------------------------------------------------- */

  function connect() {
    if (!token) return;
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const url = `${scheme}//${location.host}/ws/${encodeURIComponent(tableId)}?token=${encodeURIComponent(token)}`
      + `&after=${game.lastN}`;
    const socket = new WebSocket(url);
    game.socket = socket;
    game.burst = true;
    let opened = false;
    socket.addEventListener("open", () => { opened = true; game.tries = 0; setConnection("connected"); });
    socket.addEventListener("message", (message) => receive(JSON.parse(message.data)));
    socket.addEventListener("close", (close) => {
      if (game.socket !== socket) return;
      game.socket = null;
      if (close.code === 4000) {
        game.closedForGood = true;
        setConnection("taken_over");
        speak(say("taken_over"), true);
        return;
      }
      if (!opened && game.tries >= 2) {
        setConnection("refused");
        return;
      }
      game.reconnecting = true;
      setConnection("reconnecting");
      game.tries += 1;
      setTimeout(connect, Math.min(8000, 500 * 2 ** Math.min(game.tries, 4)));
    });
  }

  function send(message) {
    if (game.socket && game.socket.readyState === WebSocket.OPEN) {
      game.socket.send(JSON.stringify(message));
      return true;
    }
    speak(say("not_connected"), true);
    return false;
  }

  function setConnection(state) {
    $("connection").textContent = say(`connection.${state}`);
  }

  function receive(message) {
    switch (message.type) {
      case "seated":
        game.seat = message.seat;
        game.names = message.players;
        break;
      case "table":
        onTable(message);
        break;
      case "event":
        onEvent(message);
        break;
      case "view":
        onView(message);
        break;
      case "decision":
        onDecision(message);
        break;
      case "over":
        game.over = message;
        drawOver();
        break;
      case "error":
        game.sentFor = null;
        speak(say("error", { message: errorText(message) }), true);
        drawChoices();
        break;
      default:
        break;
    }
  }

  function errorText(message) {
    const key = `error.${message.code}`;
    if (message.code === "not_an_option") return message.message;
    return say.has(key) ? say(key) : message.message;
  }

  function onTable(message) {
    const before = game.table;
    game.table = message;
    game.names = message.seats.map((seat) => seat.name);
    if (before && !game.burst) {
      if (before.status === "waiting" && message.status === "playing") speak(say("game_starts"), false);
      if (before.paused !== message.paused) speak(say(message.paused ? "paused" : "resumed"), true);
    }
    drawTable();
    drawSeats();
    drawOwner();
  }

  function onEvent(message) {
    if (message.n <= game.lastN) return;  // already known: a line is never said twice
    game.lastN = message.n;
    game.events.push(message);
    const lines = eventLines(message.event);
    const log = $("log");
    for (const line of lines) log.append(el("li", { text: line }));
    if (!game.burst && !game.spokenEvents.has(message.n)) {
      game.spokenEvents.add(message.n);
      const event = message.event;
      const mine = (event.seat === game.seat && ["card", "contract", "double"].includes(event.type));
      if (!mine) for (const line of lines) speak(line, false, { n: String(message.n) });
    } else {
      game.spokenEvents.add(message.n);
    }
    while (log.childElementCount > 400) log.firstElementChild.remove();
  }

  function onView(message) {
    game.view = message.view;
    game.offer = message.offer;
    game.names = message.view.names || game.names;
    if (game.decision && (!message.view.turn || message.view.turn.seat !== game.seat)) game.decision = null;
    if (game.burst) {
      game.burst = false;
      if (game.reconnecting || game.events.length) {
        speak(game.reconnecting ? say("reconnected", { hand: message.view.hand, hands: message.view.hands })
          : say("joined", { hand: message.view.hand, hands: message.view.hands }), false);
        game.reconnecting = false;
      }
    }
    drawAll();
  }

  function onDecision(message) {
    game.decision = message;
    game.sentFor = null;
    drawAll();
    if (!game.spokenTurns.has(message.id)) {
      game.spokenTurns.add(message.id);
      speak(turnLine(message), true, { turn: String(message.id) });
    }
    focusDecision();
  }

  function turnLine(decision) {
    const view = game.view;
    if (decision.kind === "card") {
      const table = view && view.table;
      if (table && table.trick) {
        const trick = table.trick;
        if (trick.winning) {
          return say("turn.follow", { number: trick.number, seat: name(trick.winning.seat),
            card: cardWords(trick.winning.card) });
        }
        return say("turn.lead", { number: trick.number });
      }
      return say("turn.domino");
    }
    if (decision.kind === "give") {
      const passing = (view && view.passing) || { direction: "left", cards: 1, given: [] };
      if (passing.direction === "discard") {
        return say("turn.discard", { number: passing.given.length + 1, count: passing.cards });
      }
      return say("turn.give", { direction: say(`direction.${passing.direction}`),
        number: passing.given.length + 1, count: passing.cards });
    }
    return say(`turn.${decision.kind}`);
  }

  /* ---- drawing ------------------------------------------------------------------------- */

  function drawAll() {
    drawTable();
    drawSeats();
    drawHand();
    drawChoices();
    drawTrick();
    drawScores();
    drawOver();
  }

  function drawTable() {
    const table = game.table;
    if (!table) return;
    $("title").textContent = table.title || table.spec;
    document.title = `${table.title || table.spec} — ${say("page_title")}`;
    const view = game.view;
    const parts = [say(`status.${table.status}`)];
    if (table.paused) parts.push(say("status.paused"));
    if (view && table.status !== "waiting") {
      parts.push(say("hand.number", { number: Math.min(view.hand, view.hands), total: view.hands }));
      if (view.contract) parts.push(say("contract_is", { contract: contractLabel(view.contract) }));
      if (view.trump) parts.push(say("trumps_are", { suit: suitWords(view.trump) }));
    }
    $("status").textContent = parts.join(" ");
    $("waiting").hidden = table.status !== "waiting" || game.seat === null;
    $("aim").textContent = say(`aim.${table.aim}`);
  }

  function drawSeats() {
    const list = clear($("seats"));
    if (!game.table) return;
    const turn = game.view && game.view.turn;
    for (const seat of game.table.seats) {
      let state;
      if (seat.kind !== "human") state = say("seat.bot", { bot: seat.kind });
      else if (seat.standing && !seat.connected) state = say("seat.standin", { bot: seat.standin });
      else if (seat.connected) state = say("seat.here");
      else if (seat.taken) state = say("seat.away");
      else state = say("seat.empty");
      const me = seat.seat === game.seat ? ` (${say("you")})` : "";
      const item = el("li", {}, `${seat.name}${me}: ${state}`);
      if (turn && turn.seat === seat.seat && game.table.status === "playing") {
        item.setAttribute("aria-current", "true");
        item.append(` — ${say("seat.to_play")}`);
      }
      list.append(item);
    }
  }

  function legalCards() {
    const decision = game.decision;
    if (!decision || !HAND_KINDS.has(decision.kind) || game.sentFor === decision.id) return new Set();
    return new Set(decision.options.filter((option) => option !== "pass"));
  }

  function drawHand() {
    const list = $("hand");
    const focused = document.activeElement && list.contains(document.activeElement)
      ? document.activeElement.dataset.card : null;
    clear(list);
    const view = game.view;
    const cards = view && game.table && game.table.status !== "waiting" ? view.cards : [];
    $("hand-count").textContent = say("hand.count", { count: cards.length });
    const legal = legalCards();
    cards.forEach((card, index) => {
      const playable = legal.has(card);
      const button = el("button", {
        type: "button", class: `card suit-${card[1]}${playable ? " playable" : ""}`, tabindex: "-1",
        dataset: { card }, "aria-disabled": playable ? null : "true",
      }, el("span", { "aria-hidden": "true", text: cardSymbol(card) }),
      el("span", { class: "sr-only", text: cardWords(card) }));
      if (playable) button.dataset.answer = JSON.stringify(card);
      button.addEventListener("click", () => choose(button));
      list.append(el("li", {}, button));
      if (card === focused || (focused === null && index === 0)) button.setAttribute("tabindex", "0");
    });
    if (focused) {
      const again = list.querySelector(`[data-card="${focused}"]`);
      if (again) again.focus();
    }
    $("hand-section").hidden = !cards.length;
  }

  function options(decision) {
    /* The choices of a decision that is not a card: [label, answer, contract]. */
    const view = game.view;
    switch (decision.kind) {
      case "contract":
        return decision.options.map((contract) => [contractLabel(contract), contract, contract]);
      case "trump":
        return decision.options.map((suit) => [suitWords(suit), suit]);
      case "start_rank":
        return decision.options.map((rank) => [rankWords(rank), rank]);
      case "double": {
        const redouble = game.offer ? game.offer.redouble : view && view.declarer === game.seat;
        return decision.options.map((seats) => [seats.length
          ? say(redouble ? "redouble_whom" : "double_whom", { whom: joinWords(seats.map(name)) })
          : say("double_nobody"), seats]);
      }
      case "card":
        return decision.options.includes("pass") ? [[say("pass"), "pass"]] : [];
      case "give":
        return [];
      default:
        return decision.options.map((option) => [JSON.stringify(option), option]);
    }
  }

  function drawChoices() {
    const group = clear($("choices"));
    const decision = game.decision;
    const section = $("turn-section");
    if (!decision) {
      section.hidden = true;
      return;
    }
    section.hidden = false;
    $("question").textContent = say(decision.kind === "give" && discarding() ? "ask.discard" : `ask.${decision.kind}`);
    const waiting = game.sentFor === decision.id;
    if (decision.kind === "double" && game.offer) {
      const offer = game.offer;
      if (offer.minimum) {
        const key = offer.counted === "rubber" ? "doubles_made.rubber" : "doubles_made";
        group.append(el("p", { class: "note", text: say(key, { made: offer.made, minimum: offer.minimum }) }));
      }
    }
    const list = el("ul", { class: "options" });
    options(decision).forEach(([label, answer, contract], index) => {
      const button = el("button", {
        type: "button", class: "option", tabindex: index === 0 ? "0" : "-1",
        "aria-disabled": waiting ? "true" : null, dataset: { answer: JSON.stringify(answer) },
      }, label);
      if (contract) button.dataset.contract = contract;
      button.addEventListener("click", () => choose(button));
      list.append(el("li", {}, button));
    });
    group.append(list);
  }

  function focusDecision() {
    const active = document.activeElement;
    if (active && ["INPUT", "TEXTAREA", "SELECT"].includes(active.tagName)) return;
    const decision = game.decision;
    if (!decision) return;
    if (HAND_KINDS.has(decision.kind)) {
      const cards = Array.from($("hand").querySelectorAll("button"));
      const first = cards.findIndex((button) => button.dataset.answer);
      if (first >= 0) { focusItem(cards, first); return; }
    }
    const first = $("choices").querySelector("button");
    if (first) first.focus();
  }

  function choose(button) {
    const decision = game.decision;
    if (!decision || game.sentFor === decision.id) return;
    if (!button.dataset.answer) {
      speak(say("not_playable", { card: cardWords(button.dataset.card) }), true);
      return;
    }
    const answer = JSON.parse(button.dataset.answer);
    if (send({ type: "answer", id: decision.id, answer })) {
      game.sentFor = decision.id;
      drawChoices();
      drawHand();
      const hand = $("hand").querySelector('[tabindex="0"]');
      if (document.activeElement === document.body && hand) hand.focus();
    }
  }

  function trickLines() {
    const view = game.view;
    const table = view && view.table;
    if (!table) return [say("no_cards_yet")];
    if (table.rows) {
      const lines = [];
      if (table.start_rank) lines.push(say("starts_from", { rank: rankWords(table.start_rank) }));
      for (const suit of ["C", "D", "H", "S"]) {
        const row = table.rows[suit];
        lines.push(row ? say("row.open", { suit: suitWords(suit), low: rankWords(row.low), high: rankWords(row.high) })
          : say("row.closed", { suit: suitWords(suit) }));
      }
      return lines;
    }
    const trick = table.trick;
    if (!trick) return [say("no_cards_yet")];
    const lines = [say("trick.number", { number: trick.number })];
    if (!trick.cards.length) {
      lines.push(about("leads", trick.leader));
      return lines;
    }
    let seat = trick.leader;
    for (const card of trick.cards) {
      lines.push(about("played", seat, { card: cardWords(card) }));
      seat = game.table.after[seat];
    }
    if (trick.winning) lines.push(about("is_winning", trick.winning.seat, { card: cardWords(trick.winning.card) }));
    return lines;
  }

  function lastTrickLines() {
    const table = game.view && game.view.table;
    const tricks = table && table.tricks;
    if (!tricks || !tricks.length) {  // between hands: the last trick of the hand before, from the events
      const at = game.events.map((message) => message.event.type).lastIndexOf("trick");
      if (at < 0) return [say("no_trick_yet")];
      const trick = game.events[at].event;
      const plays = game.events.slice(0, at).filter((message) => message.event.type === "card")
        .slice(-trick.cards.length);
      return [say("last_trick", { number: trick.number }),
        ...plays.map((message) => about("played", message.event.seat, { card: cardWords(message.event.card) })),
        about("took_it", trick.winner)];
    }
    const trick = tricks[tricks.length - 1];
    const lines = [say("last_trick", { number: tricks.length })];
    let seat = trick.leader;
    for (const card of trick.cards) {
      lines.push(about("played", seat, { card: cardWords(card) }));
      seat = game.table.after[seat];
    }
    lines.push(about("took_it", trick.winner));
    return lines;
  }

  function drawTrick() {
    const box = clear($("trick"));
    for (const line of trickLines()) box.append(el("li", { text: line }));
    const last = clear($("last-trick"));
    for (const line of lastTrickLines()) last.append(el("li", { text: line }));
  }

  function drawScores() {
    const body = clear($("scores-body"));
    const view = game.view;
    if (!view) return;
    const current = view.table ? view.table.points : null;
    view.totals.forEach((total, seat) => {
      const who = seat === game.seat ? `${game.names[seat]} (${say("you")})` : game.names[seat];
      body.append(el("tr", {}, el("th", { scope: "row", text: who }), el("td", { text: points(total) }),
        el("td", { text: current ? points(current[seat]) : "—" })));
    });
  }

  function scoreLines() {
    const view = game.view;
    if (!view) return [say("no_scores")];
    const lines = [say("totals_now", { scores: scores(view.totals) })];
    if (view.table) lines.push(say("hand_so_far", { scores: scores(view.table.points) }));
    return lines;
  }

  function handLines() {
    const view = game.view;
    if (!view || !view.cards.length) return [say("hand.none")];
    const lines = [say("hand.count", { count: view.cards.length })];
    for (const suit of ["C", "D", "H", "S"]) {
      const ranks = view.cards.filter((card) => card[1] === suit).map((card) => rankWords(card[0]));
      lines.push(say("hand.suit", { suit: suitWords(suit), cards: ranks.length ? ranks.join(", ") : say("hand.void") }));
    }
    return lines;
  }

  function drawOver() {
    const section = $("over-section");
    const over = game.over;
    section.hidden = !over;
    if (!over) return;
    $("over-text").textContent = over.ended ? say("ended", { scores: scores(over.totals) })
      : say("game_over", { winners: joinWords(over.winners.map(name)) });
    $("records-link").href = `/api/tables/${encodeURIComponent(tableId)}/records`;
    $("sheet-link").href = `/api/tables/${encodeURIComponent(tableId)}/sheet`;
  }

  /* ---- describe --------------------------------------------------------------------------- */

  async function describe() {
    const focused = document.activeElement;
    const contract = (focused && focused.dataset && focused.dataset.contract)
      || (game.view && game.view.contract);
    if (!contract) {
      readout([say("no_contract")]);
      return;
    }
    const found = (await loadContracts(say.language)).find((item) => item.name === contract);
    readout(found ? found.lines : [contract]);
  }

  /* The table's contracts in a language (each one's name in the spec, its
     name in that language and its description), fetched once. */
  function loadContracts(language) {
    if (!game.loading[language]) {
      const path = `/api/tables/${encodeURIComponent(tableId)}/contracts?lang=${encodeURIComponent(language)}`;
      game.loading[language] = request("GET", path).catch(() => ({ ok: false })).then((response) => {
        game.descriptions[language] = response.ok ? response.data.contracts : [];
        return game.descriptions[language];
      });
    }
    return game.loading[language];
  }

  /* A contract's name in the page's language (the spec's name until the
     names of that language have come). */
  function contractLabel(name) {
    const found = (game.descriptions[say.language] || []).find((item) => item.name === name);
    return found && found.label ? found.label : name;
  }

  /* ---- keys ---------------------------------------------------------------------------------- */

  function keyLines() {
    return [say("keys.intro"), say("keys.arrows"), say("keys.enter"), say("keys.d"), say("keys.h"), say("keys.t"),
      say("keys.l"), say("keys.s"), say("keys.help")];
  }

  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target && (["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) || target.isContentEditable)) return;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const actions = {
      d: describe, h: () => readout(handLines()), t: () => readout(trickLines()), l: () => readout(lastTrickLines()),
      s: () => readout(scoreLines()), "?": () => readout(keyLines()),
    };
    if (actions[key]) {
      event.preventDefault();
      actions[key]();
    }
  });

  /* ---- the waiting room and the owner's panel --------------------------------------------------- */

  function setupWaiting() {
    $("name-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const value = $("name-input").value.trim();
      if (value && send({ type: "name", name: value })) speak(say("name_saved", { name: value }), false);
    });
  }

  let ownerInfo = null;

  async function loadOwner() {
    if (!owner) return;
    const response = await request("GET", `/api/tables/${encodeURIComponent(tableId)}/owner`, undefined, owner);
    if (!response.ok) {
      $("owner-section").hidden = false;
      $("owner-links").append(el("p", { class: "error", text: say("error.not_owner") }));
      return;
    }
    ownerInfo = response.data;
    if (!game.table) onTable({ type: "table", ...ownerInfo, seats: ownerInfo.seats.map((seat) => ({ ...seat })) });
    drawOwner();
    if (!token) watchAsOwner();
  }

  function watchAsOwner() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${scheme}//${location.host}/ws/${encodeURIComponent(tableId)}`
      + `?owner=${encodeURIComponent(owner)}`);
    socket.addEventListener("message", (message) => {
      const data = JSON.parse(message.data);
      if (data.type === "table") onTable(data);
    });
    socket.addEventListener("close", () => setTimeout(watchAsOwner, 2000));
  }

  async function ownerAction(path, body) {
    const response = await request("POST", `/api/tables/${encodeURIComponent(tableId)}/${path}`, body || {}, owner);
    if (!response.ok) speak(say("error", { message: response.data && response.data.error
      ? response.data.error.message : String(response.status) }), true);
    else onTable(response.data);
  }

  function drawOwner() {
    if (!owner || !ownerInfo || !game.table) return;
    $("owner-section").hidden = false;
    const linksBox = clear($("owner-links"));
    ownerInfo.links.forEach((link, seat) => {
      if (!link) return;
      const id = `invite-${seat}`;
      linksBox.append(el("label", { for: id, text: say("invite_for", { seat: game.table.seats[seat].name }) }),
        el("input", { id, type: "text", readonly: true, value: `${location.origin}${link}` }));
    });
    const seatsBox = clear($("owner-seats"));
    for (const seat of game.table.seats) {
      const id = `bot-${seat.seat}`;
      const select = el("select", { id });
      for (const bot of ["random", "rules", "strong"]) select.append(el("option", { value: bot, text: say(`bot.${bot}`) }));
      select.value = seat.kind === "human" ? seat.standin : seat.kind;
      select.addEventListener("change", () => ownerAction(`seats/${seat.seat}`, { bot: select.value }));
      const label = seat.kind === "human" ? "standin_for" : "bot_for";
      const row = el("div", { class: "seat-row" }, el("label", { for: id, text: say(label, { seat: seat.name }) }), select);
      if (seat.kind === "human" && !seat.connected && !seat.standing && game.table.status === "playing") {
        row.append(el("button", { type: "button", on: { click: () => ownerAction(`seats/${seat.seat}`, { stand_in: true }) },
          text: say("stand_in_now", { seat: seat.name }) }));
      }
      seatsBox.append(row);
    }
    const status = game.table.status;
    $("owner-start").hidden = status !== "waiting";
    $("owner-pause").hidden = status !== "playing" || game.table.paused;
    $("owner-resume").hidden = status !== "playing" || !game.table.paused;
    $("owner-end").hidden = status === "over";
    $("absent-input").value = game.table.absent_after === null || game.table.absent_after === undefined
      ? "" : String(game.table.absent_after);
    const house = ownerInfo.house;
    $("owner-house").hidden = !house;
    if (house) $("house-text").textContent = house;
  }

  function setupOwner() {
    $("owner-start").addEventListener("click", () => ownerAction("start", { bot: "strong" }));
    $("owner-pause").addEventListener("click", () => ownerAction("pause"));
    $("owner-resume").addEventListener("click", () => ownerAction("resume"));
    $("owner-end").addEventListener("click", () => {
      if (confirm(say("end_confirm"))) ownerAction("end");
    });
    $("absent-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const text = $("absent-input").value.trim();
      ownerAction("settings", { absent_after: text === "" ? null : Number(text) });
    });
  }

  /* ---- words on the page ----------------------------------------------------------------------- */

  function drawWords() {
    Barbu.applyWords(say);
    const log = clear($("log"));
    for (const message of game.events) for (const line of eventLines(message.event)) log.append(el("li", { text: line }));
    drawAll();
    drawOwner();
    if (!game.loading[say.language]) loadContracts(say.language).then(drawWords);
  }

  async function start() {
    say = await Barbu.pageWords($("language"), (words) => { say = words; drawWords(); });
    rove($("hand"), "button");
    rove($("choices"), "button");
    setupWaiting();
    setupOwner();
    drawWords();
    if (!token && !owner) {
      $("status").textContent = say("no_token");
      return;
    }
    setConnection(token ? "connecting" : "owner_only");
    $("hand-section").hidden = true;
    await loadContracts(say.language);  // the contracts' names in the page's language, before the first event
    connect();
    loadOwner();
    window.barbuTable = game;  // for tests and assistive tools: the game as the page knows it
  }

  start();
})();
