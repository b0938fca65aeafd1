"""The tables of a ``barbu serve`` server, kept in SQLite.

One database file (``--db PATH``, else ``tables.sqlite3`` in the user's
data directory) holds three tables:

* ``tables``: the table's id, when it was made, the spec reference the
  owner chose and the house file the server wrote for them (if any), the
  game as :meth:`~barbu_dsl.engine.GameState.to_json` wrote it when the
  table was made (its spec text, seed, players and names; no answers), the
  owner's token, the status (``waiting``, ``playing``, ``over``), whether
  it is paused or was ended by its owner, and the owner's absence time;
* ``seats``: each seat's kind (``human`` or a bot's name), invite token,
  the seat's key once a person has claimed it with the invite (``key``,
  docs/table.md: from then on only the key opens the seat), name, whether
  a person has taken it, the bot that stands in for the person
  (``standin``) and whether it plays now (``standing``);
* ``answers``: every answer given at the table, numbered from 1, as JSON.

A game is its first state and its answers, so a table comes back after a
restart exactly where it was: :meth:`GameState.from_data` replays the
answers.  A bot's answer depends only on the game, the seat's seed and
the answer's number (:func:`bot_seed`), so the bots go on after a restart
as they would have without one.

Every change is written by one thread of its own (:mod:`.writer`), which
commits the changes that came in meanwhile — of every table — as one
transaction in a write-ahead log with ``synchronous=FULL``; the change's
writer waits (without holding the event loop) until it is committed.  An
answer is committed before the server says anything about it, and a
process killed at any moment loses no answer that a seat was told of.  A
table whose rows are damaged is skipped when the tables are read back
(:meth:`TableStore.load` names it); the others are served.  The file is marked with the server's own
``application_id``; another program's database (or a score sheet's) is
refused and left as it is.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..bounded_json import loads as bounded_loads
from ..errors import BarbuError
from ..files import check_name, os_reason
from .writer import BUSY_SECONDS, GroupWriter, Write, WriteError

APPLICATION_ID = 0x42535256
"""``PRAGMA application_id`` of a table server's database ("BSRV")."""

SCHEMA_VERSION = 2
"""1: no seat keys (an invite opened its seat for ever); 2: ``seats.key``."""

READ_BUSY_SECONDS = 10.0
"""How long reading the tables back at the server's start waits for another process's lock."""

_SCHEMA = (
    """CREATE TABLE tables (
        id TEXT PRIMARY KEY,
        created TEXT NOT NULL,
        spec_ref TEXT NOT NULL,
        house TEXT,
        game TEXT NOT NULL,
        owner TEXT NOT NULL,
        status TEXT NOT NULL,
        paused INTEGER NOT NULL DEFAULT 0,
        ended INTEGER NOT NULL DEFAULT 0,
        absent_after REAL,
        lang TEXT)""",
    """CREATE TABLE seats (
        table_id TEXT NOT NULL REFERENCES tables(id),
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL,
        token TEXT,
        key TEXT,
        name TEXT NOT NULL,
        taken INTEGER NOT NULL DEFAULT 0,
        standin TEXT NOT NULL DEFAULT 'strong',
        standing INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (table_id, seat))""",
    """CREATE TABLE answers (
        table_id TEXT NOT NULL REFERENCES tables(id),
        number INTEGER NOT NULL CHECK (number >= 1),
        answer TEXT NOT NULL,
        PRIMARY KEY (table_id, number))""",
)


class StoreError(BarbuError):
    """The database cannot be used: not the server's, damaged, busy, full."""


def default_path() -> Path:
    """``tables.sqlite3`` in the user's data directory."""
    from platformdirs import user_data_path

    return user_data_path("barbu_dsl", appauthor=False) / "tables.sqlite3"


@dataclass
class SeatRow:
    """A seat as stored."""

    seat: int
    kind: str
    token: str | None
    name: str
    taken: bool = False
    standin: str = "strong"
    standing: bool = False
    key: str | None = None


