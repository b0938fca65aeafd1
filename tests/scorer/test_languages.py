"""The page speaks English, Italian, French and Portuguese: chosen with
the switch on the page, by ``barbu scorer --lang``, or by the browser's
language; card letters follow (R/D/F in Italian, R/D/V in French and
Portuguese), and so does the page's ``lang`` attribute."""

from __future__ import annotations

import pytest

from .conftest import PLAYERS
from .ui import SheetPage

WORDS = {
    "it": {"declarer": "Dichiarante", "contract": "Contratto", "barbu": "Chi ha preso R♥?",
           "queens": "D prese (4 in tutto)", "rank": "Valore d'apertura", "jack": "F", "add": "Aggiungi la mano"},
    "fr": {"declarer": "Déclarant", "contract": "Contrat", "barbu": "Qui a pris R♥ ?",
           "queens": "D pris (4 en tout)", "rank": "Hauteur de départ", "jack": "V", "add": "Ajouter la donne"},
    "pt": {"declarer": "Declarante", "contract": "Contrato", "barbu": "Quem tomou R♥?",
           "queens": "D tomadas (4 ao todo)", "rank": "Valor de saída", "jack": "V", "add": "Juntar a mão"},
}


def shows(page, language: str) -> None:
    words = WORDS[language]
    sheet = SheetPage(page)
    assert page.evaluate("document.documentElement.lang") == language
    sheet.pick(words["declarer"], "Anna")
    sheet.pick(words["contract"], "Barbu")
    assert page.get_by_role("group", name=words["barbu"], exact=True).count() == 1
    sheet.pick(words["contract"], "No queens")
    assert page.locator("legend", has_text=words["queens"]).count() == 1
    sheet.pick(words["contract"], "Domino")
    ranks = sheet.group(words["rank"]).locator(".choice span").all_inner_texts()
    assert ranks[:4] == ["A", "R", "D", words["jack"]] and ranks[4] == "10"
    assert page.get_by_role("button", name=words["add"], exact=True).count() == 1


@pytest.mark.parametrize("language", sorted(WORDS))
def test_the_language_switch(pages, language: str) -> None:
    page = pages.open("tournament")
    SheetPage(page).start(PLAYERS)
    assert page.get_by_role("group", name="Declarer", exact=True).count() == 1
    page.get_by_label("Language").select_option(language)
    shows(page, language)
    page.reload()  # the choice is kept
    shows(page, language)


def test_the_language_from_the_command_line_and_from_the_browser(pages) -> None:
    page = pages.open("tournament", language="it")
    SheetPage(page).start(PLAYERS)
    shows(page, "it")
    page = pages.open("tournament", locale="pt-PT")
    SheetPage(page).start(PLAYERS)
    shows(page, "pt")
