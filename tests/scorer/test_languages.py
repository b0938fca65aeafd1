"""The page speaks English, Italian, French and Portuguese: chosen with
the switch on the page, by ``barbu scorer --lang``, or by the browser's
language; card letters follow (R/D/F in Italian, R/D/V in French and
Portuguese), the contracts and the title take their names in the
language (the spec's ``names``), and so does the page's ``lang``
attribute."""

from __future__ import annotations

import pytest

from .conftest import PLAYERS
from .ui import SheetPage

WORDS = {
    "it": {"declarer": "Dichiarante", "contract": "Contratto", "barbu": "Chi ha preso R♥?",
           "names": ("Niente re di cuori", "Niente donne", "Domino"), "title": "Barbu da torneo",
           "queens": "D prese (4 in tutto)", "rank": "Valore di partenza", "jack": "F", "add": "Aggiungi la mano"},
    "fr": {"declarer": "Déclarant", "contract": "Contrat", "barbu": "Qui a pris R♥ ?",
           "names": ("Pas de roi de cœur", "Pas de dames", "Domino"), "title": "Barbu de tournoi",
           "queens": "D pris (4 en tout)", "rank": "Rang de départ", "jack": "V", "add": "Ajouter la donne"},
    "pt": {"declarer": "Declarante", "contract": "Contrato", "barbu": "Quem tomou R♥?",
           "names": ("Sem rei de copas", "Sem damas", "Dominó"), "title": "Barbu de torneio",
           "queens": "D tomadas (4 ao todo)", "rank": "Grau de partida", "jack": "V", "add": "Registar a mão"},
}


def shows(page, language: str) -> None:
    words = WORDS[language]
    sheet = SheetPage(page)
    assert page.evaluate("document.documentElement.lang") == language
    barbu, queens, domino = words["names"]
    assert page.locator("h1").inner_text() == words["title"] == page.title()
    sheet.pick(words["declarer"], "Anna")
    sheet.pick(words["contract"], barbu)
    assert page.get_by_role("group", name=words["barbu"], exact=True).count() == 1
    sheet.pick(words["contract"], queens)
    assert page.locator("legend", has_text=words["queens"]).count() == 1
    sheet.pick(words["contract"], domino)
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
