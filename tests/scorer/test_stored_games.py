"""The games the page keeps in the browser's storage, damaged: the page
still opens, what it cannot read is kept aside under its own key (never
written over, even with storage full), the games it can read are there;
and a hand means the same to the page and to Python when a count is
written ``1.0`` (docs/sheet.md, "A hand").  Last, the fuzz run's share:
stored games damaged anywhere, knowing nothing of their format."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from barbu_dsl.fuzzing import mutated_json_text
from barbu_dsl.language import load_spec
from barbu_dsl.sheet.game import SheetGame
from barbu_dsl.sheet.hand import score_hand

from .ui import SheetPage

PLAYERS = ["Anna", "Bea", "Carla", "Diana"]
HAND = {"contract": "No tricks", "declarer": 0, "took": {"tricks": [4, 3, 3, 3]}}


def a_game() -> dict[str, Any]:
    game = SheetGame.new("tournament", PLAYERS, load_spec("tournament"))
    game.add(HAND)
    return game.to_json()


def storage(page: Any) -> dict[str, str]:
    return page.evaluate("() => Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)]))")


def storage_key(page: Any) -> str:
    return page.evaluate("() => JSON.parse(document.getElementById('barbu-data').textContent).storage_key")


def reopen_with(page: Any, text: str) -> None:
    """The page reloaded over ``text`` as its whole storage.  Chromium may
    not yet have committed a write made just before a reload: when the
    reloaded page finds the storage empty (the write lost, not the page's
    doing: a page never empties it), it is written again."""
    for _ in range(5):
        page.evaluate("([key, text]) => { localStorage.clear(); localStorage.setItem(key, text); }",
                      [storage_key(page), text])
        page.reload()
        page.wait_for_function("() => window.barbuSheet !== undefined")
        if page.evaluate("() => localStorage.length") > 0:
            return
    raise AssertionError("the storage written before a reload was lost five times")


def shows_the_page(page: Any) -> None:
    assert page.locator("h1").inner_text() == "Tournament Barbu"
    assert page.locator("#start").count() + page.locator("table.totals").count() == 1


DAMAGED = {
    "not JSON": "{\"games\": [",
    "null": "null",
    "a list": "[]",
    "games null": '{"games": null}',
    "games text": '{"games": "x", "current": "g1"}',
    "a null game": '{"games": [null], "current": null}',
    "a game of null": '{"games": [{"id": "g1", "game": null}], "current": "g1"}',
    "an id that is a number": '{"games": [{"id": 7, "game": {}}], "current": 7}',
}


@pytest.mark.parametrize("text", DAMAGED.values(), ids=DAMAGED.keys())
def test_a_damaged_store_opens_and_is_kept_aside(pages, text: str) -> None:
    page = pages.open("tournament")
    reopen_with(page, text)
    shows_the_page(page)
    kept = storage(page)
    assert text in [value for key, value in kept.items() if "/unreadable/" in key]
    SheetPage(page).start(PLAYERS)  # and a new game is kept as any other
    page.reload()
    page.wait_for_function("() => window.barbuSheet !== undefined")
    assert page.locator("table.totals").count() == 1


def test_a_good_game_beside_a_damaged_one_stays(pages) -> None:
    page = pages.open("tournament")
    text = json.dumps({"games": [None, {"id": "g1", "game": a_game()}], "current": "g1", "lang": "en"})
    reopen_with(page, text)
    assert page.evaluate("() => window.barbuSheet.totals()") == [-8, -6, -6, -6]
    assert text in storage(page).values()  # the whole store, kept aside before anything was dropped


def test_a_game_that_no_longer_reads_is_said_and_the_page_goes_on(pages) -> None:
    page = pages.open("tournament")
    broken = {**a_game(), "hands": [None]}
    reopen_with(page, json.dumps({"games": [{"id": "g1", "game": broken}], "current": "g1"}))
    shows_the_page(page)
    assert "hand 1" in page.locator("#status").inner_text().lower()


def test_damaged_json_with_storage_full_is_never_written_over(pages) -> None:
    page = pages.open("tournament")
    key = storage_key(page)
    page.evaluate("""(key) => {
      localStorage.clear();
      localStorage.setItem(key, '{"games": [');
      const block = "x".repeat(64 * 1024);
      for (let i = 0; ; i++) {
        try { localStorage.setItem(`filler/${i}`, block); } catch (error) { break; }
      }
      for (let size = 32 * 1024; size >= 1; size = Math.floor(size / 2)) {  // the last few bytes too
        for (let i = 0; ; i++) {
          try { localStorage.setItem(`filler/${size}/${i}`, "x".repeat(size)); } catch (error) { break; }
        }
      }
    }""", key)
    page.reload()
    page.wait_for_function("() => window.barbuSheet !== undefined")
    shows_the_page(page)
    assert "does not keep games" in page.locator(".files").inner_text()
    SheetPage(page).start(PLAYERS)
    page.evaluate("(hand) => window.barbuSheet.scoreHand(hand)", HAND)
    assert page.evaluate("(key) => localStorage.getItem(key)", key) == '{"games": ['


WHOLE_FLOATS = [
    {"contract": "No tricks", "declarer": 0.0, "took": {"tricks": [4.0, 3, 3, 3]}},
    {"contract": "No queens", "declarer": 1, "took": {"cards": {"Q": [1.0, 0, 1, 2.0]}}, "doubles": [[2.0, 1]]},
    {"contract": "Domino", "declarer": 2, "took": {"placings": [2.0, 3, 0, 1]}},
    {"contract": "Barbu", "declarer": 3, "raw": [-20.0, 0, 0, 0]},
    {"contract": "No tricks", "declarer": 0, "took": {"tricks": [4.5, 2.5, 3, 3]}},
]


@pytest.mark.parametrize("hand", WHOLE_FLOATS)
def test_a_whole_valued_float_means_the_same_to_the_page_and_to_python(pages, hand: dict[str, Any]) -> None:
    spec = load_spec("tournament")
    scored, problems = score_hand(spec, 4, hand)
    page = pages.open("tournament")
    got = page.evaluate("""(hand) => {
      try { return window.barbuSheet.scoreHand(hand, 4); } catch (error) { return {error: error.message}; }
    }""", hand)
    if scored is None:
        assert "error" in got and problems
    else:
        assert got == {"status": scored.status, "raw": list(scored.raw), "transfers": list(scored.transfers),
                       "final": list(scored.final)}
        assert "." not in json.dumps(scored.entry)  # kept, and exported, as the whole numbers they are


def test_stored_games_damaged_anywhere(pages) -> None:
    """The page opens every time, with no script error, and every game
    stays: the stored text as it was, kept aside whole, or read whole."""
    store = {"games": [{"id": "g1", "game": a_game()}, {"id": "g2", "game": a_game()}], "current": "g1", "lang": "en"}
    page = pages.open("tournament")
    rng = random.Random(17)
    for _ in range(30):
        text = mutated_json_text(store, rng)
        reopen_with(page, text)
        shows_the_page(page)
        kept = storage(page)
        if text not in kept.values():
            stored = json.loads(kept[storage_key(page)])
            assert [g["id"] for g in stored["games"]] == [g["id"] for g in json.loads(text)["games"]], text
