"""Each refusal of docs/sheet.md ("What the scorer checks") once in the web
page: importing a game with the impossible hand throws with exactly the
Python sheet's problems (hand, field, code, words) and messages in every
language, the same problems in a scorer's words (the players by name,
sheet.said) in every language, and the page itself shows the message
naming the hand — in a scorer's words next to the control and in the live
region when the hand is entered on the page, in the file's words when a
pasted game file is imported."""

from __future__ import annotations

import json
from typing import Any

import pytest

from barbu_dsl.i18n import LANGUAGES, Translator
from barbu_dsl.sheet.game import SheetError, SheetFileError, SheetGame
from barbu_dsl.sheet.said import said

from .conftest import PLAYERS
from .ui import SheetPage

EN = Translator("en")

QUEENS = {"contract": "No queens", "declarer": 0, "took": {"cards": {"Q": [1, 0, 1, 2]}}}
TRUMPS = {"contract": "Trumps", "declarer": 0, "trump": "H", "took": {"tricks": [4, 3, 3, 3]}}
HEARTS = {"contract": "Hearts", "declarer": 0, "raw": [26, 0, 0, 0]}

# (what docs/sheet.md refuses, spec, the hands before, the impossible hand, can it be entered on the page)
REFUSALS = [
    ("a key the contract needs is missing", "tournament", [], {**QUEENS, "took": {}}, False),
    ("a key it does not use is present", "tournament", [],
     {**QUEENS, "took": {"cards": {"Q": [1, 0, 1, 2]}, "tricks": [4, 3, 3, 3]}}, False),
    ("tricks that do not sum to the tricks of the hand", "tournament", [],
     {"contract": "No tricks", "declarer": 0, "took": {"tricks": [4, 4, 3, 3]}}, True),
    ("set counts that do not sum to the cards of the set", "tournament", [],
     {**QUEENS, "took": {"cards": {"Q": [1, 1, 1, 2]}}}, True),
    ("a card without its one taker", "tournament", [], {"contract": "Barbu", "declarer": 0, "took": {"card": {}}},
     True),
    ("a trick position without its one taker", "tournament", [],
     {"contract": "No last two", "declarer": 0, "took": {"trick": {"12": 1}}}, True),
    ("placings that are not the seats", "tournament", [],
     {"contract": "Domino", "declarer": 0, "start_rank": "7", "took": {"placings": [2, 2, 1]}}, True),
    ("facts that contradict each other", "tournament", [],
     {"contract": "No hearts", "declarer": 0, "took": {"cards": {"H": [0, 5, 4, 4]}, "card": {"AH": 0}}}, True),
    ("raw scores that do not add up to a total the contract can have", "tournament", [],
     {**QUEENS, "took": None, "raw": [-6, 0, -6, -6]}, True),
    ("doubles that break the spec's doubling rules", "tournament", [], {**TRUMPS, "doubles": [[1, 2]]}, False),
    ("a redouble that does not cover every doubler (variant 3)", "tournament+declarer-only-doubles", [],
     {**QUEENS, "doubles": [[1, 0], [2, 0], [0, 1]]}, False),
    ("the declarer is not the player whose turn it is", "tournament", [QUEENS],
     {"contract": "No tricks", "declarer": 3, "took": {"tricks": [13, 0, 0, 0]}}, False),
    ("a contract already played in the series", "tournament", [QUEENS], QUEENS, False),
    ("a trump suit the declarer must name is missing", "tournament", [], {**TRUMPS, "trump": None}, False),
    ("an unknown contract", "tournament", [], {**QUEENS, "contract": "No quens"}, False),
    ("the game is already over", "hearts", [{**HEARTS, "declarer": seat} for seat in (0, 1, 2, 3)],
     {**HEARTS, "declarer": 1}, False),
]

IMPORT = """(game) => {
  try { window.barbuSheet.importGame(game); return null; }
  catch (error) {
    const table = JSON.parse(document.getElementById("barbu-data").textContent).messages;
    const messages = new BarbuCore.Messages(table);
    const cards = new BarbuCore.Cards(JSON.parse(document.getElementById("barbu-data").textContent).words);
    const names = game.players;
    return {name: error.name, problems: error.problems || null, code: error.code || null,
            messages: error.problems ? Object.fromEntries(LANGUAGES.map((l) => [l, messages.describe(error.problems, l)]))
                                     : null,
            said: error.problems ? Object.fromEntries(LANGUAGES.map((l) => [l, messages.describe(error.problems, l, names, cards)]))
                                 : null};
  }
}""".replace("LANGUAGES", json.dumps(list(LANGUAGES)))


