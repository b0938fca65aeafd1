// @ts-check
/* What the lobby and the table pages share: elements made from text (never
   from markup), the page's words in the reader's language, and requests. */
"use strict";
/* exported Barbu */
/* global BarbuLanguages */

const Barbu = (() => {
  // The languages, each with its name in itself, English first: the
  // server's catalogs (/languages.js, barbu_dsl.server.words.languages_script).
  const LANGUAGES = BarbuLanguages.map(([code]) => code);
  const LANGUAGE_NAMES = Object.fromEntries(BarbuLanguages);

  /* An element with attributes and children; strings become text nodes, so
     names and spec text from users are always text, never markup. */
  /**
   * @template {keyof HTMLElementTagNameMap} K
   * @param {K} tag
   * @param {ElementAttributes | null} [attrs]
   * @param {...ElementChild} children
   * @returns {HTMLElementTagNameMap[K]}
   */
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "text") node.textContent = String(value);
      else if (key === "on") for (const [type, handler] of Object.entries(value)) node.addEventListener(type, handler);
      else if (key === "dataset") Object.assign(node.dataset, value);
      else node.setAttribute(key, value === true ? "" : String(value));
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(typeof child === "string" ? document.createTextNode(child) : child);
    }
    return node;
  }

  /** @template {Node} T @param {T} node @returns {T} */
  function clear(node) {
    while (node.firstChild) node.removeChild(node.firstChild);
    return node;
  }

  /** @param {string | null} fallback @returns {string} */
  function chooseLanguage(fallback) {
    const stored = localStorage.getItem("barbu-language");
    if (stored !== null && LANGUAGES.includes(stored)) return stored;
    if (fallback !== null && LANGUAGES.includes(fallback)) return fallback;
    const browser = (navigator.language || "en").slice(0, 2).toLowerCase();
    return LANGUAGES.includes(browser) ? browser : "en";
  }

  /* The words of one language: fill(key, {field: value}) with {field} in the text. */
  /** @param {string} language @returns {Promise<Words>} */
  async function loadWords(language) {
    const response = await fetch(`/api/words/${language}`);
    /** @type {WordsData} */
    const data = await response.json();
    const words = data.words;
    /** @type {(key: string, fields?: Record<string, unknown>) => string} */
    const base = (key, fields) => {
      let text = words[key];
      if (text === undefined) text = key;
      return text.replace(/\{(\w+)\}/g, (whole, name) => (fields && name in fields ? String(fields[name]) : whole));
    };
    return Object.assign(base, { language, cards: data.cards, texts: data.texts, suits: data.suits,
      ranks: data.ranks, has: (/** @type {string} */ key) => key in words });
  }

  /**
   * A JSON request to the server: whether it succeeded, its status and its JSON body (null when none).
   * @param {string} method
   * @param {string} path
   * @param {unknown} [body]
   * @param {string | null} [owner] the table owner's token
   * @returns {Promise<{ok: boolean, status: number, data: any}>}
   */
  async function request(method, path, body, owner) {
    /** @type {Record<string, string>} */
    const headers = { "Content-Type": "application/json" };
    if (owner) headers.Authorization = `Bearer ${owner}`;
    const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    let data;
    try { data = await response.json(); } catch (error) { data = null; }
    return { ok: response.ok, status: response.status, data };
  }

  /* A list whose items are walked with the arrow keys, Home and End; one of
     them is in the tab order (a roving tabindex).  In a listbox the item
     under focus is also the one selected (selection follows focus). */
  /** @param {HTMLElement} list @param {string} itemSelector */
  function rove(list, itemSelector) {
    list.addEventListener("keydown", (event) => {
      /** @type {HTMLElement[]} */
      const items = Array.from(list.querySelectorAll(itemSelector));
      const at = items.findIndex((item) => item === document.activeElement);
      if (at < 0) return;
      let next = null;
      if (event.key === "ArrowRight" || event.key === "ArrowDown") next = Math.min(items.length - 1, at + 1);
      else if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = Math.max(0, at - 1);
      else if (event.key === "Home") next = 0;
      else if (event.key === "End") next = items.length - 1;
      if (next === null) return;
      event.preventDefault();
      focusItem(items, next);
    });
  }

  /** @param {HTMLElement[]} items @param {number} index */
  function focusItem(items, index) {
    items.forEach((item, i) => {
      item.setAttribute("tabindex", i === index ? "0" : "-1");
      if (item.getAttribute("role") !== "option") return;
      if (i === index) item.setAttribute("aria-selected", "true");
      else item.removeAttribute("aria-selected");
    });
    if (items[index]) items[index].focus();
  }

  /** @param {HTMLSelectElement} select @param {string} current @param {(code: string) => void} onChange */
  function languagePicker(select, current, onChange) {
    clear(select);
    for (const code of LANGUAGES) {
      select.append(el("option", { value: code, lang: code, text: LANGUAGE_NAMES[code] }));
    }
    select.value = current;
    select.addEventListener("change", () => {
      localStorage.setItem("barbu-language", select.value);
      onChange(select.value);
    });
  }

  /* The page's words in the reader's language, with the picker that changes
     them: onChange(words) is called at each change. */
  /** @param {HTMLSelectElement} select @param {(words: Words) => void} onChange @returns {Promise<Words>} */
  async function pageWords(select, onChange) {
    const language = chooseLanguage(null);
    const words = await loadWords(language);
    languagePicker(select, language, async (code) => onChange(await loadWords(code)));
    return words;
  }

  /* The page's own text (elements with data-word) in the words' language. */
  /** @param {Words} say */
  function applyWords(say) {
    document.documentElement.lang = say.language;
    for (const node of document.querySelectorAll("[data-word]")) {
      if (node instanceof HTMLElement) node.textContent = say(node.dataset.word || "");
    }
  }

  /**
   * The page's element of this id, of the kind asked for (an input, a select): the page is the
   * script's own, so one missing or of another kind is a mistake of the page, said at once.
   * @template {HTMLElement} [T=HTMLElement]
   * @param {string} id
   * @param {{new (): T, prototype: T}} [kind]
   * @returns {T}
   */
  function byId(id, kind) {
    const node = document.getElementById(id);
    if (!node || !(node instanceof (kind || HTMLElement))) throw new Error(`the page has no element #${id} of that kind`);
    return /** @type {T} */ (node);
  }

  return { LANGUAGES, byId, el, clear, chooseLanguage, loadWords, request, rove, focusItem, languagePicker, pageWords,
    applyWords };
})();
