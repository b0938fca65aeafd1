// @ts-check
/* The table page: one seat of a barbu serve table, played with the keyboard
   alone, a screen reader, a mouse or a finger.

   It speaks the table protocol (docs/table.md) over the seat's WebSocket:
   events become lines of the log (and are spoken once, politely, as they
   happen, the person's own answers included, as confirmations), the seat's
   view draws the hand, the trick, the scores and the seats, and each
   decision becomes options whose data-answer attribute is the protocol's
   answer as JSON.  The hand and each list of choices are listboxes (a
   composite widget), so that screen readers pass the arrows and the letter
   keys to the page (docs/server.md, "Screen readers").

   The first connection with an invite claims the seat: the seat's key
   then replaces the invite in the address and is kept in the browser, so a
   reload or the same invite opened again takes the seat back.  A lost
   connection is tried again for as long as the page is open, with the
   last event it has, and said aloud; a link the server refuses (not a
   seat, an invitation already used, a seat the owner freed, the seat taken
   from another window) is said and not tried again. */
"use strict";
/* global Barbu */

/**
 * Where the focus was: a place in a listbox (the hand or the choices), or a control by its id.
 * @typedef {{element: HTMLElement, list?: "hand" | "choices", index?: number, card?: string | null,
 *   id?: string | null, owner?: boolean}} FocusPlace
 */

/**
 * The game as the page knows it, from the server's messages.
 * @typedef {object} PageGame
 * @property {Seat | null} seat this page's seat (null: the owner's page)
 * @property {string[]} names
 * @property {TableMessage | null} table
 * @property {SeatViewJSON | null} view
 * @property {ViewMessage | null} shown the last view message, which view_changes change
 * @property {DoubleOfferJSON | null} offer
 * @property {DecisionMessage | null} decision
 * @property {number | null} sentFor the id of the decision answered
 * @property {EventMessage[]} events
 * @property {number} lastN
 * @property {OverMessage | null} over
 * @property {Set<number>} spokenEvents
 * @property {Set<number>} spokenTurns
 * @property {boolean} burst
 * @property {boolean} freshTable
 * @property {boolean} reconnecting
 * @property {boolean} unreachable
 * @property {number} [backAt]
 * @property {Record<string, ContractWords[]>} descriptions
 * @property {Record<string, Promise<ContractWords[]>>} loading
 * @property {WebSocket | null} socket
 * @property {number} tries
 * @property {ReturnType<typeof setTimeout> | null} [retry]
 * @property {boolean} closedForGood
 * @property {ErrorMessage | null} refusal
 * @property {string | null} token
 * @property {string | null} key
 * @property {FocusPlace | null} lastFocus
 * @property {{element: HTMLElement, from: FocusPlace} | null} [resting]
 * @property {string} [connection]
 */

