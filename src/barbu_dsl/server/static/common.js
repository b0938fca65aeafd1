/* What the lobby and the table pages share: elements made from text (never
   from markup), the page's words in the reader's language, and requests. */
"use strict";

const Barbu = (() => {
  // The languages, each with its name in itself, English first: the
  // server's catalogs (/languages.js, barbu_dsl.server.words.languages_script).
  const LANGUAGES = BarbuLanguages.map(([code]) => code);
  const LANGUAGE_NAMES = Object.fromEntries(BarbuLanguages);

  /* An element with attributes and children; strings become text nodes, so
     names and spec text from users are always text, never markup. */
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "text") node.textContent = value;
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

  function clear(node) {
    while (node.firstChild) node.removeChild(node.firstChild);
    return node;
  }

  function chooseLanguage(fallback) {
    const stored = localStorage.getItem("barbu-language");
    if (LANGUAGES.includes(stored)) return stored;
    if (LANGUAGES.includes(fallback)) return fallback;
    const browser = (navigator.language || "en").slice(0, 2).toLowerCase();
    return LANGUAGES.includes(browser) ? browser : "en";
  }

  /* The words of one language: fill(key, {field: value}) with {field} in the text. */
  async function loadWords(language) {
    const response = await fetch(`/api/words/${language}`);
    const data = await response.json();
    const words = data.words;
    const say = (key, fields) => {
      let text = words[key];
      if (text === undefined) text = key;
      return text.replace(/\{(\w+)\}/g, (whole, name) => (fields && name in fields ? String(fields[name]) : whole));
    };
    say.language = language;
    say.cards = data.cards;
    say.texts = data.texts;
    say.suits = data.suits;
    say.ranks = data.ranks;
    say.has = (key) => key in words;
    return say;
  }

  async function request(method, path, body, owner) {
    const headers = { "Content-Type": "application/json" };
    if (owner) headers.Authorization = `Bearer ${owner}`;
    const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    let data = null;
    try { data = await response.json(); } catch (error) { data = null; }
    return { ok: response.ok, status: response.status, data };
  }

  /* A list whose items are walked with the arrow keys, Home and End; one of
     them is in the tab order (a roving tabindex).  In a listbox the item
     under focus is also the one selected (selection follows focus). */
  function rove(list, itemSelector) {
    list.addEventListener("keydown", (event) => {
      const items = Array.from(list.querySelectorAll(itemSelector));
      const at = items.indexOf(document.activeElement);
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

  function focusItem(items, index) {
    items.forEach((item, i) => {
      item.setAttribute("tabindex", i === index ? "0" : "-1");
      if (item.getAttribute("role") !== "option") return;
      if (i === index) item.setAttribute("aria-selected", "true");
      else item.removeAttribute("aria-selected");
    });
    if (items[index]) items[index].focus();
  }

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
  async function pageWords(select, onChange) {
    const language = chooseLanguage(null);
    const words = await loadWords(language);
    languagePicker(select, language, async (code) => onChange(await loadWords(code)));
    return words;
  }

  /* The page's own text (elements with data-word) in the words' language. */
  function applyWords(say) {
    document.documentElement.lang = say.language;
    for (const node of document.querySelectorAll("[data-word]")) node.textContent = say(node.dataset.word);
  }

  return { LANGUAGES, el, clear, chooseLanguage, loadWords, request, rove, focusItem, languagePicker, pageWords,
    applyWords };
})();
