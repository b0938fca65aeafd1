"""A saved game that does not fit its spec (edited by hand, damaged, or
put together from two games) is refused by ``barbu play --resume`` with
one message and exit 2, and the file is left exactly as it was; a saved
game that does fit carries on.  README, "Play at the table" and exit
codes."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from barbu_dsl.fuzzing import invoke, mutate_record

MOVES = "1\n" * 12 + "quit\n"  # choose, double and play a few cards, then leave


@pytest.fixture(scope="module")
def saved_game(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A real saved game: a person at North left tournament in its first hand."""
    path = tmp_path_factory.mktemp("save") / "game.json"
    outcome = invoke(["play", "tournament", "--human", "--seed", "3", "--plain", "--save", str(path)], stdin=MOVES)
    assert outcome.code == 0 and outcome.clean, outcome.err
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    assert any(kind == "move" for _, kind, _ in data["decisions"])
    return data


def resume(tmp_path: Path, data: Any, stdin: str = "quit\n") -> tuple[Any, bytes, bytes]:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")  # (a lone surrogate as an escape, as JSON allows)
    before = path.read_bytes()
    outcome = invoke(["play", "--resume", "--plain", "--save", str(path)], stdin=stdin)
    return outcome, before, path.read_bytes()


def first(data: dict[str, Any], kind: str) -> int:
    return next(i for i, (_, entry_kind, _) in enumerate(data["decisions"]) if entry_kind == kind)


def damage(data: dict[str, Any], how: str) -> dict[str, Any]:
    data = json.loads(json.dumps(data))
    decisions = data["decisions"]
    move = first(data, "move")
    if how == "a card nobody holds twice":
        decisions[move + 1][2] = decisions[move][2]
    elif how == "a card as text":
        decisions[move][2] = "AS"
    elif how == "a card past the deck":
        decisions[move][2] = 60
    elif how == "a contract the spec has not":
        decisions[first(data, "contract")][2] = "Nope"
    elif how == "a double of nobody":
        decisions[first(data, "doubles")][2] = [9]
    elif how == "a seat past the table":
        decisions[move][0] = 4
    elif how == "a question of no kind":
        decisions[move][1] = "bid"
    elif how == "a decision cut short":
        decisions[move] = [0, "move"]
    elif how == "players the spec is not played by":
        data["players"] = 11
    elif how == "a bot barbu does not have":
        data["bots"][1] = "oracle"
    elif how == "three seats for four players":
        data["bots"] = data["bots"][:3]
    elif how == "a broken bot state":
        data["states"] = [[3, [1, 2], None]] * 4
    elif how == "a language barbu does not speak":
        data["language"] = "tlh"
    elif how == "a spec that no longer parses":
        data["spec_text"] = data["spec_text"].replace("contracts:", "contracts: [")
    return data


DAMAGES = ["a card nobody holds twice", "a card as text", "a card past the deck", "a contract the spec has not",
           "a double of nobody", "a seat past the table", "a question of no kind", "a decision cut short",
           "players the spec is not played by", "a bot barbu does not have", "three seats for four players",
           "a broken bot state", "a language barbu does not speak", "a spec that no longer parses"]


@pytest.mark.parametrize("how", DAMAGES)
def test_a_damaged_save_is_refused_and_kept(tmp_path: Path, saved_game: dict[str, Any], how: str) -> None:
    outcome, before, after = resume(tmp_path, damage(saved_game, how))
    assert outcome.clean, outcome.traceback
    assert outcome.code == 2, (outcome.code, outcome.err)
    assert outcome.err.count("\n") <= 4 and outcome.err.startswith(("barbu: ", "game.json"))
    assert after == before


def test_an_illegal_saved_card_names_the_decision(tmp_path: Path, saved_game: dict[str, Any]) -> None:
    outcome, _, _ = resume(tmp_path, damage(saved_game, "a card nobody holds twice"))
    number = first(saved_game, "move") + 2
    assert f"cannot be carried on: its decision {number} is not a legal answer there" in outcome.err
    assert "(the file is left as it is)" in outcome.err


def test_the_undamaged_save_carries_on(tmp_path: Path, saved_game: dict[str, Any]) -> None:
    outcome, before, after = resume(tmp_path, saved_game)
    assert outcome.code == 0 and outcome.clean, outcome.err
    assert "Game saved in" in outcome.out and json.loads(after)["decisions"] == json.loads(before)["decisions"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1), changes=st.integers(1, 3))
def test_no_saved_game_crashes_the_table(tmp_path: Path, saved_game: dict[str, Any], seed: int,
                                         changes: int) -> None:
    """Whatever a saved game holds, resuming it ends in 0, 1 or 2 with no
    traceback, and a refused file is not touched."""
    rng = random.Random(seed)
    data: Any = saved_game
    for _ in range(changes):
        data = mutate_record(data, rng)
    outcome, before, after = resume(tmp_path, data, stdin=rng.choice(["quit\n", "", "1\n" * 20 + "quit\n"]))
    assert outcome.clean, outcome.traceback
    assert outcome.code in (0, 1, 2)
    if outcome.code != 0:
        assert after == before
