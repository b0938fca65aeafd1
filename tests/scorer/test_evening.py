"""Whole evenings kept on the web page as a person keeps them: every hand
entered control by control (taps and keys, never the test interface), the
totals read off the page; reload, undo, edits and deletions; the exported
game file read by the Python sheet; the seeds' doubling example through
the grid; a Ravage City evening; the phone layout's screenshot."""

from __future__ import annotations

import json
import os
import shutil

import pytest
from sheet.helpers import sheet_hand

from barbu_dsl.bots import make_bots
from barbu_dsl.engine import GameResult, play_game
from barbu_dsl.i18n import Translator
from barbu_dsl.language import load_spec
from barbu_dsl.sheet.game import SheetError, SheetGame

from .conftest import PHONE, PLAYERS
from .ui import SheetPage


def evening(ref: str, seed: int) -> tuple[GameResult, list[dict]]:
    spec = load_spec(ref)
    result = play_game(spec, make_bots(["rules"], 4, seed=seed), seed=seed, players=4)
    return result, [sheet_hand(spec, played) for played in result.hands]


def test_a_tournament_evening_entered_on_the_page(pages, artifacts, tmp_path) -> None:
    result, hands = evening("tournament", 11)
    assert len(hands) == 28 and any(hand["doubles"] for hand in hands)
    page = pages.open("tournament")
    sheet = SheetPage(page)
    sheet.start(PLAYERS)
    for number_, hand in enumerate(hands):
        sheet.enter(hand, PLAYERS)
        assert sheet.status().startswith(f"✓ Hand {number_ + 1} added"), sheet.status()
        if number_ == 9:
            page.screenshot(path=str(artifacts / "scorer-phone-hand.png"))
    assert sheet.totals() == list(result.totals)
    winners = ", ".join(PLAYERS[seat] for seat in result.winners)
    assert page.locator("#winners").inner_text().startswith(f"Winner{'s, tied' if len(result.winners) > 1 else ''}: "
                                                            f"{winners} with")
    page.reload()  # the game is kept in the browser
    assert sheet.totals() == list(result.totals)
    assert page.locator("li.hand").count() == 28

    # Undo asks first; then it takes the last hand back into the form, and
    # adding it again restores the totals.
    python = SheetGame.new("tournament", PLAYERS)
    for hand in hands[:-1]:
        python.add(hand)
    last = hands[-1]
    page.get_by_role("button", name="Undo the last hand", exact=True).click()
    assert sheet.answer(False) == f"Take back hand 28, {last['contract']} by {PLAYERS[last['declarer']]}? " \
                                  "It goes back into the form to be corrected."
    assert sheet.totals() == list(result.totals) and page.locator("li.hand").count() == 28
    page.get_by_role("button", name="Undo the last hand", exact=True).click()
    sheet.answer(True)
    assert sheet.totals() == list(python.totals)
    assert sheet.status().startswith("Hand 28 taken back")
    page.get_by_role("button", name="Add the hand", exact=True).click()
    assert sheet.totals() == list(result.totals)

    # Undo then "Put it back": the hand is back as it was, the form empty.
    page.get_by_role("button", name="Undo the last hand", exact=True).click()
    sheet.answer(True)
    page.get_by_role("button", name="Put it back", exact=True).click()
    assert sheet.totals() == list(result.totals) and page.locator("li.hand").count() == 28
    assert sheet.status() == "Hand 28 is back on the sheet as it was."

    # An edit: hand 2 entered with other (possible) facts, every hand after it checked again.
    second = hands[1]
    changed = edited(second)
    python.add(last)
    python.replace_hands([hands[0], changed, *hands[2:]])
    page.get_by_role("button", name="Change hand 2", exact=True).click()
    assert page.locator("#entry-title").inner_text() == "Changing hand 2"
    sheet.enter(changed, PLAYERS, add=False)
    page.get_by_role("button", name="Save the change", exact=True).click()
    assert sheet.status().startswith("✓ Hand 2 changed: "), sheet.status()
    assert sheet.totals() == list(python.totals) != list(result.totals)
    # ... which can be undone, and made again.
    page.get_by_role("button", name="Undo the change", exact=True).click()
    assert sheet.totals() == list(result.totals)
    assert sheet.status() == "Hand 2 is as it was before the change."
    page.get_by_role("button", name="Change hand 2", exact=True).click()
    sheet.enter(changed, PLAYERS, add=False)
    page.get_by_role("button", name="Save the change", exact=True).click()
    assert sheet.totals() == list(python.totals)

    # An edit that would break a later hand is refused, naming it in a
    # scorer's words; nothing changes.
    page.get_by_role("button", name="Change hand 1", exact=True).click()
    later = next(h["contract"] for h in hands[1:7] if h["contract"] != hands[0]["contract"])
    first = {**hands[0], "contract": later, "took": took_for(later), "doubles": [],
             "trump": "S" if later == "Trumps" else None, "start_rank": "7" if later == "Domino" else None}
    with pytest.raises(SheetError) as refusal:
        SheetGame.new("tournament", PLAYERS).replace_hands([first, changed, *hands[2:]])
    sheet.enter(first, PLAYERS, add=False)
    page.get_by_role("button", name="Save the change", exact=True).click()
    message = refusal.value.describe(Translator("en"), PLAYERS)
    assert later in message and not message.startswith("hand 1,")
    assert sheet.status() == "The change is refused, so nothing changed:\n" + message
    page.get_by_role("button", name="Cancel", exact=True).click()
    assert sheet.totals() == list(python.totals)

    # Deleting a hand from the middle would put the later hands out of turn:
    # refused at once, naming the hands as they are on the sheet.
    page.get_by_role("button", name="Delete hand 3", exact=True).click()
    assert sheet.status().startswith("Hand 3 cannot be deleted")
    assert "hand 3," not in sheet.status()
    assert page.locator("li.hand").count() == 28

    # Deleting the last hand asks first, and can be put back.
    page.get_by_role("button", name="Delete hand 28", exact=True).click()
    assert sheet.answer(True).startswith("Delete hand 28, ")
    assert page.locator("li.hand").count() == 27 and sheet.status().startswith("Hand 28 deleted.")
    page.get_by_role("button", name="Put it back", exact=True).click()
    assert page.locator("li.hand").count() == 28 and sheet.totals() == list(python.totals)

    # The exported file is the Python sheet's game.
    with page.expect_download() as download:
        page.get_by_role("button", name="Export the game file", exact=True).click()
    exported = json.loads(download.value.path().read_text(encoding="utf-8"))
    again = SheetGame.from_json(exported)
    assert again.totals == python.totals
    for mine, theirs in zip(exported["hands"], python.to_json()["hands"]):
        assert mine == theirs

    # ... and `barbu sheet import` keeps it with the same totals.
    game_file = tmp_path / "evening.json"
    game_file.write_text(json.dumps(exported, ensure_ascii=False), encoding="utf-8")
    db = tmp_path / "evening.sqlite3"
    imported = barbu_sheet(db, "import", str(game_file))
    assert imported.returncode == 0, imported.stderr
    shown = barbu_sheet(db, "show", imported.stdout.split()[-1], "--json")
    assert json.loads(shown.stdout)["totals"] == list(python.totals)


