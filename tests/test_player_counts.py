"""Every player count a spec allows, up to ten (docs/rules.md section 6),
in every front end: seats have names, the narration and the sheets speak of
them all.  Each bundled spec at each of its counts, and a spec for 2, 8, 9
and 10 players, goes through ``barbu play --plain`` with bots, a whole
game at the table with a scripted person, and the score sheet (the hands
entered from the games played, the totals the engine's).  The web page's
share is in tests/scorer/test_player_counts.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from sheet.helpers import evening
from table.helpers import session

from barbu_dsl.language import load_spec
from barbu_dsl.resources import bundled_spec_names
from barbu_dsl.sheet.game import SheetGame
from barbu_dsl.table.speech import GIVEN_NAMES

MANY = str(Path(__file__).parent / "many_players.yaml")
CASES = [(name, n) for name in bundled_spec_names() for n in load_spec(name).players]
CASES += [(MANY, n) for n in (2, 8, 9, 10)]


def ids(case: tuple[str, int]) -> str:
    return f"{Path(case[0]).stem}-{case[1]}"


@pytest.mark.parametrize("case", CASES, ids=ids)
def test_bots_play_a_whole_game_in_plain_text(case: tuple[str, int], tmp_path: Path) -> None:
    ref, players = case
    text, err, _, code = session(spec=ref, players=players, seed=3, plain=True, bots="rules",
                                 save=tmp_path / "none.json")
    assert code == 0, err
    assert "Traceback" not in err
    assert " wins with " in text or " tie with " in text or "win with" in text, text[-400:]
    if players != 4:
        assert all(name in text for name in GIVEN_NAMES[:players])  # every seat by its name


@pytest.mark.parametrize("case", CASES, ids=ids)
def test_a_person_plays_a_whole_game_at_the_table(case: tuple[str, int], tmp_path: Path) -> None:
    ref, players = case
    bots = ",".join(["human"] + ["rules"] * (players - 1))
    text, err, person, code = session(spec=ref, players=players, seed=4, bots=bots, language="en",
                                      save=tmp_path / "saved.json")
    assert code == 0, err
    assert "Final totals after" in text and "Traceback" not in err
    assert len(person.given) > 0


@pytest.mark.parametrize("case", CASES, ids=ids)
def test_the_score_sheet_keeps_a_whole_game(case: tuple[str, int]) -> None:
    ref, players = case
    spec = load_spec(ref)
    names = [f"Player {seat + 1}" for seat in range(players)]
    game = SheetGame.new(ref, names, spec)
    played = evening(spec, seed=5, players=players)
    for _, hand in played:
        game.add(hand)
    assert game.over
    assert list(game.totals) == list(played[-1][0].totals)
