"""The page keeps the advisory count per rubber as the Python sheet does
(docs/rules.md section 2, "The minimum of two doubles"): every seat's
doubles of whoever declared in this rubber, starting again with each
rubber."""

from __future__ import annotations

from pathlib import Path

from barbu_dsl.bots import make_bots
from barbu_dsl.engine import play_game
from barbu_dsl.language import load_spec
from barbu_dsl.sheet.game import SheetGame
from barbu_dsl.sheet.played import sheet_hand

SPEC = Path(__file__).resolve().parents[1] / "minimum_per_rubber.yaml"
NAMES = ["Anna", "Bea", "Carla"]


def test_the_page_counts_the_doubles_of_the_rubber(pages) -> None:
    spec = load_spec(str(SPEC))
    result = play_game(spec, make_bots(["rules"], 3, seed=2), seed=2, players=3)
    page = pages.open("minimum-per-rubber", spec_path=SPEC)
    for played in (5, 7, 10):
        game = SheetGame.new(str(SPEC), NAMES, spec)
        for hand in result.hands[:played]:
            game.add(sheet_hand(spec, hand))
        page.evaluate("(game) => window.barbuSheet.importGame(game)", game.to_json())
        declarer, counts = game.against_declarer()
        assert declarer is not None
        shown = page.locator("#counter li").all_inner_texts()
        assert shown == [f"{name} {counts[seat]}" for seat, name in enumerate(NAMES)], played
        assert "this rubber" in page.locator("#counter p").inner_text()
    assert pages.errors() == []
