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

The schema's version is ``PRAGMA user_version``; :data:`MIGRATIONS` bring
an older database up to :data:`SCHEMA_VERSION` when it is opened.  A
database written by a newer version is refused, never altered.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..bounded_json import loads as bounded_loads
from ..files import special_kind
from .game import FORMAT, SheetFileError, SheetGame

ENV_DB = "BARBU_DB"


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


MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (_v1, _v2)
"""``MIGRATIONS[k]`` brings a database from version ``k`` to ``k + 1``."""

SCHEMA_VERSION = len(MIGRATIONS)


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


class Store:
    """The games of one database file.  Open it with :func:`open_store`."""

    def __init__(self, db: sqlite3.Connection, path: Path):
        self.db = db
        self.path = path

    def close(self) -> None:
        self.db.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One change: everything inside is written, or nothing."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    # ---- reading ---------------------------------------------------------------
    def games(self) -> list[GameRow]:
        """Every game, oldest first."""
        rows = self.db.execute(
            "SELECT g.id, g.spec_ref, g.spec_text, g.players, g.created, g.changed,"
            " (SELECT COUNT(*) FROM hands h WHERE h.game_id = g.id) FROM games g ORDER BY g.id").fetchall()
        return [GameRow(row[0], row[1], row[2], _players(row[3]), row[4], row[5] or row[4], row[6])
                for row in rows]

    def game_file(self, game_id: int) -> dict[str, Any]:
        """Game ``game_id`` as the docs/sheet.md game object, its hands as
        stored (not checked).  Raise :class:`SheetFileError` for an unknown id."""
        row = self.db.execute("SELECT spec_ref, spec_text, players FROM games WHERE id = ?",
                              (game_id,)).fetchone()
        if row is None:
            raise SheetFileError("no_such_game", game=game_id, db=self.path)
        hands = []
        for number, text in self.db.execute("SELECT number, hand FROM hands WHERE game_id = ? ORDER BY number",
                                            (game_id,)):
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


def _players(text: str) -> list[str]:
    try:
        names = bounded_loads(text)
    except ValueError:
        names = None
    return [str(name) for name in names] if isinstance(names, list) else []


def open_store(path: Path | None = None) -> Store:
    """Open (creating it if need be) the database at ``path`` (default:
    :func:`default_path`) and bring its schema up to date.  Raise
    :class:`SheetFileError` for a path that cannot hold a database, a file
    that is not one, or a schema newer than this version knows."""
    path = path if path is not None else default_path()
    if path.is_dir():
        raise SheetFileError("db_is_directory", db=path)
    special = special_kind(path)
    if special is not None:  # a FIFO or a device would block or feed SQLite without end
        raise SheetFileError("db_unusable", db=path, error=special)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(path, isolation_level=None, timeout=30)
    except (OSError, sqlite3.Error) as error:
        raise SheetFileError("db_unusable", db=path, error=error) from None
    try:
        db.execute("PRAGMA foreign_keys = ON")
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = FULL")
        _migrate(db, path)
    except sqlite3.Error as error:
        db.close()
        raise SheetFileError("db_unusable", db=path, error=error) from None
    except SheetFileError:
        db.close()
        raise
    return Store(db, path)


def _migrate(db: sqlite3.Connection, path: Path) -> None:
    db.execute("BEGIN IMMEDIATE")
    try:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise SheetFileError("db_too_new", db=path, version=version, known=SCHEMA_VERSION)
        for step in MIGRATIONS[version:]:
            step(db)
        if version != SCHEMA_VERSION:
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


__all__ = ["ENV_DB", "MIGRATIONS", "SCHEMA_VERSION", "GameRow", "Store", "default_path", "open_store"]
