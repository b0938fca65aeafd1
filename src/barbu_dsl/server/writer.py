"""Writes to the tables' database off the event loop, committed in groups.

Every change the table server makes is a small write: an answer's row, a
seat's flag, a table's status.  Committed one by one on the event loop,
each would hold every table still for a durable commit (an fsync), and a
database locked by another process (a backup, the ``sqlite3`` shell) would
hold them for the whole busy timeout.  So the writes go to one thread of
their own, which commits whatever has come in while the last commit ran —
the answers of every table in one short window — as **one transaction**,
then tells each writer that its change is stored.  A table says nothing
about a change (acknowledges nothing) until then, so a process killed at
any moment loses nothing it acknowledged.

Each write runs inside a savepoint of the group's transaction: a write
that fails (a constraint, a damaged row) fails alone, the others are
committed.  A group whose transaction cannot begin or commit (the file
locked for longer than :data:`BUSY_SECONDS`, a full disk) fails every
write in it with a :class:`~.store.StoreError`, quickly, and nothing of it
is stored; the caller decides whether to say ``not_saved`` or to try again.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import sqlite3
import threading
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field
from typing import Any

from ..errors import BarbuError

log = logging.getLogger("barbu.serve")

BUSY_SECONDS = 0.25
"""How long a group waits for another process's lock before it fails (its writes answer ``not_saved``)."""

GROUP_MOST = 512
"""The most writes committed in one transaction."""

Write = Callable[[sqlite3.Connection], Any]
"""A change: statements run on the database connection, inside the group's transaction."""


class WriteError(BarbuError):
    """A write that was not stored: the message says why."""


@dataclass
class _Job:
    write: Write
    future: asyncio.Future[None] | None = None  # what a writer on an event loop awaits, else
    done: Callable[[BaseException | None], None] | None = None  # what tells a writer on a thread
    error: BaseException | None = field(default=None)


class GroupWriter:
    """The thread that owns the database connection for writing (see the module docstring)."""

    def __init__(self, connect: Callable[[], sqlite3.Connection], name: str = "barbu-writer"):
        self._connect = connect
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self.groups = 0  # transactions committed (for tests and benchmarks)
        self.writes = 0  # writes committed
        self._started = False

    def start(self) -> None:
        if not self._started:
            self._started = True
            self._thread.start()

    def close(self, timeout: float = 10) -> None:
        """Commit what is queued, then stop the thread."""
        if self._started:
            self._jobs.put(None)
            self._thread.join(timeout)

    async def write(self, write: Write) -> None:
        """Run ``write`` in the next group; return once it is committed
        (raise :class:`WriteError` when it is not)."""
        self.start()
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._jobs.put(_Job(write, future=future))
        await future

    def write_now(self, write: Write) -> None:
        """Run ``write`` in a group and wait for it from a thread that has
        no event loop (the server's start, a command): the same queue, so
        it is ordered with every other write."""
        self.start()
        finished = threading.Event()
        outcome: list[BaseException | None] = []

        def done(error: BaseException | None) -> None:
            outcome.append(error)
            finished.set()

        self._jobs.put(_Job(write, done=done))
        finished.wait()
        if outcome[0] is not None:
            raise outcome[0]

    # ---- the thread ---------------------------------------------------------------------

    def _run(self) -> None:
        db = self._connect()
        try:
            while True:
                first = self._jobs.get()
                if first is None:
                    return
                group = [first]
                stop = False
                while len(group) < GROUP_MOST:
                    try:
                        job = self._jobs.get_nowait()
                    except queue.Empty:
                        break
                    if job is None:
                        stop = True
                        break
                    group.append(job)
                self._commit(db, group)
                if stop:
                    return
        finally:
            db.close()

    def _commit(self, db: sqlite3.Connection, group: list[_Job]) -> None:
        failure: BaseException | None = None
        try:
            db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as error:
            failure = WriteError(f"the database is busy or cannot be written: {error}")
        if failure is None:
            for number, job in enumerate(group):
                savepoint = f"w{number}"
                db.execute(f"SAVEPOINT {savepoint}")
                try:
                    job.write(db)
                    db.execute(f"RELEASE {savepoint}")
                except (sqlite3.Error, ValueError, TypeError) as error:
                    with suppress(sqlite3.Error):
                        db.execute(f"ROLLBACK TO {savepoint}")
                        db.execute(f"RELEASE {savepoint}")
                    job.error = WriteError(f"the change could not be stored: {error}")
            try:
                db.execute("COMMIT")
                self.groups += 1
                self.writes += sum(job.error is None for job in group)
            except sqlite3.Error as error:
                with suppress(sqlite3.Error):
                    db.execute("ROLLBACK")
                failure = WriteError(f"the changes could not be committed: {error}")
        # Each event loop is woken once for the whole group, not once a write.
        settled: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[None], BaseException | None]]] = {}
        for job in group:
            if job.future is not None:
                settled.setdefault(job.future.get_loop(), []).append((job.future, failure or job.error))
            elif job.done is not None:
                job.done(failure or job.error)
        for loop, outcomes in settled.items():
            with suppress(RuntimeError):  # the waiting event loop has closed (the server stopping)
                loop.call_soon_threadsafe(_settle, outcomes)


def _settle(outcomes: list[tuple[asyncio.Future[None], BaseException | None]]) -> None:
    for future, error in outcomes:
        if future.done():
            continue
        if error is None:
            future.set_result(None)
        else:
            future.set_exception(error)


__all__ = ["BUSY_SECONDS", "GROUP_MOST", "GroupWriter", "Write", "WriteError"]
