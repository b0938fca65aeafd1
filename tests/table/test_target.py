"""A game to a target score at the table (docs/rules.md section 6, "A
target score"): the narrator says "playing to 12" where it says "of 28" of
a game of known length, in each language, through a quit and a resume;
``--json`` carries the target."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from barbu_dsl.runtime.scoring import target_reached

from .helpers import HERE, assert_plain, barbu, session

TINY_TO = str(HERE / "tiny-to.yaml")


@pytest.mark.parametrize(("language", "hand", "welcome"), [
    ("en", "Hand 1, playing to 12.", "playing to 12."),
    ("it", "Mano 1, si gioca a 12.", "si gioca a 12."),
    ("fr", "Donne 1, partie en 12.", "partie en 12."),
    ("pt", "Mão 1, joga-se até 12.", "joga-se até 12."),
])
def test_the_narrator_says_the_target(language: str, hand: str, welcome: str, tmp_path: Path) -> None:
    text, _, _, code = session([], save=tmp_path / "saved.json", spec=TINY_TO, seed=4,
                               bots="human,rules,rules,rules", language=language)
    assert code == 0
    assert_plain(text)
    assert hand in text and text.splitlines()[0].endswith(welcome)
    assert " of " not in text.split("\n\n")[1].splitlines()[0]  # no "Hand 1 of 1000"


def test_quit_and_resume_a_game_to_a_target(tmp_path: Path) -> None:
    save = tmp_path / "saved.json"
    first, _, _, code = session([None, None, "quit"], save=save, spec=TINY_TO, seed=4, bots="human,rules,rules,rules")
    assert code == 0 and save.exists()
    second, _, _, code = session(["scores"], save=save, resume=True)
    assert code == 0 and not save.exists()
    assert "Carrying on the saved game at hand 3, playing to 12." in second
    assert "Totals after hand 2, playing to 12:" in second


def test_json_carries_the_target_and_stops_at_it() -> None:
    done = barbu("play", TINY_TO, "--seed", "2", "--bots", "rules", "--json")
    assert done.returncode == 0, done.stderr
    game = json.loads(done.stdout)
    assert game["target"] == 12
    totals = [hand["totals"] for hand in game["hands"]]
    assert target_reached(12, totals[-1]) and not any(target_reached(12, t) for t in totals[:-1])
    assert game["winners"] == [seat for seat, total in enumerate(game["totals"]) if total == min(game["totals"])]
