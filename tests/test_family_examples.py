"""The rule sets of the trick-avoidance family in docs/examples are
written as their sources state them (docs/rules.md section 6), each in a
short file: ``check`` accepts them, ``verify`` proves the hand totals the
sources state, ``explain`` says their game settings, and a whole game of
each plays through ``barbu play``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from barbu_dsl.explain import explain
from barbu_dsl.language import load_spec
from barbu_dsl.verifier import verify

EXAMPLES = Path(__file__).parent.parent / "docs" / "examples"
# Each file: its player count and the hand totals its source states.
STATED = {
    "black-maria": (3, (43, 43)),  # 13 hearts, Q♠ 13, K♠ 10, A♠ 7
    "polignac": (4, (5, 5)),  # four jacks, the J♠ twice
    "hearts-exactly-100": (4, (26, 78)),  # 26, or 3 × 26 when the moon is shot
    "hearts-for-chips": (4, (-26, -26)),  # 13 chips for hearts and 13 for the Q♠
}


def test_every_example_is_listed() -> None:
    assert sorted(path.stem for path in EXAMPLES.glob("*.yaml")) == sorted(STATED)


@pytest.mark.parametrize("name", sorted(STATED))
def test_the_example_verifies_as_its_source_states(name: str) -> None:
    path = EXAMPLES / f"{name}.yaml"
    assert len(path.read_text(encoding="utf-8").splitlines()) < 100
    spec = load_spec(str(path))
    players, (low, high) = STATED[name]
    count = verify(spec).count(players)
    hand = count.contracts[0]
    assert (hand.min, hand.max) == (low, high)
    assert explain(spec)


def test_the_pot_game_sums_to_zero_and_explains_its_settings() -> None:
    spec = load_spec(str(EXAMPLES / "hearts-for-chips.yaml"))
    assert verify(spec).ok
    text = explain(spec)
    assert "goes into a pot" in text and "place 1 +3" in text
    reset = explain(load_spec(str(EXAMPLES / "hearts-exactly-100.yaml")))
    assert "exactly 100 at the end of a hand goes back to 0" in reset


@pytest.mark.parametrize("name", sorted(STATED))
def test_a_whole_game_plays(name: str) -> None:
    done = subprocess.run([sys.executable, "-m", "barbu_dsl", "play", str(EXAMPLES / f"{name}.yaml"), "--seed", "1",
                           "--bots", "rules", "--json"], capture_output=True, text=True, check=False, timeout=600)
    assert done.returncode == 0, done.stderr
    game = json.loads(done.stdout)
    assert game["hands"] and len(game["totals"]) == STATED[name][0]
