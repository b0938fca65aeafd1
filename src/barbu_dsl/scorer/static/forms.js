// @ts-check
/* forms.js — the parts of the hand entry form that depend on the contract:
 * the doubling grid (engine.doubling.legal_targets: only legal cells enabled),
 * the facts of play its entry plan asks for (compiled.entry.EntryPlan.keys:
 * counts per seat, a seat per single card and per scored trick, the domino
 * order, the longest suits), the scores entered directly, the note of a hand
 * not played (engine.doubling.not_played_scores).  Each part gives back a
 * reader of what was entered, for the sheet's checks. */
"use strict";
/* global BarbuCore, BarbuDom */
/* exported BarbuForms */

/** The form parts, speaking through ``words``: {data, t, names, seatName,
 * signed, cardText, setText}. */
function BarbuForms(words) {
  const { choice, el, radioGroup } = BarbuDom;
  const { data, t, seatName, signed, cardText, setText } = words;
  const range = (n) => Array.from({ length: n }, (_, i) => i);
  const stepper = (label, value, options) => BarbuDom.stepper(label, value, Object.assign(
    { fewer: t("fewer", { what: label }), more: t("more", { what: label }) }, options));

  function notPlayedNote(variant, declarer, players) {
    const split = BarbuCore.notPlayedScores(variant.total, declarer, players);
    return {
      nodes: [el("p", { className: "note", id: "not-played" }, t("not_played"), " ",
        split.map((score, seat) => `${seatName(seat)} ${signed(score)}`).join(" · "))],
      read: () => ({}),
    };
  }

  /** The doubling grid: a row per doubler, a column per doubled player;
   * only the cells legal now are enabled (engine.doubling.legal_targets),
   * redoubles included. */
  function doublingGrid(state, variant, players) {
    if (!data.doubling.allowed) return null;
    const declarer = state.declarer;
    const ticked = new Set((state.hand.doubles || []).map(([a, b]) => `${a},${b}`));
    const cells = new Map();
    /** @type {{onchange: (() => void) | null, pairs: () => [number, number][], node?: HTMLElement}} */
    const grid = { onchange: null, pairs: () => [] };
    const pairs = () => {
      // doublers in turn from the one after the declarer, the declarer's redoubles last (the order of the
      // doubling round, engine.doubling.doubling_round; compiled.seating.seat_after says who comes next)
      const after = data.counts.find((c) => c.players === players).plan.after;
      const order = [after[declarer]];
      while (order.length < players) order.push(after[order[order.length - 1]]);
      /** @type {[number, number][]} */
      const result = [];
      for (const doubler of order) for (const doubled of range(players)) {
        if (ticked.has(`${doubler},${doubled}`)) result.push([doubler, doubled]);
      }
      return result;
    };
    grid.pairs = pairs;
    const update = () => {
      for (let again = 0; again < 2; again++) {
        for (let doubler = 0; doubler < players; doubler++) {
          const [targets] = BarbuCore.legalTargets(data.doubling, declarer, doubler, pairs(), variant.positive, players);
          for (let doubled = 0; doubled < players; doubled++) {
            const key = `${doubler},${doubled}`;
            if (!targets.includes(doubled)) ticked.delete(key);
          }
        }
      }
      for (const [key, input] of cells) {
        const [doubler, doubled] = key.split(",").map(Number);
        const [targets] = BarbuCore.legalTargets(data.doubling, declarer, doubler, pairs(), variant.positive, players);
        input.disabled = !targets.includes(doubled);
        input.checked = ticked.has(key);
      }
    };
    const allOrNone = data.doubling.whom === "declarer-only";
    const head = el("tr", {}, el("th", { scope: "col" }, t("doubles_by")),
      ...range(players).map((seat) => el("th", { scope: "col" }, seatName(seat))));
    const rows = range(players).map((doubler) => el("tr", {},
      el("th", { scope: "row" }, seatName(doubler)),
      ...range(players).map((doubled) => {
        if (doubler === doubled) return el("td", { className: "self" }, "—");
        const key = `${doubler},${doubled}`;
        // the declarer's doubles answer those who doubled them, unless the declarer doubles first
        const answers = doubler === declarer && data.doubling.first !== "declarer";
        const label = t(answers ? "redoubles" : "doubles", { doubler: seatName(doubler), doubled: seatName(doubled) });
        const [box, input] = choice("checkbox", "doubles", "", {
          "aria-label": label, checked: ticked.has(key),
          onchange: () => {
            if (input.checked) ticked.add(key); else ticked.delete(key);
            if (allOrNone && doubler === declarer) {
              // variant 3: a redouble covers every player who doubled the declarer
              const [targets] = BarbuCore.legalTargets(data.doubling, declarer, declarer, pairs(), variant.positive, players);
              for (const seat of targets) { if (input.checked) ticked.add(`${declarer},${seat}`); else ticked.delete(`${declarer},${seat}`); }
            }
            update();
            if (grid.onchange) grid.onchange();
          },
        });
        cells.set(key, input);
        return el("td", {}, box);
      })));
    update();
    grid.node = el("fieldset", { className: "doubles", "data-field": "doubles" },
      el("legend", {}, t("doubles_legend")),
      el("p", { className: "hint" }, t("doubles_help")),
      el("div", { className: "scroll" }, el("table", { className: "grid" }, el("thead", {}, head), el("tbody", {}, ...rows))));
    return grid;
  }

  /** The facts this contract needs (EntryPlan.keys), or the raw scores. */
  function factsForm(state, plan, players) {
    const hand = state.hand;
    const took = hand.took || {};
    let mode = hand.raw ? "raw" : "took";
    const box = el("div", {});
    const [modes] = radioGroup(t("entry_mode"), [
      { value: "took", label: t("mode_took") }, { value: "raw", label: t("mode_raw") },
    ], { name: "mode", checked: mode, onchange: (event) => {
      if (event.target instanceof HTMLInputElement) mode = event.target.value;
      draw();
    } });
    let readers = [];
    function draw() {
      readers = [];
      const parts = mode === "raw" ? [rawScores(hand.raw, players, readers)] : factParts(plan, took, players, readers);
      box.replaceChildren(...parts);
    }
    draw();
    return {
      nodes: [modes, box],
      read: () => {
        if (mode === "raw") return { raw: readers[0]() };
        const result = {};
        for (const reader of readers) Object.assign(result, reader());
        return { took: result };
      },
    };
  }

  /** A whole number from an input, or the text itself when it is not one
   * (so the sheet's checks name it). */
  function numberOf(input) {
    const text = input.value.trim().replace(/^[−–]/, "-");
    return /^-?[0-9]+$/.test(text) ? parseInt(text, 10) : (text === "" ? null : text);
  }

  /** What a seat's input starts with: the value given (a hand being
   * changed, or a draft as it was left: blank where nothing was typed), else 0. */
  function startValue(values, seat) {
    if (!Array.isArray(values)) return 0;
    const value = values[seat];
    return typeof value === "number" || typeof value === "string" ? value : "";
  }

  /** Steppers per seat, with the running sum against what it must reach. */
  function perSeat(legend, field, values, expected, players, labelOf, readers, key) {
    const sumLine = el("p", { className: "sum", "aria-live": "off" });
    const inputs = [];
    const update = () => {
      const total = inputs.reduce((a, input) => a + (parseInt(input.value, 10) || 0), 0);
      sumLine.textContent = expected === null ? t("sum", { total }) : t("sum_of", { total, expected });
      sumLine.className = expected !== null && String(total) === String(expected) ? "sum ok" : "sum";
    };
    const rows = range(players).map((seat) => {
      const [node, input] = stepper(labelOf(seat), startValue(values, seat), { min: 0, oninput: update });
      inputs.push(input);
      return el("div", { className: "seat-row" }, el("span", { className: "who", "aria-hidden": "true" }, seatName(seat)), node);
    });
    update();
    readers.push(() => key(inputs.map(numberOf)));
    return el("fieldset", { "data-field": field }, el("legend", {}, legend), ...rows, sumLine);
  }

  function seatPicker(legend, field, checked, readers, write) {
    const [group, inputs] = radioGroup(legend, words.names().map((name, seat) => ({ value: seat, label: name })),
      { checked, field });
    readers.push(() => {
      const picked = inputs.find((input) => input.checked);
      return write(picked ? Number(picked.value) : null);
    });
    return group;
  }

  function factParts(plan, took, players, readers) {
    const parts = [];
    const keys = plan.keys;
    if (keys.includes("tricks")) {
      parts.push(perSeat(t("tricks_legend", { tricks: plan.tricks }), "took.tricks", took.tricks, plan.tricks, players,
        (seat) => t("tricks_of", { name: seatName(seat) }), readers, (values) => ({ tricks: values })));
    }
    if (keys.includes("cards")) {
      const counts = {};
      readers.push(() => ({ cards: counts }));
      for (const set of plan.sets) {
        const given = took.cards ? took.cards[set.name] : null;
        const expected = set.required === set.size ? set.size : `${set.required}–${set.size}`;
        parts.push(perSeat(t("set_legend", { set: setText(set.name), size: expected }), `took.cards.${set.name}`, given,
          expected, players, (seat) => t("set_of", { set: setText(set.name), name: seatName(seat) }), readers,
          (values) => { counts[set.name] = values; return {}; }));
      }
    }
    if (keys.includes("card")) {
      const takers = {};
      readers.push(() => ({ card: takers }));
      for (const single of plan.singles) {
        const given = took.card && Number.isInteger(took.card[single.card]) ? took.card[single.card] : null;
        // A card a widow or the dealer's discards set aside has no taker (docs/rules.md section 6).
        const legend = t(plan.aside ? "card_legend_aside" : "card_legend", { card: cardText(single.card) });
        parts.push(seatPicker(legend, `took.card.${single.card}`, given, readers,
          (seat) => { if (seat !== null) takers[single.card] = seat; return {}; }));
      }
    }
    if (keys.includes("trick")) {
      const positions = {};
      readers.push(() => ({ trick: positions }));
      for (const [number] of plan.positions) {
        const given = took.trick && Number.isInteger(took.trick[String(number)]) ? took.trick[String(number)] : null;
        parts.push(seatPicker(t("trick_legend", { number }), `took.trick.${number}`, given, readers,
          (seat) => { if (seat !== null) positions[String(number)] = seat; return {}; }));
      }
    }
    if (keys.includes("placings")) parts.push(placingsPicker(took.placings, players, readers));
    if (keys.includes("longest")) {
      parts.push(perSeat(t("longest_legend"), "took.longest", took.longest, null, players,
        (seat) => t("longest_of", { name: seatName(seat) }), readers, (values) => ({ longest: values })));
    }
    return parts;
  }

  /** Domino: who went out first, second, ...; the last place follows. */
  function placingsPicker(given, players, readers) {
    const groups = [];
    const pickers = [];
    for (let place = 0; place < players - 1; place++) {
      const [group, inputs] = radioGroup(t("place", { place: place + 1 }), words.names().map((name, seat) => ({ value: seat, label: name })),
        { checked: given && Number.isInteger(given[place]) ? given[place] : null, onchange: () => last() });
      groups.push(group);
      pickers.push(inputs);
    }
    const picked = () => pickers.map((inputs) => { const p = inputs.find((i) => i.checked); return p ? Number(p.value) : null; });
    const lastLine = el("p", { className: "sum" });
    const last = () => {
      const order = picked();
      const left = range(players).filter((s) => !order.includes(s));
      lastLine.textContent = order.every((s) => s !== null) && left.length === 1
        ? t("last_out", { name: seatName(left[0]) }) : "";
    };
    last();
    readers.push(() => {
      const order = picked().filter((s) => s !== null);
      const left = range(players).filter((s) => !order.includes(s));
      return { placings: order.length === players - 1 && left.length === 1 ? [...order, left[0]] : order };
    });
    return el("fieldset", { "data-field": "took.placings" }, el("legend", {}, t("placings_legend")), ...groups, lastLine);
  }

  function rawScores(given, players, readers) {
    const inputs = [];
    const rows = range(players).map((seat) => {
      const [node, input] = stepper(t("raw_of", { name: seatName(seat) }), startValue(given, seat), {});
      inputs.push(input);
      return el("div", { className: "seat-row" }, el("span", { className: "who", "aria-hidden": "true" }, seatName(seat)), node);
    });
    readers.push(() => inputs.map(numberOf));
    return el("fieldset", { "data-field": "raw" }, el("legend", {}, t("raw_legend")), ...rows);
  }

  return { doublingGrid, factsForm, notPlayedNote };
}