(() => {
  const { el, clear, request, rove } = Barbu;
  const params = new URLSearchParams(location.search);
  const invite = params.get("token");
  const owner = params.get("owner");
  const tableId = decodeURIComponent(location.pathname.split("/").pop() || "");
  const $ = Barbu.byId;  // an element the page always has (a missing one is a bug, said as one)
  /* The element with ``id`` if the page has one now: a control that comes and goes (an owner's seat buttons). */
  /** @param {string} id @returns {HTMLElement | null} */
  const present = (id) => document.getElementById(id);

  /* The close codes of docs/server.md. */
  const TAKEN_OVER = 4000;
  const FREED = 4001;
  const REFUSED = 4003;
  const REMOVED = 4004;
  /* The longest wait between two tries to reach the table, in milliseconds. */
  const LONGEST_WAIT = 5000;
  /* The lines a live region keeps, and for how long (milliseconds). */
  const REGION_LINES = 400;
  const REGION_MS = 60000;
  /* How long after the page is back at the table (after the table could not be reached) the others coming
     back are not said: they come back with the server. */
  const REJOINING = 15000;
  /* Where the seats' keys are kept in the browser: {"TABLE/INVITE": KEY}. */
  const KEYS = "barbu-seat-keys";

  /** @type {Words} */
  let say;
  /* The decisions answered with a card of the hand: a card to play, a card to pass. */
  const HAND_KINDS = new Set(["card", "give"]);

  /** @type {PageGame} */
  const game = {
    seat: null, names: [], table: null, view: null, offer: null, decision: null, sentFor: null,
    events: [], lastN: 0, over: null, spokenEvents: new Set(), spokenTurns: new Set(), burst: true,
    freshTable: true, reconnecting: false, unreachable: false, descriptions: {}, loading: {}, socket: null,
    tries: 0, closedForGood: false, refusal: null, token: null, key: null, lastFocus: null,
    shown: null,
  };

  /* ---- speaking ------------------------------------------------------------------ */

  /* Say a line once: politely what happens (the person's own answers and
     turn too, in the order they come), assertively only errors and a lost
     connection — a screen reader drops the polite lines it has not said yet
     when an assertive one comes.  Each line is tagged with the event or
     decision it says.  A line stays in its region for a minute (a reader
     that is behind reads a line when it comes to it, and says nothing for
     a line already removed), and a region keeps at most REGION_LINES. */
  /** @param {string} text @param {boolean} urgent @param {Record<string, string>} [tag] */
  function speak(text, urgent, tag) {
    const region = $(urgent ? "assertive" : "polite");
    const now = Date.now();
    region.append(el("p", { text, dataset: { ...(tag || {}), at: String(now) } }));
    while (region.childElementCount > REGION_LINES
           || (region.firstElementChild instanceof HTMLElement
               && now - Number(region.firstElementChild.dataset.at) > REGION_MS)) {
      if (region.firstElementChild) region.firstElementChild.remove();
    }
  }

  /** @param {string[]} lines */
  function readout(lines) {
    const region = $("readout");
    clear(region);
    // A new node each time, so the same readout asked for twice is read twice.
    setTimeout(() => { for (const line of lines) region.append(el("p", { text: line })); }, 30);
  }

  /* ---- words for the game ----------------------------------------------------------- */

  /** @param {Seat} seat */
  const name = (seat) => (seat === game.seat ? say("you") : game.names[seat] || String(seat));
  /** A message about a seat: its ``.you`` form for this page's own seat. @param {string} key @param {Seat} seat
      @param {Record<string, unknown>} [fields] */
  const about = (key, seat, fields) => (seat === game.seat && say.has(`${key}.you`)
    ? say(`${key}.you`, fields) : say(key, { ...(fields || {}), seat: game.names[seat] || String(seat) }));
  /** @param {Card} card */
  const cardWords = (card) => (card === "pass" ? say("pass") : say.cards[card] || card);
  /** @param {string} letter */
  const suitWords = (letter) => say.suits[letter] || letter;
  /** @param {string} letter */
  const rankWords = (letter) => say.ranks[letter] || letter;
  /** @param {string | null} bot */
  const botWords = (bot) => (say.has(`bot.${bot}`) ? say(`bot.${bot}`) : bot);
  /** @param {number} value */
  const signed = (value) => String(value).replace("-", "\u2212");
  /** @param {number} value */
  const points = (value) => (value > 0 ? `+${value}` : value < 0 ? `−${-value}` : "0");
  /** @param {string[]} items */
  const joinWords = (items) => (items.length <= 1 ? items.join("")
    : say("list", { items: items.slice(0, -1).join(", "), last: items[items.length - 1] }));
  /** @param {number[]} values */
  const scores = (values) => values.map((value, seat) => `${name(seat)} ${points(value)}`).join(", ");
  /* A card as the page shows it: the rank in the language's letters, the suit's symbol (D♥ in Italian). */
  /** @param {Card} card */
  const cardText = (card) => (say.texts && say.texts[card]) || card;
  const title = () => {
    const table = game.table;
    if (!table) return "";
    return (table.titles && table.titles[say.language]) || table.title || table.spec;
  };

  /* "Hand 3 of 28", or in a game to a target score without a number of hands "Hand 3, playing to 100"
     (docs/rules.md section 6). */
  /** @param {number} number @param {number | null} total @param {number | null} target */
  const handNumber = (number, total, target) => (total === null && target !== null
    ? say("hand.number.to", { number, target: signed(target) }) : say("hand.number", { number, total }));

  /* The running totals after the hands before hand ``hand``. */
  /** @param {number} hand @param {number} players @returns {number[]} */
  function totalsBefore(hand, players) {
    let totals = new Array(players).fill(0);
    for (const message of game.events) {
      const e = message.event;
      if (e.type === "hand_ends" && e.hand < hand) totals = e.totals;
    }
    return totals;
  }

  /* Whether a double event is the declarer's answer to those who doubled them (a redouble), not a
     declarer's double made first (docs/rules.md section 6, first: declarer): every seat it doubles
     doubled the declarer earlier in the hand. */
  /* The events of the hand before ``event`` (all of the current hand when it is null), from its hand_begins:
     what an event means is read from the events alone, so the log reads the same after a reload. */
  /** @param {GameEvent | null} event @returns {GameEvent[]} */
  function handBefore(event) {
    /** @type {GameEvent[]} */
    let hand = [];
    for (const message of game.events) {
      const e = message.event;
      if (e === event) break;
      if (e.type === "hand_begins") hand = [];
      hand.push(e);
    }
    return hand;
  }

  /* Whether a double event is the declarer's answer to those who doubled them (a redouble), not a
     declarer's double made first (docs/rules.md section 6, first: declarer): every seat it doubles
     doubled the declarer earlier in the hand. */
  /** @param {Extract<GameEvent, {type: "double"}>} event */
  function answersDoubles(event) {
    const hand = handBefore(event);
    const begins = hand.find((e) => e.type === "hand_begins");
    if (!begins || event.seat !== begins.declarer) return false;
    const made = new Set();
    for (const e of hand) if (e.type === "double") for (const seat of e.doubled) made.add(`${e.seat},${seat}`);
    return event.doubled.every((seat) => made.has(`${seat},${event.seat}`));
  }

  /** Whether the hand's passing round (before ``event``, or now) is the dealer's discards (docs/rules.md
      section 6). */
  /** @param {GameEvent} [event] */
  function discarding(event) {
    const passing = handBefore(event || null).filter((e) => e.type === "passing").pop();
    return Boolean(passing && passing.direction === "discard");
  }

  /* The lines an event message is said in (none for what is shown elsewhere). */
  /** @param {EventMessage} message @returns {string[]} */
  function eventLines(message) {
    const e = message.event;
    switch (e.type) {
      case "hand_begins":
        return [handNumber(e.hand, e.hands, e.target), about("declares", e.declarer)];
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
        return [say(discarding(e) ? "discards.you" : "gives.you", { card: cardWords(e.card) })];
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
        const before = totalsBefore(e.hand, e.totals.length);
        const taken = message.pot;  // the server's, in a game with a pot (docs/server.md)
        const collected = taken ? taken.collected : e.final.map(() => 0);
        collected.forEach((amount, seat) => {  // a pot (docs/rules.md section 6, "A pot")
          if (amount) lines.push(about("pot_collects", seat, { amount: signed(amount) }));
        });
        if (taken && !e.final.includes(0)) lines.push(say("pot_carried", { pot: signed(taken.left) }));
        else if (taken && !collected.some((amount) => amount)) lines.push(say("pot_kept", { pot: signed(taken.left) }));
        e.totals.forEach((now, seat) => {  // a reset (docs/rules.md section 6, "Running totals")
          const reached = before[seat] + e.final[seat] + collected[seat];
          if (reached !== now) lines.push(about("reset", seat, { reached: signed(reached), to: signed(now) }));
        });
        // The game's hands from the table message, which comes before any event (a reload reads the log again).
        const total = game.table && game.table.hands;  // none in a game to a target score
        lines.push(total ? say("totals", { hands: e.hand, total, scores: scores(e.totals) })
          : say("totals.to", { hands: e.hand, scores: scores(e.totals) }));
        return lines;
      }
      case "game_ends": {
        const lines = [say("game_over", { winners: joinWords(e.winners.map(name)) })];
        if (message.payouts) {  // the server's, in a game with payments by place (docs/rules.md section 6)
          lines.push(say("payouts", { scores: scores(message.payouts) }));
        }
        return lines;
      }
      default:
        return [];
    }
  }

  /* ---- the seat's key -------------------------------------------------------------- */

  /** @returns {Record<string, string>} */
  function keptKeys() {
    try {
      const keys = JSON.parse(localStorage.getItem(KEYS) || "{}");
      return keys && typeof keys === "object" ? keys : {};
    } catch (error) {
      return {};
    }
  }

  /** @param {string | null} token @returns {string | null} */
  const keptKey = (token) => (token ? keptKeys()[`${tableId}/${token}`] || null : null);

  /* Kept under the invite that claimed the seat and under the key itself, so that either address opens it. */
  /** @param {string} token @param {string} key */
  function keepKey(token, key) {
    const keys = keptKeys();
    keys[`${tableId}/${token}`] = key;
    keys[`${tableId}/${key}`] = key;
    try { localStorage.setItem(KEYS, JSON.stringify(keys)); } catch (error) { /* the address still holds it */ }
  }

  /** @param {string} key */
  function forgetKey(key) {
    const keys = keptKeys();
    for (const [where, kept] of Object.entries(keys)) if (kept === key) delete keys[where];
    try { localStorage.setItem(KEYS, JSON.stringify(keys)); } catch (error) { /* nothing kept */ }
  }

  /* The seat's own link: its key in place of the invite (the owner's token kept). */
  /** @param {string} key */
  function ownLink(key) {
    const query = new URLSearchParams({ token: key });
    if (owner) query.set("owner", owner);
    return `${location.origin}${location.pathname}?${query}`;
  }

  /* This connection claimed the seat: the key opens it from now on (docs/table.md). */
  /** @param {string} key */
  function claimed(key) {
    keepKey(invite || key, key);
    game.token = key;
    game.key = key;
    history.replaceState(null, "", ownLink(key));
    drawOwnLink();
    speak(say("seat_claimed"), false);
  }

  function drawOwnLink() {
    const box = $("own-link-box");
    box.hidden = !game.key;
    if (game.key) $("own-link", HTMLInputElement).value = ownLink(game.key);
  }

  /* ---- the connection ----------------------------------------------------------------- */

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const who = game.token ? `token=${encodeURIComponent(game.token)}&after=${game.lastN}`
      : `owner=${encodeURIComponent(owner || "")}`;
    const socket = new WebSocket(`${scheme}//${location.host}/ws/${encodeURIComponent(tableId)}?${who}`);
    game.socket = socket;
    game.burst = true;
    game.freshTable = true;
    game.refusal = null;
    socket.addEventListener("message", (message) => {
      if (game.socket === socket) receive(JSON.parse(message.data));
    });
    socket.addEventListener("close", (close) => closed(socket, close.code));
  }

  /* The socket closed: said, and tried again unless the server refused the link. */
  /** @param {WebSocket} socket @param {number} code */
  function closed(socket, code) {
    if (game.socket !== socket) return;
    game.socket = null;
    if (code === TAKEN_OVER) {
      stop("taken_over", say("taken_over"));
      $("take-back").hidden = false;
      return;
    }
    if (code === FREED) {
      if (game.key) forgetKey(game.key);
      game.key = null;
      drawOwnLink();
      stop("freed", say("freed"));
      return;
    }
    if (code === REMOVED) {  // the table is gone: nothing to come back to
      stop("refused", say("refused", { reason: errorText(game.refusal || { code: "removed" }) }));
      return;
    }
    if (code === REFUSED) {
      const reason = (game.refusal && game.refusal.code) || "not_a_seat";
      if (game.key && game.token === game.key) {  // the kept key no longer opens the seat
        forgetKey(game.key);
        game.key = null;
        drawOwnLink();
        if (invite && invite !== game.token) {  // the invite it was kept for may
          game.token = invite;
          connect();
          return;
        }
      }
      if (reason === "claimed" && keptKey(invite)) {  // claimed from another page of this browser: its key
        game.token = keptKey(invite);
        connect();
        return;
      }
      stop("refused", say("refused", { reason: errorText(game.refusal || { code: reason }) }));
      return;
    }
    lost();
  }

  /* The table cannot be reached: said once, and tried again, sooner at first, for as long as the page is open. */
  function lost() {
    if (!game.unreachable) {
      game.unreachable = true;
      setConnection("reconnecting");
      speak(say("unreachable"), true);
    }
    game.tries += 1;
    const wait = Math.min(LONGEST_WAIT, 250 * 2 ** Math.min(game.tries, 5)) * (0.75 + Math.random() / 2);
    game.retry = setTimeout(retryNow, wait);
  }

  function retryNow() {
    if (game.retry) clearTimeout(game.retry);
    game.retry = null;
    if (!game.socket && !game.closedForGood) connect();
  }

  /** @param {string} state @param {string} line */
  function stop(state, line) {
    game.closedForGood = true;
    setConnection(state);
    speak(line, true);
    drawAll();
  }

  /** @param {object} message */
  function send(message) {
    if (game.socket && game.socket.readyState === WebSocket.OPEN) {
      game.socket.send(JSON.stringify(message));
      return true;
    }
    speak(say("not_connected"), true);
    return false;
  }

  /** @param {string} state */
  function setConnection(state) {
    game.connection = state;
    $("connection").textContent = say(`connection.${state}`);
  }

  /** @param {ServerMessage} message */
  function receive(message) {
    switch (message.type) {
      case "seated":
        onSeated(message);
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
      case "view_changes":  // what changed since the last view (docs/server.md)
        if (game.shown) onView(applyChanges(game.shown, message.changes));
        break;
      case "decision":
        onDecision(message);
        break;
      case "over":
        game.over = message;
        drawOver();
        break;
      case "error":
        onError(message);
        break;
      default:
        break;
    }
  }

  /** @param {SeatedMessage} message */
  function onSeated(message) {
    game.seat = message.seat;
    game.names = message.players;
    reached();
    if (message.key) claimed(message.key);
  }

  /* The server has taken this connection (a seat's ``seated``, the owner's first ``table``). */
  function reached() {
    game.tries = 0;
    if (game.unreachable) {
      game.unreachable = false;
      game.reconnecting = true;  // said once the table's state has come (onTable or onView)
      game.backAt = Date.now();
    }
    setConnection(game.token ? "connected" : "owner_only");
  }

  /* An answer or message refused: said, and the pending decision shown and answerable again. A refusal
     of the link itself is kept until the connection closes (closed() says it). */
  /** @param {ErrorMessage} message */
  function onError(message) {
    if (["no_table", "not_a_seat", "claimed", "freed", "not_owner", "bad_origin", "removed"].includes(message.code)) {
      game.refusal = message;
      return;
    }
    game.sentFor = null;
    speak(say("error", { message: errorText(message) }), true);
    drawHand();
    drawChoices();
    keepFocus();
  }

  /** @param {ErrorMessage | {code: string, message?: string, reason?: string}} message */
  function errorText(message) {
    const key = `error.${message.code}`;
    if (message.code === "not_an_option") return message.message;
    if (message.reason && say.has(`${key}.${message.reason}`)) return say(`${key}.${message.reason}`, message);
    return say.has(key) ? say(key, message) : message.message;
  }

  /* What changed at the table that people hear: who came and left, who plays for whom, the owner's
     actions; one line each, never for the table as first sent on a (re)connection. */
  /** @param {TableMessage} before @param {TableMessage} now */
  function tableLines(before, now) {
    const lines = [];
    if (before.status === "waiting" && now.status === "playing") lines.push(say("game_starts"));
    if (before.paused !== now.paused) lines.push(say(now.paused ? (owner ? "paused.you" : "paused") : "resumed"));
    if (before.absent_after !== now.absent_after) {
      lines.push(now.absent_after === null || now.absent_after === undefined ? say("absent_never")
        : say("absent_now", { seconds: now.absent_after }));
    }
    now.seats.forEach((seat, index) => {
      const was = before.seats[index];
      if (!was) return;
      const mine = seat.seat === game.seat;
      if (was.name !== seat.name) {
        lines.push(mine ? say("name_saved", { name: seat.name }) : say("renamed", { old: was.name, seat: seat.name }));
      }
      if (was.kind !== seat.kind) lines.push(say("bot_now", { seat: seat.name, bot: botWords(seat.kind) }));
      if (was.standin !== seat.standin && seat.kind === "human") {
        lines.push(say("standin_now", { seat: seat.name, bot: botWords(seat.standin) }));
      }
      if (mine) return;
      const freed = was.taken && !seat.taken;
      if (freed) lines.push(say("seat_freed", { seat: seat.name }));
      // Everyone comes back just after the server does: not news, for a few seconds after this page is back.
      const rejoining = game.backAt && Date.now() - game.backAt < REJOINING;
      if (!was.connected && seat.connected && !(was.taken && rejoining)) {
        lines.push(say(was.taken ? "back" : "sits_down", { seat: seat.name }));
      }
      if (was.connected && !seat.connected && !freed) lines.push(say("left", { seat: seat.name }));
      if (!was.standing && seat.standing && !seat.connected) {
        lines.push(say("stands_in", { seat: seat.name, bot: botWords(seat.standin) }));
      }
    });
    return lines;
  }

  /** @param {TableMessage} message */
  function onTable(message) {
    const before = game.table;
    const fresh = game.freshTable;
    game.table = message;
    game.freshTable = false;
    game.names = message.seats.map((seat) => seat.name);
    if (fresh && !game.token && game.socket) reached();  // the owner's own connection: its first message
    if (before && !fresh) for (const line of tableLines(before, message)) speak(line, false);
    if (fresh && game.reconnecting && (message.status === "waiting" || !game.token)) {
      game.reconnecting = false;  // no view comes: the return is said here
      speak(say(game.token ? "back_waiting" : "connected_again"), false);
    }
    if (owner && ownerInfo && before && message.seats.some((seat, i) => before.seats[i]
        && before.seats[i].taken !== seat.taken)) loadOwner();  // a seat claimed or freed: its invite changed
    drawTable();
    drawSeats();
    drawOwner();
  }

  /** @param {EventMessage} message */
  function onEvent(message) {
    if (message.n <= game.lastN) return;  // already known: a line is never said twice
    game.lastN = message.n;
    game.events.push(message);
    const lines = eventLines(message);
    const log = $("log");
    for (const line of lines) log.append(el("li", { text: line }));
    if (!game.burst && !game.spokenEvents.has(message.n)) {
      for (const line of lines) speak(line, false, { n: String(message.n) });
    }
    game.spokenEvents.add(message.n);
    while (log.firstElementChild && log.childElementCount > 400) log.firstElementChild.remove();
  }

  /* A view message with what changed made to it, in place. */
  /** @param {ViewMessage} shown @param {ViewChangesMessage["changes"]} changes @returns {ViewMessage} */
  function applyChanges(shown, changes) {
    for (const [path, value] of changes) {
      /** @type {any} */
      let node = shown;
      for (const key of path.slice(0, -1)) node = node[key];
      node[path[path.length - 1]] = value;
    }
    return shown;
  }

  /** @param {ViewMessage} message */
  function onView(message) {
    game.shown = message;
    game.view = message.view;
    game.offer = message.offer;
    game.names = message.view.names || game.names;
    if (game.decision && (!message.view.turn || message.view.turn.seat !== game.seat)) game.decision = null;
    if (game.burst) {
      game.burst = false;
      if (game.reconnecting || game.events.length) {
        const where = { hand: message.view.hand, hands: message.view.hands };
        const key = game.reconnecting ? "reconnected" : "joined";  // "hand 3 of 28", or "hand 3" in a game to a target
        speak(say(where.hands === null ? `${key}.to` : key, where), false);
        game.reconnecting = false;
      }
    }
    drawAll();
  }

  /** @param {DecisionMessage} message */
  function onDecision(message) {
    game.decision = message;
    game.sentFor = null;
    drawAll();
    if (!game.spokenTurns.has(message.id)) {
      game.spokenTurns.add(message.id);
      speak(turnLine(message), false, { turn: String(message.id) });
    }
    focusDecision();
  }

  /** @param {DecisionMessage} decision */
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
    keepFocus();
  }

  function drawTable() {
    const table = game.table;
    if (!table) return;
    $("title").textContent = title();
    document.title = `${title()} — ${say("page_title")}`;
    const view = game.view;
    const parts = [say(`status.${table.status}`)];
    if (table.paused) parts.push(say("status.paused"));
    if (view && table.status !== "waiting") {
      // Once over, the view's hand is one past the last played (docs/game.md).
      parts.push(handNumber(view.over ? view.hand - 1 : view.hand, view.hands, view.target));
      if (view.contract) parts.push(say("contract_is", { contract: contractLabel(view.contract) }));
      if (view.trump) parts.push(say("trumps_are", { suit: suitWords(view.trump) }));
    }
    $("status").textContent = parts.join(" ");
    $("waiting").hidden = table.status !== "waiting" || game.seat === null || game.closedForGood;
    $("aim").textContent = say(`aim.${table.aim}`);
  }

  function drawSeats() {
    const list = clear($("seats"));
    if (!game.table) return;
    const turn = game.view && game.view.turn;
    for (const seat of game.table.seats) {
      let state;
      if (seat.kind !== "human") state = botWords(seat.kind);
      else if (seat.standing && !seat.connected) state = say("seat.standin", { bot: botWords(seat.standin) });
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

  /** @returns {Set<Card>} */
  function legalCards() {
    const decision = game.decision;
    if (!decision || !HAND_KINDS.has(decision.kind) || game.sentFor === decision.id) return new Set();
    return new Set(decision.options.filter((option) => option !== "pass"));
  }

  /* One option of a listbox: focusable by the roving tabindex, chosen with Enter, Space, a click or a tap. */
  /** @param {ElementChild} label @param {unknown} answer @param {ElementAttributes} attrs */
  function option(label, answer, attrs) {
    const item = el("li", { role: "option", tabindex: "-1", ...attrs, dataset: { ...(attrs.dataset || {}) } }, label);
    if (answer !== undefined) item.dataset.answer = JSON.stringify(answer);
    else item.setAttribute("aria-disabled", "true");
    item.addEventListener("click", () => choose(item));
    return item;
  }

  /* Give the roving tab stop to the item at ``index`` (the first when none has it). */
  /** @param {Element} list @param {number} index @returns {HTMLElement | null} */
  function rovingStop(list, index) {
    /** @type {HTMLElement[]} */
    const items = Array.from(list.querySelectorAll('[role="option"]'));
    const at = index >= 0 && index < items.length ? index : 0;
    items.forEach((item, i) => {
      item.setAttribute("tabindex", i === at ? "0" : "-1");
      if (i === at) item.setAttribute("aria-selected", "true");
      else item.removeAttribute("aria-selected");
    });
    return items[at] || null;
  }

  function drawHand() {
    const list = $("hand");
    /** @type {HTMLElement[]} */
    const before = Array.from(list.querySelectorAll('[role="option"]'));
    const stop = before.findIndex((item) => item.getAttribute("tabindex") === "0");
    const stopCard = stop >= 0 ? before[stop].dataset.card : null;
    clear(list);
    const view = game.view;
    const cards = view && game.table && game.table.status !== "waiting" ? view.cards : [];
    $("hand-count").textContent = say("hand.count", { count: cards.length });
    const legal = legalCards();
    cards.forEach((card) => {
      const playable = legal.has(card);
      list.append(option([el("span", { "aria-hidden": "true", text: cardText(card) }),
        el("span", { class: "sr-only", text: cardWords(card) })], playable ? card : undefined,
      { class: `card suit-${card[1]}${playable ? " playable" : ""}`, dataset: { card } }));
    });
    const again = stopCard ? cards.indexOf(stopCard) : -1;
    rovingStop(list, again >= 0 ? again : Math.min(Math.max(stop, 0), cards.length - 1));
    $("hand-section").hidden = !cards.length;
  }

  /** @param {DecisionMessage} decision @returns {[string, unknown, string?][]} */
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
        return decision.options.map((choice) => [JSON.stringify(choice), choice]);
    }
  }

  function drawChoices() {
    const group = $("choices");
    const old = group.querySelector('[role="listbox"]');
    const stop = old ? Array.from(old.children).findIndex((item) => item.getAttribute("tabindex") === "0") : -1;
    clear(group);
    const decision = game.decision;
    const section = $("turn-section");
    if (!decision || game.closedForGood) {
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
    const choices = options(decision);
    if (!choices.length) return;
    const list = el("ul", { class: "options", role: "listbox", "aria-labelledby": "question",
      "aria-orientation": "horizontal" });
    for (const [label, answer, contract] of choices) {
      list.append(option(label, waiting ? undefined : answer, { class: "option",
        dataset: contract ? { contract } : {} }));
    }
    group.append(list);
    rovingStop(list, stop);
  }

  /* ---- focus ------------------------------------------------------------------------- */

  /* Where the focus is, remembered so that a redraw that removes or hides the element puts it back at the
     same place: the same card (or the one now at its place), the same choice, the control that replaced it. */
  /** @param {HTMLElement} element @returns {FocusPlace} */
  function placeOf(element) {
    const list = element.closest && element.closest('[role="listbox"]');
    if (list) {
      return { element, list: list.id === "hand" ? "hand" : "choices",
        index: Array.from(list.children).indexOf(element), card: element.dataset.card || null };
    }
    return { element, id: element.id || null, owner: Boolean(element.closest && element.closest("#owner-section")) };
  }

  /* The control that takes the place of one the page has hidden (Pause → Go on, Start → Pause...). */
  /** @type {Record<string, string>} */
  const REPLACES = { "owner-pause": "owner-resume", "owner-resume": "owner-pause", "owner-start": "owner-pause",
    "take-back": "status-heading" };

  /** @param {Element | null} element */
  function visible(element) {
    return element && element.isConnected && element.getClientRects().length > 0;
  }

  function keepFocus() {
    const active = document.activeElement;
    if (game.resting && active === game.resting.element) {  // the focus waits for its place to come back
      const back = findPlace(game.resting.from);
      if (back) {
        game.resting = null;
        back.focus();
      }
      return;
    }
    game.resting = null;
    if (active && active !== document.body && visible(active)) return;
    const place = game.lastFocus;
    if (!place || visible(place.element)) return;  // the person moved the focus away themselves
    const target = findPlace(place);
    if (target) {
      target.focus();
      return;
    }
    const rest = restingPlace(place);  // its place is away for now (an empty hand, a new invitation): focus waits
    rest.focus();
    game.resting = { element: rest, from: place };
  }

  /* The element that now stands at ``place``, or null when nothing does (an empty hand, a hidden control). */
  /** @param {FocusPlace} place @returns {HTMLElement | null} */
  function findPlace(place) {
    if (place.list) {
      const list = place.list === "hand" ? $("hand") : $("choices").querySelector('[role="listbox"]');
      /** @type {HTMLElement[]} */
      const items = list ? Array.from(list.querySelectorAll('[role="option"]')) : [];
      if (!list || !items.length) return place.list === "choices" ? handStop() : null;
      const same = place.card ? items.findIndex((item) => item.dataset.card === place.card) : -1;
      return rovingStop(list, same >= 0 ? same : Math.min(place.index || 0, items.length - 1));
    }
    if (place.id) {
      const again = present(place.id);
      if (visible(again)) return again;
      const seat = place.id.split("-").pop();
      const replacements = [present(REPLACES[place.id] || ""),
        place.id.startsWith("free-") ? present(`invite-${seat}`) : null,
        place.id.startsWith("standin-") ? present(`bot-${seat}`) : null];
      const replacement = replacements.find(visible);
      if (replacement) return replacement;
    }
    return null;
  }

  /* Where focus rests while its place is away: the owner's heading for a control of the owner's panel, the
     end of the game, or the table's status. */
  /** @param {FocusPlace} place */
  function restingPlace(place) {
    if (place && place.owner && !$("owner-section").hidden) {
      return $("owner-heading");
    }
    return game.over ? $("over-heading") : $("status-heading");
  }

  function handStop() {
    /** @type {HTMLElement | null} */
    const stop = $("hand").querySelector('[tabindex="0"]');
    return visible(stop) ? stop : null;
  }

  /* A new decision: the focus goes to it (the first playable card, or the first choice), unless the
     person is elsewhere on purpose (typing, the log, the owner's panel). */
  function focusDecision() {
    const decision = game.decision;
    if (!decision) return;
    const active = document.activeElement;
    const free = !active || active === document.body || active.closest('[role="listbox"]')
      || (game.resting && active === game.resting.element);
    if (!free) return;
    if (HAND_KINDS.has(decision.kind)) {
      /** @type {HTMLElement[]} */
      const cards = Array.from($("hand").querySelectorAll('[role="option"]'));
      const current = cards.findIndex((card) => card === active);
      if (current >= 0 && cards[current].dataset.answer) return;
      const first = cards.findIndex((card) => card.dataset.answer);
      if (first >= 0) {
        game.resting = null;
        const card = rovingStop($("hand"), first);
        if (card) card.focus();
        return;
      }
    }
    const list = $("choices").querySelector('[role="listbox"]');
    if (list) {
      game.resting = null;
      const stop = rovingStop(list, 0);
      if (stop) stop.focus();
    }
  }

  /** @param {HTMLElement} item */
  function choose(item) {
    const decision = game.decision;
    if (!decision || game.sentFor === decision.id) return;
    if (!item.dataset.answer) {
      if (item.dataset.card) speak(say("not_playable", { card: cardWords(item.dataset.card) }), true);
      return;
    }
    const answer = JSON.parse(item.dataset.answer);
    if (send({ type: "answer", id: decision.id, answer })) {
      game.sentFor = decision.id;
      drawChoices();
      drawHand();
      keepFocus();
    }
  }

  /* The seat that plays after ``seat``, in the table's direction of play (the table message comes before any view). */
  /** @param {Seat} seat */
  const nextSeat = (seat) => (game.table ? game.table.after[seat] : seat);

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
      seat = nextSeat(seat);
    }
    if (trick.winning) lines.push(about("is_winning", trick.winning.seat, { card: cardWords(trick.winning.card) }));
    return lines;
  }

  function lastTrickLines() {
    const table = game.view && game.view.table;
    const tricks = table && table.tricks;
    if (!tricks || !tricks.length) {  // between hands: the last trick of the hand before, from the events
      const events = game.events.map((message) => message.event);
      const at = events.map((e) => e.type).lastIndexOf("trick");
      const trick = events[at];
      if (!trick || trick.type !== "trick") return [say("no_trick_yet")];
      const plays = events.slice(0, at).flatMap((e) => (e.type === "card" ? [e] : [])).slice(-trick.cards.length);
      return [say("last_trick", { number: trick.number }),
        ...plays.map((e) => about("played", e.seat, { card: cardWords(e.card) })),
        about("took_it", trick.winner)];
    }
    const trick = tricks[tricks.length - 1];
    const lines = [say("last_trick", { number: tricks.length })];
    let seat = trick.leader;
    for (const card of trick.cards) {
      lines.push(about("played", seat, { card: cardWords(card) }));
      seat = nextSeat(seat);
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
    $("records-link", HTMLAnchorElement).href = `/api/tables/${encodeURIComponent(tableId)}/records`;
    $("sheet-link", HTMLAnchorElement).href = `/api/tables/${encodeURIComponent(tableId)}/sheet`;
  }

  /* ---- describe --------------------------------------------------------------------------- */

  async function describe() {
    const focused = document.activeElement;
    const contract = (focused instanceof HTMLElement && focused.dataset.contract)
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
  /** @param {string} language @returns {Promise<ContractWords[]>} */
  function loadContracts(language) {
    if (!game.loading[language]) {
      const path = `/api/tables/${encodeURIComponent(tableId)}/contracts?lang=${encodeURIComponent(language)}`;
      game.loading[language] = request("GET", path).catch(() => ({ ok: false, status: 0, data: null })).then((response) => {
        game.descriptions[language] = response.ok ? response.data.contracts : [];
        if (!response.ok) delete game.loading[language];  // tried again when next needed
        return game.descriptions[language];
      });
    }
    return game.loading[language];
  }

  /* A contract's name in the page's language (the spec's name until the
     names of that language have come). */
  /** @param {string} contractName */
  function contractLabel(contractName) {
    const found = (game.descriptions[say.language] || []).find((item) => item.name === contractName);
    return found && found.label ? found.label : contractName;
  }

  /* ---- keys ---------------------------------------------------------------------------------- */

  function keyLines() {
    return [say("keys.intro"), say("keys.arrows"), say("keys.enter"), say("keys.d"), say("keys.h"), say("keys.t"),
      say("keys.l"), say("keys.s"), say("keys.help")];
  }

  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target instanceof HTMLElement ? event.target : null;
    if (target && (["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) || target.isContentEditable)) return;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    if ((key === "Enter" || key === " ") && target && target.getAttribute && target.getAttribute("role") === "option") {
      event.preventDefault();
      choose(target);
      return;
    }
    /** @type {Record<string, () => void>} */
    const actions = {
      d: describe, h: () => readout(handLines()), t: () => readout(trickLines()), l: () => readout(lastTrickLines()),
      s: () => readout(scoreLines()), "?": () => readout(keyLines()),
    };
    if (actions[key]) {
      event.preventDefault();
      actions[key]();
    }
  });

  document.addEventListener("focusin", (event) => {
    if (event.target instanceof HTMLElement && event.target !== document.body) game.lastFocus = placeOf(event.target);
  });

  /* ---- the waiting room and the owner's panel --------------------------------------------------- */

  function setupWaiting() {
    $("name-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const value = $("name-input", HTMLInputElement).value.trim();
      if (value) send({ type: "name", name: value });  // confirmed when the table says the new name
    });
    $("take-back").addEventListener("click", () => {
      game.closedForGood = false;
      $("take-back").hidden = true;
      setConnection("connecting");
      connect();
    });
    window.addEventListener("online", retryNow);
    document.addEventListener("visibilitychange", () => { if (!document.hidden && game.unreachable) retryNow(); });
  }

  /** @type {OwnerInfo | null} */
  let ownerInfo = null;

  async function loadOwner() {
    if (!owner) return;
    const response = await request("GET", `/api/tables/${encodeURIComponent(tableId)}/owner`, undefined, owner)
      .catch(() => ({ ok: false, status: 0, data: null }));
    if (!response.ok) {
      if (response.status === 0) {  // the server cannot be reached: tried again
        setTimeout(loadOwner, 2000);
        return;
      }
      $("owner-section").hidden = false;
      clear($("owner-links")).append(el("p", { class: "error", text: say("error.not_owner") }));
      return;
    }
    /** @type {OwnerInfo} */
    const info = response.data;
    ownerInfo = info;
    if (!game.table) onTable({ type: "table", ...info, seats: info.seats.map((seat) => ({ ...seat })) });
    drawOwner();
  }

  /** @param {string} path @param {object} [body] */
  async function ownerAction(path, body) {
    const response = await request("POST", `/api/tables/${encodeURIComponent(tableId)}/${path}`, body || {}, owner)
      .catch(() => ({ ok: false, status: 0, data: null }));
    if (!response.ok) {
      const message = response.data && response.data.error ? response.data.error.message
        : response.status ? String(response.status) : say("unreachable");
      speak(say("error", { message }), true);
      drawOwner();
      return;
    }
    if (response.data.invites) ownerInfo = { ...ownerInfo, ...response.data };
    onTable(response.data);
  }

  /* A seat's bot selector: the change is sent when the person presses Enter or leaves the list (so the arrows
     walk it without sending each step), or at once when it is chosen with a pointer. */
  /** @param {TableSeat} seat @param {string} [pending] */
  function botSelector(seat, pending) {
    const id = `bot-${seat.seat}`;
    const select = el("select", { id });
    for (const bot of ["random", "rules", "strong"]) select.append(el("option", { value: bot, text: botWords(bot) }));
    const current = seat.kind === "human" ? seat.standin : seat.kind;
    select.value = pending || current || "";
    let pointer = false;
    const commit = () => {
      delete select.dataset.unsent;
      if (select.value !== current) ownerAction(`seats/${seat.seat}`, { bot: select.value });
    };
    select.addEventListener("pointerdown", () => { pointer = true; });
    select.addEventListener("change", () => {
      if (pointer) commit();
      else select.dataset.unsent = "true";
    });
    select.addEventListener("keydown", (event) => {
      pointer = false;
      if (event.key === "Enter") {
        event.preventDefault();
        commit();
      }
    });
    select.addEventListener("blur", () => { if (select.dataset.unsent) commit(); });
    if (pending) select.dataset.unsent = "true";
    return select;
  }

  function drawOwner() {
    const info = ownerInfo;
    if (!owner || !info || !game.table) return;
    $("owner-section").hidden = false;
    const linksBox = clear($("owner-links"));
    game.table.seats.forEach((seat) => {
      if (seat.kind !== "human") return;
      const link = info.links && info.links[seat.seat];
      if (link) {
        const id = `invite-${seat.seat}`;
        linksBox.append(el("label", { for: id, text: say("invite_for", { seat: seat.name }) }),
          el("input", { id, type: "text", readonly: true, value: `${location.origin}${link}` }));
      } else if (seat.taken) {
        linksBox.append(el("div", { class: "seat-row" }, el("p", { class: "note", text: say("invite_used", { seat: seat.name }) }),
          el("button", { type: "button", id: `free-${seat.seat}`, text: say("free_seat", { seat: seat.name }), on: { click: () => {
            if (confirm(say("free_confirm", { seat: seat.name }))) ownerAction(`seats/${seat.seat}`, { free: true });
          } } })));
      }
    });
    const seatsBox = $("owner-seats");
    /** @type {Record<string, string>} */
    const pending = {};  // a choice walked to with the arrows but not yet sent survives the redraw
    for (const select of seatsBox.querySelectorAll("select[data-unsent]")) {
      if (select instanceof HTMLSelectElement) pending[select.id] = select.value;
    }
    clear(seatsBox);
    for (const seat of game.table.seats) {
      const select = botSelector(seat, pending[`bot-${seat.seat}`]);
      const label = seat.kind === "human" ? "standin_for" : "bot_for";
      const row = el("div", { class: "seat-row" }, el("label", { for: select.id, text: say(label, { seat: seat.name }) }), select);
      if (seat.kind === "human" && !seat.connected && !seat.standing && game.table.status === "playing") {
        row.append(el("button", { type: "button", id: `standin-${seat.seat}`,
          on: { click: () => ownerAction(`seats/${seat.seat}`, { stand_in: true }) },
          text: say("stand_in_now", { seat: seat.name }) }));
      }
      seatsBox.append(row);
    }
    const status = game.table.status;
    $("owner-start").hidden = status !== "waiting";
    $("owner-pause").hidden = status !== "playing" || game.table.paused;
    $("owner-resume").hidden = status !== "playing" || !game.table.paused;
    $("owner-end").hidden = status === "over";
    if (document.activeElement !== $("absent-input")) {
      $("absent-input", HTMLInputElement).value = game.table.absent_after === null || game.table.absent_after === undefined
        ? "" : String(game.table.absent_after);
    }
    const house = info.house;
    $("owner-house").hidden = !house;
    if (house) $("house-text").textContent = house;
    keepFocus();
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
      const text = $("absent-input", HTMLInputElement).value.trim();
      ownerAction("settings", { absent_after: text === "" ? null : Number(text) });
    });
  }

  /* ---- words on the page ----------------------------------------------------------------------- */

  function drawWords() {
    Barbu.applyWords(say);
    const log = clear($("log"));
    for (const message of game.events) for (const line of eventLines(message)) log.append(el("li", { text: line }));
    if (game.connection) setConnection(game.connection);
    drawAll();
    drawOwner();
    drawOwnLink();
    if (!game.loading[say.language]) loadContracts(say.language).then(drawWords);
  }

  async function start() {
    say = await Barbu.pageWords($("language"), (words) => { say = words; drawWords(); });
    rove($("hand"), '[role="option"]');
    rove($("choices"), '[role="option"]');
    setupWaiting();
    setupOwner();
    game.key = keptKey(invite);  // the invite claimed the seat in this browser, or the address holds the key
    game.token = game.key || invite;
    if (game.key && game.key !== invite) history.replaceState(null, "", ownLink(game.key));
    drawWords();
    if (!invite && !owner) {
      $("status").textContent = say("no_token");
      return;
    }
    setConnection(invite ? "connecting" : "owner_only");
    $("hand-section").hidden = true;
    await loadContracts(say.language);  // the contracts' names in the page's language, before the first event
    connect();
    loadOwner();
    window.barbuTable = game;  // for tests and assistive tools: the game as the page knows it
  }

  start();
})();
