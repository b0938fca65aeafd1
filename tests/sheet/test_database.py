"""The score-sheet database as a user's file: reading never writes, a file
that is not barbu's (or is newer) is refused and left byte for byte as it
was, a link to nothing is not followed, and a busy, full or damaged
database is one message and exit 2 with nothing half saved (docs/scoresheet.md,
"Keep score at the table"; src/barbu_dsl/sheet/store.py).  Many damaged files
and rows at once: tests/test_fuzz.py."""

from __future__ import annotations

import json
import resource
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from barbu_dsl.fuzzing import Outcome, invoke
from barbu_dsl.sheet.game import SheetFileError, SheetGame
from barbu_dsl.sheet.store import APPLICATION_ID, SCHEMA_VERSION, open_store

from .helpers import PLAYERS

TRICKS = {"contract": "No tricks", "declarer": 0, "took": {"tricks": [4, 3, 3, 3]}}
QUEENS = {"contract": "No queens", "declarer": 0, "took": {"cards": {"Q": [1, 0, 1, 2]}}}
READING = [["list"], ["list", "--json"], ["show", "1"], ["show", "1", "--json"], ["export", "1"],
           ["export", "1", "--csv"]]
WRITING = [["new", "hearts", "--players", "A,B,C,D"], ["import", "game.json"], ["add", "1", "--hand", "hand.json"],
           ["undo", "1"], ["edit", "1", "1", "--hand", "hand.json"], ["delete", "1", "1"]]


def sheet(folder: Path, db: str, *args: str, code: int | None = None) -> Outcome:
    outcome = invoke(["sheet", *args, "--db", db, "--lang", "en"], cwd=folder)
    assert outcome.clean, outcome.traceback or outcome.err
    if code is not None:
        assert outcome.code == code, (args, outcome.out, outcome.err)
    return outcome


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "hand.json").write_text(json.dumps(QUEENS), encoding="utf-8")  # the hand after TRICKS
    game = SheetGame.new("tournament", PLAYERS).to_json()
    (tmp_path / "game.json").write_text(json.dumps({**game, "hands": [TRICKS]}), encoding="utf-8")
    return tmp_path


def database(folder: Path, name: str = "db.sqlite3") -> Path:
    """A score-sheet database with one game of one hand."""
    sheet(folder, name, "import", "game.json", code=0)
    return folder / name


# -- reading never writes ----------------------------------------------------------------


@pytest.mark.parametrize("command", READING)
def test_reading_a_missing_database_creates_nothing(folder: Path, command: list[str]) -> None:
    outcome = sheet(folder, "sub/db.sqlite3", *command)
    assert outcome.code in (0, 2)
    assert not (folder / "sub").exists()


@pytest.mark.parametrize("command", READING)
def test_reading_leaves_the_database_as_it_was(folder: Path, command: list[str]) -> None:
    path = database(folder)
    before = path.read_bytes()
    sheet(folder, path.name, *command, code=0)
    assert path.read_bytes() == before


def test_a_new_database_is_made_at_the_first_change_and_marked_as_barbus(folder: Path) -> None:
    path = database(folder)
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


# -- another program's file, a newer one, a link to nothing -----------------------------------


def foreign(path: Path, *statements: str) -> bytes:
    db = sqlite3.connect(path)
    for statement in statements:
        db.execute(statement)
    db.commit()
    db.close()
    return path.read_bytes()


@pytest.mark.parametrize("statements", [
    ("CREATE TABLE notes (x)", "INSERT INTO notes VALUES ('mine')"),
    ("CREATE TABLE games (x)", "CREATE TABLE hands (y)", "PRAGMA application_id = 1234"),
    ("CREATE TABLE games (x)", "PRAGMA user_version = 1"),
], ids=["other tables", "another application", "only one of the tables"])
def test_another_programs_database_is_refused_and_untouched(folder: Path, statements: tuple[str, ...]) -> None:
    path = folder / "other.sqlite3"
    before = foreign(path, *statements)
    for command in READING + WRITING:
        outcome = sheet(folder, path.name, *command, code=2)
        assert outcome.err.startswith("barbu: other.sqlite3 is not a score-sheet database (another program's file?); "
                                      "it is left untouched"), outcome.err
    assert path.read_bytes() == before  # no tables added, still in its own journal mode
    assert sorted(p.name for p in folder.iterdir()) == ["game.json", "hand.json", "other.sqlite3"]


def test_a_newer_database_is_left_untouched_as_it_says(folder: Path) -> None:
    path = database(folder)
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.execute("PRAGMA journal_mode = DELETE")  # as a later version might keep it
    db.close()
    before = path.read_bytes()
    for command in READING + WRITING:
        outcome = sheet(folder, path.name, *command, code=2)
        assert outcome.err == (f"barbu: db.sqlite3 has schema version {SCHEMA_VERSION + 1}, newer than this "
                               f"barbu_dsl knows ({SCHEMA_VERSION}); it is left untouched\n")
    assert path.read_bytes() == before


def test_a_link_to_nothing_is_not_followed(folder: Path) -> None:
    (folder / "link.sqlite3").symlink_to(folder / "elsewhere" / "db.sqlite3")
    for command in (["new", "hearts", "--players", "A,B,C,D"], ["list"]):
        outcome = sheet(folder, "link.sqlite3", *command, code=2)
        assert outcome.err == ("barbu: link.sqlite3 is a symbolic link to a file that does not exist; barbu does "
                               "not create a database through a link\n")
    assert not (folder / "elsewhere").exists()


def test_a_link_to_a_database_is_that_database(folder: Path) -> None:
    path = database(folder)
    (folder / "link.sqlite3").symlink_to(path)
    sheet(folder, "link.sqlite3", "add", "1", "--hand", "hand.json", code=0)
    assert len(open_store(path).game_file(1)["hands"]) == 2


