"""Nothing is lost to one tap, and nothing is refused in silence, all
through the page's own controls (taps, keys, the file picker), never the
test interface: forgetting a game asks first and can be undone for the
session; a refusal of the setup or of a game file is said on the page in
words; an evening kept under a house file is found again when the file
has changed, and carries on under the new rules."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from barbu_dsl.language import load_spec
from barbu_dsl.scorer.page import render_page
from barbu_dsl.sheet.game import SheetFileError, SheetGame

from .conftest import PHONE, PLAYERS
from .ui import SheetPage

OTHERS = ["Eva", "Fabio", "Gina", "Hugo"]
HAND = {"contract": "No tricks", "declarer": 0, "took": {"tricks": [4, 3, 3, 3]}}
HEARTS = {"contract": "No hearts", "declarer": 0, "took": {"cards": {"H": [4, 3, 3, 3]}, "card": {"AH": 0}}}


def two_games(page: Any) -> SheetPage:
    """Anna's game with one hand, then Eva's, current."""
    sheet = SheetPage(page)
    sheet.start(PLAYERS)
    sheet.enter(HAND, PLAYERS)
    page.get_by_role("button", name="New game", exact=True).click()
    sheet.start(OTHERS)
    return sheet


def test_forgetting_a_game_asks_first_and_can_be_undone(pages) -> None:
    page = pages.open("tournament")
    sheet = two_games(page)
    forget = page.get_by_role("button", name="Forget the game of Anna, Bea, Carla, Diana", exact=True)

    # Asked first, and the question's answer under the focus is "No".
    forget.click()
    assert sheet.status() == ("Forget the game of Anna, Bea, Carla, Diana (1 hands)? "
                              "It can be restored until this browser is closed.")
    assert page.evaluate("document.activeElement.id") == "confirm-no"
    page.keyboard.press("Enter")
    assert forget.count() == 1 and page.locator("#confirm-question").count() == 0

    # Yes: it is gone from the list, and "Restore" brings it back.
    forget.click()
    sheet.answer(True)
    assert forget.count() == 0
    assert sheet.status() == "The game of Anna, Bea, Carla, Diana is forgotten."
    page.get_by_role("button", name="Restore", exact=True).click()
    assert forget.count() == 1 and sheet.status() == "The game of Anna, Bea, Carla, Diana is back."

    # Forgotten, then the page reloaded: still restorable in this session.
    forget.click()
    sheet.answer(True)
    page.reload()
    page.wait_for_function("() => window.barbuSheet !== undefined")
    assert page.locator("#forgotten li").all_inner_texts()[0].startswith("Anna, Bea, Carla, Diana (1 hands)")
    page.get_by_role("button", name="Restore the game of Anna, Bea, Carla, Diana", exact=True).click()
    assert page.locator("#forgotten").count() == 0
    page.get_by_role("button", name="Open the game of Anna, Bea, Carla, Diana", exact=True).click()
    assert sheet.totals() == [-8, -6, -6, -6]


def test_the_setup_refused_in_words(pages) -> None:
    page = pages.open("tournament")
    sheet = SheetPage(page)
    sheet.start(["Anna", "", "Carla", "Diana"])
    try:
        SheetGame.new("tournament", ["Anna", "", "Carla", "Diana"])
    except SheetFileError as error:
        expected = error.describe()
    assert sheet.status() == "The game cannot start:\n" + expected
    sheet.start(["Anna", "Bea", "Carla", "Anna"])
    assert sheet.status().startswith("The game cannot start:\n")
    assert page.locator("#start").count() == 1  # still the setup, the names as typed
    assert page.locator("#player-3").input_value() == "Anna"


def test_game_files_of_other_rules_refused_in_words(pages, tmp_path: Path) -> None:
    """Opened with the file picker: a game of other rules, of another
    player count, not a game at all; each refusal is said on the page."""
    page = pages.open("tournament")
    sheet = SheetPage(page)
    hearts = SheetGame.new("hearts", PLAYERS).to_json()
    five = {**SheetGame.new("tournament", PLAYERS).to_json(), "players": [*PLAYERS, "Eva"]}
    cases = [
        (hearts, "this game is played under hearts, and this page keeps games of tournament only"),
        (five, refusal(five)),
        ({"some": "thing"}, refusal({"some": "thing"})),
    ]
    for number, (data, words) in enumerate(cases):
        path = tmp_path / f"game{number}.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        page.locator("#import-file").set_input_files(str(path))
        page.wait_for_function("() => document.querySelector('#status p') !== null")
        said = sheet.status()
        assert said.startswith("This game file is refused:\n"), said
        assert words.split(" (")[0] in said, (words, said)
        page.evaluate("document.querySelector('#status').replaceChildren()")


def refusal(data: dict[str, Any]) -> str:
    try:
        SheetGame.from_json(data)
    except SheetFileError as error:
        return error.describe()
    raise AssertionError("taken")


def house(path: Path, hearts: str) -> Path:
    path.write_text(f"# Our club\n\nextends: tournament\nname: our-club\ncontracts:\n  No hearts: {hearts}\n",
                    encoding="utf-8")
    return path


def test_an_evening_stays_with_its_house_file(browser, page_file, tmp_path: Path) -> None:
    """The house file changes between two evenings' pages: the new page
    lists the evening kept under the old rules, exports it as it is, or
    carries it on under the new rules (every hand checked again); the old
    page keeps its own."""
    spec_file = house(tmp_path / "club.yaml", "−2 per ♥, A♥ −6, no ♥ lead")
    before = tmp_path / "before.html"
    before.write_text(render_page(str(spec_file), load_spec(str(spec_file))), encoding="utf-8")
    house(spec_file, "−3 per ♥, A♥ −7, no ♥ lead")
    after = tmp_path / "after.html"
    after.write_text(render_page(str(spec_file), load_spec(str(spec_file))), encoding="utf-8")
    new_rules = SheetGame.new(str(spec_file), PLAYERS, load_spec(str(spec_file)))

    context = browser.new_context(viewport=PHONE, locale="en-GB", accept_downloads=True)
    errors: list[str] = []
    try:
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(before.as_uri())
        sheet = SheetPage(page)
        sheet.start(PLAYERS)
        for hand in (HAND, HEARTS):
            sheet.enter(hand, PLAYERS)
            new_rules.add(hand)
        old = sheet.totals()
        assert old != list(new_rules.totals)

        page.goto(after.as_uri())
        assert page.locator("#start").count() == 1  # a new page, no game of its own yet
        assert page.locator("#elsewhere li").all_inner_texts()[0].startswith(
            "Anna, Bea, Carla, Diana (2 hands), under other rules")
        with page.expect_download() as download:
            page.get_by_role("button", name="Export the game of Anna, Bea, Carla, Diana", exact=True).click()
        exported = json.loads(download.value.path().read_text(encoding="utf-8"))
        assert [h["contract"] for h in exported["hands"]] == ["No tricks", "No hearts"]
        page.get_by_role("button", name="Carry on the game of Anna, Bea, Carla, Diana under these rules",
                         exact=True).click()
        assert sheet.status() == ("The game of Anna, Bea, Carla, Diana carries on under these rules: "
                                  "2 hands, every one checked.")
        assert sheet.totals() == list(new_rules.totals)
        assert page.locator("#elsewhere").count() == 0
        page.reload()
        assert sheet.totals() == list(new_rules.totals)

        page.goto(before.as_uri())  # the old page keeps its evening as it was
        assert sheet.totals() == old
        assert page.locator("#elsewhere").count() == 0
    finally:
        context.close()
    assert not errors, errors


def test_a_game_that_cannot_carry_on_is_refused_in_words(browser, tmp_path: Path) -> None:
    """An evening of a house file that let No hearts be declared twice in a
    row cannot carry on under rules that do not: said, nothing changes."""
    spec_file = tmp_path / "club.yaml"
    spec_file.write_text("extends: tournament\nname: our-club\n", encoding="utf-8")
    page_path = tmp_path / "page.html"
    page_path.write_text(render_page(str(spec_file), load_spec(str(spec_file))), encoding="utf-8")
    game = SheetGame.new(str(spec_file), PLAYERS, load_spec(str(spec_file))).to_json()
    game["spec_text"] = game["spec_text"].replace("−2 per trick", "−3 per trick")  # other rules, same name
    game["hands"] = [HAND, {**HAND, "declarer": 1}]  # Bea declares out of turn
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    try:
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.goto(page_path.as_uri())
        key = page.evaluate("JSON.parse(document.getElementById('barbu-data').textContent).storage_prefix")
        page.evaluate("([key, text]) => localStorage.setItem(key, text)",
                      [key + "0123456789abcdef", json.dumps({"games": [{"id": "g1", "game": game}], "current": "g1"})])
        page.reload()
        page.get_by_role("button", name="Carry on the game of Anna, Bea, Carla, Diana under these rules",
                         exact=True).click()
        said = SheetPage(page).status()
        assert said.startswith("The game of Anna, Bea, Carla, Diana cannot carry on under these rules, "
                               "so nothing changed:\nhand 2, "), said
        assert page.locator("#start").count() == 1 and page.locator("#elsewhere li").count() == 1
    finally:
        context.close()
