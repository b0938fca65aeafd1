// @ts-check
/* base.js — what the sheet's rules share: Python's view of a JSON value,
 * cards and their notations (barbu_dsl.cards), problems and their messages
 * (sheet.facts.Problem, i18n.Translator), the sheet's errors.
 *
 * The score sheet's rules in the page (docs/sheet.md) are three files:
 * base.js, facts.js (a hand's facts checked and scored) and sheet.js (the
 * flow, the doubling, the game).  They follow the page's data
 * (barbu_dsl/scorer/data.py), which the Python core worked out from the
 * compiled rules; each part names the Python function it mirrors, and must
 * give the same answers: the same scores, the same problems with the same
 * codes, fields and words.  Plain ES2017, no dependencies; they touch no
 * page element, so they run in any JavaScript engine.
 */
"use strict";
/* global BarbuFolds */
/* exported BarbuBase */

const BarbuBase = (function () {
  // ---------------------------------------------------------------- values
  // Python's view of a JSON value: an int is a whole number (and never a
  // boolean), an object is a dict (not a list, not null).
  /** @param {unknown} v @returns {v is number} */
  const isInt = (v) => typeof v === "number" && Number.isInteger(v);
  /** @param {unknown} v @returns {v is number} */
  const isCount = (v) => isInt(v) && v >= 0; // facts._is_count
  /** @param {unknown} v @param {number} n @returns {v is number} */
  const isSeat = (v, n) => isInt(v) && v >= 0 && v < n; // facts._is_seat
  /** @param {unknown} v @returns {v is Record<string, any>} */
  const isDict = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
  /** @param {object} object @param {string | number} key */
  const hasOwn = (object, key) => Object.prototype.hasOwnProperty.call(object, key);
  /** @param {number[]} values */
  const sum = (values) => values.reduce((a, b) => a + b, 0);
  /** @param {number} n */
  const range = (n) => Array.from({ length: n }, (_, i) => i);

  // Python's str.strip() (its whitespace, not JavaScript's).
  const PY_SPACE = "[\\t-\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
  const STRIP = new RegExp(`^${PY_SPACE}+|${PY_SPACE}+$`, "g");
  /** @param {string} text */
  const pyStrip = (text) => text.replace(STRIP, "");
  // cards._key: no emoji variation selectors (``♥️`` is ``♥``), trimmed.
  /** @param {string} text */
  const cardKey = (text) => pyStrip(text.replace(/[\ufe0e\ufe0f]/g, ""));

  // Python's str() of a JSON value, for the words of a message.
  /** @param {unknown} value @param {boolean} [nested] @returns {string} */
  function pyStr(value, nested = false) {
    if (value === null || value === undefined) return "None";
    if (value === true) return "True";
    if (value === false) return "False";
    if (typeof value === "string") return nested ? pyRepr(value) : value;
    if (Array.isArray(value)) return "[" + value.map((v) => pyStr(v, true)).join(", ") + "]";
    if (typeof value === "object") {
      return "{" + Object.entries(value).map(([k, v]) => `${pyRepr(k)}: ${pyStr(v, true)}`).join(", ") + "}";
    }
    return String(value);
  }
  /** @param {string} text */
  function pyRepr(text) {
    const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
    return quote + text.replace(/\\/g, "\\\\").replace(new RegExp(quote, "g"), "\\" + quote) + quote;
  }

  // ---------------------------------------------------------------- cards
  // barbu_dsl.cards: a card is suit * 13 + rank - 2, suits C D H S.
  class Cards {
    /** @param {CardWords} words */
    constructor(words) {
      this.words = words;
      this.suitWords = new Map(Object.entries(words.suit_words));
      this.rankPrefixes = new Map(Object.entries(words.rank_prefixes));
      this.rankWords = new Map(Object.entries(words.rank_words));
    }
    /** @param {number} rank */
    rankLetter(rank) { return this.words.rank_letters[String(rank)]; }
    /** @param {number} suit */
    suitLetter(suit) { return this.words.suit_letters[suit]; }
    /** i18n.cards.card_text: a card in a language's letters, ``R♥``. @param {number} card @param {string} language */
    text(card, language) {
      const rank = card % 13 + 2;
      const letter = this.words.language_rank_letters[language][String(rank)] || String(rank);
      return letter + this.words.suit_symbols[Math.floor(card / 13)];
    }
    /** cards.card_str: ``TS``, ``QH``. @param {number} card */
    str(card) { return this.rankLetter(card % 13 + 2) + this.suitLetter(Math.floor(card / 13)); }
    /** cards.parse_suit: a suit as a symbol, letter or word, or null. @param {string} text */
    parseSuit(text) {
      const suit = this.suitWords.get(cardKey(text).toLowerCase());
      return suit === undefined ? null : suit;
    }
    /** cards.parse_rank: a rank as a letter, a number or a word, or null. @param {string} text @returns {number | null} */
    parseRank(text) {
      const key = cardKey(text).toLowerCase();
      const rank = this.rankPrefixes.has(key) ? this.rankPrefixes.get(key) : this.rankWords.get(key);
      return rank === undefined ? null : rank;
    }
    /** cards.parse_record_card: ``AH``, ``10♣``, case-insensitive, or null. @param {string} text @returns {number | null} */
    parseRecord(text) {
      const key = Array.from(cardKey(text).toLowerCase().toUpperCase());
      if (key.length < 2) return null;
      const head = key.slice(0, -1).join("");
      /** @type {Record<string, number>} */
      const ranks = { A: 14, K: 13, Q: 12, J: 11, T: 10, 10: 10 };
      let rank = hasOwn(ranks, head) ? ranks[head] : null;
      if (rank === null && key.length === 2 && key[0] >= "2" && key[0] <= "9") rank = Number(key[0]);
      /** @type {Record<string, number>} */
      const suits = { S: 3, H: 2, D: 1, C: 0, "♠": 3, "♥": 2, "♦": 1, "♣": 0 };
      const last = key[key.length - 1];
      if (rank === null || !hasOwn(suits, last)) return null;
      return suits[last] * 13 + rank - 2;
    }
  }

  /** Python's str.casefold, from the table the Python serving the page
   * writes before this script (``BarbuFolds``: barbu_dsl/scorer/core.py):
   * runs of one-character foldings, four numbers a run, and the rest
   * character by character. */
  /** @type {Map<string, string>} */
  const folds = new Map();
  if (typeof BarbuFolds !== "undefined") {
    const runs = BarbuFolds.runs;
    for (let r = 0; r < runs.length; r += 4) {
      const [first, count, step, shift] = runs.slice(r, r + 4);
      for (let i = 0; i < count; i++) {
        const point = first + i * step;
        folds.set(String.fromCodePoint(point), String.fromCodePoint(point + shift));
      }
    }
    for (const [ch, folded] of Object.entries(BarbuFolds.each)) folds.set(ch, folded);
  }
  /** @param {string} text */
  const caseFold = (text) => Array.from(text, (ch) => (folds.has(ch) ? folds.get(ch) : ch)).join("");

  /** runtime.records.contract_key: no case, spaces, ``-`` or ``_``. */
  /** @param {string} name */
  const contractKey = (name) => Array.from(caseFold(name)).filter((ch) => !" -_\t".includes(ch)).join("");

  // ------------------------------------------------------------- problems
  // sheet.facts.Problem: where, which rule, the words of its message.
  /** @param {string} field @param {string} code @param {Record<string, unknown>} [fields] @returns {Problem} */
  function problem(field, code, fields = {}) {
    /** @type {Record<string, string>} */
    const words = {};
    for (const [key, value] of Object.entries(fields)) words[key] = pyStr(value);
    return { field, code, fields: words };
  }

  /** A hand (or a file) that breaks a rule: sheet.game.SheetError. */
  class SheetError extends Error {
    /** @param {Problem[]} problems @param {Messages | null} [messages] */
    constructor(problems, messages) {
      super("");
      this.name = "SheetError";
      this.problems = problems; // [{hand: number from 1 or null, field, code, fields}]
      this.message = messages ? messages.describe(problems, "en") : problems.map((p) => p.code).join(", ");
    }
  }
  /** The message key of a game file refused: the Python sheet's own
   * (sheet.file.<code>), or the page's (scorer.file.<code>: not JSON, a game
   * of other rules). */
  const PAGE_FILE_CODES = ["json", "other_spec"];
  /** @param {string} code */
  function fileMessageKey(code) {
    return PAGE_FILE_CODES.includes(code) ? `scorer.file.${code}` : `sheet.file.${code}`;
  }

  /** A game file that cannot be used at all: sheet.game.SheetFileError
   * (``code`` is its ``key``). */
  class SheetFileError extends Error {
    /** @param {string} code @param {Record<string, string> | null} [fields] @param {Messages | null} [messages] */
    constructor(code, fields, messages) {
      super("");
      this.name = "SheetFileError";
      this.code = code;
      this.fields = fields || {};
      this.message = messages ? messages.text(fileMessageKey(code), "en", this.fields) : code;
    }
  }

  // ------------------------------------------------------------- messages
  // i18n.Translator: a key, a language, {fields} filled in.
  class Messages {
    /** @param {MessageTable} table */
    constructor(table) { this.table = table; }
    /** @param {string} key @param {string} language @param {Record<string, string>} [fields] @returns {string} */
    text(key, language, fields = {}) {
      const texts = this.table[key];
      if (!texts) throw new Error(`no message ${key}`);
      return texts[language].replace(/\{(\w+)\}/g, (whole, name) => (hasOwn(fields, name) ? fields[name] : whole));
    }
    /** Problem.message @param {Problem} found @param {string} language */
    problem(found, language) {
      return this.text(`sheet.problem.${found.code}`, language, Object.assign({ field: found.field }, found.fields));
    }
    /** SheetError.describe: one line per problem, naming the hand (in a
     * scorer's words, sheet.said, when the players' ``names`` are given). */
    /** @param {Problem[]} problems @param {string} language @param {string[] | null} [names]
        @param {Cards | null} [cards] @param {ContractNames | null} [contracts] */
    describe(problems, language, names = null, cards = null, contracts = null) {
      return problems.map((found) => (found.hand === null || found.hand === undefined ? ""
        : this.text("sheet.hand", language, { number: String(found.hand) }) + ", ")
        + (names ? this.said(found, language, names, cards, contracts) : this.problem(found, language))).join("\n");
    }
    /** sheet.said.said: a problem in a scorer's words: seats by name, counted
     * sets in words, a card with its article in the language's letters;
     * with ``contracts`` (a contract's name in the language, by its name in
     * the spec), every contract by its name in the language, a list of them
     * too.
     * @param {Problem} found @param {string} language @param {string[]} names @param {Cards | null} cards
     * @param {ContractNames | null} [contracts] */
    said(found, language, names, cards, contracts = null) {
      const key = `sheet.said.${found.code}`;
      const named = contracts ? this.contractFields(found, contracts) : found;
      if (!this.table[key] || !cards) return this.problem(named, language);
      /** @type {Record<string, string>} */
      const words = {};
      for (const [name, value] of Object.entries(named.fields)) {
        if (named !== found && named.fields[name] !== found.fields[name]) {
          words[name] = value; // a contract's name, in the language already
        } else if (SAID_SEATS.includes(name) && /^[0-9]+$/.test(value) && Number(value) < names.length) {
          words[name] = names[Number(value)];
        } else if (SAID_SETS.includes(name)) {
          words[name] = this.setWords(value, language, cards);
        } else if (name === "card") {
          const card = cards.parseRecord(value);
          words[name] = card === null ? value : this.text(`cards.article.${card % 13 + 2}`, language) + cards.text(card, language);
        } else {
          words[name] = value;
        }
      }
      return this.text(key, language, words);
    }
    /** ``found`` with the contracts its fields name (SAID_CONTRACTS) in
     * their names in the language: a field that is one contract's name, or
     * a list of them joined by ", " (sheet.hand.find_contract, flow's
     * options); any other text stays as it is.
     * @param {Problem} found @param {ContractNames} contracts @returns {Problem} */
    contractFields(found, contracts) {
      const fields = Object.assign({}, found.fields);
      for (const name of SAID_CONTRACTS) {
        if (!hasOwn(fields, name) || (name === "name" && !found.code.startsWith("contract_"))) continue;
        const listed = splitNames(fields[name], contracts.names);
        if (listed !== null) fields[name] = listed.map(contracts.inLanguage).join(", ");
      }
      return Object.assign({}, found, { fields });
    }
    /** sheet.said.set_words: ``hearts``, ``queens``, ``trumps``, ``D♠ and R♥``.
     * @param {string} name @param {string} language @param {Cards} cards */
    setWords(name, language, cards) {
      if (name === "trump" || name === "card") return this.text(`sheet.said.set.${name}`, language);
      if (name.includes("+")) {
        const shown = name.split("+").map((part) => cards.parseRecord(part)).filter((c) => c !== null)
          .map((c) => cards.text(c, language));
        return shown.length > 1 ? this.text("answers.and", language, { items: shown.slice(0, -1).join(", "),
                                                                        last: shown[shown.length - 1] })
          : shown.join("");
      }
      const suit = cards.words.suit_letters.indexOf(name);
      if (name.length === 1 && suit >= 0) return this.text(`cards.suits.${suit}`, language);
      const rank = cards.parseRank(name);
      return rank === null ? name : this.text(`cards.ranks.${rank}`, language);
    }
  }
  const SAID_SEATS = ["seat", "doubler", "doubled", "expected"]; // sheet.said.SEATS
  const SAID_SETS = ["set", "small", "big"]; // sheet.said.SETS
  // Fields that name a contract or list contracts ("name" only in the problems of the contract's field).
  const SAID_CONTRACTS = ["name", "contract", "close", "options", "contracts"];
  /** ``text`` as the contract names it lists, joined by ", " (a name may
   * hold ", " itself), or null when it is not such a list.
   * @param {string} text @param {string[]} names @returns {string[] | null} */
  function splitNames(text, names) {
    if (text === "") return [];
    for (const name of names) {
      if (text === name) return [name];
      if (text.startsWith(name + ", ")) {
        const rest = splitNames(text.slice(name.length + 2), names);
        if (rest !== null && rest.length) return [name, ...rest];
      }
    }
    return null;
  }

  return { Cards, Messages, SheetError, SheetFileError, contractKey, fileMessageKey, hasOwn, isCount, isDict, isInt, isSeat,
           problem, pyStr, pyStrip, range, sum };
})();
