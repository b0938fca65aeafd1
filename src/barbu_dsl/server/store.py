"""The tables of a ``barbu serve`` server, kept in SQLite.

One database file (``--db PATH``, else ``tables.sqlite3`` in the user's
data directory) holds four tables:

* ``tables``: the table's id, when it was made, the spec reference the
  owner chose and the house file the server wrote for them (if any), the
  game as :meth:`~barbu_dsl.engine.GameState.to_json` wrote it when the
  table was made (its spec text, seed, players and names; no answers), the
  owner's token, the status (``waiting``, ``playing``, ``over``), whether
  it is paused or was ended by its owner, and the owner's absence time;
  when something last happened at it (``touched``), when it ended
  (``over_at``), whether the server ended it for being left
  (``abandoned``), and the client (an address, :mod:`.budget`) that made
  it (``client``): :mod:`.lifecycle` archives, expires and counts by them;
* ``seats``: each seat's kind (``human`` or a bot's name), invite token,
  the seat's key once a person has claimed it with the invite (``key``,
  docs/table.md: from then on only the key opens the seat), name, whether
  a person has taken it, the bot that stands in for the person
  (``standin``) and whether it plays now (``standing``);
* ``answers``: every answer given at the table, numbered from 1, as JSON;
* ``removals``: the tables an operator removed from the command line
  (``barbu tables remove``) while a server may be running: the running
  server reads them and closes those tables' connections.

A game is its first state and its answers, so a table comes back after a
restart exactly where it was: :meth:`GameState.from_data` replays the
answers.  Only the tables in play are read back at the start
(:meth:`TableStore.load`); a table that is over is read when it is asked
for (:meth:`TableStore.load_table`).  A bot's answer depends only on the game, the seat's seed and
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
refused and left as it is.  Connecting, the transaction and the migration
are :mod:`barbu_dsl.database`'s, as the score sheet's are.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..bounded_json import loads as bounded_loads
from ..database import Schema, connect, immediate, marks, migrate, write_ahead
from ..errors import BarbuError
from ..files import check_name, os_reason
from .writer import BUSY_SECONDS, GroupWriter, Write, WriteError

APPLICATION_ID = 0x42535256
"""``PRAGMA application_id`` of a table server's database ("BSRV")."""

SCHEMA_VERSION = 4
"""1: no seat keys (an invite opened its seat for ever); 2: ``seats.key``; 3: a table's ``touched``,
``over_at``, ``abandoned`` and ``client``, and ``removals``; 4: ``seats.freed``."""

FREED_KEPT = 8
"""How many of a seat's freed invites and keys it remembers, to refuse them as ``freed``."""

READ_BUSY_SECONDS = 10.0
"""How long reading the tables back at the server's start waits for another process's lock."""

_REMOVALS = """CREATE TABLE removals (
        table_id TEXT NOT NULL,
        at TEXT NOT NULL)"""

_STATUS_INDEX = "CREATE INDEX tables_status ON tables (status, over_at)"

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
        lang TEXT,
        touched TEXT,
        over_at TEXT,
        abandoned INTEGER NOT NULL DEFAULT 0,
        client TEXT)""",
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
        freed TEXT NOT NULL DEFAULT '',
        PRIMARY KEY (table_id, seat))""",
    """CREATE TABLE answers (
        table_id TEXT NOT NULL REFERENCES tables(id),
        number INTEGER NOT NULL CHECK (number >= 1),
        answer TEXT NOT NULL,
        PRIMARY KEY (table_id, number))""",
    _REMOVALS,
    _STATUS_INDEX,
)
"""The newest schema, made at once in an empty file."""


def _create(db: sqlite3.Connection) -> None:
    for statement in _SCHEMA:
        db.execute(statement)


def _seat_keys(db: sqlite3.Connection) -> None:
    """Version 2: seat keys; a seat a person took before them is claimed again by its invite."""
    db.execute("ALTER TABLE seats ADD COLUMN key TEXT")


def _lifecycle(db: sqlite3.Connection) -> None:
    """Version 3: the lifecycle; a table is touched now, and one over ended now (expires from now)."""
    for column in ("touched TEXT", "over_at TEXT", "abandoned INTEGER NOT NULL DEFAULT 0", "client TEXT"):
        db.execute(f"ALTER TABLE tables ADD COLUMN {column}")
    now = _now()
    db.execute("UPDATE tables SET touched = ?", (now,))
    db.execute("UPDATE tables SET over_at = ? WHERE status = 'over'", (now,))
    db.execute(_REMOVALS)
    db.execute(_STATUS_INDEX)


