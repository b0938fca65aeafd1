/* The score sheet's rules in the page: the game flow, the checks of a hand
 * in the order the Python sheet makes them, the scoring, the doubling and
 * the running totals (docs/sheet.md).
 *
 * Everything here follows the page's data (barbu_dsl/scorer/data.py), which
 * the Python core worked out from the compiled rules; each part names the
 * Python function it mirrors, and must give the same answers: the same
 * scores, the same problems with the same codes, fields and words.
 * Plain ES2017, no dependencies; it touches no page element, so it runs in
 * any JavaScript engine.
 */
"use strict";

const BarbuCore = (function () {
  // ---------------------------------------------------------------- values
  // Python's view of a JSON value: an int is a whole number (and never a
  // boolean), an object is a dict (not a list, not null).
  const isInt = (v) => typeof v === "number" && Number.isInteger(v);
  const isCount = (v) => isInt(v) && v >= 0; // facts._is_count
  const isSeat = (v, n) => isInt(v) && v >= 0 && v < n; // facts._is_seat
  const isDict = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
  const hasOwn = (object, key) => Object.prototype.hasOwnProperty.call(object, key);
  const sum = (values) => values.reduce((a, b) => a + b, 0);
  const range = (n) => Array.from({ length: n }, (_, i) => i);

  // Python's str.strip() (its whitespace, not JavaScript's).
  const PY_SPACE = "[\\t-\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
  const STRIP = new RegExp(`^${PY_SPACE}+|${PY_SPACE}+$`, "g");
  const pyStrip = (text) => text.replace(STRIP, "");

  // Python's str() of a JSON value, for the words of a message.
  function pyStr(value, nested = false) {
    if (value === null || value === undefined) return "None";
    if (value === true) return "True";
    if (value === false) return "False";
    if (typeof value === "string") return nested ? pyRepr(value) : value;
    if (Array.isArray(value)) return "[" + value.map((v) => pyStr(v, true)).join(", ") + "]";
    if (typeof value === "object") {
      return "{" + Object.keys(value).map((k) => `${pyRepr(k)}: ${pyStr(value[k], true)}`).join(", ") + "}";
    }
    return String(value);
  }
  function pyRepr(text) {
    const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
    return quote + text.replace(/\\/g, "\\\\").replace(new RegExp(quote, "g"), "\\" + quote) + quote;
  }

  // ---------------------------------------------------------------- cards
  // barbu_dsl.cards: a card is suit * 13 + rank - 2, suits C D H S.
  class Cards {
    constructor(words) {
      this.words = words;
      this.suitWords = new Map(Object.entries(words.suit_words));
      this.rankPrefixes = new Map(Object.entries(words.rank_prefixes));
      this.rankWords = new Map(Object.entries(words.rank_words));
    }
    rankLetter(rank) { return this.words.rank_letters[String(rank)]; }
    suitLetter(suit) { return this.words.suit_letters[suit]; }
    /** cards.card_str: ``TS``, ``QH``. */
    str(card) { return this.rankLetter(card % 13 + 2) + this.suitLetter(Math.floor(card / 13)); }
    /** cards.parse_suit: a suit as a symbol, letter or word, or null. */
    parseSuit(text) {
      const suit = this.suitWords.get(pyStrip(text).toLowerCase());
      return suit === undefined ? null : suit;
    }
    /** cards.parse_rank: a rank as a letter, a number or a word, or null. */
    parseRank(text) {
      const key = pyStrip(text).toLowerCase();
      if (this.rankPrefixes.has(key)) return this.rankPrefixes.get(key);
      return this.rankWords.has(key) ? this.rankWords.get(key) : null;
    }
    /** cards.parse_record_card: ``AH``, ``10♣``, case-insensitive, or null. */
    parseRecord(text) {
      const key = Array.from(pyStrip(text).toUpperCase());
      if (key.length < 2) return null;
      const head = key.slice(0, -1).join("");
      const ranks = { A: 14, K: 13, Q: 12, J: 11, T: 10, 10: 10 };
      let rank = hasOwn(ranks, head) ? ranks[head] : null;
      if (rank === null && key.length === 2 && key[0] >= "2" && key[0] <= "9") rank = Number(key[0]);
      const suits = { S: 3, H: 2, D: 1, C: 0, "♠": 3, "♥": 2, "♦": 1, "♣": 0 };
      const last = key[key.length - 1];
      if (rank === null || !hasOwn(suits, last)) return null;
      return suits[last] * 13 + rank - 2;
    }
  }

  /** language.model.contract_key: no case, spaces, ``-`` or ``_``.
   * (Python's casefold, as near as JavaScript comes: upper then lower.) */
  const contractKey = (name) => Array.from(name.toUpperCase().toLowerCase())
    .filter((ch) => !" -_\t".includes(ch)).join("");

  // -------------------------------------------------------- close matches
  // difflib.get_close_matches(word, possibilities, n=1, cutoff=0.5), as
  // SheetGame._contract uses it for "did you mean".
  function matchingBlocks(a, b) {
    // difflib.SequenceMatcher(None, a, b).get_matching_blocks(), autojunk on.
    const b2j = new Map();
    b.forEach((ch, j) => { if (!b2j.has(ch)) b2j.set(ch, []); b2j.get(ch).push(j); });
    if (b.length >= 200) {
      const ntest = Math.floor(b.length / 100) + 1;
      for (const [ch, idxs] of Array.from(b2j)) if (idxs.length > ntest) b2j.delete(ch);
    }
    function longest(alo, ahi, blo, bhi) {
      let besti = alo, bestj = blo, bestsize = 0;
      let j2len = new Map();
      for (let i = alo; i < ahi; i++) {
        const next = new Map();
        for (const j of b2j.get(a[i]) || []) {
          if (j < blo) continue;
          if (j >= bhi) break;
          const k = (j2len.get(j - 1) || 0) + 1;
          next.set(j, k);
          if (k > bestsize) { besti = i - k + 1; bestj = j - k + 1; bestsize = k; }
        }
        j2len = next;
      }
      // Without isjunk nothing is junk, so matches extend over equal
      // elements, popular ones (autojunk) included.
      while (besti > alo && bestj > blo && a[besti - 1] === b[bestj - 1]) { besti--; bestj--; bestsize++; }
      while (besti + bestsize < ahi && bestj + bestsize < bhi && a[besti + bestsize] === b[bestj + bestsize]) {
        bestsize++;
      }
      return [besti, bestj, bestsize];
    }
    const queue = [[0, a.length, 0, b.length]];
    let matches = 0;
    while (queue.length) {
      const [alo, ahi, blo, bhi] = queue.pop();
      const [i, j, k] = longest(alo, ahi, blo, bhi);
      if (k) {
        matches += k;
        if (alo < i && blo < j) queue.push([alo, i, blo, j]);
        if (i + k < ahi && j + k < bhi) queue.push([i + k, ahi, j + k, bhi]);
      }
    }
    return matches;
  }
  function ratio(a, b) {
    const total = a.length + b.length;
    return total ? 2 * matchingBlocks(a, b) / total : 1;
  }
  function quickRatio(a, b) {
    const full = new Map();
    for (const ch of b) full.set(ch, (full.get(ch) || 0) + 1);
    const avail = new Map();
    let matches = 0;
    for (const ch of a) {
      const left = avail.has(ch) ? avail.get(ch) : (full.get(ch) || 0);
      avail.set(ch, left - 1);
      if (left > 0) matches++;
    }
    const total = a.length + b.length;
    return total ? 2 * matches / total : 1;
  }
  function closeMatch(word, possibilities, cutoff = 0.5) {
    const b = Array.from(word);
    let best = null;
    for (const name of possibilities) {
      const a = Array.from(name);
      const total = a.length + b.length;
      const real = total ? 2 * Math.min(a.length, b.length) / total : 1;
      if (real >= cutoff && quickRatio(a, b) >= cutoff) {
        const score = ratio(a, b);
        if (score >= cutoff && (best === null || score > best[0] || (score === best[0] && name > best[1]))) {
          best = [score, name];
        }
      }
    }
    return best === null ? null : best[1];
  }

  // ------------------------------------------------------------- problems
  // sheet.facts.Problem: where, which rule, the words of its message.
  function problem(field, code, fields = {}) {
    const words = {};
    for (const [key, value] of Object.entries(fields)) words[key] = pyStr(value);
    return { field, code, fields: words };
  }

  /** A hand (or a file) that breaks a rule: sheet.game.SheetError. */
  class SheetError extends Error {
    constructor(problems, messages) {
      super("");
      this.name = "SheetError";
      this.problems = problems; // [{hand: number from 1 or null, field, code, fields}]
      this.message = messages ? messages.describe(problems, "en") : problems.map((p) => p.code).join(", ");
    }
  }
  /** A game file that cannot be used at all: sheet.game.SheetFileError. */
  class SheetFileError extends Error {
    constructor(code, fields, messages) {
      super("");
      this.name = "SheetFileError";
      this.code = code; // a scorer.file.<code> message
      this.fields = fields || {};
      this.message = messages ? messages.text(`scorer.file.${code}`, "en", this.fields) : code;
    }
  }

  // ------------------------------------------------------------- messages
  // i18n.Translator: a key, a language, {fields} filled in.
  class Messages {
    constructor(table) { this.table = table; }
    text(key, language, fields = {}) {
      const texts = this.table[key];
      if (!texts) throw new Error(`no message ${key}`);
      return texts[language].replace(/\{(\w+)\}/g, (whole, name) => (hasOwn(fields, name) ? fields[name] : whole));
    }
    /** Problem.message */
    problem(found, language) {
      return this.text(`sheet.problem.${found.code}`, language, Object.assign({ field: found.field }, found.fields));
    }
    /** SheetError.describe: one line per problem, naming the hand. */
    describe(problems, language) {
      return problems.map((found) => (found.hand === null || found.hand === undefined ? ""
        : this.text("sheet.hand", language, { number: String(found.hand) }) + ", ")
        + this.problem(found, language)).join("\n");
    }
  }

  // -------------------------------------------------------------- the flow
  /** sheet.flow.SheetFlow.turn: the hand after ``hands`` ([{contract,
   * declarer}]): its number, the seat that must declare it (null: any), the
   * contracts they may choose, whether the game is over. */
  function flowTurn(plan, players, hands) {
    const number = hands.length;
    if (number >= plan.hands) return { number, declarer: null, options: [], over: true, series_start: 0 };
    let declarer;
    if (number === 0) declarer = null;
    else if (plan.series && number % plan.per_player) declarer = hands[number - 1].declarer;
    else declarer = (hands[number - 1].declarer + 1) % players;
    if (plan.chooser === "fixed-order") {
      const order = plan.pool;
      const index = plan.fixed_once ? number % order.length : Math.floor(number / players) % order.length;
      return { number, declarer, options: [order[index]], over: false, series_start: 0 };
    }
    if (plan.series) {
      const start = number - number % plan.per_player;
      const done = new Set(hands.slice(start).map((h) => contractKey(h.contract)));
      return { number, declarer, options: plan.pool.filter((c) => !done.has(contractKey(c))), over: false,
               series_start: start };
    }
    return { number, declarer, options: rotatingOptions(plan, hands, declarer), over: false, series_start: 0 };
  }
  /** SheetFlow._rotating_options */
  function rotatingOptions(plan, hands, declarer) {
    const pool = plan.draw === "none" ? plan.round : plan.pool;
    if (declarer === null) return pool.slice();
    const mine = hands.filter((h) => h.declarer === declarer).map((h) => contractKey(h.contract));
    const used = new Set(plan.per_player ? mine.slice(mine.length - mine.length % plan.per_player) : []);
    return pool.filter((c) => !used.has(contractKey(c)));
  }

  // ------------------------------------------------------------ doubling
  // engine.doubling: which doubles are legal, how they settle.

  /** doubling.check_doubles: the first pair (in the given order) that
   * breaks a rule, as [pair, rule, fields], or null. */
  function brokenDouble(doubling, declarer, pairs, positive) {
    const given = new Set();
    const doubledDeclarer = new Set(pairs.filter(([, b]) => b === declarer).map(([a]) => a));
    for (const pair of pairs) {
      const [doubler, doubled] = pair;
      if (!doubling.allowed) return [pair, "no_doubling", {}];
      if (doubler === doubled) return [pair, "double_self", {}];
      const key = `${doubler},${doubled}`;
      if (given.has(key)) return [pair, "double_twice", {}];
      given.add(key);
      if (doubler === declarer) {
        if (!doubling.redouble) return [pair, "no_redouble", {}];
        if (!doubledDeclarer.has(doubled)) return [pair, "redouble_only_doublers", {}];
      } else if (doubled !== declarer) {
        if (doubling.whom === "declarer-only") return [pair, "declarer_only", {}];
        if (positive && doubling.positive_declarer_only) return [pair, "positive_declarer_only", {}];
      }
    }
    if (doubling.whom === "declarer-only") {
      const redoubles = pairs.filter(([a]) => a === declarer);
      const covered = new Set(redoubles.map(([, b]) => b));
      const missing = Array.from(doubledDeclarer).filter((s) => !covered.has(s)).sort((x, y) => x - y);
      if (redoubles.length && missing.length) return [redoubles[0], "redouble_cover", { seat: missing[0] }];
    }
    return null;
  }

  /** engine.game.legal_targets: the seats ``seat`` may double now, and
   * whether the answer must be all of them or none. */
  function legalTargets(doubling, declarer, seat, pairs, positive, players) {
    if (!doubling.allowed) return [[], false];
    if (seat === declarer) {
      if (!doubling.redouble) return [[], false];
      const doubledMe = Array.from(new Set(pairs.filter(([, b]) => b === declarer).map(([a]) => a)))
        .sort((x, y) => x - y);
      return [doubledMe, doubling.whom === "declarer-only"];
    }
    if (doubling.whom === "declarer-only" || (positive && doubling.positive_declarer_only)) return [[declarer], false];
    return [range(players).filter((s) => s !== seat), false];
  }

  /** doubling.settle: each seat's net transfer from the doubles. */
  function settle(raw, pairs) {
    const given = new Set(pairs.map(([a, b]) => `${a},${b}`));
    const transfers = raw.map(() => 0);
    for (let a = 0; a < raw.length; a++) {
      for (let b = a + 1; b < raw.length; b++) {
        const times = given.has(`${a},${b}`) + given.has(`${b},${a}`);
        if (times) {
          const amount = times * (raw[a] - raw[b]);
          transfers[a] += amount;
          transfers[b] -= amount;
        }
      }
    }
    return transfers;
  }

  /** doubling.is_not_played: variant 4, a negative contract nobody doubled. */
  const isNotPlayed = (doubling, declarer, pairs, positive) =>
    doubling.undoubled === "not-played" && !positive && pairs.every(([, b]) => b !== declarer);

  /** language.rules.round_half_away(Fraction(a, b)), b > 0, exactly. */
  function roundHalfAway(a, b) {
    const magnitude = Math.floor((2 * Math.abs(a) + b) / (2 * b));
    return a >= 0 ? magnitude : -magnitude;
  }
  /** doubling.not_played_scores: each opponent total/(n−1), rounded, the declarer the rest. */
  function notPlayedScores(total, declarer, players) {
    const share = roundHalfAway(total, players - 1);
    const scores = range(players).map(() => share);
    scores[declarer] = total - share * (players - 1);
    return scores;
  }

  // ------------------------------------------------------------- the facts
  // sheet.facts: the took object read against an entry plan, then scored.

  /** An entry plan (EntryPlan.to_json) with its cards as numbers. */
  function compilePlan(json, cards) {
    const plan = Object.assign({}, json);
    plan.domino = json.keys.includes("placings"); // EntryPlan.keys: placings exactly when domino
    plan.deckCards = json.deck.map((c) => cards.parseRecord(c));
    plan.sets = json.sets.map((s) => Object.assign({}, s, { cardSet: new Set(s.cards.map((c) => cards.parseRecord(c))) }));
    plan.sets.forEach((s) => { s.size = s.cardSet.size; });
    plan.singles = json.singles.map((s) => Object.assign({}, s, { number: cards.parseRecord(s.card) }));
    return plan;
  }

  function perSeat(value, field, players, found) { // facts._per_seat
    if (!Array.isArray(value) || value.length !== players || !value.every(isCount)) {
      found.push(problem(field, "per_seat", { players }));
      return null;
    }
    return value.slice();
  }

  function setMatches(given, counted) { // facts._set_matches
    if (given === counted.name) return true;
    if (!given.includes("+") && !counted.name.includes("+")) return given.toUpperCase() === counted.name.toUpperCase();
    const wanted = new Set(counted.name.split("+").map((c) => pyStrip(c).toUpperCase()));
    const named = new Set(given.split("+").map((c) => pyStrip(c).toUpperCase()));
    return named.size === wanted.size && Array.from(named).every((c) => wanted.has(c));
  }

  /** facts.read_took: the facts as read, and every problem found. */
  function readTook(plan, took, cards) {
    const found = [];
    const facts = { tricks: null, cards: null, takers: null, positions: null, placings: null, longest: null };
    if (!isDict(took)) return [facts, [problem("took", "not_an_object")]];
    const n = plan.players;
    const has = (key) => hasOwn(took, key);
    for (const key of plan.took_keys) {
      if (plan.keys.includes(key) && !has(key)) found.push(problem(`took.${key}`, "missing_key", { key }));
      else if (!plan.keys.includes(key) && has(key)) found.push(problem(`took.${key}`, "unused_key", { key }));
    }
    for (const key of Object.keys(took)) {
      if (!plan.took_keys.includes(key)) {
        found.push(problem(`took.${key}`, "unknown_key", { key, keys: plan.keys.join(", ") || "—" }));
      }
    }
    const wants = (key) => plan.keys.includes(key) && has(key);
    if (wants("tricks")) {
      facts.tricks = perSeat(took.tricks, "took.tricks", n, found);
      if (facts.tricks !== null && sum(facts.tricks) !== plan.tricks) {
        found.push(problem("took.tricks", "tricks_sum", { total: sum(facts.tricks), tricks: plan.tricks }));
        facts.tricks = null;
      }
    }
    if (wants("cards")) facts.cards = readSets(plan, took.cards, found);
    if (wants("card")) facts.takers = readTakers(plan, took.card, found, cards);
    if (wants("trick")) facts.positions = readPositions(plan, took.trick, found);
    if (wants("placings")) facts.placings = readPlacings(plan, took.placings, found);
    if (wants("longest")) facts.longest = readLongest(plan, took.longest, found);
    found.push(...contradictions(plan, facts, cards));
    return [facts, found];
  }

  function readSets(plan, value, found) { // facts._read_sets
    if (!isDict(value)) { found.push(problem("took.cards", "not_an_object")); return null; }
    const counts = new Map();
    for (const given of Object.keys(value)) {
      const counted = plan.sets.find((s) => setMatches(given, s));
      const field = `took.cards.${given}`;
      if (!counted) {
        found.push(problem(field, "unknown_set", { set: given, sets: plan.sets.map((s) => s.name).join(", ") }));
        continue;
      }
      const seats = perSeat(value[given], field, plan.players, found);
      if (seats === null) continue;
      const total = sum(seats);
      if (seats.some((v) => v > counted.size) || !(counted.required <= total && total <= counted.size)) {
        const expected = counted.required === counted.size ? String(counted.size)
          : `${counted.required}–${counted.size}`;
        found.push(problem(field, "set_sum", { set: counted.name, total, expected }));
        continue;
      }
      counts.set(counted.name, seats);
    }
    for (const counted of plan.sets) {
      const named = Object.keys(value).some((g) => found.some((p) => p.field === `took.cards.${g}`));
      if (!counts.has(counted.name) && !named) {
        found.push(problem(`took.cards.${counted.name}`, "missing_set", { set: counted.name }));
      }
    }
    return counts.size === plan.sets.length ? counts : null;
  }

  function readTakers(plan, value, found, cards) { // facts._read_takers
    if (!isDict(value)) { found.push(problem("took.card", "not_an_object")); return null; }
    const takers = new Map();
    const wanted = new Map(plan.singles.map((s) => [s.number, s]));
    for (const given of Object.keys(value)) {
      const card = cards.parseRecord(given);
      const seat = value[given];
      const field = `took.card.${given}`;
      if (card === null || !wanted.has(card)) {
        found.push(problem(field, "unknown_card", { card: given, cards: plan.singles.map((s) => s.card).join(", ") }));
      } else if (takers.has(card)) {
        found.push(problem(field, "card_twice", { card: cards.str(card) }));
      } else if (!isSeat(seat, plan.players)) {
        found.push(problem(field, "not_a_seat", { last: plan.players - 1 }));
      } else {
        takers.set(card, seat);
      }
    }
    for (const single of plan.singles) {
      if (!takers.has(single.number) && !Object.keys(value).some((g) => cards.parseRecord(g) === single.number)) {
        found.push(problem(`took.card.${single.card}`, "missing_card", { card: single.card }));
      }
    }
    return takers.size === plan.singles.length ? takers : null;
  }

  function readPositions(plan, value, found) { // facts._read_positions
    if (!isDict(value)) { found.push(problem("took.trick", "not_an_object")); return null; }
    const wanted = plan.positions.map(([number]) => number);
    const positions = new Map();
    for (const given of Object.keys(value)) {
      const seat = value[given];
      const field = `took.trick.${given}`;
      const number = /^[0-9]+$/.test(given) ? parseInt(given, 10) : null;
      if (number === null || !wanted.includes(number)) {
        found.push(problem(field, "unknown_position", { number: given, numbers: wanted.join(", ") }));
      } else if (!isSeat(seat, plan.players)) {
        found.push(problem(field, "not_a_seat", { last: plan.players - 1 }));
      } else {
        positions.set(number, seat);
      }
    }
    for (const number of wanted) {
      if (!positions.has(number) && !hasOwn(value, String(number))) {
        found.push(problem(`took.trick.${number}`, "missing_position", { number }));
      }
    }
    return positions.size === wanted.length ? positions : null;
  }

  function readPlacings(plan, value, found) { // facts._read_placings
    const n = plan.players;
    const ok = Array.isArray(value) && (value.length === n - 1 || value.length === n)
      && value.every((v) => isSeat(v, n)) && new Set(value).size === value.length;
    if (!ok) { found.push(problem("took.placings", "placings", { last: n - 1 })); return null; }
    const placings = value.slice();
    if (placings.length === n - 1) placings.push(range(n).find((s) => !placings.includes(s)));
    return placings;
  }

  function readLongest(plan, value, found) { // facts._read_longest
    const longest = perSeat(value, "took.longest", plan.players, found);
    if (longest === null) return null;
    const suits = [0, 1, 2, 3].map((suit) => plan.deckCards.filter((c) => Math.floor(c / 13) === suit).length);
    const biggest = Math.max(...suits);
    const least = Math.ceil(biggest / plan.players); // some seat took at least this many of the biggest suit
    if (longest.some((v) => v > biggest) || Math.max(...longest) < least || sum(longest) > plan.deckCards.length) {
      found.push(problem("took.longest", "longest", { least, most: biggest }));
      return null;
    }
    return longest;
  }

  function contradictions(plan, facts, cards) { // facts._contradictions
    const found = [];
    if (facts.cards !== null && facts.takers !== null) {
      for (const [card, seat] of Array.from(facts.takers).sort((x, y) => x[0] - y[0])) {
        for (const counted of plan.sets) {
          if (counted.cardSet.has(card) && facts.cards.get(counted.name)[seat] === 0) {
            found.push(problem(`took.card.${cards.str(card)}`, "taker_without_set",
              { card: cards.str(card), seat, set: counted.name }));
          }
        }
      }
    }
    if (facts.cards !== null) {
      for (const small of plan.sets) {
        for (const big of plan.sets) {
          if (small !== big && Array.from(small.cardSet).every((c) => big.cardSet.has(c))) {
            for (let seat = 0; seat < plan.players; seat++) {
              if (facts.cards.get(small.name)[seat] > facts.cards.get(big.name)[seat]) {
                found.push(problem(`took.cards.${small.name}`, "subset", { seat, small: small.name, big: big.name }));
              }
            }
          }
        }
      }
    }
    if (facts.tricks !== null) {
      facts.tricks.forEach((taken, seat) => {
        const cardsTaken = facts.cards === null ? [] : Array.from(facts.cards.values()).map((counts) => counts[seat]);
        if (cardsTaken.some((count) => count > taken * plan.players)) {
          found.push(problem("took.tricks", "cards_over_tricks", { seat, tricks: taken }));
        }
        const held = [...(facts.takers || new Map()).values(), ...(facts.positions || new Map()).values()]
          .filter((s) => s === seat);
        if (taken === 0 && held.length) found.push(problem("took.tricks", "took_without_tricks", { seat }));
      });
    }
    return found;
  }

  /** facts.score_facts: the raw scores of facts read and checked. */
  function scoreFacts(plan, facts) {
    const n = plan.players;
    let scores = range(n).map(() => 0);
    if (plan.domino) {
      facts.placings.forEach((seat, place) => { scores[seat] += place < plan.placings.length ? plan.placings[place] : 0; });
      return scores;
    }
    for (let seat = 0; seat < n; seat++) {
      if (facts.tricks !== null) scores[seat] += plan.per_trick * facts.tricks[seat];
      for (const counted of plan.sets) scores[seat] += counted.value * facts.cards.get(counted.name)[seat];
    }
    for (const single of plan.singles) scores[facts.takers.get(single.number)] += single.adjust;
    for (const [number, value] of plan.positions) scores[facts.positions.get(number)] += value;
    for (const shares of plan.most) {
      const top = Math.max(...facts.longest);
      const tied = range(n).filter((seat) => facts.longest[seat] === top);
      for (const seat of tied) scores[seat] += shares[tied.length];
    }
    if (plan.all_or_nothing || plan.shoot_the_moon) {
      const sole = soleTaker(plan, facts);
      if (sole !== null) {
        if (plan.all_or_nothing) {
          scores[sole] = -scores[sole];
        } else {
          const total = scores[sole];
          scores = range(n).map(() => total);
          scores[sole] = 0;
        }
      }
    }
    return scores;
  }

  /** facts.sole_taker: the seat that took every scoring element, or null. */
  function soleTaker(plan, facts) {
    let seats = new Set(range(plan.players));
    const keep = (ok) => { seats = new Set(Array.from(seats).filter(ok)); };
    if (facts.tricks !== null && plan.per_trick) keep((s) => facts.tricks[s] === plan.tricks);
    for (const counted of plan.sets) keep((s) => facts.cards.get(counted.name)[s] === counted.size);
    for (const single of plan.singles) keep((s) => s === facts.takers.get(single.number));
    for (const [number] of plan.positions) keep((s) => s === facts.positions.get(number));
    return seats.size === 1 ? Array.from(seats)[0] : null;
  }

  /** facts.score_took: [raw scores or null, problems]. */
  function scoreTook(plan, took, cards) {
    const [facts, found] = readTook(plan, took, cards);
    if (found.length) return [null, found];
    return [scoreFacts(plan, facts), []];
  }

  /** facts.check_raw: one whole number per seat, adding up to a total the contract can have. */
  function checkRaw(raw, players, totals) {
    if (!Array.isArray(raw) || raw.length !== players || !raw.every(isInt)) {
      return [problem("raw", "raw_scores", { players })];
    }
    if (!totals.includes(sum(raw))) return [problem("raw", "raw_sum", { total: sum(raw), totals: totals.join(" / ") })];
    return [];
  }

  // ------------------------------------------------------------- the game
  /** The rules of the page's spec for one player count (data.count_data),
   * read once: contracts by name, entry plans compiled. */
  class Rules {
    constructor(data, players) {
      this.data = data;
      const count = data.counts.find((c) => c.players === players);
      if (!count) throw new Error(`no rules for ${players} players`);
      this.players = players;
      this.plan = count.plan;
      this.deck = count.deck;
      this.cards = new Cards(data.words);
      this.contracts = count.contracts.map((c) => Object.assign({}, c, {
        variants: c.variants.map((v) => Object.assign({}, v, {
          plan: Object.assign(compilePlan(v.plan, this.cards), { took_keys: data.took_keys }),
        })),
      }));
    }
    /** Spec.contract: the contract called ``name``, matched by contract_key, or null. */
    contract(name) {
      const key = contractKey(name);
      return this.contracts.find((c) => contractKey(c.name) === key) || null;
    }
    /** The entry plan and terms of a contract with a trump (a suit letter or null). */
    variant(contract, trump) {
      return contract.variants.find((v) => v.trump === trump) || null;
    }
  }

  class SheetGame {
    /** sheet.game.SheetGame.new: a game with no hands yet. */
    constructor(data, names, messages) {
      const cleaned = names.map((name) => pyStrip(String(name)));
      if (!data.players.includes(cleaned.length)) {
        throw new SheetFileError("player_count", { spec: data.full_name, allowed: data.players.join(", "),
                                                   count: String(cleaned.length) }, messages);
      }
      if (cleaned.some((name) => !name) || new Set(cleaned).size !== cleaned.length) {
        throw new SheetFileError("names", {}, messages);
      }
      this.data = data;
      this.messages = messages;
      this.players = cleaned;
      this.rules = new Rules(data, cleaned.length);
      this.scored = [];
    }

    /** SheetGame.from_json: a game from a docs/sheet.md game object, every
     * hand checked; a game of another spec is refused (the page knows its own). */
    static fromJSON(data, game, messages) {
      const file = (code, fields) => new SheetFileError(code, fields, messages);
      if (!isDict(game) || game.format !== data.format) throw file("format", { format: data.format });
      const { spec: ref, spec_text: text, players: names, hands } = game;
      if (typeof ref !== "string" || !ref) throw file("spec", {});
      if (!Array.isArray(names) || !names.every((n) => typeof n === "string")) throw file("players", {});
      if (!Array.isArray(hands)) throw file("hands", {});
      const same = typeof text === "string" ? text === data.spec_text : ref === data.spec;
      if (!same) throw file("other_spec", { spec: ref, page: data.full_name });
      const sheet = new SheetGame(data, names, messages);
      for (const hand of hands) sheet.add(hand); // the first impossible hand stops the game
      return sheet;
    }

    /** SheetGame.to_json: the docs/sheet.md game object, with spec_text. */
    toJSON() {
      return { format: this.data.format, spec: this.data.spec, spec_text: this.data.spec_text,
               players: this.players.slice(), hands: this.scored.map((h) => h.entry) };
    }

    entered(end = this.scored.length) {
      return this.scored.slice(0, end).map((h) => ({ contract: h.contract, declarer: h.declarer }));
    }
    /** SheetGame.next_turn */
    nextTurn() { return this.turnAt(this.scored.length); }
    turnAt(number) { return flowTurn(this.rules.plan, this.players.length, this.entered(number)); }
    get over() { return this.nextTurn().over; }
    get totals() {
      return this.scored.length ? this.scored[this.scored.length - 1].totals.slice() : this.players.map(() => 0);
    }
    /** SheetGame.winners: the seats with the best total by the spec's aim. */
    get winners() {
      const totals = this.totals;
      const best = this.data.aim === "highest" ? Math.max(...totals) : Math.min(...totals);
      return range(totals.length).filter((s) => totals[s] === best);
    }
    /** SheetGame.against_declarer: the next declarer (null when free) and
     * the doubles each seat made against them in their series (or the game). */
    againstDeclarer() {
      const turn = this.nextTurn();
      if (turn.declarer === null) return [null, this.players.map(() => 0)];
      return [turn.declarer, this.against(turn.declarer, turn.series_start, this.scored.length)];
    }
    against(declarer, start, end) { // SheetGame._against
      const counts = this.players.map(() => 0);
      for (const hand of this.scored.slice(start, end)) {
        for (const [doubler, doubled] of hand.doubles) {
          if (doubled === declarer && hand.declarer === declarer) counts[doubler] += 1;
        }
      }
      return counts;
    }

    /** SheetGame.add: check ``hand`` as the next hand and add it. */
    add(hand) {
      const scored = this.score(hand, this.scored.length);
      this.scored.push(scored);
      return scored;
    }
    /** SheetGame.replace_hands: every hand entered again; on a problem the
     * sheet is left as it was (the error names the hand). */
    replaceHands(hands) {
      const again = new SheetGame(this.data, this.players, this.messages);
      for (const hand of hands) again.add(hand);
      this.scored = again.scored;
    }

    /** SheetGame.score: check and score ``hand`` as hand ``number``
     * (0-based) after the hands before it; throw a SheetError. */
    score(hand, number, turn = this.turnAt(number)) {
      const label = number + 1;
      const refuse = (found) => new SheetError(found.map((p) => Object.assign({ hand: label }, p)), this.messages);
      const found = [];
      if (!isDict(hand)) throw refuse([problem("hand", "hand_object")]);
      for (const key of Object.keys(hand)) {
        if (!this.data.hand_keys.includes(key)) {
          found.push(problem(key, "hand_key", { key, keys: this.data.hand_keys.join(", ") }));
        }
      }
      if (turn.over) throw refuse([problem("hand", "game_over", { hands: this.rules.plan.hands })]);
      const get = (key) => (hasOwn(hand, key) && hand[key] !== undefined ? hand[key] : null);
      const contract = this.checkContract(get("contract"), turn, found);
      const declarer = this.checkDeclarer(get("declarer"), turn, found);
      if (contract === null || declarer === null) throw refuse(found);
      const players = this.players.length;
      const trump = checkTrump(contract, get("trump"), found, this.rules.cards);
      const startRank = checkStartRank(contract, get("start_rank"), found, this.rules.cards);
      const doubles = checkDoubles(get("doubles"), players, found);
      if (found.length) throw refuse(found);
      const result = scoreHand(this.rules, contract, trump, declarer, doubles, get("took"), get("raw"));
      if (result.problems.length) throw refuse(result.problems);
      const previous = number ? this.scored[number - 1].totals : this.players.map(() => 0);
      const totals = previous.map((total, seat) => total + result.final[seat]);
      const cards = this.rules.cards;
      const entry = { contract: contract.name, declarer,
                      trump: trump === null ? null : cards.suitLetter(trump),
                      start_rank: startRank === null ? null : cards.rankLetter(startRank) };
      if (get("took") !== null) entry.took = JSON.parse(JSON.stringify(hand.took));
      if (get("raw") !== null) entry.raw = hand.raw.slice();
      entry.doubles = doubles.map((pair) => pair.slice());
      const against = this.against(declarer, turn.series_start, number);
      for (const [doubler, doubled] of doubles) if (doubled === declarer) against[doubler] += 1;
      return { number, entry, contract: contract.name, declarer, trump, start_rank: startRank, doubles,
               status: result.status, raw: result.raw, transfers: result.transfers, final: result.final,
               totals, against };
    }

    /** A hand scored on its own, as the first hand of a game in which
     * any seat may declare any contract (the page's scoreHand). */
    scoreAlone(hand) {
      const free = { number: 0, declarer: null, options: this.rules.contracts.map((c) => c.name), over: false,
                     series_start: 0 };
      return this.score(hand, 0, free);
    }

    checkContract(name, turn, found) { // SheetGame._contract
      if (typeof name !== "string" || !pyStrip(name)) { found.push(problem("contract", "contract_missing")); return null; }
      const contract = this.rules.contract(name);
      if (contract === null) {
        const names = this.data.contracts;
        const close = closeMatch(name, names);
        if (close !== null) found.push(problem("contract", "contract_close", { name, close }));
        else found.push(problem("contract", "contract_unknown", { name, contracts: names.join(", ") }));
        return null;
      }
      if (!turn.options.includes(contract.name)) {
        found.push(problem("contract", "contract_not_now", { name: contract.name, options: turn.options.join(", ") }));
        return null;
      }
      return contract;
    }

    checkDeclarer(value, turn, found) { // SheetGame._declarer
      const n = this.players.length;
      if (!isSeat(value, n)) { found.push(problem("declarer", "not_a_seat", { last: n - 1 })); return null; }
      if (turn.declarer !== null && value !== turn.declarer) {
        found.push(problem("declarer", "not_their_turn", { seat: value, expected: turn.declarer,
                                                          name: this.players[turn.declarer] }));
        return null;
      }
      return value;
    }
  }

  function checkTrump(contract, value, found, cards) { // game._trump
    const trumps = contract.trumps;
    if (value === null) {
      if (trumps !== null && trumps.suit === null) found.push(problem("trump", "trump_missing", { contract: contract.name }));
      return null;
    }
    const suit = typeof value === "string" ? cards.parseSuit(value) : null;
    if (suit === null) found.push(problem("trump", "trump_unknown", { value }));
    else if (trumps === null) found.push(problem("trump", "trump_unused", { contract: contract.name }));
    else if (trumps.suit !== null && cards.suitLetter(suit) !== trumps.suit) {
      found.push(problem("trump", "trump_fixed", { contract: contract.name, suit: trumps.suit }));
    }
    return suit;
  }

  function checkStartRank(contract, value, found, cards) { // game._start_rank
    const domino = contract.domino;
    if (value === null) {
      if (domino !== null && domino.start === "chosen") found.push(problem("start_rank", "rank_missing", { contract: contract.name }));
      return null;
    }
    const rank = isInt(value) && value >= 2 && value <= 14 ? value
      : typeof value === "string" ? cards.parseRank(value) : null;
    if (rank === null) found.push(problem("start_rank", "rank_unknown", { value }));
    else if (domino === null || domino.start === "first-card") found.push(problem("start_rank", "rank_unused", { contract: contract.name }));
    else if (isInt(domino.start) && domino.start !== rank) {
      found.push(problem("start_rank", "rank_fixed", { contract: contract.name, rank: rankStr(domino.start, cards) }));
    }
    return rank;
  }
  const rankStr = (rank, cards) => (rank === 10 ? "10" : cards.rankLetter(rank)); // cards.rank_str

  function checkDoubles(value, players, found) { // game._doubles
    if (value === null) return [];
    const pairs = [];
    let ok = Array.isArray(value);
    for (const pair of ok ? value : []) {
      if (Array.isArray(pair) && pair.length === 2 && pair.every((s) => isSeat(s, players))) pairs.push([pair[0], pair[1]]);
      else ok = false;
    }
    if (!ok) found.push(problem("doubles", "doubles_shape", { last: players - 1 }));
    return pairs;
  }

  /** The second half of SheetGame.score, once the hand's place in the game,
   * its trump and its doubles are known to be in order: the doubles against
   * the rules, not played or played, the facts or the raw scores, the
   * settlement.  ``trump`` is a suit number or null. */
  function scoreHand(rules, contract, trump, declarer, doubles, took, raw) {
    const players = rules.players;
    const variant = rules.variant(contract, trump === null ? null : rules.cards.suitLetter(trump));
    const doubling = rules.data.doubling;
    const fail = (found) => ({ problems: found });
    const broken = brokenDouble(doubling, declarer, doubles, variant.positive);
    if (broken !== null) {
      const [[doubler, doubled], rule, fields] = broken;
      return fail([problem("doubles", `double.${rule}`, Object.assign({ doubler, doubled }, fields))]);
    }
    if (isNotPlayed(doubling, declarer, doubles, variant.positive)) {
      if (took !== null || raw !== null) return fail([problem(took !== null ? "took" : "raw", "not_played")]);
      const split = notPlayedScores(variant.total, declarer, players);
      return { problems: [], status: "not_played", raw: split, transfers: split.map(() => 0), final: split.slice() };
    }
    if (took !== null && raw !== null) return fail([problem("raw", "took_and_raw")]);
    if (took === null && raw === null) return fail([problem("took", "no_facts")]);
    let scores, found, status;
    if (took !== null) {
      [scores, found] = scoreTook(variant.plan, took, rules.cards);
      status = "played";
    } else {
      found = checkRaw(raw, players, variant.totals);
      scores = found.length ? null : raw.slice();
      status = "raw";
    }
    if (found.length || scores === null) return fail(found);
    const transfers = settle(scores, doubles);
    return { problems: [], status, raw: scores, transfers, final: scores.map((r, s) => r + transfers[s]) };
  }

  return {
    Cards, Messages, Rules, SheetError, SheetFileError, SheetGame,
    checkRaw, closeMatch, contractKey, flowTurn, legalTargets, notPlayedScores, pyStr, pyStrip,
    readTook, scoreHand, scoreTook, settle,
  };
})();

if (typeof module !== "undefined") module.exports = BarbuCore;
