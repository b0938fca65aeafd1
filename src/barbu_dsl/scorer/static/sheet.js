// @ts-check
/* sheet.js — sheet.flow, engine.doubling and sheet.game: whose turn it is,
 * which doubles are legal and how they settle, and the game itself (every
 * hand checked in the Python sheet's order, scored, totalled).  See base.js
 * for what the three files of the sheet's rules share. */
"use strict";
/* global BarbuBase, BarbuFacts, BarbuCloseCutoff */
/* exported BarbuCore */

const BarbuCore = (function () {
  const { Cards, Messages, SheetError, SheetFileError, contractKey, hasOwn, isDict, isInt, isSeat, problem, pyStr,
          pyStrip, range } = BarbuBase;
  const { checkRaw, compilePlan, readTook, scoreTook } = BarbuFacts;

  // -------------------------------------------------------- close matches
  // runtime.suggestion.closest(word, names, contract_key), as
  // SheetGame._contract uses it for "did you mean": difflib's
  // get_close_matches(n=1) over the names' keys, at the cutoff the Python
  // that serves the page gives (BarbuCloseCutoff).
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
      const [alo, ahi, blo, bhi] = /** @type {number[]} */ (queue.pop());
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
  function closeMatch(word, names) {
    const cutoff = BarbuCloseCutoff;
    const byKey = new Map();
    for (const name of names) if (!byKey.has(contractKey(name))) byKey.set(contractKey(name), name);
    const b = Array.from(contractKey(word));
    let best = null;
    for (const key of byKey.keys()) {
      const a = Array.from(key);
      const total = a.length + b.length;
      const real = total ? 2 * Math.min(a.length, b.length) / total : 1;
      if (real >= cutoff && quickRatio(a, b) >= cutoff) {
        const score = ratio(a, b);
        if (score >= cutoff && (best === null || score > best[0] || (score === best[0] && key > best[1]))) {
          best = [score, key];
        }
      }
    }
    return best === null ? null : byKey.get(best[1]);
  }

  // -------------------------------------------------------------- the flow
  /** runtime.scoring.target_reached: whether some total reaches ``target``
   * (at least it when positive, at most it when negative; never without one). */
  function targetReached(target, totals) {
    if (target === null || target === undefined) return false;
    return totals.some((total) => (target > 0 ? total >= target : total <= target));
  }

  /** runtime.scoring.add_hand: the running totals after a hand that scored
   * ``final``: each total plus its score, then a total equal to a reset's
   * first number becomes its second (once, never chained). */
  function addHand(totals, final, resets = []) {
    const after = new Map(resets.map(([exactly, to]) => [exactly, to]));
    return totals.map((total, seat) => {
      const sum = total + final[seat];
      return after.has(sum) ? after.get(sum) : sum;
    });
  }

  /** runtime.scoring.payouts: what each seat receives (or pays) at the end
   * of a game with these ``totals``, by its place (``amounts``, first place
   * first); players with equal totals share the places they fill, rounded
   * half away from zero. */
  function payouts(totals, amounts, lowestWins) {
    const order = totals.map((_, seat) => seat)
      .sort((a, b) => (lowestWins ? totals[a] - totals[b] : totals[b] - totals[a]) || a - b);
    const paid = totals.map(() => 0);
    let place = 0;
    while (place < order.length) {
      const tied = order.slice(place).filter((seat) => totals[seat] === totals[order[place]]);
      const sum = amounts.slice(place, place + tied.length).reduce((a, b) => a + b, 0);
      const share = roundHalfAway(sum, tied.length);
      for (const seat of tied) paid[seat] = share;
      place += tied.length;
    }
    return paid;
  }

  /** runtime.scoring.from_pot: what each seat collects from a pot holding
   * ``pot`` after a hand that scored ``final`` (every score 0 or less),
   * and the pot left: the players who scored 0 share it in whole points. */
  function fromPot(pot, final) {
    const left = pot - final.reduce((a, b) => a + b, 0);
    const takers = final.filter((score) => score === 0).length;
    if (!takers) return { collected: final.map(() => 0), pot: left };
    const share = Math.floor(left / takers);
    return { collected: final.map((score) => (score === 0 ? share : 0)), pot: left - share * takers };
  }

  /** compiled.schedule.plan_turn and sheet.flow.SheetFlow.turn: the hand
   * after ``hands`` ([{contract, declarer}]) whose running totals are
   * ``totals``: its number, the seat that must declare it (null: any), the
   * contracts they may choose, whether the game is over (every hand
   * played, or a game to a target score whose target a total reached). */
  function flowTurn(plan, players, hands, totals = []) {
    const number = hands.length;
    if (number >= plan.hands || targetReached(plan.target, totals)) {
      return { number, declarer: null, options: [], over: true, series_start: 0, count_start: 0 };
    }
    let declarer;
    if (number === 0) declarer = null;
    else if (plan.series && number % plan.per_player) declarer = hands[number - 1].declarer;
    else declarer = plan.after[hands[number - 1].declarer];
    // GamePlan.count_start: the advisory count of doubles covers the series, the rubber or the game
    const count_start = plan.counted === "game" ? 0 : number - number % plan.per_player;
    if (plan.chooser === "fixed-order") {
      const order = plan.pool;
      const index = plan.fixed_once ? number % order.length : Math.floor(number / players) % order.length;
      return { number, declarer, options: [order[index]], over: false, series_start: 0, count_start: 0 };
    }
    if (plan.series) {
      const start = number - number % plan.per_player;
      if (plan.chooser === "fixed-series") {
        return { number, declarer, options: [plan.unit[number - start]], over: false, series_start: start, count_start };
      }
      const used = counter(hands.slice(start).map((h) => h.contract));
      return { number, declarer, options: left(plan.unit, used), over: false, series_start: start, count_start };
    }
    if (plan.lists === "shared") {
      return { number, declarer, options: sharedOptions(plan, players, hands, declarer), over: false, series_start: 0,
               count_start };
    }
    return { number, declarer, options: ownOptions(plan, hands, declarer), over: false, series_start: 0, count_start };
  }
  /** How many times each contract (by contract_key) appears in ``names``. */
  function counter(names) {
    const counts = new Map();
    for (const name of names) counts.set(contractKey(name), (counts.get(contractKey(name)) || 0) + 1);
    return counts;
  }
  /** schedule._left: the distinct contracts of ``unit`` played fewer times than it holds them. */
  function left(unit, used) {
    const counts = counter(unit);
    const seen = new Set();
    const options = [];
    for (const name of unit) {
      const key = contractKey(name);
      if (!seen.has(key) && counts.get(key) > (used.get(key) || 0)) options.push(name);
      seen.add(key);
    }
    return options;
  }
  /** schedule._own_options: a rotating chooser's list without their current pass over it. */
  function ownOptions(plan, hands, declarer) {
    const own = plan.draw === "none" ? plan.round : plan.pool;
    if (declarer === null) return left(own, new Map());
    const mine = hands.filter((h) => h.declarer === declarer).map((h) => h.contract);
    const used = plan.per_player ? mine.slice(mine.length - mine.length % plan.per_player) : [];
    return left(own, counter(used));
  }
  /** schedule._shared_options: what is left of the rubber's shared list for this chooser. */
  function sharedOptions(plan, players, hands, declarer) {
    const number = hands.length;
    const start = number - number % plan.per_player;
    const end = Math.min(start + plan.per_player, plan.hands);
    const rubber = hands.slice(start);
    const open = left(plan.unit, counter(rubber.map((h) => h.contract)));
    const quotas = new Map(Object.entries(plan.quotas));
    if (!quotas.size) return open;
    const chosen = counter(rubber.filter((h) => h.declarer === declarer).map((h) => h.contract));
    const mine = Math.ceil((end - number) / players);
    let owed = 0;
    for (const [key, quota] of quotas) owed += Math.max(0, quota - (chosen.get(key) || 0));
    const spare = mine - owed;
    return open.filter((name) => {
      const key = contractKey(name);
      return quotas.has(key) ? (chosen.get(key) || 0) < quotas.get(key) : spare > 0;
    });
  }

  // ------------------------------------------------------------ doubling
  // engine.doubling: which doubles are legal, how they settle.

  /** doubling.declarer_opens: whether the declarer may double first, anyone
   * who may be doubled (first: declarer, docs/rules.md section 6). */
  function declarerOpens(doubling, positive) {
    return doubling.first === "declarer" && !(positive && doubling.positive_declarer_only);
  }

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
        if (declarerOpens(doubling, positive)) continue;  // an opening double, or a redouble
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

  /** engine.doubling.legal_targets: the seats ``seat`` may double now, and
   * whether the answer must be all of them or none.
   * @returns {[number[], boolean]} */
  function legalTargets(doubling, declarer, seat, pairs, positive, players) {
    if (!doubling.allowed) return [[], false];
    if (seat === declarer && declarerOpens(doubling, positive)) return [range(players).filter((s) => s !== seat), false];
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
        const times = Number(given.has(`${a},${b}`)) + Number(given.has(`${b},${a}`));
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
        throw new SheetFileError("player_names", {}, messages);
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
      if (!isDict(game) || game.format !== data.format) throw file("not_a_sheet", { format: data.format });
      const { spec: ref, spec_text: text, players: names, hands } = game;
      if (typeof ref !== "string" || !ref) throw file("no_spec", {});
      if (!Array.isArray(names) || !names.every((n) => typeof n === "string")) throw file("no_players", {});
      if (!Array.isArray(hands)) throw file("no_hands", {});
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
    turnAt(number) {
      const totals = number ? this.scored[number - 1].totals : [];
      return flowTurn(this.rules.plan, this.players.length, this.entered(number), totals);
    }
    /** SheetFlow.over_after: the hands a game that is over was played in. */
    overAfter(played) { return this.rules.plan.target === null ? this.rules.plan.hands : played; }
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
      return [turn.declarer, this.against(turn.declarer, turn.count_start, this.scored.length)];
    }
    against(declarer, start, end) { // SheetGame._against (per: rubber counts the doubles of every declarer)
      const rubber = this.rules.plan.counted === "rubber";
      const counts = this.players.map(() => 0);
      for (const hand of this.scored.slice(start, end)) {
        for (const [doubler, doubled] of hand.doubles) {
          if (doubled === hand.declarer && (rubber || hand.declarer === declarer)) counts[doubler] += 1;
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
      if (turn.over) throw refuse([problem("hand", "game_over", { hands: this.overAfter(number) })]);
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
      // The pot first (section 6, "A pot"), then the resets (section 6, "Running totals").
      const potBefore = number ? this.scored[number - 1].pot : 0;
      const taken = this.rules.plan.pot ? fromPot(potBefore, result.final)
        : { collected: result.final.map(() => 0), pot: potBefore };
      const totals = addHand(previous, result.final.map((score, seat) => score + taken.collected[seat]),
                             this.rules.plan.reset);
      const cards = this.rules.cards;
      const entry = { contract: contract.name, declarer,
                      trump: trump === null ? null : cards.suitLetter(trump),
                      start_rank: startRank === null ? null : cards.rankLetter(startRank) };
      if (get("took") !== null) entry.took = JSON.parse(JSON.stringify(hand.took));
      if (get("raw") !== null) entry.raw = hand.raw.slice();
      entry.doubles = doubles.map((pair) => pair.slice());
      const against = this.against(declarer, turn.count_start, number);
      for (const [doubler, doubled] of doubles) if (doubled === declarer) against[doubler] += 1;
      return { number, entry, contract: contract.name, declarer, trump, start_rank: startRank, doubles,
               status: result.status, raw: result.raw, transfers: result.transfers, final: result.final,
               totals, against, pot: taken.pot };
    }

    /** A hand scored on its own, as the first hand of a game in which
     * any seat may declare any contract (the page's scoreHand). */
    scoreAlone(hand) {
      const free = { number: 0, declarer: null, options: this.rules.contracts.map((c) => c.name), over: false,
                     series_start: 0, count_start: 0 };
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
    /** @type {number[] | null} */
    let scores;
    /** @type {Problem[]} */
    let found;
    let status;
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
    addHand, checkRaw, closeMatch, contractKey, flowTurn, fromPot, payouts, legalTargets, notPlayedScores, pyStr, pyStrip,
    readTook, scoreHand, scoreTook, settle,
  };
})();