def game_file(ref: str, before: list[dict], hand: dict) -> dict[str, Any]:
    game = SheetGame.new(ref, PLAYERS)
    for earlier in before:
        game.add(earlier)
    data = game.to_json()
    data["hands"].append({key: value for key, value in hand.items() if value is not None})
    return data


def python_refusal(data: dict[str, Any]) -> SheetError:
    with pytest.raises(SheetError) as caught:
        SheetGame.from_json(data)
    return caught.value


def test_each_refusal_in_the_page(pages) -> None:
    for ref in dict.fromkeys(ref for _, ref, _, _, _ in REFUSALS):
        page = pages.open(ref)
        sheet = SheetPage(page)
        for what, _, before, hand, on_page in (r for r in REFUSALS if r[1] == ref):
            data = game_file(ref, before, hand)
            error = python_refusal(data)
            expected = [{"hand": number, "field": p.field, "code": p.code, "fields": dict(p.fields)}
                        for number, p in error.problems]
            got = page.evaluate(IMPORT, data)
            assert got is not None, f"the page took a game with {what}"
            assert got["name"] == "SheetError" and got["problems"] == expected, what
            assert got["messages"] == {lang: error.describe(Translator(lang)) for lang in LANGUAGES}, what
            assert got["said"] == {lang: error.describe(Translator(lang), PLAYERS) for lang in LANGUAGES}, what

            message = error.describe()
            first = error.problems[0][1]
            assert message.startswith(f"hand {len(before) + 1}, ") and first.field in message
            if on_page:  # entered control by control: the message shows by the field and in the live region
                if not page.locator("#start").count():
                    page.get_by_role("button", name="New game", exact=True).click()
                sheet.start(PLAYERS)
                for earlier in before:
                    sheet.enter(earlier, PLAYERS)
                sheet.enter({key: value for key, value in hand.items() if value is not None}, PLAYERS)
                invalid = page.locator("fieldset[aria-invalid=true]")
                assert invalid.count() >= 1, what
                assert said(first, EN, PLAYERS) in invalid.first.inner_text(), what
                assert first.field.startswith(invalid.first.get_attribute("data-field")), what
                assert error.describe(EN, PLAYERS) in sheet.status(), what
            else:  # pasted as a game file
                page.get_by_label("Or paste a game file here").fill(json.dumps(data))
                page.get_by_role("button", name="Import the pasted game", exact=True).click()
                assert message in sheet.status(), what


def test_game_files_the_page_cannot_use(pages) -> None:
    """A file that is no score sheet, or a sheet of other rules, is refused
    as the Python sheet refuses it (SheetFileError)."""
    page = pages.open("tournament")
    good = SheetGame.new("tournament", PLAYERS).to_json()
    cases = [
        ({"format": "something else"}, "not_a_sheet"),
        ({**good, "players": "Anna"}, "no_players"),
        ({**good, "hands": {}}, "no_hands"),
        ({**good, "players": ["Anna", "Anna", "Carla", "Diana"]}, "player_names"),
        ({**good, "players": PLAYERS[:3]}, "player_count"),
        ({**good, "spec": "hearts", "spec_text": SheetGame.new("hearts", PLAYERS).to_json()["spec_text"]}, "other_spec"),
    ]
    for data, code in cases:
        if code != "other_spec":
            with pytest.raises(SheetFileError) as caught:
                SheetGame.from_json(data)
            assert caught.value.key == code  # the page refuses it as the Python sheet does
        got = page.evaluate(IMPORT, data)
        assert got == {"name": "SheetFileError", "problems": None, "code": code, "messages": None, "said": None}
    page.get_by_label("Or paste a game file here").fill("{not json")
    page.get_by_role("button", name="Import the pasted game", exact=True).click()
    assert "This game file is refused:\nit is not JSON text" in SheetPage(page).status()
