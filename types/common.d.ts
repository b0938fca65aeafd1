// What common.js gives the table and lobby pages.

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

/** /languages.js: each language of the server's catalogs, [code, its name in
 * itself], English first (barbu_dsl.server.words.languages_script). */
declare const BarbuLanguages: [string, string][];
