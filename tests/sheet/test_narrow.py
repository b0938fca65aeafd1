"""``barbu sheet show`` and ``list`` at the widths of a phone's terminal
and a laptop's: a whole evening in 60 and 80 columns, one column a player
with the hand's score above its running total, no name ever split inside a
word, and redoubles written as such (docs/scoresheet.md, "Keep score at the
table")."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from barbu_dsl.cli import app
from barbu_dsl.language import load_spec
from barbu_dsl.sheet.game import SheetGame
from barbu_dsl.sheet.layout import wrap

from .helpers import evening

ITALIANS = ["Paolo", "Giulia", "Niccolò", "Anna Lise"]
LONG = ["Massimiliano", "Maria Chiara", "Bartolomeo", "Anne-Sophie"]


def barbu(db: Path, *args: str, columns: int = 80, lang: str = "it") -> Result:
    env = {"BARBU_DB": str(db), "COLUMNS": str(columns), "BARBU_LANG": lang}
    result = CliRunner(env=env).invoke(app, list(args))
    assert "Traceback" not in result.stdout + result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def an_evening(tmp_path: Path, players: list[str], seed: int = 5) -> Path:
    """The bots' 28-hand tournament evening (seed 5 has hands redoubled) kept under ``players``."""
    spec = load_spec("tournament")
    game = SheetGame.new("tournament", players, spec)
    for _, hand in evening(spec, seed=seed):
        game.add(hand)
    path = tmp_path / "evening.json"
    path.write_text(json.dumps(game.to_json(), ensure_ascii=False), encoding="utf-8")
    db = tmp_path / "db"
    assert barbu(db, "sheet", "import", str(path)).exit_code == 0
    return db


def split_names(lines: list[str], names: list[str], words_only: bool = False) -> list[str]:
    """The lines that begin or end inside a name: a word cut (``Gi`` /
    ``ulia``) or, unless ``words_only``, a name of two words on two lines
    (``Anna`` / ``Lise``)."""
    words = {word for name in names for word in name.split()}
    cut = []
    for line in lines:
        parts = [p for p in re.split(r"[\s,;→()]+", line) if p]
        if not parts:
            continue
        first, last = parts[0], parts[-1]
        if any(w != first and w.endswith(first) for w in words) or any(w != last and w.startswith(last)
                                                                        for w in words):
            cut.append(line)
        for name in [] if words_only else names:
            head, _, tail = name.partition(" ")
            if tail and (line.rstrip().endswith(" " + head) or line.lstrip().startswith(tail + " ")):
                cut.append(line)
    return cut


@pytest.mark.parametrize(("columns", "most_lines"), [(60, 95), (80, 95)])
def test_a_whole_evening_fits_one_column_a_player(tmp_path: Path, columns: int, most_lines: int) -> None:
    db = an_evening(tmp_path, ITALIANS)
    result = barbu(db, "sheet", "show", "1", columns=columns)
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= columns
    assert len(lines) <= most_lines  # two lines a hand, and the doubles where there are some
    header = next(line for line in lines if line.lstrip().startswith("#"))
    assert re.search(r"Paolo +Giulia +Niccolò +Anna Lise$", header)  # a column a player, each name whole
    assert split_names(lines, ITALIANS) == []
    first = lines.index(header) + 2
    assert re.fullmatch(r" +1 +Domino 7 +−5 +\+45 +\+5 +\+20", lines[first])  # the hand's scores ...
    assert re.fullmatch(r" +Anna Lise +−5 +45 +5 +20", lines[first + 1])  # ... and under them the totals
    assert "Anna Lise→Paolo, Giulia, Niccolò (surcontro)" in result.stdout  # a redouble said as one
    assert "Paolo→Anna Lise; Giulia→Anna Lise; Niccolò→Anna Lise;" in result.stdout


@pytest.mark.parametrize("columns", [40, 50, 60])
def test_long_names_are_never_cut_inside_a_word(tmp_path: Path, columns: int) -> None:
    """Names too long for columns beside the contract: the contract goes
    above them, a name of two words on two lines of its column's heading;
    too long even for that: a line a player.  No word is ever cut."""
    db = an_evening(tmp_path, LONG)
    result = barbu(db, "sheet", "show", "1", columns=columns, lang="en")
    lines = result.stdout.split("\ntotals:")[0].splitlines()  # the sheet, then the state said in lines
    assert max(len(line) for line in lines) <= columns
    assert split_names(lines, LONG, words_only=True) == []
    assert "Massimiliano" in result.stdout and "Bartolomeo" in result.stdout
    assert re.search(r"^ +28  ", result.stdout, re.MULTILINE)
    assert "total" in result.stdout


@pytest.mark.parametrize("columns", [60, 80])
def test_the_list_of_games_fits(tmp_path: Path, columns: int) -> None:
    db = an_evening(tmp_path, LONG)
    result = barbu(db, "sheet", "list", columns=columns, lang="fr")
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= columns, result.stdout
    assert split_names(lines, LONG) == []
    for name in LONG:
        assert name in result.stdout
    assert "tournament" in result.stdout and "finie" in result.stdout


def test_wrap_breaks_between_doublers_then_names() -> None:
    text = "Paolo→Anna Lise; Giulia→Anna Lise; Anna Lise→Paolo, Giulia, Niccolò (redoubled)"
    assert wrap(text, 40) == ["Paolo→Anna Lise; Giulia→Anna Lise;", "Anna Lise→Paolo, Giulia,",
                              "Niccolò (redoubled)"]
    assert wrap("Massimiliano", 5) == ["Massi", "milia", "no"]  # only a word wider than the line is cut
    assert wrap("short", 80) == ["short"]


@pytest.mark.parametrize("columns", [60, 80])
def test_a_game_without_hands_shows_its_players(tmp_path: Path, columns: int) -> None:
    db = tmp_path / "db"
    assert barbu(db, "sheet", "new", "tournament", "--players", ",".join(LONG)).exit_code == 0
    result = barbu(db, "sheet", "show", "1", columns=columns, lang="pt")
    assert result.exit_code == 0, result.stderr
    assert "total" in result.stdout and "Bartolomeo" in result.stdout
