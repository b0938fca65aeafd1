// @ts-check
/* dom.js — the page's elements, built from data: text becomes text nodes
 * and attribute values, never markup.  Radios and checkboxes are drawn as
 * large buttons (at least 44 px), each with its label. */
"use strict";
/* exported BarbuDom */

/** @typedef {Node | string | number | null | undefined | false} DomLeaf */

const BarbuDom = (function () {
  /** An element with properties, attributes (``aria-*``, ``data-*``),
   * listeners (``on*``) and children (strings become text nodes).
   * @template {keyof HTMLElementTagNameMap} K
   * @param {K} tag
   * @param {Record<string, any>} [props]
   * @param {...(DomLeaf | DomLeaf[])} children
   * @returns {HTMLElementTagNameMap[K]}
   */
  function el(tag, props = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props)) {
      if (value === null || value === undefined || value === false) continue;
      if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else if (key.startsWith("aria-") || key.startsWith("data-") || key === "role" || key === "for") {
        node.setAttribute(key, String(value));
      } else /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (node))[key] = value;
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(typeof child === "number" ? String(child) : child);
    }
    return node;
  }
  let uid = 0;
  /** @param {string} prefix */
  const newId = (prefix) => `${prefix}-${++uid}`;

  /** A radio or checkbox drawn as a large button with its label.
   * @param {"radio" | "checkbox"} type @param {string} name @param {DomLeaf | DomLeaf[]} label
   * @param {Record<string, any>} [props]
   * @returns {[HTMLLabelElement, HTMLInputElement]} */
  function choice(type, name, label, props = {}) {
    const input = el("input", Object.assign({ type, name }, props));
    return [el("label", { className: "choice" }, input, el("span", {}, label)), input];
  }

  /** A group of radios (a fieldset with a legend); returns [fieldset, inputs].
   * @param {DomLeaf | DomLeaf[]} legend
   * @param {{value: unknown, label: DomLeaf | DomLeaf[], disabled?: boolean, aria?: string}[]} items
   * @param {{name?: string, checked?: unknown, field?: string | null, onchange?: ((event: Event) => void) | null}} [options]
   * @returns {[HTMLFieldSetElement, HTMLInputElement[]]} */
  function radioGroup(legend, items, { name = newId("group"), checked = null, field = null, onchange = null } = {}) {
    /** @type {HTMLInputElement[]} */
    const inputs = [];
    const box = el("div", { className: "choices" });
    for (const item of items) {
      const [label, input] = choice("radio", name, item.label, {
        value: String(item.value), checked: checked !== null && String(item.value) === String(checked),
        disabled: item.disabled, "aria-label": item.aria, onchange,
      });
      inputs.push(input);
      box.append(label);
    }
    return [el("fieldset", { "data-field": field }, el("legend", {}, legend), box), inputs];
  }

  /** A number input with − and + buttons (the buttons for touch; the
   * input itself takes typing and the arrow keys).
   * @param {string} label @param {number | string} value
   * @param {{min?: number | null, max?: number | null, oninput?: ((event: Event) => void) | null, fewer?: string,
   *   more?: string}} [options]
   * @returns {[HTMLDivElement, HTMLInputElement]} */
  function stepper(label, value, { min = null, max = null, oninput = null, fewer = "−", more = "+" } = {}) {
    const input = el("input", { type: "number", inputMode: min === null ? undefined : "numeric", value: String(value),
                                className: "count", "aria-label": label, oninput, step: 1 });
    if (min !== null) input.min = String(min);
    if (max !== null) input.max = String(max);
    /** @param {number} delta */
    const bump = (delta) => () => {
      const next = (parseInt(input.value, 10) || 0) + delta;
      if ((min !== null && next < min) || (max !== null && next > max)) return;
      input.value = String(next);
      input.dispatchEvent(new Event("input", { bubbles: true }));
    };
    const down = el("button", { type: "button", tabIndex: -1, className: "step", "aria-label": fewer, onclick: bump(-1) },
                    "−");
    const up = el("button", { type: "button", tabIndex: -1, className: "step", "aria-label": more, onclick: bump(1) }, "+");
    return [el("div", { className: "stepper" }, down, input, up), input];
  }

  return { choice, el, radioGroup, stepper };
})();
