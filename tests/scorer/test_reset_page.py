"""The web scorer keeps running totals with resets as the Python sheet
and the engine do (docs/rules.md section 6, "Running totals"): games of
the tiny spec with resets, played by the engine and imported into the
page, keep the same totals and winners, and the page's ``addHand`` is
``runtime.scoring.add_hand`` on random cases."""

from __future__ import annotations

import random
from pathlib import Path

from sheet.helpers import sheet_hand

from barbu_dsl.bots import make_bots
from barbu_dsl.engine import play_game
from barbu_dsl.language import load_spec
from barbu_dsl.runtime.scoring import add_hand
from barbu_dsl.sheet.game import SheetGame

from .conftest import PLAYERS

TINY = Path(__file__).parent.parent / "table" / "tiny-reset.yaml"
IMPORT = """(game) => { window.barbuSheet.importGame(game);
  return {totals: window.barbuSheet.totals(), winners: window.barbuSheet.winners()}; }"""


def test_games_with_resets_keep_their_totals_in_the_page(pages) -> None:
    spec = load_spec(str(TINY))
    page = pages.open(str(TINY), spec_path=TINY)
    reset = 0
    for seed in range(8):
        result = play_game(spec, make_bots(["random"], 4, seed=seed), seed=seed)
        game = SheetGame.new(str(TINY), PLAYERS, spec)
        before = (0, 0, 0, 0)
        for played in result.hands:
            game.add(sheet_hand(spec, played))
            reset += sum(b + f != t for b, f, t in zip(before, played.final, played.totals, strict=True))
            before = played.totals
        got = page.evaluate(IMPORT, game.to_json())
        assert got["totals"] == list(result.totals) == list(game.totals), seed
    assert reset > 0  # these games do reset totals


def test_the_pages_add_hand_is_the_runtimes(pages) -> None:
    page = pages.open(str(TINY), spec_path=TINY)
    rng = random.Random(7)
    cases = []
    for _ in range(300):
        totals = [rng.randint(-20, 20) for _ in range(4)]
        final = [rng.randint(-10, 10) for _ in range(4)]
        resets = [[n, rng.randint(-20, 20)] for n in rng.sample(range(-25, 26), rng.randint(0, 3))]
        cases.append([totals, final, resets])
    got = page.evaluate("(cases) => cases.map(([t, f, r]) => BarbuCore.addHand(t, f, r))", cases)
    assert got == [list(add_hand(t, f, [tuple(r) for r in resets])) for t, f, resets in cases]
