"""Score sheets kept in SQLite: one database file for every game of a user.

The database lives in the user's data directory (``platformdirs``), or
where ``--db PATH`` or ``BARBU_DB`` says.  It holds two tables:

* ``games``: ``id`` (a small integer, never reused), the spec reference
  the table chose, the spec's canonical text (so a named house scale
  survives a change to its file), the players' names (JSON), when the
  game was created and last changed;
* ``hands``: ``game_id``, ``number`` (from 1) and the hand object of
  docs/sheet.md as JSON.

Every change is one transaction (``BEGIN IMMEDIATE`` … ``COMMIT``) in a
write-ahead log with ``synchronous=FULL``: a process killed at any moment
loses no change whose call had returned, and leaves no half change.  The
store keeps hands as given and checks nothing; :meth:`Store.load` re-checks
the whole game through :meth:`SheetGame.from_json`, so a database edited
by hand cannot smuggle an impossible hand onto a sheet.

Opening changes nothing.  The file is opened read-only, and a missing
file reads as a database without games (nothing is created), so
``list``, ``show`` and ``export`` never write.  The first change opens it
for writing: a missing (or empty) file is made a score-sheet database
then — never through a symbolic link — and an older schema is migrated
(:data:`MIGRATIONS`, up to :data:`SCHEMA_VERSION`, ``PRAGMA
user_version``).  Connecting, the transaction and the migration are
:mod:`barbu_dsl.database`'s, as the table server's are.  Before that, the file must be one of barbu's: its
``PRAGMA application_id`` is :data:`APPLICATION_ID` (or, written by an
earlier version, it has the schema's tables), and its schema is not newer
than this version knows; anything else is refused and left as it is.

Every SQLite error — a damaged file, a lock held past
:data:`BUSY_SECONDS`, a full disk, an I/O error at ``COMMIT`` — becomes
one :class:`SheetFileError` (:func:`db_problem`), exit 2, with the change
rolled back; a stored value of the wrong type is a damaged game, never a
traceback.
"""

from __future__ import annotations

import errno
import json
import os
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import wraps
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from ..bounded_json import loads as bounded_loads
from ..database import Schema, Step, connect, immediate, marks, migrate, write_ahead
from ..files import FileProblem, check_name, os_reason, special_kind
from .game import FORMAT, SheetFileError, SheetGame

ENV_DB = "BARBU_DB"

APPLICATION_ID = 0x42415242
"""``PRAGMA application_id`` of a score-sheet database ("BARB"), set when
barbu creates or first changes one: another program's SQLite file is never
taken for one."""

BUSY_SECONDS = 30.0
"""How long a command waits for another program's lock on the database."""


def _v1(db: sqlite3.Connection) -> None:
    db.execute("""CREATE TABLE games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        spec_ref TEXT NOT NULL,
        spec_text TEXT NOT NULL,
        players TEXT NOT NULL,
        created TEXT NOT NULL)""")
    db.execute("""CREATE TABLE hands (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        number INTEGER NOT NULL CHECK (number >= 1),
        hand TEXT NOT NULL,
        PRIMARY KEY (game_id, number))""")


def _v2(db: sqlite3.Connection) -> None:
    """Version 2: when each game last changed, for ``barbu sheet list``."""
    db.execute("ALTER TABLE games ADD COLUMN changed TEXT")
    db.execute("UPDATE games SET changed = created")


MIGRATIONS: tuple[Step, ...] = (_v1, _v2)
"""``MIGRATIONS[k]`` brings a database from version ``k`` to ``k + 1``."""

SCHEMA_VERSION = len(MIGRATIONS)

SCHEMA = Schema(APPLICATION_ID, SCHEMA_VERSION, dict(enumerate(MIGRATIONS)))


def default_path() -> Path:
    """``BARBU_DB`` when set, else ``sheets.sqlite3`` in the user's data directory."""
    env = os.environ.get(ENV_DB)
    if env:
        return Path(env)
    from platformdirs import user_data_path

    return user_data_path("barbu_dsl", appauthor=False) / "sheets.sqlite3"


