"""The lobby in a real browser (Debian's Chromium, Playwright), as the
organiser of a French custom game uses it in Italian, French and
Portuguese (docs/server.md; docs/rules.md section 3, custom mode): the
mode chosen with the arrow keys, the contracts picked (one with another
suit, one with another rank), the rules checked; every word the page shows
is in its language, the contracts are named as the spec names them there,
the summary says the table being made, a refusal is said in the
language, and axe-core finds nothing serious."""

from __future__ import annotations

import re
from typing import Any

import pytest

from server.helpers import ServerProcess
from server.page import axe_problems

DESKTOP = {"width": 1280, "height": 900}

VISIBLE_TEXT = """() => {
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    const text = node.textContent.trim();
    if (!text || parent.closest("[hidden], script, style, #result-house, #language")) continue;
    texts.push(text);
  }
  for (const input of document.querySelectorAll("input[type=text]")) if (!input.closest("[hidden]")) texts.push(input.value);
  return texts;
}"""
"""Every text the page shows now (the house file, YAML, and the names of the languages aside)."""

CASES = {
    "it": {"suit": "Senza cuori", "trumps": "Briscola", "summary": "4 giocatori: 20 mani. 5 contratti: Mini, "
           "Senza picche, Senza re, Barbu e Briscola.", "refused": "Rifiutato: scegli da 3 a 8 contratti (scelti: 2)"},
    "fr": {"suit": "Sans cœurs", "trumps": "Atout", "summary": "4 joueurs : 20 donnes. 5 contrats : Mini, Sans "
           "piques, Sans rois, Barbu et Atout.", "refused": "Refusé : choisissez de 3 à 8 contrats (choisis : 2)"},
    "pt": {"suit": "Sem copas", "trumps": "Trunfo", "summary": "4 jogadores: 20 mãos. 5 contratos: Mini, Sem "
           "espadas, Sem reis, Barbu e Trunfo.", "refused": "Recusado: escolha de 3 a 8 contratos (escolhidos: 2)"},
}


def english_left(texts: list[str], english: dict[str, str], words: dict[str, str]) -> list[str]:
    """The texts that are one of the English page words (a message with
    fields matched as a pattern) where the language says it otherwise."""
    patterns = [re.compile("^" + re.sub(r"\\\{\w+\\\}", ".+", re.escape(text)) + "$")
                for key, text in english.items()
                if words[key] != text and re.search(r"[A-Za-z]{3}", re.sub(r"\{\w+\}", "", text))]
    return [text for text in texts if any(pattern.match(text) for pattern in patterns)]


