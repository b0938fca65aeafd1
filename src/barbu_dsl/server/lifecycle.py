"""A table's life on the server: in play, archived, expired, removed.

* **In play** (``waiting`` or ``playing``): held in memory, counted
  against the server's :data:`~barbu_dsl.limits.TABLES` and against its
  client's :data:`LIVE_PER_CLIENT` (a table made with no person's seat
  also against :data:`BOTS_PER_CLIENT`), listed by ``GET /api/tables`` a
  page at a time (:meth:`Lifecycle.page`).
* **Archived** (``over``): its game ended, its owner ended it, or it was
  **abandoned** — nobody connected to it (no seat, not its owner) and
  nothing happened at it for :data:`ABANDONED_SECONDS`.  It counts no
  more, and is not held: it is read from the store (its game replayed, in
  a thread) when it is asked for — its records, its score sheet, a seat's
  connection — and a few are kept at hand (:data:`ARCHIVE_KEPT`).  So the
  server's start reads back only the tables in play.
* **Expired**: :data:`EXPIRE_SECONDS` after it ended, deleted from the
  store.
* **Removed** by its owner (``DELETE /api/tables/ID``) or the server's
  operator (``barbu tables remove``, from the command line, while the
  server runs: the store's ``removals`` are read every
  :data:`REMOVALS_SECONDS`): deleted at once; every connection to it is
  sent ``removed`` and closed with :data:`~.protocol.REMOVED`.

A table where no person is connected — a table of bots, or one whose
people have all gone and whose stand-ins play — is **paced**
(:class:`Pacer`): its bots think one at a time, in a thread of their own
for all such tables, and an answer comes no sooner than
:data:`BOT_PACE` after the table's previous one, a speed people can
watch; a table where a person sits is never slowed.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import TYPE_CHECKING, Any

from ..bots import HUMAN
from ..engine import GameFileError, GameState
from ..limits import TABLES
from .budget import OverBudget
from .protocol import REMOVED, Refusal
from .store import StoreError, TableRow, iso, seconds
from .table import Table

if TYPE_CHECKING:
    from .app import Server

log = logging.getLogger("barbu.serve")

ABANDONED_SECONDS = 24 * 3600.0
"""A table in play with nobody connected and nothing happening for this long is ended (abandoned)."""

EXPIRE_SECONDS = 30 * 24 * 3600.0
"""A table that is over is deleted this long after it ended."""

LIVE_PER_CLIENT = 50
"""Tables in play one client (an address) may have made."""

BOTS_PER_CLIENT = 2
"""Tables in play of bots only (made with no person's seat) one client may have made."""

BOT_PACE = 0.3
"""Seconds at least between two answers at a table where no person is connected."""

ARCHIVE_KEPT = 32
"""Tables that are over kept in memory once read (those with a connection are always kept)."""

LOADS_AT_ONCE = 2
"""Tables that are over read back at once (each replays its game in a thread)."""

PAGE = 50
"""Tables listed in one page of ``GET /api/tables`` (``size`` may ask for fewer, or up to PAGE_MOST)."""

PAGE_MOST = 100

SWEEP_SECONDS = 60.0
"""How often abandoned tables are ended, expired ones deleted, and the times tables were touched stored."""

REMOVALS_SECONDS = 2.0
"""How often the operator's removals are read."""

_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


class Pacer:
    """How a table's bot thinks (see the module docstring)."""

    def __init__(self, pace: float = BOT_PACE):
        self.pace = pace
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="barbu-unwatched-bots")
        self.last: dict[str, float] = {}  # table id → when its last paced answer came (the loop's clock)

    async def think(self, table: Table, bot: Callable[..., Any], *args: Any) -> Any:
        if watched(table):
            return await asyncio.to_thread(bot, *args)
        loop = asyncio.get_running_loop()
        answer = await loop.run_in_executor(self.pool, bot, *args)
        wait = self.last.get(table.id, -self.pace) + self.pace - loop.time()
        if wait > 0:
            await asyncio.sleep(wait)
        self.last[table.id] = loop.time()
        return answer


def watched(table: Table) -> bool:
    """Whether a person sits at ``table`` now (a seat of a person's, connected)."""
    return any(seat.person and seat.listener is not None for seat in table.seats)


def connected(table: Table) -> bool:
    """Whether anyone is connected to ``table``: a seat, or its owner."""
    return bool(table.owners) or any(seat.listener is not None for seat in table.seats)


def bots_only(table: Table) -> bool:
    return not any(seat.person for seat in table.seats)