def _now() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat()


@dataclass(frozen=True)
class GameRow:
    """A game as stored: what ``barbu sheet list`` shows without checking it."""

    id: int
    spec_ref: str
    spec_text: str
    players: list[str]
    created: str
    changed: str
    hands: int


P = ParamSpec("P")
R = TypeVar("R")

DB_ERRORS = (sqlite3.Error, OSError, UnicodeDecodeError)
"""What reading or writing the database raises: SQLite's errors, the
system's, and text in a damaged file that is not UTF-8 (a table's name)."""


def db_problem(error: sqlite3.Error | OSError | UnicodeDecodeError, path: Path) -> SheetFileError:
    """An SQLite (or system) error on the database ``path`` as one message:
    busy, full, an I/O error, damaged, or unusable in SQLite's words (a
    file that is not a database at all)."""
    code = getattr(error, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    text = os_reason(error) if isinstance(error, OSError) else str(error)
    if primary in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        return SheetFileError("db_busy", db=path, seconds=f"{BUSY_SECONDS:g}")
    if primary == sqlite3.SQLITE_FULL or (isinstance(error, OSError) and error.errno == errno.ENOSPC):
        return SheetFileError("db_full", db=path)
    if primary == sqlite3.SQLITE_IOERR:
        return SheetFileError("db_io", db=path, error=text)
    if primary in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_FORMAT, sqlite3.SQLITE_ERROR,
                   sqlite3.SQLITE_MISMATCH, sqlite3.SQLITE_CONSTRAINT, sqlite3.SQLITE_RANGE) \
            or "decode" in text:
        return SheetFileError("db_damaged", db=path, error=text)
    return SheetFileError("db_unusable", db=path, error=text)


