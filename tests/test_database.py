"""The stores' SQLite files (barbu_dsl.database): the settings of a
connection, one change committed whole or not at all, and a schema made or
brought up to date step by step."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from barbu_dsl.database import Schema, connect, immediate, marks, migrate, write_ahead


def _table(db: sqlite3.Connection) -> None:
    db.execute("CREATE TABLE t (n INTEGER NOT NULL)")


def _column(db: sqlite3.Connection) -> None:
    db.execute("ALTER TABLE t ADD COLUMN m TEXT")


STEPS = Schema(application_id=0x54455354, version=2, steps={0: _table, 1: _column})


def _columns(db: sqlite3.Connection) -> list[str]:
    return [row[1] for row in db.execute("PRAGMA table_info(t)")]


def test_a_connection_enforces_foreign_keys_and_writes_durably(tmp_path: Path) -> None:
    path = tmp_path / "a.sqlite3"
    with pytest.raises(sqlite3.OperationalError):
        connect(path, timeout=1)  # "rw" never creates the file
    db = connect(path, timeout=1, mode="rwc")
    assert db.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert db.isolation_level is None
    write_ahead(db)
    db.close()
    reader = connect(path, timeout=1, mode="ro")
    assert reader.execute("PRAGMA journal_mode").fetchone()[0] == "wal"  # kept in the file
    with pytest.raises(sqlite3.OperationalError):
        reader.execute("CREATE TABLE x (n)")
    reader.close()


def test_a_change_is_committed_whole_or_rolled_back(tmp_path: Path) -> None:
    db = connect(tmp_path / "a.sqlite3", timeout=1, mode="rwc")
    _table(db)
    with immediate(db):
        db.execute("INSERT INTO t VALUES (1)")
    with pytest.raises(ValueError), immediate(db):
        db.execute("INSERT INTO t VALUES (2)")
        raise ValueError("half way")
    with pytest.raises(sqlite3.IntegrityError), immediate(db):
        db.execute("INSERT INTO t VALUES (3)")
        db.execute("INSERT INTO t VALUES (NULL)")
    assert not db.in_transaction
    assert [n for (n,) in db.execute("SELECT n FROM t")] == [1]


def test_the_write_lock_is_taken_at_the_start(tmp_path: Path) -> None:
    path = tmp_path / "a.sqlite3"
    first = connect(path, timeout=1, mode="rwc")
    write_ahead(first)
    second = connect(path, timeout=0.05)
    with immediate(first), pytest.raises(sqlite3.OperationalError, match="locked"), immediate(second):
        pass
    assert not second.in_transaction


def test_an_empty_file_takes_every_step_and_an_old_one_the_rest(tmp_path: Path) -> None:
    fresh = connect(tmp_path / "fresh.sqlite3", timeout=1, mode="rwc")
    with immediate(fresh):
        migrate(fresh, STEPS, marks(fresh).version)
    assert marks(fresh)[:3] == (0x54455354, 2, frozenset({"t"}))
    assert _columns(fresh) == ["n", "m"]

    old = connect(tmp_path / "old.sqlite3", timeout=1, mode="rwc")
    _table(old)
    old.execute("INSERT INTO t VALUES (7)")
    old.execute("PRAGMA user_version = 1")
    with immediate(old):
        migrate(old, STEPS, 1)
    assert marks(old).version == 2 and _columns(old) == ["n", "m"]
    assert old.execute("SELECT n, m FROM t").fetchall() == [(7, None)]


def test_a_schema_made_at_once_and_a_version_without_a_step(tmp_path: Path) -> None:
    def whole(db: sqlite3.Connection) -> None:
        db.execute("CREATE TABLE t (m TEXT, n INTEGER NOT NULL)")

    schema = Schema(application_id=1, version=2, steps={1: _column}, create=whole)
    db = connect(tmp_path / "a.sqlite3", timeout=1, mode="rwc")
    with immediate(db):
        migrate(db, schema, 0)
    assert _columns(db) == ["m", "n"] and marks(db)[:2] == (1, 2)

    other = connect(tmp_path / "b.sqlite3", timeout=1, mode="rwc")
    with pytest.raises(sqlite3.DatabaseError, match="version 0"), immediate(other):
        migrate(other, Schema(application_id=1, version=2, steps={1: _column}), 0)
    assert marks(other) == (0, 0, frozenset(), 0)  # nothing of it stayed
