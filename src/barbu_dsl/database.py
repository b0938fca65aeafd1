"""SQLite files as barbu keeps them: the score sheet's games
(:mod:`barbu_dsl.sheet.store`) and the table server's tables
(:mod:`barbu_dsl.server.store`) are opened, changed and brought up to date
the same way, written here once.

* :func:`connect` opens a file with the settings every store needs:
  transactions begun explicitly, foreign keys enforced, and for writing
  ``synchronous=FULL``, so that a commit that returned is on the disk;
  :func:`write_ahead` puts a file in write-ahead-log mode (kept in the
  file), where readers do not wait for a writer and a process killed at any
  moment leaves no half change.
* :func:`immediate` is one change: ``BEGIN IMMEDIATE`` (the write lock
  taken at once, so two writers never both read and then fail to write),
  ``COMMIT``, or everything rolled back.
* A :class:`Schema` is a store's tables by version (``PRAGMA
  user_version``) and its mark (``PRAGMA application_id``);
  :func:`marks` reads what a file says it is, and :func:`migrate` makes an
  empty file the newest schema or brings an older one up to date.

What an error means to a person is each store's own (its messages differ):
these functions let SQLite's errors through.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, NamedTuple

Step = Callable[[sqlite3.Connection], None]
"""Statements run inside the caller's transaction."""


def connect(path: Path, *, timeout: float, mode: Literal["ro", "rw", "rwc"] = "rw",
            any_thread: bool = False) -> sqlite3.Connection:
    """A connection to the file ``path``: ``mode`` ``ro`` only reads, ``rw``
    writes and never creates the file, ``rwc`` creates it when missing.  A
    lock held by another connection is waited for up to ``timeout``
    seconds.  ``any_thread``: the connection may be used from any thread
    (the caller lets one at a time use it)."""
    db = sqlite3.connect(f"{path.absolute().as_uri()}?mode={mode}", uri=True, isolation_level=None,
                         timeout=timeout, check_same_thread=not any_thread)
    try:
        db.execute("PRAGMA foreign_keys = ON")
        if mode != "ro":
            db.execute("PRAGMA synchronous = FULL")
    except BaseException:
        db.close()
        raise
    return db


def write_ahead(db: sqlite3.Connection) -> None:
    """Put the database in write-ahead-log mode; the file keeps it, so every
    later connection uses it."""
    db.execute("PRAGMA journal_mode = WAL")


def roll_back(db: sqlite3.Connection) -> None:
    """Undo an open transaction; an error doing so (the disk gone) changes
    nothing more: SQLite rolls it back from its journal on the next open."""
    try:
        if db.in_transaction:
            db.execute("ROLLBACK")
    except sqlite3.Error:
        pass


@contextmanager
def immediate(db: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One change: everything inside is committed, or (on any exception,
    which goes on) nothing is."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
        db.execute("COMMIT")
    except BaseException:
        roll_back(db)
        raise


class Marks(NamedTuple):
    """What a file says it is."""

    application_id: int  # whose file (0: nobody said)
    version: int  # the schema version (0: none)
    tables: frozenset[str]  # its tables' names
    objects: int  # how many tables, indexes and the like (0: an empty file)


def marks(db: sqlite3.Connection) -> Marks:
    """The marks of the database ``db``."""
    application = db.execute("PRAGMA application_id").fetchone()[0]
    version = db.execute("PRAGMA user_version").fetchone()[0]
    tables = frozenset(name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'"))
    objects = db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0]
    return Marks(int(application), int(version), tables, int(objects))


@dataclass(frozen=True)
class Schema:
    """A store's tables, version by version."""

    application_id: int
    """The store's mark (``PRAGMA application_id``): another program's file
    is never taken for one of its own."""
    version: int
    """The newest version (``PRAGMA user_version``)."""
    steps: Mapping[int, Step]
    """``steps[k]`` brings a database from version ``k`` to ``k + 1``
    (from 0, an empty file, unless :attr:`create` makes one)."""
    create: Step | None = None
    """The newest schema made at once in an empty file; None: every step in turn."""


def migrate(db: sqlite3.Connection, schema: Schema, found: int) -> None:
    """Inside the caller's transaction: make an empty database (``found``
    0) ``schema``'s newest version, or bring version ``found`` up to it
    step by step; then mark it as the schema's.  A version without a step
    is a :class:`sqlite3.DatabaseError`."""
    if found == 0 and schema.create is not None:
        schema.create(db)
    else:
        for version in range(found, schema.version):
            step = schema.steps.get(version)
            if step is None:
                raise sqlite3.DatabaseError(f"schema version {version} cannot be brought up to date")
            step(db)
    if found != schema.version:
        db.execute(f"PRAGMA user_version = {schema.version}")
    if db.execute("PRAGMA application_id").fetchone()[0] != schema.application_id:
        db.execute(f"PRAGMA application_id = {schema.application_id}")


__all__ = ["Marks", "Schema", "Step", "connect", "immediate", "marks", "migrate", "roll_back", "write_ahead"]