def _translated(method: Callable[P, R]) -> Callable[P, R]:
    """A :class:`Store` method whose SQLite errors are :func:`db_problem` messages."""
    @wraps(method)
    def call(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return method(*args, **kwargs)
        except DB_ERRORS as error:
            store = args[0]
            assert isinstance(store, Store)
            raise db_problem(error, store.path) from None
    return call


class Store:
    """The games of one database file.  Open it with :func:`open_store`:
    it reads until the first change (:meth:`transaction`) opens it for
    writing."""

    def __init__(self, db: sqlite3.Connection, path: Path, version: int, exists: bool):
        self.db = db
        self.path = path
        self.version = version  # the schema version read (SCHEMA_VERSION for a new database)
        self._exists = exists  # False: the file is missing or empty, and db an empty schema in memory
        self._writing = False

    def close(self) -> None:
        self.db.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One change: everything inside is written, or nothing.  The
        first opens the file for writing (creating it if need be)."""
        try:
            with immediate(self._for_writing()) as db:
                yield db
        except DB_ERRORS as error:
            raise db_problem(error, self.path) from None

    def _for_writing(self) -> sqlite3.Connection:
        """The connection to write with: the file opened for writing, made
        (if missing or empty) or migrated (if older) first."""
        if self._writing:
            return self.db
        if not self._exists:
            _create(self.path)
        db = connect(self.path, timeout=BUSY_SECONDS)
        try:
            _migrate(db, self.path)
        except BaseException:
            db.close()
            raise
        self.db.close()
        self.db, self.version, self._exists, self._writing = db, SCHEMA_VERSION, True, True
        return db

    # ---- reading ---------------------------------------------------------------
    @_translated
    def games(self) -> list[GameRow]:
        """Every game, oldest first (a damaged value shown as ``?``)."""
        changed = "g.changed" if self.version >= 2 else "g.created"
        rows = self.db.execute(
            f"SELECT g.id, g.spec_ref, g.spec_text, g.players, g.created, {changed},"
            " (SELECT COUNT(*) FROM hands h WHERE h.game_id = g.id) FROM games g ORDER BY g.id").fetchall()
        return [GameRow(row[0], _shown(row[1]), _shown(row[2]), _players(row[3]), _shown(row[4]),
                        _shown(row[5] or row[4]), row[6]) for row in rows]

    @_translated
    def game_file(self, game_id: int) -> dict[str, Any]:
        """Game ``game_id`` as the docs/sheet.md game object, its hands as
        stored (not checked).  Raise :class:`SheetFileError` for an unknown
        id or a damaged game."""
        row = self.db.execute("SELECT spec_ref, spec_text, players FROM games WHERE id = ?",
                              (game_id,)).fetchone()
        if row is None:
            raise SheetFileError("no_such_game", game=game_id, db=self.path)
        if not all(isinstance(value, str) for value in row):
            raise SheetFileError("bad_stored_game", game=game_id)
        hands = []
        rows = self.db.execute("SELECT number, hand FROM hands WHERE game_id = ? ORDER BY number", (game_id,))
        for expected, (number, text) in enumerate(rows, 1):
            if number != expected or not isinstance(text, str):
                raise SheetFileError("bad_stored_hand", game=game_id, number=expected)
            try:
                hands.append(bounded_loads(text))
            except ValueError:
                raise SheetFileError("bad_stored_hand", game=game_id, number=number) from None
        return {"format": FORMAT, "spec": row[0], "spec_text": row[1], "players": _players(row[2]),
                "hands": hands}

    def load(self, game_id: int) -> SheetGame:
        """Game ``game_id``, every hand checked again (:class:`SheetError`
        names an impossible one)."""
        return SheetGame.from_json(self.game_file(game_id))

    # ---- changing --------------------------------------------------------------
    def create(self, game: SheetGame) -> int:
        """Store ``game`` (with any hands it has) as a new game; its id."""
        data = game.to_json()
        with self.transaction() as db:
            now = _now()
            cursor = db.execute("INSERT INTO games (spec_ref, spec_text, players, created, changed)"
                                " VALUES (?, ?, ?, ?, ?)",
                                (data["spec"], data["spec_text"], json.dumps(data["players"], ensure_ascii=False),
                                 now, now))
            game_id = int(cursor.lastrowid or 0)
            self._insert(db, game_id, data["hands"], 1)
        return game_id

    def append(self, game_id: int, hand: dict[str, Any], before: Sequence[Any] | None = None) -> int:
        """Add ``hand`` after the hands of game ``game_id``; its number
        (from 1).  ``before``: the hands the caller checked ``hand`` after;
        if the game changed meanwhile, :class:`SheetFileError` and nothing is written."""
        with self.transaction() as db:
            number = self._check_unchanged(game_id, before) + 1
            self._insert(db, game_id, [hand], number)
            self._touch(db, game_id)
        return number

    def replace(self, game_id: int, hands: Sequence[Any], before: Sequence[Any] | None = None) -> None:
        """Put ``hands`` in the place of every hand of game ``game_id`` (an
        undo, an edit, a deletion): all of it in one transaction.
        ``before`` as for :meth:`append`."""
        with self.transaction() as db:
            self._check_unchanged(game_id, before)
            db.execute("DELETE FROM hands WHERE game_id = ?", (game_id,))
            self._insert(db, game_id, hands, 1)
            self._touch(db, game_id)

    def _check_unchanged(self, game_id: int, before: Sequence[Any] | None) -> int:
        """The number of hands of the game, checked against ``before`` (when given)."""
        hands = self.game_file(game_id)["hands"]
        if before is not None and list(before) != hands:
            raise SheetFileError("changed_meanwhile", game=game_id)
        return len(hands)

    @staticmethod
    def _insert(db: sqlite3.Connection, game_id: int, hands: Sequence[dict[str, Any]], first: int) -> None:
        db.executemany("INSERT INTO hands (game_id, number, hand) VALUES (?, ?, ?)",
                       [(game_id, first + k, json.dumps(hand, ensure_ascii=False)) for k, hand in enumerate(hands)])

    @staticmethod
    def _touch(db: sqlite3.Connection, game_id: int) -> None:
        db.execute("UPDATE games SET changed = ? WHERE id = ?", (_now(), game_id))


def _shown(value: object) -> str:
    return value if isinstance(value, str) else "?"


def _players(text: object) -> list[str]:
    try:
        names = bounded_loads(text) if isinstance(text, str) else None
    except ValueError:
        names = None
    return [str(name) for name in names] if isinstance(names, list) else []


def open_store(path: Path | None = None) -> Store:
    """Open the database at ``path`` (default: :func:`default_path`) for
    reading: nothing is created or changed until the first change.  Raise
    :class:`SheetFileError` for a path that cannot hold a database, a file
    that is not a score-sheet database, or a schema newer than this version
    knows."""
    path = path if path is not None else default_path()
    try:
        check_name(path)
    except FileProblem as problem:
        raise SheetFileError("db_unusable", db=path, error=problem.reason) from None
    try:
        exists = _check_path(path)
    except OSError as error:
        raise db_problem(error, path) from None
    if not exists:
        return Store(_empty_schema(), path, SCHEMA_VERSION, exists=False)
    try:
        db = connect(path, timeout=BUSY_SECONDS, mode="ro")
    except DB_ERRORS as error:
        raise db_problem(error, path) from None
    try:
        version = _check_ours(db, path)
    except DB_ERRORS as error:
        db.close()
        raise db_problem(error, path) from None
    except BaseException:
        db.close()
        raise
    if version == 0:  # an empty file: a database without games until the first change
        db.close()
        return Store(_empty_schema(), path, SCHEMA_VERSION, exists=False)
    return Store(db, path, version, exists=True)


def _check_path(path: Path) -> bool:
    """Whether there is a file at ``path`` (through a link to one); refuse a
    directory, a FIFO or a device, and a link to nothing."""
    if path.is_dir():
        raise SheetFileError("db_is_directory", db=path)
    special = special_kind(path)
    if special is not None:  # a FIFO or a device would block or feed SQLite without end
        raise SheetFileError("db_unusable", db=path, error=special)
    if path.is_symlink() and not path.exists():
        raise SheetFileError("db_dangling_link", db=path)
    return path.exists()


def _empty_schema() -> sqlite3.Connection:
    """A database without games, in memory: what a missing file reads as."""
    db = sqlite3.connect(":memory:", isolation_level=None)
    for step in MIGRATIONS:
        step(db)
    return db


def _check_ours(db: sqlite3.Connection, path: Path) -> int:
    """The schema version of the database ``db`` (0: an empty file, to be
    made a score-sheet database at the first change); raise
    :class:`SheetFileError` for another program's file or a newer schema."""
    application, version, tables, objects = marks(db)
    if application not in (0, APPLICATION_ID):
        raise SheetFileError("db_not_ours", db=path)
    if version > SCHEMA_VERSION:
        raise SheetFileError("db_too_new", db=path, version=version, known=SCHEMA_VERSION)
    if version == 0 and application == 0 and objects == 0:
        return 0
    if version == 0 or not {"games", "hands"} <= tables:
        raise SheetFileError("db_not_ours", db=path)
    return version


def _create(path: Path) -> None:
    """Make the empty file ``path`` (and its directory), never through a
    symbolic link and never over a file that appeared meanwhile (that one
    is then checked and used as any other)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        os.close(os.open(path, flags, 0o666))
    except FileExistsError:
        if path.is_symlink():
            raise SheetFileError("db_dangling_link", db=path) from None


def _migrate(db: sqlite3.Connection, path: Path) -> None:
    """Check again, in the writing transaction, that the file is ours; make
    an empty one a score-sheet database (in WAL mode), bring an older
    schema up to date, and mark it with :data:`APPLICATION_ID`."""
    if _check_ours(db, path) == 0:
        write_ahead(db)
    with immediate(db):
        migrate(db, SCHEMA, _check_ours(db, path))


__all__ = ["APPLICATION_ID", "BUSY_SECONDS", "ENV_DB", "MIGRATIONS", "SCHEMA_VERSION", "GameRow", "Store",
           "db_problem", "default_path", "open_store"]