def _freed(db: sqlite3.Connection) -> None:
    """Version 4: a seat's freed links, refused as freed (nothing was freed before)."""
    db.execute("ALTER TABLE seats ADD COLUMN freed TEXT NOT NULL DEFAULT ''")


SCHEMA = Schema(APPLICATION_ID, SCHEMA_VERSION, {1: _seat_keys, 2: _lifecycle, 3: _freed}, create=_create)
"""The server's schema: made whole in an empty file, else brought up from version 1."""


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
    freed: str = ""  # the invites and keys the owner freed the seat from, space-separated (the last FREED_KEPT)


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
    touched: str = ""
    over_at: str | None = None
    abandoned: bool = False
    client: str | None = None


TABLE_FIELDS = ("status", "paused", "ended", "absent_after", "touched", "over_at", "abandoned")
SEAT_FIELDS = ("kind", "token", "key", "name", "taken", "standin", "standing", "freed")


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
        self._reading = threading.Lock()  # the reading connection serves one thread at a time
        try:
            self.db = connect(path, timeout=READ_BUSY_SECONDS, mode="rwc", any_thread=True)
            self._prepare()
        except sqlite3.Error as error:
            raise StoreError(f"{path} is not a database barbu serve can use: {error}") from None
        self.writer = GroupWriter(self._writing_connection)

    def _writing_connection(self) -> sqlite3.Connection:
        """The writer thread's own connection: a short busy timeout, so that a
        database locked by another process answers ``not_saved`` quickly."""
        return connect(self.path, timeout=BUSY_SECONDS, mode="rwc", any_thread=True)

    def _prepare(self) -> None:
        """Check that the file is the server's (or empty), put it in
        write-ahead-log mode, and make or migrate its schema."""
        db = self.db
        app, version, _, objects = marks(db)
        if app != APPLICATION_ID and objects:
            raise StoreError(f"{self.path} is another program's database (or a score sheet's); "
                             "give barbu serve --db a file of its own")
        if version > SCHEMA_VERSION:
            raise StoreError(f"{self.path} was written by a newer barbu_dsl (schema {version}); upgrade to use it")
        write_ahead(db)
        if not objects or version < SCHEMA_VERSION:
            with self.transaction():
                migrate(db, SCHEMA, version if objects else 0)

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
        try:
            with immediate(self.db) as db:
                yield db
        except sqlite3.Error as error:
            raise StoreError(f"cannot write to {self.path}: {error}") from None

    # ---- changes -----------------------------------------------------------------

    async def add_table(self, row: TableRow) -> None:
        """Store a new table with its seats."""
        def write(db: sqlite3.Connection) -> None:
            made = row.created or _now()
            db.execute("INSERT INTO tables (id, created, spec_ref, house, game, owner, status, paused, ended,"
                       " absent_after, lang, touched, client) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (row.id, made, row.spec_ref, row.house, row.game, row.owner, row.status,
                        int(row.paused), int(row.ended), row.absent_after, row.lang, row.touched or made, row.client))
            db.executemany("INSERT INTO seats (table_id, seat, kind, token, key, name, taken, standin, standing,"
                           " freed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                           [(row.id, seat.seat, seat.kind, seat.token, seat.key, seat.name, int(seat.taken),
                             seat.standin, int(seat.standing), seat.freed) for seat in row.seats])
        await self._write(write)

    async def add_answer(self, table_id: str, number: int, answer: Any) -> None:
        """Answer ``number`` (from 1) of the table's game, committed before this returns."""
        text = json.dumps(answer, ensure_ascii=False)
        await self._write(lambda db: db.execute("INSERT INTO answers (table_id, number, answer) VALUES (?, ?, ?)",
                                                (table_id, number, text)))

    async def update_table(self, table_id: str, **values: Any) -> None:
        """Change some of :data:`TABLE_FIELDS` of a table (a table that
        ends, ``status`` ``over``, ends now: ``over_at``)."""
        if values.get("status") == "over" and "over_at" not in values:
            values["over_at"] = _now()
        await self._update("tables", TABLE_FIELDS, "id = ?", (table_id,), values)

    async def remove_table(self, table_id: str) -> None:
        """Delete a table: its answers, its seats and itself."""
        await self._write(lambda db: remove_rows(db, table_id))

    async def touch(self, touched: dict[str, str]) -> None:
        """When something last happened at each of these tables (one write for all)."""
        await self._write(lambda db: db.executemany("UPDATE tables SET touched = ? WHERE id = ?",
                                                    [(when, table_id) for table_id, when in touched.items()]))

    async def expire(self, before: str) -> list[str]:
        """Delete every table that ended before ``before`` (an ISO time); the ids deleted.  A table
        over without an end time (one whose end could not be stored) ends now."""
        gone: list[str] = []

        def write(db: sqlite3.Connection) -> None:
            db.execute("UPDATE tables SET over_at = ? WHERE status = 'over' AND over_at IS NULL", (_now(),))
            gone.extend(table_id for (table_id,) in db.execute(
                "SELECT id FROM tables WHERE status = 'over' AND over_at < ?", (before,)))
            for table_id in gone:
                remove_rows(db, table_id)
        await self._write(write)
        return gone

    async def forget_removals(self, through: int) -> None:
        """The operator's removals up to ``through`` (a rowid) have been seen to."""
        await self._write(lambda db: db.execute("DELETE FROM removals WHERE rowid <= ?", (through,)))

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
        """Every table in play (``waiting`` or ``playing``) that can be read
        back, oldest first, with its seats and answers; and each that cannot
        (its rows damaged), with why.  A database that cannot be read at all
        is a :class:`StoreError`."""
        with self._reading:
            try:
                rows = self.db.execute(f"SELECT {_COLUMNS} FROM tables WHERE status != 'over'"
                                       " ORDER BY created, rowid").fetchall()
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

    def load_table(self, table_id: str) -> TableRow | None:
        """One table, whatever its status (None when there is none);
        :class:`StoreError` when its rows are damaged.  From any thread."""
        with self._reading:
            try:
                row = self.db.execute(f"SELECT {_COLUMNS} FROM tables WHERE id = ?", (table_id,)).fetchone()
                return None if row is None else self._table(row)
            except (sqlite3.Error, ValueError, TypeError, IndexError) as error:
                raise StoreError(f"table {table_id} cannot be read back: {error}") from None

    def removals(self, after: int) -> list[tuple[int, str]]:
        """The operator's removals after rowid ``after``: (rowid, table id), in order.  From any thread."""
        with self._reading:
            try:
                return [(int(n), str(t)) for n, t in self.db.execute(
                    "SELECT rowid, table_id FROM removals WHERE rowid > ? ORDER BY rowid", (after,))]
            except sqlite3.Error as error:
                raise StoreError(f"cannot read {self.path}: {error}") from None

    def _table(self, row: tuple[Any, ...]) -> TableRow:
        db = self.db
        seats = [SeatRow(seat, kind, token, name, bool(taken), standin, bool(standing), key, str(freed or ""))
                 for seat, kind, token, name, taken, standin, standing, key, freed in db.execute(
                     "SELECT seat, kind, token, name, taken, standin, standing, key, freed FROM seats"
                     " WHERE table_id = ? ORDER BY seat", (row[0],))]
        answers = []
        for expected, (number, text) in enumerate(db.execute(
                "SELECT number, answer FROM answers WHERE table_id = ? ORDER BY number", (row[0],)), 1):
            if number != expected:
                raise StoreError(f"answer {expected} is missing")
            answers.append(bounded_loads(text))
        return TableRow(id=row[0], created=row[1], spec_ref=row[2], house=row[3], game=row[4], owner=row[5],
                        status=row[6], paused=bool(row[7]), ended=bool(row[8]), absent_after=row[9], lang=row[10],
                        touched=row[11] or row[1], over_at=row[12], abandoned=bool(row[13]), client=row[14],
                        seats=seats, answers=answers)


_COLUMNS = ("id, created, spec_ref, house, game, owner, status, paused, ended, absent_after, lang, touched, over_at,"
            " abandoned, client")


def remove_rows(db: sqlite3.Connection, table_id: str) -> None:
    """Delete a table's rows (inside the caller's transaction)."""
    db.execute("DELETE FROM answers WHERE table_id = ?", (table_id,))
    db.execute("DELETE FROM seats WHERE table_id = ?", (table_id,))
    db.execute("DELETE FROM tables WHERE id = ?", (table_id,))


def _now() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def iso(seconds: float) -> str:
    """A time (seconds since the epoch) as the store writes it."""
    return datetime.fromtimestamp(seconds, UTC).replace(microsecond=0).isoformat()


def seconds(text: str | None) -> float | None:
    """A time the store wrote, as seconds since the epoch (None for none, or one it cannot read)."""
    if not text:
        return None
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        return None
    return (when if when.tzinfo else when.replace(tzinfo=UTC)).timestamp()


__all__ = ["APPLICATION_ID", "FREED_KEPT", "SCHEMA_VERSION", "SeatRow", "StoreError", "TableRow", "TableStore",
           "default_path", "iso", "remove_rows", "seconds"]
