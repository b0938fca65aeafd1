"""The web scorer keeps a game to a target score as the Python sheet does
(docs/rules.md section 6, "A target score"; docs/sheet.md, "What the
scorer checks": the game is already over): it says "playing to 100" where
it says "of 4", ends the game at the end of the hand in which a total
reaches 100, says who reached it and who won, and refuses a further hand
with the Python sheet's message in every language."""

from __future__ import annotations

from barbu_dsl.i18n import LANGUAGES, Translator
from barbu_dsl.sheet.game import SheetGame

from .conftest import PLAYERS
from .test_refusals import IMPORT, game_file, python_refusal
from .ui import SheetPage

REF = "hearts+to-100"
# Anna takes every heart and Bea the Q♠: +13 each a hand, so Anna and Bea
# reach 100 at the end of the eighth hand; the chooser moves on every hand.
HANDS = [{"contract": "Hearts", "declarer": seat % 4, "took": {"cards": {"H": [13, 0, 0, 0]}, "card": {"QS": 1}}}
         for seat in range(8)]


def test_a_game_to_100_entered_on_the_page(pages) -> None:
    page = pages.open(REF)
    sheet = SheetPage(page)
    sheet.start(PLAYERS)
    assert page.locator("#entry-title").inner_text() == "Hand 1, playing to 100"
    for number, hand in enumerate(HANDS):
        assert page.locator(".board .turn").inner_text().startswith(f"Hand {number + 1}, playing to 100:")
        sheet.enter(hand, PLAYERS)
        assert sheet.status().startswith(f"✓ Hand {number + 1} added"), sheet.status()
    python = SheetGame.new(REF, PLAYERS)
    for hand in HANDS:
        python.add(hand)
    assert python.over and sheet.totals() == list(python.totals) == [104, 104, 0, 0]
    assert page.locator("#over-title").inner_text() == "The game is over"
    assert page.locator("#reached").inner_text() == "Anna, Bea reached 100 after 8 hands."
    assert page.locator("#winners").inner_text().startswith("Winners, tied: Carla, Diana with 0")
    assert page.locator("#entry").count() == 0  # no form for a ninth hand
    page.reload()
    assert page.locator("#reached").inner_text() == "Anna, Bea reached 100 after 8 hands."


def test_a_hand_after_the_target_is_refused_as_in_python(pages) -> None:
    page = pages.open(REF)
    data = game_file(REF, HANDS, {**HANDS[0], "declarer": 0})
    error = python_refusal(data)
    assert [(number, p.code) for number, p in error.problems] == [(9, "game_over")]
    got = page.evaluate(IMPORT, data)
    assert got is not None and got["name"] == "SheetError"
    assert got["problems"] == [{"hand": 9, "field": p.field, "code": p.code, "fields": dict(p.fields)}
                               for _, p in error.problems]
    assert got["messages"] == {lang: error.describe(Translator(lang)) for lang in LANGUAGES}
    assert "the game is over after 8 hands" in got["messages"]["en"]
    seven = game_file(REF, HANDS[:7], HANDS[7])
    assert page.evaluate(IMPORT, seven) is None  # the eighth hand is still the game's
