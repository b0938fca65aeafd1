"""The web scorer keeps running totals with resets, and pays by place, as
the Python sheet and the engine do (docs/rules.md section 6, "Running
totals" and "Payments by place"): games of the tiny specs, played by the
engine and imported into the page, keep the same totals and show the same
payments, and the page's ``addHand`` and ``payouts`` are the runtime's on
random cases."""

from __future__ import annotations

import random
from pathlib import Path

from sheet.helpers import sheet_hand

from barbu_dsl.bots import make_bots
from barbu_dsl.engine import play_game
from barbu_dsl.language import load_spec
from barbu_dsl.runtime.scoring import add_hand, payouts
from barbu_dsl.sheet.game import SheetGame

from .conftest import PLAYERS

TINY = Path(__file__).parent.parent / "table" / "tiny-reset.yaml"
PAY = Path(__file__).parent.parent / "table" / "tiny-pay.yaml"
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


def test_a_finished_game_shows_its_payments(pages) -> None:
    spec = load_spec(str(PAY))
    result = play_game(spec, make_bots(["random"], 4, seed=3), seed=3)
    game = SheetGame.new(str(PAY), PLAYERS, spec)
    for played in result.hands:
        game.add(sheet_hand(spec, played))
    page = pages.open(str(PAY), spec_path=PAY)
    assert page.evaluate(IMPORT, game.to_json())["totals"] == list(result.totals)
    page.reload()
    wanted = ", ".join(f"{name} {'+' if v > 0 else ''}{str(v).replace('-', '−')}"
                       for name, v in zip(PLAYERS, result.payouts, strict=True))
    assert page.locator("#payouts").inner_text() == f"Payments by place: {wanted}."


def test_the_pages_payouts_are_the_runtimes(pages) -> None:
    page = pages.open(str(PAY), spec_path=PAY)
    rng = random.Random(11)
    cases = []
    for _ in range(300):
        players = rng.randint(2, 6)
        totals = [rng.randint(-4, 4) for _ in range(players)]
        amounts = sorted((rng.randint(-9, 9) for _ in range(players)), reverse=True)
        cases.append([totals, amounts, rng.random() < 0.5])
    got = page.evaluate("(cases) => cases.map(([t, a, low]) => BarbuCore.payouts(t, a, low))", cases)
    assert got == [list(payouts(t, a, low)) for t, a, low in cases]


def test_a_game_with_a_pot_keeps_its_totals_and_shows_the_pot(pages) -> None:
    """docs/rules.md section 6, "A pot": the page's totals and pot are the
    Python sheet's after every hand."""
    pot_spec = TINY.parent / "tiny-pot.yaml"
    spec = load_spec(str(pot_spec))
    page = pages.open(str(pot_spec), spec_path=pot_spec)
    for seed in range(4):
        result = play_game(spec, make_bots(["random"], 4, seed=seed), seed=seed)
        game = SheetGame.new(str(pot_spec), PLAYERS, spec)
        for played in result.hands:
            game.add(sheet_hand(spec, played))
        got = page.evaluate(IMPORT, game.to_json())
        assert got["totals"] == list(game.totals) == list(result.totals)
        assert page.evaluate("() => window.barbuSheet.pots()") == [
            hand.pot for hand in game.scored]
    page.reload()
    assert page.locator("#pot").inner_text() == f"In the pot: {game.scored[-1].pot}."
