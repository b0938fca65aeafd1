"""A seat's connection shares the server fairly.

Every message a seat sends is read here before its table hears of it
(:class:`SeatGate`): it is counted against the connection's budget
(:mod:`.budget`) *before* it is read, so that a flood costs a comparison
a message, and against its client's once it is known not to be an
answer the game takes; it is read only when it is short enough to be a
message of the protocol (:data:`READ_MOST`); a ``name`` and a ``resume``
— a committed write and a message to every seat, and the game sent again
— have budgets of their own.  An answer the game takes costs nothing
(the game asks for it: a seat cannot answer faster than it is asked),
and a name refused costs no rename.

``resume`` sends the events after ``after`` again (docs/table.md) in
slices of :data:`RESEND_SLICE`, letting every other table go on between
two slices (:func:`resend`); a ``resume`` that comes while one is being
sent is part of it and costs nothing, so a seat is never sent the game
twice for asking twice.
"""

from __future__ import annotations

import asyncio
import logging
import math
from typing import TYPE_CHECKING, Any

from .budget import (
    CLIENT_MESSAGES,
    PATIENCE,
    SEAT_MESSAGES,
    SEAT_RENAMES,
    SEAT_RESUMES,
    TOLD_EVERY,
    Bucket,
    Budgets,
    Client,
    OverBudget,
    spend,
)
from .protocol import Refusal, read_message

if TYPE_CHECKING:
    from .table import Connection, Seat, Table

log = logging.getLogger("barbu.serve")

READ_MOST = 2048
"""The longest message read (bytes): no message of the protocol comes near it (an answer is a few dozen
bytes, a name of 40 characters at most a few hundred), and reading one of 64 KiB took 50 ms."""

RESEND_SLICE = 50
"""Events sent again at once by a ``resume``, before the other tables' turn."""


class SeatGate:
    """What one seat's connection may send, and how fast (see the module docstring)."""

    def __init__(self, table: Table, number: int, connection: Connection, client: Client, budgets: Budgets):
        now = budgets.clock()
        self.table, self.number, self.connection = table, number, connection
        self.client, self.clock = client, budgets.clock
        self.messages = Bucket(SEAT_MESSAGES, now)
        self.renames = Bucket(SEAT_RENAMES, now)
        self.resumes = Bucket(SEAT_RESUMES, now)
        self.patience = Bucket(PATIENCE, now)
        self.told = -math.inf

    async def receive(self, raw: str | bytes) -> bool:
        """One message from the seat; False once the connection has sent past
        its budget for too long, and is to be closed (:data:`~.budget.TOO_FAST`).

        The connection's budget is spent before the message is read; the
        client's once it is known not to be an answer the game takes, so
        that another connection from the same address (a club behind one
        router) cannot keep a person from answering."""
        now = self.clock()
        try:
            spend(now, (self.messages,), f"a seat sends at most {SEAT_MESSAGES.burst} messages at once, then "
                                         f"{SEAT_MESSAGES.per_second:g} a second")
        except OverBudget as over:
            return self._over(now, over)
        if len(raw) > READ_MOST:
            return self._refuse(now, Refusal("bad_message", f"no message of the protocol is longer than {READ_MOST} "
                                                            "bytes"))
        try:
            message = read_message(raw)
        except Refusal as refusal:
            return self._refuse(now, refusal)
        kind = message["type"]
        if kind == "resume" and self.table.resending(self.number):  # part of the one being sent: costs nothing
            self.messages.give_back()
            return True
        try:
            if kind == "name":
                spend(now, (self.renames, self.client.renames, self.client.messages), "a seat renames itself at "
                      f"most {SEAT_RENAMES.burst} times at once, then once every {1 / SEAT_RENAMES.per_second:g} s")
            elif kind == "resume":
                spend(now, (self.resumes, self.client.resumes, self.client.messages), "a seat asks for the game "
                      f"again at most {SEAT_RESUMES.burst} times at once, then once every "
                      f"{1 / SEAT_RESUMES.per_second:g} s")
        except OverBudget as over:
            return self._over(now, over)
        taken = await self.table.receive(self.number, self.connection, message)
        if kind == "answer":
            if taken:  # the game asked for it
                self.messages.give_back()
            else:
                return self._charge(now)
        elif kind == "name" and not taken:  # refused (a name taken): nothing written, nothing said
            self.renames.give_back()
            self.client.renames.give_back()
        return True

    def _refuse(self, now: float, refusal: Refusal) -> bool:
        self.connection.push(refusal.to_json())
        return self._charge(now)

    def _charge(self, now: float) -> bool:
        """A message refused: spent from the client's budget too."""
        try:
            spend(now, (self.client.messages,), f"this address sends at most {CLIENT_MESSAGES.burst} messages at "
                                                f"once, then {CLIENT_MESSAGES.per_second:g} a second")
        except OverBudget as over:
            return self._over(now, over)
        return True

    def _over(self, now: float, over: OverBudget) -> bool:
        """A message over budget: refused (told at most once a second), and
        counted against the connection's patience."""
        if self.patience.wait(now) > 0:
            return False
        self.patience.take()
        if now - self.told >= TOLD_EVERY:
            self.told = now
            self.connection.push(Refusal("too_fast", str(over), retry_after=over.retry_after).to_json())
        return True


def resend(table: Table, seat: Seat, after: int) -> None:
    """``resume``: send ``seat`` the events after ``after`` again, then its
    view and decision (a slice at a time, see the module docstring)."""
    listener = seat.listener
    if listener is None:
        return
    listener.decision = None
    if after >= listener.sent:  # nothing sent that the seat says it lacks
        listener.sent = after
        table._flush(seat)
        return
    events = [event for event in table.state.events_for(seat.number, after) if event.n <= listener.sent]
    listener.sent = after
    if not events:
        table._flush(seat)
        return  # what the table sends meanwhile follows on from what this has sent, in order

    async def run() -> None:
        try:
            for start in range(0, len(events), RESEND_SLICE):
                if seat.listener is not listener or listener.sent >= events[-1].n:
                    break  # the connection has gone, or the table sent the rest with something new
                for event in events[start:start + RESEND_SLICE]:
                    if event.n > listener.sent:
                        listener.connection.push(table.event_message(event))
                        listener.sent = event.n
                await asyncio.sleep(0)
            if seat.listener is listener:
                table._flush(seat)
        finally:
            listener.resending = None

    listener.resending = asyncio.get_running_loop().create_task(run())


def refused_socket(over: OverBudget) -> dict[str, Any]:
    """The ``error`` a WebSocket opened past its client's budget is sent before it is closed."""
    return Refusal(over.code, str(over), retry_after=over.retry_after).to_json()


__all__ = ["READ_MOST", "RESEND_SLICE", "SeatGate", "refused_socket", "resend"]
