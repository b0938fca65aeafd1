// The globals the pages' scripts share that no script of theirs declares.
// (Each script's own global — BarbuBase, BarbuFacts, BarbuCore, BarbuDom,
// BarbuForms, Barbu — is declared by its file, and tsc reads them all as one
// page's scripts.)

/** Unicode's case folding as the Python serving the page applies it
 * (barbu_dsl/scorer/core.py folding_table): written before base.js. */
declare const BarbuFolds: { runs: number[]; each: Record<string, string> } | undefined;

/** Node's, when sheet.js is loaded there for a look; never in a browser. */
declare const module: { exports: unknown } | undefined;

/** common.js el(): attributes (``text`` for the text, ``on`` for listeners,
 * ``dataset``), values null, undefined or false left out. */
type ElementAttributes = Record<string, unknown> & {
  text?: string | number | null;
  on?: Record<string, EventListener>;
  dataset?: Record<string, string>;
};
type ElementLeaf = Node | string | null | undefined | false;
type ElementChild = ElementLeaf | ElementLeaf[];

/** GET /api/words/LANG: a language's words of the pages (docs/server.md). */
interface WordsData {
  words: Record<string, string>;
  cards: Record<string, string>;
  texts: Record<string, string>;
  suits: Record<string, string>;
  ranks: Record<string, string>;
}

/** common.js loadWords(): say(key, fields) is a message of the language with
 * its {fields} filled in (the key itself when there is no such message). */
interface Words {
  (key: string, fields?: Record<string, unknown>): string;
  language: string;
  cards: Record<string, string>;
  texts: Record<string, string>;
  suits: Record<string, string>;
  ranks: Record<string, string>;
  has(key: string): boolean;
}