@dataclass
class TableRow:
    """A table as stored: its settings, seats and answers."""

    id: str
    spec_ref: str
    house: str | None
    game: str
    owner: str
    seats: list[SeatRow]
    status: str = "waiting"
    paused: bool = False
    ended: bool = False
    absent_after: float | None = None
    lang: str | None = None
    created: str = ""
    answers: list[Any] = field(default_factory=list)


TABLE_FIELDS = ("status", "paused", "ended", "absent_after")
SEAT_FIELDS = ("kind", "token", "key", "name", "taken", "standin", "standing")


class TableStore:
    """The tables of one database file (see the module docstring)."""

    def __init__(self, path: Path):
        self.path = path
        check_name(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fresh = not path.exists() or path.stat().st_size == 0
            if fresh:
                # The server's own file: only its owner reads it (it holds the tokens).
                os.close(os.open(path, os.O_WRONLY | os.O_CREAT, 0o600))
        except OSError as error:
            raise StoreError(f"cannot make the database {path}: {os_reason(error)}") from None
        try:
            self.db = sqlite3.connect(path, timeout=READ_BUSY_SECONDS, isolation_level=None, check_same_thread=False)
            self._prepare()
        except sqlite3.Error as error:
            raise StoreError(f"{path} is not a database barbu serve can use: {error}") from None
        self.writer = GroupWriter(self._writing_connection)

    def _writing_connection(self) -> sqlite3.Connection:
        """The writer thread's own connection: a short busy timeout, so that a
        database locked by another process answers ``not_saved`` quickly."""
        db = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False)
        db.execute("PRAGMA synchronous=FULL")
        db.execute("PRAGMA foreign_keys=ON")
        return db

    def _prepare(self) -> None:
        db = self.db
        app = db.execute("PRAGMA application_id").fetchone()[0]
        tables = db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0]
        if app != APPLICATION_ID and tables:
            raise StoreError(f"{self.path} is another program's database (or a score sheet's); "
                             "give barbu serve --db a file of its own")
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StoreError(f"{self.path} was written by a newer barbu_dsl (schema {version}); upgrade to use it")
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("PRAGMA foreign_keys=ON")
        if not tables:
            with self.transaction():
                for statement in _SCHEMA:
                    db.execute(statement)
                db.execute(f"PRAGMA application_id={APPLICATION_ID}")
                db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        elif version < SCHEMA_VERSION:
            with self.transaction():
                if version < 2:  # seat keys: a seat a person took before them is claimed again by its invite
                    db.execute("ALTER TABLE seats ADD COLUMN key TEXT")
                db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")

    def close(self) -> None:
        """Commit what is queued and close the database."""
        self.writer.close()
        self.db.close()

    async def _write(self, write: Write) -> None:
        try:
            await self.writer.write(write)
        except WriteError as error:
            raise StoreError(f"cannot write to {self.path}: {error}") from None

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One change, written whole or not at all; a failure is a :class:`StoreError`."""
        db = self.db
        try:
            db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as error:
            raise StoreError(f"cannot write to {self.path}: {error}") from None
        try:
            yield db
            db.execute("COMMIT")
        except BaseException as error:
            with suppress(sqlite3.Error):
                db.execute("ROLLBACK")
            if isinstance(error, sqlite3.Error):
                raise StoreError(f"cannot write to {self.path}: {error}") from None
            raise

    # ---- changes -----------------------------------------------------------------

    async def add_table(self, row: TableRow) -> None:
        """Store a new table with its seats."""
        def write(db: sqlite3.Connection) -> None:
            db.execute("INSERT INTO tables (id, created, spec_ref, house, game, owner, status, paused, ended,"
                       " absent_after, lang) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (row.id, row.created or _now(), row.spec_ref, row.house, row.game, row.owner, row.status,
                        int(row.paused), int(row.ended), row.absent_after, row.lang))
            db.executemany("INSERT INTO seats (table_id, seat, kind, token, key, name, taken, standin, standing)"
                           " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                           [(row.id, seat.seat, seat.kind, seat.token, seat.key, seat.name, int(seat.taken),
                             seat.standin, int(seat.standing)) for seat in row.seats])
        await self._write(write)

    async def add_answer(self, table_id: str, number: int, answer: Any) -> None:
        """Answer ``number`` (from 1) of the table's game, committed before this returns."""
        text = json.dumps(answer, ensure_ascii=False)
        await self._write(lambda db: db.execute("INSERT INTO answers (table_id, number, answer) VALUES (?, ?, ?)",
                                                (table_id, number, text)))

    async def update_table(self, table_id: str, **values: Any) -> None:
        """Change some of :data:`TABLE_FIELDS` of a table."""
        await self._update("tables", TABLE_FIELDS, "id = ?", (table_id,), values)

    async def update_seat(self, table_id: str, seat: int, **values: Any) -> None:
        """Change some of :data:`SEAT_FIELDS` of a seat."""
        await self._update("seats", SEAT_FIELDS, "table_id = ? AND seat = ?", (table_id, seat), values)

    async def _update(self, table: str, allowed: tuple[str, ...], where: str, keys: tuple[Any, ...],
                      values: dict[str, Any]) -> None:
        unknown = set(values) - set(allowed)
        if unknown:
            raise ValueError(f"not a field of {table}: {sorted(unknown)}")
        if not values:
            return
        columns = ", ".join(f"{name} = ?" for name in values)
        stored = [int(v) if isinstance(v, bool) else v for v in values.values()]
        statement = f"UPDATE {table} SET {columns} WHERE {where}"
        await self._write(lambda db: db.execute(statement, (*stored, *keys)))

    # ---- reading -------------------------------------------------------------------

    def load(self) -> tuple[list[TableRow], dict[str, str]]:
        """Every table that can be read back, oldest first, with its seats
        and answers; and each table that cannot (its rows damaged), with
        why.  A database that cannot be read at all is a :class:`StoreError`."""
        db = self.db
        try:
            rows = db.execute("SELECT id, created, spec_ref, house, game, owner, status, paused, ended,"
                              " absent_after, lang FROM tables ORDER BY created, rowid").fetchall()
        except sqlite3.Error as error:
            raise StoreError(f"{self.path} is damaged: {error}") from None
        tables: list[TableRow] = []
        damaged: dict[str, str] = {}
        for row in rows:
            try:
                tables.append(self._table(row))
            except (sqlite3.Error, StoreError, ValueError, TypeError, IndexError) as error:
                damaged[str(row[0])] = str(error)
        return tables, damaged

    def _table(self, row: tuple[Any, ...]) -> TableRow:
        db = self.db
        seats = [SeatRow(seat, kind, token, name, bool(taken), standin, bool(standing), key)
                 for seat, kind, token, name, taken, standin, standing, key in db.execute(
                     "SELECT seat, kind, token, name, taken, standin, standing, key FROM seats"
                     " WHERE table_id = ? ORDER BY seat", (row[0],))]
        answers = []
        for expected, (number, text) in enumerate(db.execute(
                "SELECT number, answer FROM answers WHERE table_id = ? ORDER BY number", (row[0],)), 1):
            if number != expected:
                raise StoreError(f"answer {expected} is missing")
            answers.append(bounded_loads(text))
        return TableRow(id=row[0], created=row[1], spec_ref=row[2], house=row[3], game=row[4], owner=row[5],
                        status=row[6], paused=bool(row[7]), ended=bool(row[8]), absent_after=row[9], lang=row[10],
                        seats=seats, answers=answers)


def _now() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat()


__all__ = ["APPLICATION_ID", "SCHEMA_VERSION", "SeatRow", "StoreError", "TableRow", "TableStore", "default_path"]