def barbu_sheet(db, *args: str):
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-m", "barbu_dsl", "sheet", *args, "--db", str(db)], capture_output=True,
                          text=True, check=False, timeout=120)


def edited(hand: dict) -> dict:
    """The same hand with two seats' facts swapped (the first two that differ)."""
    took = json.loads(json.dumps(hand["took"]))
    for key in ("tricks", "longest"):
        if key in took:
            took[key] = swapped(took[key])
            return {**hand, "took": took}
    if "cards" in took:
        took["cards"] = {name: swapped(counts) for name, counts in took["cards"].items()}
        return {**hand, "took": took} if "card" not in took else {**hand, "took": took, "raw": None}
    if "placings" in took:
        took["placings"] = swapped(took["placings"][:3]) + took["placings"][3:]
        return {**hand, "took": took}
    seats = {0: 1, 1: 0, 2: 3, 3: 2}
    took = {key: {k: seats[v] for k, v in value.items()} for key, value in took.items()}
    return {**hand, "took": took}


def swapped(values: list[int]) -> list[int]:
    first = next(i for i in range(1, len(values)) if values[i] != values[0])
    out = list(values)
    out[0], out[first] = out[first], out[0]
    return out


def took_for(contract: str) -> dict:
    """Some possible facts of a tournament contract."""
    return {"No tricks": {"tricks": [4, 3, 3, 3]}, "No queens": {"cards": {"Q": [1, 1, 1, 1]}},
            "No last two": {"trick": {"12": 0, "13": 1}}, "Barbu": {"card": {"KH": 2}},
            "No hearts": {"cards": {"H": [4, 3, 3, 3]}, "card": {"AH": 0}},
            "Trumps": {"tricks": [4, 3, 3, 3]}, "Domino": {"placings": [0, 1, 2, 3]}}[contract]