# -- busy, full, damaged --------------------------------------------------------------------


def test_a_database_held_by_another_program_is_busy(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from barbu_dsl.sheet import store

    path = database(folder)
    monkeypatch.setattr(store, "BUSY_SECONDS", 0.2)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another program in the middle of a change
    try:
        outcome = sheet(folder, path.name, "add", "1", "--hand", "hand.json", code=2)
        assert outcome.err == ("barbu: db.sqlite3 is busy: another program has held it for 0.2 s; nothing was saved, "
                               "try again when it is done\n")
        sheet(folder, path.name, "show", "1", code=0)  # reading goes on beside a writer
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert len(open_store(path).game_file(1)["hands"]) == 1


def test_a_full_database_saves_nothing(folder: Path) -> None:
    store = open_store(folder / "db.sqlite3")
    store.create(SheetGame.new("tournament", PLAYERS))
    pages = store.db.execute("PRAGMA page_count").fetchone()[0]
    store.db.execute(f"PRAGMA max_page_count = {pages}")  # no room for one more page: SQLITE_FULL
    with pytest.raises(SheetFileError) as caught:
        store.create(SheetGame.new("tournament", ["A" * 50_000, "B", "C", "D"]))
    assert caught.value.key == "db_full"
    assert str(caught.value) == f"cannot save in {folder / 'db.sqlite3'}: the disk is full; nothing was saved"
    assert [row.id for row in store.games()] == [1]


def test_a_disk_error_at_commit_is_one_message_and_saves_nothing(folder: Path) -> None:
    """A write refused by the system (here a file-size limit, as a full
    disk refuses it) fails the COMMIT: one message, and the database still
    holds exactly what it held."""
    path = database(folder)
    game = json.loads((folder / "game.json").read_text(encoding="utf-8"))
    (folder / "big.json").write_text(json.dumps({**game, "players": ["A" * 100_000, "B", "C", "D"]}),
                                     encoding="utf-8")
    limit = path.stat().st_size + 8192

    def limited() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    run = subprocess.run([sys.executable, "-m", "barbu_dsl", "sheet", "import", "big.json", "--db", path.name],
                         cwd=folder, preexec_fn=limited, capture_output=True, text=True, timeout=300, check=False,
                         env={"PATH": "/usr/bin:/bin", "PYTHONDONTWRITEBYTECODE": "1", "BARBU_LANG": "en"})
    assert run.returncode == 2 and "Traceback" not in run.stderr, run.stderr[-2000:]
    assert run.stderr == "barbu: db.sqlite3 could not be read or written (disk I/O error); nothing was saved\n"
    check = sqlite3.connect(path)
    assert check.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    assert check.execute("SELECT COUNT(*) FROM games").fetchone() == (1,)


@pytest.mark.parametrize(("damage", "message"), [
    ("UPDATE hands SET hand = X'FFFE00'", "game 1: hand 1 in the database is damaged (missing, or not JSON)"),
    ("UPDATE hands SET hand = '[[[['", "game 1: hand 1 in the database is damaged (missing, or not JSON)"),
    ("UPDATE hands SET number = 2", "game 1: hand 1 in the database is damaged (missing, or not JSON)"),
    ("UPDATE games SET spec_text = X'00'", "game 1 in the database is damaged (its spec or players are not text)"),
    ("UPDATE games SET players = X'00'", "game 1 in the database is damaged (its spec or players are not text)"),
    ("UPDATE games SET spec_text = CAST(X'FF' AS TEXT)", "db.sqlite3 is damaged (Could not decode to UTF-8 column"),
    ("DROP TABLE hands", "db.sqlite3 is not a score-sheet database"),
    ("ALTER TABLE games DROP COLUMN changed", "db.sqlite3 is damaged (no such column:"),
])
def test_a_damaged_row_is_one_message(folder: Path, damage: str, message: str) -> None:
    path = database(folder)
    db = sqlite3.connect(path)
    db.execute(damage)
    db.commit()
    db.close()
    before = path.read_bytes()
    refusals = []
    for command in (["list"], ["show", "1"], ["export", "1", "--csv"], ["add", "1", "--hand", "hand.json"]):
        outcome = sheet(folder, path.name, *command)
        assert outcome.code in (0, 2), (command, outcome.err)
        if outcome.code == 2:
            assert outcome.err.count("\n") == 1 and message in outcome.err, (command, outcome.err)
            refusals.append(command[0])
        elif command == ["list"]:  # it lists the games it can, and marks one it cannot read
            assert "a stored hand does not fit" in outcome.out, outcome.out
    assert refusals and path.read_bytes() == before


def test_a_file_cut_short_is_one_message(folder: Path) -> None:
    path = database(folder)
    data = path.read_bytes()
    path.write_bytes(data[:len(data) // 2 + 100])
    for command in READING + WRITING:
        outcome = sheet(folder, path.name, *command)
        assert outcome.code in (0, 1, 2)


def test_a_table_name_that_is_not_utf_8_is_one_message(folder: Path) -> None:
    path = database(folder)
    foreign(path, "CREATE TABLE zzzzz (x)")
    data = path.read_bytes()
    # A damaged schema whose SQLite error message quotes a byte that is not UTF-8.
    path.write_bytes(data.replace(b"zzzzz (x)", b"zzzz\xc7 (x(").replace(b"zzzzz", b"zzzz\xc7"))
    before = path.read_bytes()
    for command in READING + WRITING:
        outcome = sheet(folder, path.name, *command, code=2)
        assert outcome.err.startswith("barbu: db.sqlite3 is damaged ("), outcome.err
    assert path.read_bytes() == before
