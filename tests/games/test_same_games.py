"""The same games as ever: ``barbu play --json --record`` of every bundled
spec, variant and scale (a few seeds, every player count, rule, random
and mixed bots) and ``barbu simulate --json`` of a few studies give what
the golden files under ``golden/`` hold, card for card (the records'
hash) and point for point."""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from conftest import UPDATE, assert_golden

from barbu_dsl.cli import app

from .cases import GOLDEN, SIMULATIONS, cases, golden_path, golden_text, run

CASES = cases()


@pytest.mark.parametrize("name", sorted(CASES))
def test_play_gives_the_same_games(name: str, tmp_path: Path) -> None:
    games = [run(case, tmp_path) for case in CASES[name]]
    assert_golden(golden_text(games), golden_path(name))


@pytest.mark.parametrize("name", sorted(SIMULATIONS))
def test_simulate_gives_the_same_numbers(name: str) -> None:
    result = CliRunner().invoke(app, ["simulate", *shlex.split(SIMULATIONS[name]), "--json"])
    assert result.exit_code == 0, result.output
    actual: dict[str, Any] = json.loads(result.stdout)
    path = GOLDEN / "simulate" / f"{name}.json"
    if UPDATE:
        path.write_text(json.dumps(actual, ensure_ascii=False) + "\n", encoding="utf-8")
        return
    assert actual == json.loads(path.read_text(encoding="utf-8"))