def test_the_seed_doubling_example_through_the_grid(pages) -> None:
    """docs/rules.md section 2, the worked example: Bea doubles all three,
    Carla doubles Anna, Anna redoubles Carla: −12, +24, −12, −24."""
    page = pages.open("tournament")
    sheet = SheetPage(page)
    sheet.start(PLAYERS)
    sheet.enter({"contract": "No queens", "declarer": 0, "took": {"cards": {"Q": [1, 0, 1, 2]}},
                 "doubles": [[1, 0], [1, 2], [1, 3], [2, 0], [0, 2]]}, PLAYERS)
    assert sheet.totals() == [-12, 24, -12, -24]
    assert page.locator("li.hand .scores").inner_text() == "Anna −12 · Bea +24 · Carla −12 · Diana −24"
    # The advisory counter under the table: Bea and Carla doubled Anna once each in her series.
    assert page.locator("#counter li").all_inner_texts() == ["Bea 1", "Carla 1", "Diana 0"]


def test_only_legal_doubles_can_be_ticked(pages) -> None:
    """Section 2: in a positive contract only the declarer may be doubled;
    the declarer redoubles only a player who doubled them."""
    page = pages.open("tournament")
    sheet = SheetPage(page)
    sheet.start(PLAYERS)
    sheet.pick("Declarer", "Anna")
    sheet.pick("Contract", "Trumps")
    sheet.pick("Trump suit", "hearts")
    box = lambda name: page.get_by_role("checkbox", name=name, exact=True)
    assert box("Bea doubles Anna").is_enabled() and not box("Bea doubles Carla").is_enabled()
    assert not box("Anna redoubles Bea").is_enabled()
    box("Bea doubles Anna").click()
    assert box("Anna redoubles Bea").is_enabled() and not box("Anna redoubles Carla").is_enabled()
    box("Anna redoubles Bea").click()
    box("Bea doubles Anna").click()  # taking the double back takes the redouble with it
    assert not box("Anna redoubles Bea").is_checked() and not box("Anna redoubles Bea").is_enabled()


def test_a_hand_entered_with_the_keyboard_only(pages) -> None:
    page = pages.open("tournament")
    sheet = SheetPage(page)
    sheet.start(PLAYERS)
    keys = page.keyboard
    assert page.evaluate("document.activeElement.name") == "declarer"
    keys.press("Space")  # Anna
    keys.press("Tab")
    keys.press("Space")  # the first contract: No tricks
    for seat, value in enumerate([4, 3, 3, 3]):
        for _ in range(30):
            keys.press("Tab")
            if page.evaluate("document.activeElement.getAttribute('aria-label')") == f"{PLAYERS[seat]}: tricks":
                break
        keys.press("Control+a")
        keys.type(str(value))
    keys.press("Enter")
    assert sheet.status().startswith("✓ Hand 1 added")
    assert sheet.totals() == [-8, -6, -6, -6]


