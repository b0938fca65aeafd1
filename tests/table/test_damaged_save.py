"""A saved game that does not fit its spec (edited by hand, damaged, or
put together from two games) is refused by ``barbu play --resume`` with
one message and exit 2, and the file is left exactly as it was; a saved
game that does fit carries on.  docs/play.md, "Play at the table", and
docs/cli.md, exit codes."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from barbu_dsl.engine import GameState
from barbu_dsl.fuzzing import invoke, mutate_record

MOVES = "auto\n" * 12 + "quit\n"  # choose, double and play a few cards (the strong bot's choices), then leave


@pytest.fixture(scope="module")
def saved_game(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A real saved game: a person at North left tournament in its first hand."""
    path = tmp_path_factory.mktemp("save") / "game.json"
    outcome = invoke(["play", "tournament", "--human", "--seed", "3", "--plain", "--save", str(path)], stdin=MOVES)
    assert outcome.code == 0 and outcome.clean, outcome.err
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    assert "card" in kinds(data)
    return data


def kinds(data: dict[str, Any]) -> list[str]:
    """The kind of decision each answer of the saved game answers."""
    game = data["game"]
    state = GameState.from_data({**game, "answers": []})
    found = []
    for answer in game["answers"]:
        decision = state.pending()
        assert decision is not None
        found.append(decision.kind)
        state.apply(answer)
    return found


def resume(tmp_path: Path, data: Any, stdin: str = "quit\n") -> tuple[Any, bytes, bytes]:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")  # (a lone surrogate as an escape, as JSON allows)
    before = path.read_bytes()
    outcome = invoke(["play", "--resume", "--plain", "--save", str(path)], stdin=stdin)
    return outcome, before, path.read_bytes()


def first(data: dict[str, Any], kind: str) -> int:
    return kinds(data).index(kind)


def damage(data: dict[str, Any], how: str) -> dict[str, Any]:
    data = json.loads(json.dumps(data))
    game = data["game"]
    answers = game["answers"]
    card = first(data, "card")
    if how == "a card nobody holds twice":
        answers[card + 1] = answers[card]
    elif how == "a card in other letters":
        answers[card] = "A♠"
    elif how == "a card as the engine's number":
        answers[card] = 12
    elif how == "a contract the spec has not":
        answers[first(data, "contract")] = "Nope"
    elif how == "a double of nobody":
        answers[first(data, "double")] = [9]
    elif how == "an answer of no kind":
        answers[card] = {"bid": 1}
    elif how == "answers that are not a list":
        game["answers"] = "QS"
    elif how == "names for three players":
        game["names"] = ["Ann", "Bob", "Cy"]
    elif how == "players the spec is not played by":
        game["players"] = 11
    elif how == "a game of another version":
        game["version"] = 9
    elif how == "a bot barbu does not have":
        data["bots"][1] = "oracle"
    elif how == "three seats for four players":
        data["bots"] = data["bots"][:3]
    elif how == "a broken bot state":
        data["states"] = [[3, [1, 2], None]] * 4
    elif how == "a language barbu does not speak":
        data["language"] = "tlh"
    elif how == "a think factor past the bound":  # 1e300 would have the strong bot think for ever
        data["think"] = 1e300
    elif how == "a spec that no longer parses":
        game["spec_text"] = game["spec_text"].replace("contracts:", "contracts: [")
    return data


DAMAGES = ["a card nobody holds twice", "a card in other letters", "a card as the engine's number",
           "a contract the spec has not", "a double of nobody", "an answer of no kind",
           "answers that are not a list", "names for three players", "players the spec is not played by",
           "a game of another version", "a bot barbu does not have", "three seats for four players",
           "a broken bot state", "a language barbu does not speak", "a think factor past the bound",
           "a spec that no longer parses"]


@pytest.mark.parametrize("how", DAMAGES)
def test_a_damaged_save_is_refused_and_kept(tmp_path: Path, saved_game: dict[str, Any], how: str) -> None:
    outcome, before, after = resume(tmp_path, damage(saved_game, how))
    assert outcome.clean, outcome.traceback
    assert outcome.code == 2, (outcome.code, outcome.err)
    assert outcome.err.count("\n") <= 4 and outcome.err.startswith(("barbu: ", "game.json"))
    assert after == before


def test_an_illegal_saved_card_names_the_decision(tmp_path: Path, saved_game: dict[str, Any]) -> None:
    outcome, _, _ = resume(tmp_path, damage(saved_game, "a card nobody holds twice"))
    number = first(saved_game, "card") + 2
    assert f"cannot be carried on: its answer {number} is not a legal answer there" in outcome.err
    assert "(the file is left as it is)" in outcome.err


def test_the_undamaged_save_carries_on(tmp_path: Path, saved_game: dict[str, Any]) -> None:
    outcome, before, after = resume(tmp_path, saved_game)
    assert outcome.code == 0 and outcome.clean, outcome.err
    assert "Game saved in" in outcome.out and json.loads(after)["game"] == json.loads(before)["game"]


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
