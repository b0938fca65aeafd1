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
REDOUBLES = {"en": "redoubles", "it": "surcontra", "fr": "surcontre", "pt": "recontra"}


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


@pytest.mark.parametrize(("lang", "contract", "yes", "no"), [
    ("en", "No tricks", "yes", "no"), ("en", "No tricks", "y", "n"), ("it", "Niente prese", "sì", "no"),
    ("it", "niente prese", "si", "n"), ("fr", "Pas de plis", "oui", "non"), ("pt", "Sem vazas", "sim", "não"),
])
def test_yes_and_no_at_a_yes_or_no_redouble(tmp_path: Path, lang: str, contract: str, yes: str, no: str) -> None:
    """docs/rules.md section 2: Giulia doubles Paolo, asked "Paolo
    redoubles Giulia? (yes or no)"; yes is the redouble, in the table's
    language; in the next hand Giulia doubles again and no is no redouble."""
    db = tmp_path / "db"
    game = new_game(db)
    typed = f"Paolo\n{contract}\n4 3 3 3\nPaolo\n\n\n{yes}\n"
    result = barbu(db, "sheet", "add", game, "--lang", lang, input=typed)
    assert result.exit_code == 0, result.stdout + result.stderr
    assert f"Paolo {REDOUBLES[lang]} Giulia" in result.stdout
    typed = "No queens\n1 0 1 2\nPaolo\n\n\n" + f"{no}\n"
    result = barbu(db, "sheet", "add", game, "--lang", lang, input=typed)
    assert result.exit_code == 0, result.stdout + result.stderr
    first, second = shown(db, game)["hands"]
    assert first["doubles"] == [[1, 0], [0, 1]] and second["doubles"] == [[1, 0]]


def test_a_refused_double_lists_only_who_can_be_doubled(tmp_path: Path) -> None:
    """Paolo may redouble Giulia and Niccolò only: a name that is no
    player is answered with those two, never Paolo himself or Anna Lise;
    'yes' where several may be redoubled asks whom."""
    db = tmp_path / "db"
    game = new_game(db)
    typed = "Paolo\nNo tricks\n4 3 3 3\nPaolo\nPaolo\n\nZed\nyes\nNiccolò\n"
    result = barbu(db, "sheet", "add", game, input=typed)
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "'Zed': expected a player, by name or number: 2 Giulia, 3 Niccolò\n" in result.stdout
    assert "'yes': expected whom, by name or number: 2 Giulia, 3 Niccolò (all: all of them; Enter: nobody)" in (
        result.stdout)
    assert shown(db, game)["hands"][0]["doubles"] == [[1, 0], [2, 0], [0, 2]]
