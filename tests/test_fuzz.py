"""Fuzzing the ``barbu`` command in-process, a quick profile (about a
minute): mutated bundled specs, YAML structures, rule lines and mutated
hand records, through the commands that read them; damaged score-sheet
databases through every sheet command, damaged saved games through
``play --resume``, and odd ``simulate`` command lines.  Every outcome must
be exit 0, 1 or 2 with no traceback, and a command that reads (or fails)
leaves the user's file as it was.  The web page's damaged stored games:
tests/scorer/test_stored_games.py.  ``benchmarks/fuzz_cli.py`` runs the
same inputs at nightly size through every command."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from barbu_dsl.fuzzing import HOSTILE_PIECES, invoke, mutate_record, mutate_text, record_text
from barbu_dsl.resources import bundled_spec_names, bundled_spec_text

QUICK = settings(max_examples=25, deadline=None, derandomize=True,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
TEXTS = [bundled_spec_text(name) for name in bundled_spec_names()]


def _through(commands: list[list[str]], text: str, folder: Path) -> None:
    (folder / "fuzz.yaml").write_text(text, encoding="utf-8", errors="surrogatepass")
    for command in commands:
        outcome = invoke(command, cwd=folder)
        assert outcome.clean, (command, text[:500], outcome.traceback or outcome.err[-2000:])


@QUICK
@given(st.randoms(use_true_random=False), st.integers(0, len(TEXTS) - 1))
def test_mutated_specs(tmp_path: Path, rng: random.Random, which: int) -> None:
    text = mutate_text(TEXTS[which], rng)
    _through([["check", "fuzz.yaml"], ["explain", "fuzz.yaml"], ["fmt", "fuzz.yaml"]], text, tmp_path)


yaml_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-10**40, 10**40), st.text(max_size=20),
              st.sampled_from(HOSTILE_PIECES)),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=20,
)
KEYS = ["name", "title", "players", "decks", "game", "doubling", "contracts", "variants", "scales", "extends",
        "apply"]


@QUICK
@given(st.dictionaries(st.sampled_from(KEYS), yaml_values, max_size=6))
def test_yaml_structures(tmp_path: Path, spec: dict) -> None:
    try:
        text = yaml.safe_dump(spec, allow_unicode=True)
    except yaml.YAMLError:
        return
    _through([["check", "fuzz.yaml"], ["verify", "fuzz.yaml", "--json"]], text, tmp_path)


TOKENS = ["−2", "+5", "-6", "per", "trick", "tricks", "♥", "H", "hearts", "queen", "Q", "A♥", "K♥", "{Q♠, K♥}",
          ",", ";", "no", "lead", "opening", "until", "broken", "trumps", "must", "win", "with", "a", "trump",
          "overtrump", "domino", "from", "5", "first", "card", "aces", "low", "2", "high", "last", "penultimate",
          "placings", "most", "of", "one", "suit", "ties", "split", "full", "all", "or", "nothing", "shoot",
          "the", "moon", "breaks", "leads", "shed", "when", "safe", "points", "on", "play", "every", "13th",
          "9" * 35, "²", "\x1b[2J", ":smile:"]


@QUICK
@given(st.lists(st.lists(st.sampled_from(TOKENS), min_size=1, max_size=8), min_size=1, max_size=5))
def test_rule_lines(tmp_path: Path, clauses: list[list[str]]) -> None:
    line = ", ".join(" ".join(words) for words in clauses)
    text = f"name: fuzz\ncontracts:\n  A: {json.dumps(line, ensure_ascii=False)}\n"
    _through([["check", "fuzz.yaml"], ["verify", "fuzz.yaml"], ["explain", "fuzz.yaml"]], text, tmp_path)


@pytest.fixture(scope="module")
def records() -> list[tuple[str, object]]:
    from barbu_dsl.generator.conformance import build_cases
    from barbu_dsl.language import load_spec

    return [("tournament", case["record"]) for case in build_cases(load_spec("tournament"))[:80]]


@QUICK
@given(st.randoms(use_true_random=False))
def test_mutated_records(tmp_path: Path, records: list[tuple[str, object]], rng: random.Random) -> None:
    spec, record = rng.choice(records)
    text = record_text(mutate_record(record, rng), rng)
    (tmp_path / "r.jsonl").write_text(text, encoding="utf-8", errors="surrogatepass")
    for command in (["replay", spec, "r.jsonl"], ["replay", spec, "r.jsonl", "--json"],
                    ["sheet", "add", "1", "--hand", "r.jsonl", "--db", "db.sqlite3"]):
        outcome = invoke(command, cwd=tmp_path)
        assert outcome.clean, (command, text[:500], outcome.traceback or outcome.err[-2000:])


# -- the score sheet's database, damaged ------------------------------------------------------

@pytest.fixture(scope="module")
def sheet_database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A score-sheet database of three games (one with hands), and the files its commands read."""
    from sheet.helpers import evening

    from barbu_dsl.language import load_spec

    folder = tmp_path_factory.mktemp("sheets")
    hands = [hand for _, hand in evening(load_spec("tournament"), seed=3)]
    (folder / "hand.json").write_text(json.dumps(hands[3]), encoding="utf-8")
    (folder / "game.json").write_text(json.dumps({"format": "barbu-sheet 1", "spec": "tournament",
                                                  "players": ["A", "B", "C", "D"], "hands": hands[:3]}),
                                      encoding="utf-8")
    for command in (["new", "tournament", "--players", "A,B,C,D"], ["import", "game.json"],
                    ["new", "hearts", "--players", "A,B,C,D"]):
        assert invoke(["sheet", *command, "--db", "base.sqlite3"], cwd=folder).code == 0
    return folder


