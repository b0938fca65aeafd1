// @ts-check
/* facts.js — sheet.facts: the took object of a hand read against the
 * contract's entry plan (compiled.entry.EntryPlan.to_json), every problem
 * found, the raw scores; sheet.facts.check_raw for scores entered directly. */
"use strict";
/* global BarbuBase */
/* exported BarbuFacts */

const BarbuFacts = (function () {
  const { hasOwn, isCount, isDict, isInt, isSeat, problem, pyStrip, range, sum } = BarbuBase;

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
    plan.none_of = json.none_of.map((n) => Object.assign({}, n, {
      numbers: n.cards.map((c) => cards.parseRecord(c)), freeNumbers: n.free.map((c) => cards.parseRecord(c)),
    }));
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

  /** facts.read_took: the facts as read, and every problem found. @returns {[Facts, Problem[]]} */
  function readTook(plan, took, cards) {
    /** @type {Problem[]} */
    const found = [];
    /** @type {Facts} */
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
    // A card a widow set aside has no taker (docs/rules.md section 6): the widow holds so many cards at most.
    const aside = plan.aside || 0;
    const named = new Set(Object.keys(value).map((g) => cards.parseRecord(g)));
    const untaken = plan.singles.filter((s) => !takers.has(s.number) && !named.has(s.number));
    if (untaken.length > aside) {
      for (const single of untaken) found.push(problem(`took.card.${single.card}`, "missing_card", { card: single.card }));
    }
    return takers.size + untaken.length === plan.singles.length && untaken.length <= aside ? takers : null;
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
    if (placings.length === n - 1) placings.push(...range(n).filter((s) => !placings.includes(s)));  // the one left
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
      // what a seat scores for the number of tricks it took (EntryPlan.by_tricks: +10 for no trick)
      if (facts.tricks !== null && plan.by_tricks.length) scores[seat] += plan.by_tricks[facts.tricks[seat]];
      for (const counted of plan.sets) scores[seat] += counted.value * facts.cards.get(counted.name)[seat];
    }
    for (const single of plan.singles) { // a card that lay in a widow set aside has no taker
      if (facts.takers.has(single.number)) scores[facts.takers.get(single.number)] += single.adjust;
    }
    for (const [number, value] of plan.positions) scores[facts.positions.get(number)] += value;
    for (const shares of plan.most) {
      const top = Math.max(...facts.longest);
      const tied = range(n).filter((seat) => facts.longest[seat] === top);
      for (const seat of tied) scores[seat] += shares[tied.length];
    }
    // a seat that took none of some cards (EntryPlan.none_of: +5 for no ♥)
    for (const none of plan.none_of) {
      for (let seat = 0; seat < n; seat++) if (tookNone(plan, facts, none, seat)) scores[seat] += none.value;
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
    // a slam that replaces the hand's scores (EntryPlan.slam: +20 for all tricks instead)
    if (plan.slam !== null && facts.tricks !== null && facts.tricks.includes(plan.tricks)) {
      const slammer = facts.tricks.indexOf(plan.tricks);
      scores = range(n).map((seat) => (seat === slammer ? plan.slam : 0));
    }
    return scores;
  }

  /** NoneOf.took_none: whether a seat took none of a value's cards, by the facts. */
  function tookNone(plan, facts, none, seat) {
    const mine = (card) => facts.takers !== null && facts.takers.get(card) === seat;
    if (none.numbers.some(mine)) return false;
    return plan.sets.every((counted) => !none.sets.includes(counted.name)
      || facts.cards.get(counted.name)[seat] <= none.freeNumbers.filter((c) => mine(c) && counted.cardSet.has(c)).length);
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

  /** facts.score_took: [raw scores or null, problems]. @returns {[number[] | null, Problem[]]} */
  function scoreTook(plan, took, cards) {
    const [facts, found] = readTook(plan, took, cards);
    if (found.length) return [null, found];
    return [scoreFacts(plan, facts), []];
  }

  /** facts.check_raw: one whole number per seat, adding up to a total the contract can have. */
  /** @returns {Problem[]} */
  function checkRaw(raw, players, totals) {
    if (!Array.isArray(raw) || raw.length !== players || !raw.every(isInt)) {
      return [problem("raw", "raw_scores", { players })];
    }
    if (!totals.includes(sum(raw))) return [problem("raw", "raw_sum", { total: sum(raw), totals: totals.join(" / ") })];
    return [];
  }

  return { checkRaw, compilePlan, readTook, scoreFacts, scoreTook };
})();