class Lifecycle:
    """The tables of a server through their life (see the module docstring)."""

    def __init__(self, server: Server):
        self.server = server
        self.archive: OrderedDict[str, Table] = OrderedDict()
        self.pacer = Pacer()
        self.order: dict[str, int] = {}  # a table in play → its place in the list
        self.touched: dict[str, float] = {}  # table id → when something last happened at it (the wall clock)
        self.unsaved: set[str] = set()  # tables touched since the times were last stored
        self._made = 0
        self._loading: dict[str, asyncio.Task[Table | None]] = {}
        self._loads: asyncio.Semaphore | None = None
        self._removals_seen = 0
        self._tasks: set[asyncio.Task[Any]] = set()

    # ---- tables coming and going ---------------------------------------------------------------

    def adopt(self, table: Table) -> None:
        """A table the server holds from now on (read back, or made)."""
        table.changed = partial(self.changed, table)
        table.think = partial(self.pacer.think, table)
        self.touched[table.id] = seconds(table.row.touched) or time.time()
        if table.status != "over":
            self._made += 1
            self.order[table.id] = self._made

    def changed(self, table: Table) -> None:
        """After every change at ``table``: it was touched; once it is over, it is archived."""
        self.touched[table.id] = time.time()
        self.unsaved.add(table.id)
        if table.status == "over" and self.server.tables.get(table.id) is table:
            self._archive(table)

    def _archive(self, table: Table) -> None:
        if table.row.over_at is None:  # the store wrote it with the status (store.update_table)
            table.row.over_at = iso(time.time())
        self.server.tables.pop(table.id, None)
        self.order.pop(table.id, None)
        self.pacer.last.pop(table.id, None)
        self.archive[table.id] = table
        self.archive.move_to_end(table.id)
        self._trim()

    def _trim(self) -> None:
        """Forget the tables read back longest ago beyond ARCHIVE_KEPT, but none with a connection."""
        extra = len(self.archive) - ARCHIVE_KEPT
        for table_id in [table_id for table_id, table in self.archive.items() if not connected(table)][:max(extra, 0)]:
            del self.archive[table_id]
            self.touched.pop(table_id, None)

    def _drop(self, table_id: str) -> None:
        self.server.tables.pop(table_id, None)
        self.archive.pop(table_id, None)
        self.order.pop(table_id, None)
        self.touched.pop(table_id, None)
        self.pacer.last.pop(table_id, None)
        self.unsaved.discard(table_id)

    def admit(self, client: str | None, seats: list[str]) -> None:
        """Whether ``client`` (None: no client's, the server's own) may make a
        table of ``seats`` now; :class:`OverBudget` when it may not."""
        tables = self.server.tables
        if len(tables) >= TABLES:
            raise OverBudget(f"this server holds {TABLES} tables in play, its most; try again later (a table that "
                             "is over, or left for a day, makes room)", 60, code="full", status=503)
        if client is None:
            return
        mine = [table for table in tables.values() if table.row.client == client]
        if len(mine) >= LIVE_PER_CLIENT:
            raise OverBudget(f"this address has {LIVE_PER_CLIENT} tables in play, its most: end one first "
                             "(POST /api/tables/ID/end) or remove one (DELETE /api/tables/ID)", 60, code="too_many")
        if HUMAN not in seats and sum(bots_only(table) for table in mine) >= BOTS_PER_CLIENT:
            raise OverBudget(f"this address has {BOTS_PER_CLIENT} tables of bots only in play, its most: end one "
                             "first, or sit a person at the table", 60, code="too_many")

    # ---- finding a table ----------------------------------------------------------------------------

    async def find(self, table_id: str) -> Table | None:
        """The table ``table_id``: in play, archived and at hand, or read back
        from the store (its game replayed in a thread); None when there is none."""
        table = self.server.tables.get(table_id) or self.archive.get(table_id)
        if table is not None:
            if table_id in self.archive:
                self.archive.move_to_end(table_id)
            return table
        if not _ID.fullmatch(table_id):
            return None
        task = self._loading.get(table_id)
        if task is None:
            task = self._loading[table_id] = asyncio.get_running_loop().create_task(self._load(table_id))
            task.add_done_callback(lambda _: self._loading.pop(table_id, None))
        return await asyncio.shield(task)

    async def _load(self, table_id: str) -> Table | None:
        if self._loads is None:
            self._loads = asyncio.Semaphore(LOADS_AT_ONCE)
        async with self._loads:
            read = await asyncio.to_thread(self._read, table_id)
        if read is None or table_id in self.archive:
            return self.archive.get(table_id)
        row, state = read
        table = Table(row, state, self.server.store)
        self.adopt(table)
        self.archive[table_id] = table
        self._trim()
        return table

    def _read(self, table_id: str) -> tuple[TableRow, GameState] | None:
        """A table that is over, from the store, its game replayed (in a worker thread)."""
        try:
            row = self.server.store.load_table(table_id)
            if row is None or row.status != "over":  # none, or one in play the start could not read back
                return None
            data = json.loads(row.game)
            data["answers"] = row.answers
            return row, GameState.from_data(data)
        except (StoreError, GameFileError, ValueError, TypeError) as error:
            log.error("table %s cannot be read back: %s", table_id, error)
            return None

    def page(self, after: int, size: int) -> tuple[list[Table], int | None]:
        """The tables in play listed after place ``after``, at most ``size``,
        and the place to list the next page after (None: no more)."""
        listed: list[Table] = []
        for table_id, table in self.server.tables.items():
            place = self.order.get(table_id, 0)
            if place <= after:
                continue
            if len(listed) == size:
                return listed, self.order[listed[-1].id]
            listed.append(table)
        return listed, None

    def facts(self, table: Table) -> dict[str, Any]:
        """What ``GET /api/tables/ID`` adds about the table's life."""
        over = seconds(table.row.over_at) if table.status == "over" else None
        return {"abandoned": table.row.abandoned, "over_at": table.row.over_at if over else None,
                "expires": iso(over + EXPIRE_SECONDS) if over else None}

    # ---- removing ------------------------------------------------------------------------------------

    async def remove(self, table: Table) -> None:
        """Delete ``table`` (its owner asked): stored first; then its connections are told and closed."""
        await self.server.store.remove_table(table.id)
        self.dismiss(table)

    def dismiss(self, table: Table) -> None:
        """``table`` is gone from the store: every connection is sent ``removed`` and closed, and it is forgotten."""
        told = Refusal("removed").to_json()
        listeners = [seat.listener for seat in table.seats if seat.listener is not None] + table.owners
        for seat in table.seats:
            seat.listener = None
        table.owners = []
        for listener in listeners:
            listener.connection.push(told)
            listener.connection.close(REMOVED, "the table was removed")
        table.halt()
        self._drop(table.id)

    # ---- on the clock --------------------------------------------------------------------------------

    def start(self) -> None:
        """On the event loop, at the server's start: the sweeps begin (the first one now)."""
        self._every(SWEEP_SECONDS, self.sweep)
        self._every(REMOVALS_SECONDS, self.read_removals)

    def _every(self, seconds: float, work: Callable[[], Any]) -> None:
        async def run() -> None:
            while True:
                try:
                    await work()
                except StoreError as error:
                    log.error("%s", error)
                await asyncio.sleep(seconds)
        task = asyncio.get_running_loop().create_task(run())
        self._tasks.add(task)

    async def sweep(self, now: float | None = None) -> None:
        """End the abandoned tables, delete the expired ones, store when the others were touched."""
        now = time.time() if now is None else now
        for table in list(self.server.tables.values()):
            if table.status == "over":  # its game's end was stored, its status not yet (a restart between)
                await table.store.update_table(table.id, status="over")
                self._archive(table)
            elif not connected(table) and now - self.touched.get(table.id, now) > ABANDONED_SECONDS:
                await self._abandon(table)
        for table_id in await self.server.store.expire(iso(now - EXPIRE_SECONDS)):
            expired = self.archive.get(table_id)
            if expired is not None:
                self.dismiss(expired)
            self._drop(table_id)
        await self.save_touched()

    async def _abandon(self, table: Table) -> None:
        await table.store.update_table(table.id, status="over", ended=True, abandoned=True)
        row = table.row
        row.status, row.ended, row.abandoned, row.over_at = "over", True, True, iso(time.time())
        table.halt()
        log.warning("table %s ended: nobody had been at it for %g hours", table.id, ABANDONED_SECONDS / 3600)
        self._archive(table)

    async def save_touched(self) -> None:
        """Store when each table touched since the last time was touched (one write)."""
        if not self.unsaved:
            return
        touched = {table_id: iso(self.touched[table_id]) for table_id in self.unsaved if table_id in self.touched}
        self.unsaved = set()
        await self.server.store.touch(touched)

    async def read_removals(self) -> None:
        """The tables the operator removed (``barbu tables remove``): their connections told and closed."""
        removals = await asyncio.to_thread(self.server.store.removals, self._removals_seen)
        if not removals:
            return
        for _, table_id in removals:
            table = self.server.tables.get(table_id) or self.archive.get(table_id)
            if table is not None:
                log.warning("table %s was removed by the operator", table_id)
                self.dismiss(table)
            self._drop(table_id)
        self._removals_seen = removals[-1][0]
        await self.server.store.forget_removals(self._removals_seen)


__all__ = ["ABANDONED_SECONDS", "ARCHIVE_KEPT", "BOTS_PER_CLIENT", "BOT_PACE", "EXPIRE_SECONDS", "LIVE_PER_CLIENT",
           "PAGE", "PAGE_MOST", "Lifecycle", "Pacer", "bots_only", "connected", "watched"]