def test_a_ravage_city_evening_through_the_test_interface(pages) -> None:
    """32 hands: 31 imported, the last entered on the page; the Ravage
    City hand changed (its longest suits as entered) keeps the totals."""
    result, hands = evening("tournament+ravage-city", 5)
    assert len(hands) == 32
    game = SheetGame.new("tournament+ravage-city", PLAYERS)
    for hand in hands:
        game.add(hand)
    page = pages.open("tournament+ravage-city")
    start = game.to_json()
    start["hands"] = start["hands"][:-1]
    page.evaluate("(game) => window.barbuSheet.importGame(game)", start)
    sheet = SheetPage(page)
    sheet.enter(hands[-1], PLAYERS)
    assert page.evaluate("window.barbuSheet.totals()") == sheet.totals() == list(result.totals)
    page.reload()
    assert sheet.totals() == list(result.totals)
    assert page.evaluate("window.barbuSheet.exportGame()") == game.to_json()
    ravage = next(i for i, hand in enumerate(hands) if hand["contract"] == "Ravage City")
    page.get_by_role("button", name=f"Change hand {ravage + 1}", exact=True).click()
    longest = [page.get_by_label(f"{name}: most cards of one suit", exact=True).input_value() for name in PLAYERS]
    assert longest == [str(v) for v in hands[ravage]["took"]["longest"]]
    page.get_by_role("button", name="Save the change", exact=True).click()
    assert sheet.totals() == list(result.totals)


def test_a_hand_not_played(pages) -> None:
    """Variant 4: nobody doubles the declarer in a negative contract, so the
    hand is not played and its total is shared; a double brings the facts back."""
    page = pages.open("tournament+undoubled-not-played")
    sheet = SheetPage(page)
    sheet.start(PLAYERS)
    sheet.pick("Declarer", "Anna")
    sheet.pick("Contract", "No tricks")
    assert page.locator("#not-played").inner_text().endswith("Anna +1 · Bea −9 · Carla −9 · Diana −9")
    page.get_by_role("checkbox", name="Bea doubles Anna", exact=True).click()
    assert page.locator("#not-played").count() == 0
    assert page.get_by_label("Anna: tricks", exact=True).count() == 1
    page.get_by_role("checkbox", name="Bea doubles Anna", exact=True).click()
    page.get_by_role("button", name="Add the hand", exact=True).click()
    assert sheet.totals() == [1, -9, -9, -9]
    assert "(not played)" in page.locator("li.hand .what").inner_text()


def test_the_phone_layout(pages, artifacts) -> None:
    """The page at 390×844: nothing wider than the screen, every control at
    least 44 px high; its screenshot is kept (docs/scorer-phone.png)."""
    _, hands = evening("tournament", 11)
    page = pages.open("tournament")
    sheet = SheetPage(page)
    sheet.start(PLAYERS)
    for hand in hands[:5]:
        sheet.enter(hand, PLAYERS)
    sheet.enter(hands[5], PLAYERS, add=False)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    small = page.evaluate("""() => Array.from(document.querySelectorAll('button, select, .choice span, input.count'))
        .map((e) => e.getBoundingClientRect()).filter((r) => r.width && r.height < 44).length""")
    assert small == 0
    unlabelled = page.evaluate("""() => Array.from(document.querySelectorAll('input, select, textarea, button'))
        .filter((e) => !(e.getAttribute('aria-label') || (e.labels && e.labels.length && e.labels[0].textContent.trim())
                         || (e.tagName === 'BUTTON' && e.textContent.trim()))).map((e) => e.outerHTML)""")
    assert unlabelled == []
    page.locator("#entry-title").evaluate("(title) => { title.scrollIntoView(); window.scrollBy(0, -8); }")
    shot = artifacts / "scorer-phone.png"
    page.screenshot(path=str(shot))
    assert shot.stat().st_size > 10_000
    keep = os.environ.get("BARBU_UPDATE_SCREENSHOT")  # a path, e.g. docs/scorer-phone.png
    if keep:
        shutil.copy(shot, keep)
