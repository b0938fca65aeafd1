// The score sheet's page (barbu scorer): the globals its scripts share that
// none of them declares. (Each script's own global — BarbuBase, BarbuFacts,
// BarbuCore, BarbuDom, BarbuForms — is declared by its file, and tsc reads
// them all as the scripts of one page, in the order the page loads them.)

/** Unicode's case folding as the Python serving the page applies it
 * (barbu_dsl/scorer/core.py folding_table): written before base.js. */
declare const BarbuFolds: { runs: number[]; each: Record<string, string> } | undefined;
/** The cutoff of "did you mean" (runtime.suggestion.CUTOFF), given by the
 * Python that serves the page, as BarbuFolds is. */
declare const BarbuCloseCutoff: number;

/** A rule a hand (or a file) breaks: sheet.facts.Problem. ``hand`` (from 1)
 * once the game knows which hand it is. */
interface Problem { field: string; code: string; fields: Record<string, string>; hand?: number | null }

/** sheet.facts: what a hand's took object says, each part null when not
 * asked for or not read (a problem said why). Sets are counted per seat by
 * name, single cards (as numbers) and trick positions map to their taker. */
interface Facts {
  tricks: number[] | null;
  cards: Map<string, number[]> | null;
  takers: Map<number, number> | null;
  positions: Map<number, number> | null;
  placings: number[] | null;
  longest: number[] | null;
}

/** A hand of a game file (docs/sheet.md, "A hand"). */
interface SheetHandJSON {
  contract: string;
  declarer: number;
  trump?: string | null;
  start_rank?: string | null;
  took?: Record<string, unknown>;
  raw?: number[];
  doubles?: [number, number][];
}

/** A game file of the score sheet (docs/sheet.md): what export writes and import reads. */
interface SheetGameJSON {
  format: string;
  spec: string;
  spec_text?: string;
  players: string[];
  hands: SheetHandJSON[];
}

/** A game the page keeps in the browser, under its id. */
/** A game the page keeps: its id, its game file, and when it was started
 * and last changed (milliseconds since 1970; absent in games kept before
 * the page noted them). */
interface KeptGame { id: string; game: SheetGameJSON; started?: number; changed?: number }

/** A message of the page: its key (after ``scorer.``) and its fields. */
type Said = [string, Record<string, string | number>];

/** What puts the last change back (ui.js, ``putBack``). */
interface PutBack {
  label: string;
  said: Said;
  back?: Said;
  game?: string | null;
  before?: unknown[];
  after?: string;
  draft?: boolean;
  forgot?: string;
}

interface Window {
  /** The score sheet's page as it is, for tests. */
  barbuSheet?: unknown;
}

/** The page data's ``words``: cards' names and notations (barbu_dsl.cards, i18n.cards). */
interface CardWords {
  suit_words: Record<string, number>;
  rank_prefixes: Record<string, number>;
  rank_words: Record<string, number>;
  rank_letters: Record<string, string>;
  suit_letters: string[];
  suit_symbols: string[];
  language_rank_letters: Record<string, Record<string, string>>;
}

/** The page data's ``messages``: each message key, in each language. */
type MessageTable = Record<string, Record<string, string>>;

/** The contracts a problem may name: their names in the spec, and each
 * one's name in the language a message is said in. */
interface ContractNames {
  names: string[];
  inLanguage: (name: string) => string;
}