@pytest.mark.parametrize("language", sorted(CASES))
def test_a_french_custom_game_is_made_in_the_lobby_in_the_pages_language(
        server: ServerProcess, browser: Any, language: str) -> None:
    case = CASES[language]
    english_menu = {spec["name"]: spec for spec in server.get("/api/specs")["specs"]}
    english, words = server.get("/api/words/en")["words"], server.get(f"/api/words/{language}")["words"]
    # Portuguese starts from an English page and changes the language after choosing: the choices stay.
    context = browser.new_context(viewport=DESKTOP, locale="en-GB" if language == "pt" else f"{language}-XX")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text)
            if message.type == "error" and "status of 400" not in message.text else None)  # the refusal below
    page.goto(server.base + "/")
    first = "en" if language == "pt" else language
    page.wait_for_function(f"() => document.body.dataset.language === '{first}'")
    page.select_option("#spec", "french-classic")

    # The mode is chosen here only: the spec's mode variants are not offered beside it.
    offered = page.eval_on_selector_all("#overlays input", "inputs => inputs.map(input => input.value)")
    assert offered == ["all-or-nothing", "optional-overtrump"]
    page.focus("#mode-spec")
    for _ in range(4):  # classic, random, individual random, custom
        page.keyboard.press("ArrowDown")
    assert page.is_checked("#mode-custom") and not page.locator("#picks-box").is_hidden()
    for row in page.locator("#picks .pick").all():
        if row.locator(".pick-on").is_checked():
            row.locator(".pick-on").uncheck()
    for name in ("Mini", "Without hearts", "Without queens", "Trumps", "Barbu"):
        box = page.locator(f'#picks .pick[data-name="{name}"] .pick-on')
        box.focus()
        page.keyboard.press("Space")
        assert box.is_checked(), name
    page.locator('#picks .pick[data-name="Without hearts"] .pick-suit').select_option("S")
    page.locator('#picks .pick[data-name="Without queens"] .pick-rank').select_option("K")
    for seat, bot in ((1, "strong"), (2, "rules"), (3, "random")):
        page.select_option(f"#seat-kind-{seat}", bot)
    if language == "pt":
        page.select_option("#language", "pt")
        page.wait_for_function("() => document.body.dataset.language === 'pt'")
        assert page.is_checked("#mode-custom")
        assert page.locator('#picks .pick[data-name="Without hearts"] .pick-suit').input_value() == "S"
        assert page.input_value("#seat-kind-1") == "strong"

    labels = page.eval_on_selector_all("#picks .pick > label", "labels => labels.map(label => label.textContent)")
    assert case["suit"] in labels and case["trumps"] in labels and "Without hearts" not in labels
    page.click("#check")
    page.wait_for_function("() => !document.getElementById('result-house').hidden")
    summary = page.text_content("#result-live")
    assert summary.endswith(case["summary"]), summary
    texts = page.evaluate(VISIBLE_TEXT)
    assert not english_left(texts, english, words), english_left(texts, english, words)
    shown = " ".join(texts)
    french = english_menu["french-classic"]
    for english_text in (french["description"], french["title"],
                         *(overlay["description"] for overlay in french["overlays"])):
        assert english_text not in shown, english_text
    assert not axe_problems(page)

    # A refusal is said in the page's language.
    for name in ("Without queens", "Trumps", "Barbu"):
        page.locator(f'#picks .pick[data-name="{name}"] .pick-on').uncheck()
    page.click("#check")
    page.wait_for_function("() => document.querySelector('#result-live .error') !== null")
    assert page.text_content("#result-live .error") == case["refused"]
    assert not axe_problems(page)
    assert not errors, errors
    context.close()


def test_the_lobby_lists_the_tables_a_page_at_a_time(tmp_path: Any, browser: Any) -> None:
    """docs/server.md, ``GET /api/tables``: 51 tables in play are listed 50
    at a time; "More tables" (in the page's language) lists the rest and
    takes the focus to the first of them.  A table made past the address's
    budget is refused in the page's language."""
    server = ServerProcess(tmp_path / "tables.sqlite3").start()
    try:
        body = {"spec": "bouillabaisse", "seats": ["human"] * 3}
        for source, count in (("127.0.0.1", 20), ("127.0.0.3", 20), ("127.0.0.4", 11)):
            for _ in range(count):
                status, data = server.request("POST", "/api/tables", body, source=source)
                assert status == 201, data
        context = browser.new_context(viewport=DESKTOP, locale="fr-FR")
        page = context.new_page()
        page.goto(server.base + "/")
        page.wait_for_function("() => document.body.dataset.language === 'fr'")
        page.wait_for_function("() => document.querySelectorAll('#tables li').length === 50")
        more = page.locator("#more-tables")
        assert more.is_visible() and more.text_content() == "Plus de tables"
        more.focus()
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.querySelectorAll('#tables li').length === 51")
        assert more.is_hidden()
        assert page.evaluate("() => document.activeElement === document.querySelectorAll('#tables li')[50]")
        page.click("#create")  # this browser's address has made its 20 tables this minute
        page.wait_for_function("() => document.querySelector('#result-live .error') !== null")
        refusal = page.text_content("#result-live .error")
        assert refusal.startswith("Refusé : trop de demandes depuis votre réseau"), refusal
        assert not axe_problems(page)
        context.close()
    finally:
        server.stop()
