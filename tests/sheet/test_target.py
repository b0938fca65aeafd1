"""A score sheet of a game to a target score (docs/rules.md section 6, "A
target score"; docs/sheet.md, "What the scorer checks": the game is already
over): the sheet is over at the end of the hand in which a total reaches
the target, refuses a further hand saying so, and ``show`` says who reached
it and who won; the game file needs nothing new (its ``spec_text`` carries
the target)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from barbu_dsl.bots import make_bots
from barbu_dsl.engine import play_game
from barbu_dsl.i18n import Translator
from barbu_dsl.language import load_spec
from barbu_dsl.runtime.scoring import target_reached
from barbu_dsl.sheet.game import SheetError, SheetGame
from barbu_dsl.sheet.views import state_lines

from .helpers import PLAYERS, sheet_hand
from .test_cli import new_game, sheet, shown

REF = "hearts+to-100"


def engine_evening(seed: int) -> tuple[list[dict], tuple[int, ...], tuple[int, ...]]:
    spec = load_spec(REF)
    result = play_game(spec, make_bots(["random"], 4, seed=seed), seed=seed, players=4)
    return [sheet_hand(spec, hand) for hand in result.hands], result.totals, result.winners


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32))
def test_the_sheet_ends_where_the_game_ends(seed: int) -> None:
    """Every hand of an engine's game to 100 is accepted, the sheet is over
    exactly after the last one, with the engine's totals and winners, and a
    further hand is refused as after the end of the game."""
    hands, totals, winners = engine_evening(seed)
    game = SheetGame.new(REF, PLAYERS)
    for number, hand in enumerate(hands):
        assert not game.over, number
        game.add(hand)
    assert game.over and game.totals == totals and game.winners == winners
    assert target_reached(100, game.totals)
    with pytest.raises(SheetError) as refused:
        game.add(hands[-1])
    assert f"the game is over after {len(hands)} hands" in refused.value.describe()


def test_show_says_who_reached_the_target_and_who_won() -> None:
    hands, totals, winners = engine_evening(5)
    game = SheetGame.new(REF, PLAYERS)
    for hand in hands[:-1]:
        game.add(hand)
    lines = state_lines(game, Translator("en"))
    assert lines[1].startswith(f"next: hand {len(hands)}, playing to 100; ")
    game.add(hands[-1])
    lines = state_lines(game, Translator("en"))
    reached = ", ".join(PLAYERS[s] for s in range(4) if totals[s] >= 100)
    assert lines[1] == f"the game is over after {len(hands)} hands: {reached} reached 100"
    assert lines[2].startswith("winner") and PLAYERS[winners[0]] in lines[2]
    fr = state_lines(game, Translator("fr"))
    assert fr[1] == f"la partie est finie après {len(hands)} donnes : {reached} a atteint 100"


def test_the_command_line_refuses_a_hand_after_the_target(tmp_path: Path) -> None:
    hands, totals, _ = engine_evening(7)
    db = tmp_path / "db"
    game = new_game(db, REF)
    for number, hand in enumerate(hands):
        path = tmp_path / f"hand{number}.json"
        path.write_text(json.dumps(hand), encoding="utf-8")
        assert sheet(db, "add", game, "--hand", str(path)).exit_code == 0
    data = shown(db, game)
    assert data["over"] and data["target"] == 100 and data["hands_in_game"] is None
    assert data["totals"] == list(totals)
    refused = sheet(db, "add", game, "--hand", str(tmp_path / "hand0.json"))
    assert refused.exit_code == 1
    assert f"the game is over after {len(hands)} hands" in refused.stderr
    exported = sheet(db, "export", game)
    assert "target: 100" in json.loads(exported.stdout)["spec_text"]