@QUICK
@given(st.randoms(use_true_random=False))
def test_damaged_sheet_databases(sheet_database: Path, rng: random.Random) -> None:
    """Damaged bytes, rows, schema or version: every sheet command is one
    message at worst, and a command that reads, or that fails, leaves the
    file as it was."""
    from barbu_dsl.fuzzing import SHEET_READS, SHEET_WRITES, damage_database

    db = sheet_database / "db.sqlite3"
    db.write_bytes((sheet_database / "base.sqlite3").read_bytes())
    try:
        how = damage_database(db, rng)
        for command in SHEET_READS + SHEET_WRITES:
            before = db.read_bytes()
            outcome = invoke(["sheet", *command, "--db", db.name], cwd=sheet_database)
            assert outcome.clean, (how, command, outcome.traceback or outcome.err[-2000:])
            if command in SHEET_READS or outcome.code != 0:
                assert db.read_bytes() == before, (how, command, outcome.err)
    finally:
        for path in sheet_database.glob("db.sqlite3*"):
            path.unlink()


# -- play --resume: a saved game, damaged -----------------------------------------------------


@pytest.fixture(scope="module")
def saved_game_text(tmp_path_factory: pytest.TempPathFactory) -> object:
    """A real saved game, as JSON: a person left tournament a few cards into its first hand."""
    path = tmp_path_factory.mktemp("save") / "game.json"
    outcome = invoke(["play", "tournament", "--human", "--seed", "3", "--plain", "--save", str(path)],
                     stdin="1\n" * 12 + "quit\n")
    assert outcome.code == 0 and outcome.clean, outcome.err
    return json.loads(path.read_text(encoding="utf-8"))


@QUICK
@given(st.randoms(use_true_random=False))
def test_damaged_saved_games(tmp_path: Path, saved_game_text: object, rng: random.Random) -> None:
    """A saved game changed anywhere, knowing nothing of its format: play
    --resume carries on or is one message, and a refused file is left as it was."""
    from barbu_dsl.fuzzing import mutated_json_text

    path = tmp_path / "game.json"
    path.write_text(mutated_json_text(saved_game_text, rng), encoding="utf-8", errors="surrogatepass")
    before = path.read_bytes()
    outcome = invoke(["play", "--resume", "--plain", "--save", str(path)], stdin="quit\n")
    assert outcome.clean, (before[:500], outcome.traceback or outcome.err[-2000:])
    if outcome.code != 0:
        assert path.read_bytes() == before


# -- simulate's command line ----------------------------------------------------------------------


@settings(max_examples=15, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.randoms(use_true_random=False))
def test_simulate_inputs(tmp_path: Path, rng: random.Random) -> None:
    from barbu_dsl.fuzzing import simulate_args

    args = simulate_args(rng)
    outcome = invoke(args, cwd=tmp_path)
    assert outcome.clean, (args, outcome.traceback or outcome.err[-2000:])
