"""``barbu sheet`` typed as a scorer at a real table types it: ``back``
through the doubling questions, yes and no in every language at a yes/no
question, ``--lang`` where a person puts it, Ctrl-C, a refused delete and
the totals in the table's language, the domino's starting rank confirmed
(docs/scoresheet.md, "Keep score at the table")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from barbu_dsl.cli import app

PLAYERS = ["Paolo", "Giulia", "Niccolò", "Anna Lise"]


def barbu(db: Path, *args: str, input: str | None = None) -> Result:
    """``barbu ARGS`` with the database ``db``, as typed (no --lang added)."""
    result = CliRunner(env={"BARBU_DB": str(db), "BARBU_LANG": "en"}).invoke(app, list(args), input=input)
    assert "Traceback" not in result.stdout + result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def new_game(db: Path, spec: str = "tournament") -> str:
    result = barbu(db, "sheet", "new", spec, "--players", ",".join(PLAYERS))
    assert result.exit_code == 0, result.stderr
    return result.stdout.strip()


def shown(db: Path, game: str) -> dict:
    return json.loads(barbu(db, "sheet", "show", game, "--json").stdout)


def test_back_from_a_doubling_question_keeps_the_counts(tmp_path: Path) -> None:
    """docs/rules.md section 2, the worked example: the queens counted,
    then back from the second, third and the redouble question; each time
    the question before is asked again and the counts stay as typed."""
    db = tmp_path / "db"
    game = new_game(db)
    typed = ("Paolo\nNo queens\n1 0 1 2\nall\nback\nall\nPaolo\nback\nPaolo\n\nback\n\nNiccolò\nback\n"
             "\nNiccolò\n")
    result = barbu(db, "sheet", "add", game, input=typed)
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "is missing" not in result.stdout
    assert result.stdout.count("Cards of rank queen (Q) taken by each player") == 1
    (hand,) = shown(db, game)["hands"]
    assert hand["took"] == {"cards": {"Q": [1, 0, 1, 2]}}
    assert hand["doubles"] == [[1, 0], [1, 2], [1, 3], [2, 0], [0, 2]]
    assert hand["final"] == [-12, 24, -12, -24]


def test_back_from_a_doubling_question_keeps_the_tricks(tmp_path: Path) -> None:
    """The same by tricks (No tricks, docs/rules.md section 2), in Italian."""
    db = tmp_path / "db"
    game = new_game(db)
    typed = "Giulia\nNiente prese\n4 3 3 3\n\nindietro\nPaolo\n\n\n"
    result = barbu(db, "sheet", "add", game, "--lang", "it", input=typed)
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "manca" not in result.stdout and "missing" not in result.stdout
    (hand,) = shown(db, game)["hands"]
    assert hand["took"] == {"tricks": [4, 3, 3, 3]} and hand["doubles"] == [[2, 0]]  # Niccolò doubled Paolo
