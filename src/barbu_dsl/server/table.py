"""One table at play: its game, its seats and who plays them, what each
seat is sent.

A :class:`Table` drives one :class:`~barbu_dsl.engine.GameState` as every
front end does: it asks what is pending, and the answer comes from the
seat's person (a message on the seat's connection) or from a bot.  Each
seat is sent only what it may know: the game's events for that seat
(:meth:`GameState.events_for`), its view, its own decisions.

Who plays a seat:

* a bot seat (``random``, ``rules``, ``strong``): that bot;
* a person's seat: the person, from the page or any program that speaks
  the protocol.  The first connection with the seat's invite claims the
  seat and is given the seat's key (docs/table.md): from then on only the
  key opens it, so that whoever else holds the invite (the owner who sent
  it) can neither sit there nor see the hand; the owner may free the seat,
  which issues a new invite.  While the person is away — the owner started the game
  without them, asked for it, or the time the owner set has passed since
  they left — the seat's stand-in bot (``strong`` unless the owner chose
  another) plays it, until the person comes back.

A bot answers from the seat's view with a generator seeded by the game's
seed, the seat and the answer's number (:func:`bot_seed`): the same game
gets the same bot answers, whether or not the server was restarted in
between.  Bots think in a worker thread, so a table never holds up the
others.

Every change is stored before it is made: an answer is checked by the
game, committed to the store (with the answers of other tables in the
same short window: :mod:`.writer`), and only then applied and said; a
seat's or the table's change likewise.  A change the store could not take
changes nothing: a person's answer is refused (``not_saved``), a bot's is
tried again a little later.  The owner may pause the table, end it,
change a seat's bot, have the stand-in play for an absent person, free a
seat, and set the absence time.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..bots import BOTS, HUMAN, make_bot, seat_seed
from ..engine import AnswerError, Event, GameState
from ..engine.bots import Bot
from ..runtime.scoring import from_pot
from .fair import resend
from .names import taken_by
from .protocol import FREED, PROTOCOL, TAKEN_OVER, Refusal, message_text, name_taken, view_changes
from .store import FREED_KEPT, StoreError, TableRow, TableStore

log = logging.getLogger("barbu.serve")

RETRY_WAITS = (0.5, 1.0, 2.0, 4.0, 8.0, 15.0, 30.0, 60.0)
"""How long a bot's answer (or the game's end) waits before it is stored again, each time the store could
not take it; after the last, the table waits for the next change (a person, the owner) to go on."""


def bot_seed(seed: int | str, seat: int, number: int) -> str:
    """The seed of the bot that makes answer ``number`` (from 1) for ``seat``."""
    return f"{seat_seed(seed, seat)}/answer {number}"


class Connection(Protocol):
    """A seat's (or the owner's) open connection: messages are queued in
    order and sent by the connection itself."""

    def push(self, message: dict[str, Any] | str) -> None:
        """Queue ``message``: a message, or its JSON text already made (one
        text for every seat an event is said to)."""

    def close(self, code: int, reason: str) -> None: ...


@dataclass
class Listener:
    """A connection and what it has been sent."""

    connection: Connection
    sent: int = 0  # the last event number sent
    decision: int | None = None  # the id of the decision last sent
    over: bool = False  # whether ``over`` was sent
    shown: dict[str, Any] | None = None  # the view last sent: later ones are sent as what changed
    resending: asyncio.Task[None] | None = field(default=None, repr=False)  # a ``resume`` being sent (fair.resend)


@dataclass
class Seat:
    """A seat of the table as it is now."""

    number: int
    kind: str  # "human" or a bot's name
    token: str | None  # the invite
    name: str
    taken: bool = False
    key: str | None = field(default=None, repr=False)  # the seat's own secret once a person has claimed it
    standin: str = "strong"
    standing: bool = False  # the stand-in plays now (the person is away)
    listener: Listener | None = None
    timer: asyncio.TimerHandle | None = field(default=None, repr=False)
    freed: tuple[str, ...] = field(default=(), repr=False)  # the invites and keys the owner freed it from

    @property
    def person(self) -> bool:
        return self.kind == HUMAN

    @property
    def connected(self) -> bool:
        return self.listener is not None

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.number, "kind": self.kind, "name": self.name, "taken": self.taken,
                "connected": self.connected, "standin": self.standin if self.person else None,
                "standing": self.standing}


class Table:
    """A table (see the module docstring).  Every method runs on the server's
    event loop; the bots think in worker threads."""

    def __init__(self, row: TableRow, state: GameState, store: TableStore):
        self._committing: int | None = None  # the number of the answer being committed
        self._compared: dict[Any, list[list[Any]]] = {}  # see protocol.view_changes
        self._event_texts: dict[int, str] = {}  # the ``event`` messages of a change as JSON, made once
        self._tasks: set[asyncio.Task[Any]] = set()
        self.id = row.id
        self.row = row
        self.state = state
        self.store = store
        self.seats = [Seat(s.seat, s.kind, s.token, s.name, s.taken, s.key, s.standin, s.standing,
                           freed=tuple(s.freed.split())) for s in row.seats]
        self.owners: list[Listener] = []
        self._thinking: asyncio.Task[None] | None = None
        self.changed: Callable[[], None] = lambda: None  # called after every change (the lifecycle follows it)
        self.think: Callable[..., Awaitable[Any]] = asyncio.to_thread  # runs a bot (the lifecycle paces some)

    # ---- what the table is ---------------------------------------------------------

    @property
    def status(self) -> str:
        return self.row.status

    @property
    def spec(self) -> Any:
        return self.state.spec

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    def summary(self) -> dict[str, Any]:
        """The table as ``GET /api/tables`` lists it."""
        return {"table": self.id, "spec": self.spec.full_name, "players": self.state.players,
                "seats": [{"seat": s.number, "kind": s.kind, "taken": s.taken, "name": s.name} for s in self.seats],
                "status": self.status}

    def detail(self) -> dict[str, Any]:
        """The table as ``GET /api/tables/ID`` shows it."""
        from ..language import print_spec

        return {**self.summary(), "spec_text": print_spec(self.spec), "totals": list(self.state.totals),
                "title": self.spec.title, "aim": self.spec.game.aim, "hands": self.state.total_hands,
                "paused": self.row.paused, "ended": self.row.ended, "absent_after": self.row.absent_after,
                "house": self.row.house, "answers": self.state.answer_count}

    def table_message(self) -> dict[str, Any]:
        """The ``table`` message: the table's status and seats (docs/server.md)."""
        from ..compiled.seating import seat_after
        from ..i18n import LANGUAGES

        return {"type": "table", "table": self.id, "spec": self.spec.full_name, "title": self.spec.title,
                "titles": {language: self.spec.title_in(language) for language in LANGUAGES},
                "aim": self.spec.game.aim, "hands": self.state.total_hands, "status": self.status,
                "after": list(seat_after(self.state.players, self.spec.game.direction)),
                "pot": self.spec.game.pot, "payout": list(self.spec.game.payout_for(self.state.players)),
                "paused": self.row.paused, "ended": self.row.ended, "absent_after": self.row.absent_after,
                "seats": [seat.to_json() for seat in self.seats]}

    def seat_of(self, token: object) -> tuple[int, bool]:
        """The seat ``token`` opens, and whether it is the seat's invite
        (which claims the seat) rather than its key.  Every invite and key
        is compared, in constant time.  :class:`Refusal` ``claimed`` for the
        invite of a seat already claimed, ``freed`` for an invite or key the
        owner has freed the seat from, ``not_a_seat`` for anything else."""
        from .tokens import same_token

        found: tuple[int, bool] | None = None
        claimed = freed = False
        for seat in self.seats:
            if same_token(token, seat.key):
                found = (seat.number, False)
            if same_token(token, seat.token):
                if seat.key is None:
                    found = (seat.number, True)
                else:
                    claimed = True
            for old in seat.freed:
                freed = same_token(token, old) or freed
        if found is not None:
            return found
        raise Refusal("claimed" if claimed else "freed" if freed else "not_a_seat")

    async def claim(self, number: int) -> str:
        """Seat ``number`` is claimed by the connection that brought its
        invite: its new key, stored before it is given to anyone."""
        from .tokens import new_token

        seat = self.seats[number]
        key = new_token()
        await self._save_seat(seat, key=key, taken=True)
        seat.key, seat.taken = key, True
        return key

    def is_owner(self, token: object) -> bool:
        from .tokens import same_token

        return same_token(token, self.row.owner)

    # ---- connections -----------------------------------------------------------------

    async def connect(self, number: int, connection: Connection, after: int = 0, key: str | None = None) -> None:
        """A connection for seat ``number`` (a second one takes the seat
        over); ``key`` when this connection has just claimed the seat."""
        seat = self.seats[number]
        changes: dict[str, Any] = {}
        if not seat.taken:
            changes["taken"] = True
        if seat.standing:
            changes["standing"] = False  # the person is back: the stand-in stops
        if changes:
            await self._save_seat(seat, **changes)  # stored first: a failure changes nothing
            seat.taken = changes.get("taken", seat.taken)
            seat.standing = changes.get("standing", seat.standing)
        if seat.listener is not None:
            seat.listener.connection.close(TAKEN_OVER, "another connection took this seat")
        seat.listener = Listener(connection, sent=max(after, 0))
        if seat.timer is not None:
            seat.timer.cancel()
            seat.timer = None
        seated = {"type": "seated", "seat": number, "players": self.names, "spec": self.spec.full_name,
                  "protocol": PROTOCOL}
        if key is not None:
            seated["key"] = key
        connection.push(seated)
        connection.push(self.table_message())
        if self.status == "waiting" and all(s.taken for s in self.seats if s.person):
            await self._begin()
        else:
            self._broadcast_table()
            self._flush(seat)
        self._kick()
        self.changed()

    def disconnect(self, number: int, connection: Connection) -> None:
        """The seat's connection closed (if it is still the seat's)."""
        seat = self.seats[number]
        if seat.listener is None or seat.listener.connection is not connection:
            return
        seat.listener = None
        after = self.row.absent_after
        if seat.person and after is not None and self.status == "playing":
            loop = asyncio.get_running_loop()
            seat.timer = loop.call_later(after, self._absent, number)
        self._broadcast_table()
        self.changed()

    def watch(self, connection: Connection) -> Listener:
        """The owner's connection: it is sent the ``table`` messages."""
        listener = Listener(connection)
        self.owners.append(listener)
        connection.push(self.table_message())
        return listener

    def unwatch(self, listener: Listener) -> None:
        with contextlib.suppress(ValueError):
            self.owners.remove(listener)

    def _absent(self, number: int) -> None:
        seat = self.seats[number]
        seat.timer = None
        if seat.listener is None and not seat.standing and self.status == "playing":
            self._background(self._stand_in(seat))

    # ---- messages from a seat ----------------------------------------------------------

    async def receive(self, number: int, connection: Connection, message: dict[str, Any]) -> bool:
        """A checked message (:func:`.protocol.read_message`) from seat
        ``number``; a :class:`Refusal` is sent back as an ``error``.
        Whether the message was taken (an answer the game took, a name)."""
        seat = self.seats[number]
        if seat.listener is None or seat.listener.connection is not connection:
            return False  # a connection the seat no longer has
        taken = False
        try:
            kind = message["type"]
            if kind == "answer":
                await self._answer_from(seat, message["id"], message["answer"])
            elif kind == "resume":
                seat.listener.shown = None  # the whole view again
                resend(self, seat, message["after"])  # a slice at a time: fair.py
            elif kind == "name":
                other = taken_by(message["name"], [s.name for s in self.seats if s is not seat])
                if other is not None:
                    raise name_taken(message["name"], other)
                await self._save_seat(seat, name=message["name"])
                seat.name = message["name"]
                self._broadcast_table()
            taken = True
        except Refusal as refusal:
            connection.push(refusal.to_json())
        except StoreError as error:
            log.error("table %s: %s", self.id, error)
            connection.push(Refusal("not_saved", "the server could not save the change: it was not made").to_json())
        self.changed()
        return taken

    def resending(self, number: int) -> bool:
        """Whether seat ``number`` is being sent the game again (a ``resume``)."""
        listener = self.seats[number].listener
        return listener is not None and listener.resending is not None

    def decision_id(self) -> int:
        """The id of the pending decision: the number its answer will have."""
        return self.state.answer_count + 1

    async def _answer_from(self, seat: Seat, decision_id: int, answer: Any) -> None:
        if self.status == "waiting":
            raise Refusal("not_started")
        if self.status == "over":
            raise Refusal("over")
        if self.row.paused:
            raise Refusal("paused")
        decision = self.state.pending()
        if decision is None:
            raise Refusal("over")
        if decision_id != self.decision_id():
            raise Refusal("stale", f"decision {decision_id} is not the one pending ({self.decision_id()})")
        if decision.seat != seat.number:
            raise Refusal("not_your_turn")
        await self._apply(answer)

    async def _apply(self, answer: Any) -> None:
        """Answer the pending decision: checked by the game, committed, then
        applied and said to every seat.  While one answer is being
        committed another for the same decision is ``stale``."""
        number = self.decision_id()
        if self._committing == number:
            raise Refusal("stale", f"decision {number} is being answered")
        try:
            self.state.check(answer)
        except AnswerError as error:
            raise Refusal("not_an_option", str(error)) from None
        self._committing = number
        try:
            await self.store.add_answer(self.id, number, answer)
        except StoreError as error:
            log.error("table %s: %s", self.id, error)
            raise Refusal("not_saved") from None
        finally:
            self._committing = None
        self.state.apply(answer)  # checked above: the game takes what the store has
        if self.state.over and self.row.status != "over":
            await self._set_status("over")
        self._after_change()

    async def _set_status(self, status: str, **values: Any) -> None:
        """The table's status, stored (with ``values``); a failure is logged and tried again."""
        for wait in RETRY_WAITS:
            try:
                await self._save_table(status=status, **values)
                break
            except StoreError as error:
                log.error("table %s: %s (tried again in %g s)", self.id, error, wait)
                await asyncio.sleep(wait)
        self.row.status = status

    def _after_change(self) -> None:
        self._compared.clear()  # the views' comparisons are kept for one change, shared by the seats
        self._event_texts.clear()
        for seat in self.seats:
            self._flush(seat)
        if self.status == "over":
            self._broadcast_table()
        self._kick()

    # ---- what a seat is sent -------------------------------------------------------------

    def _flush(self, seat: Seat) -> None:
        """Send ``seat`` what it has not been sent: events, its view, its decision, the end."""
        listener = seat.listener
        if listener is None or self.status == "waiting":
            return
        push = listener.connection.push
        state = self.state
        events = state.events_for(seat.number, listener.sent)
        texts = self._event_texts
        for event in events:
            text = texts.get(event.n)
            if text is None:
                text = texts[event.n] = message_text(self.event_message(event))
            push(text)
        if events:
            listener.sent = events[-1].n
        shown = self.shown_view(seat.number)
        if listener.shown is None:
            push({"type": "view", **shown})
        else:
            changes = view_changes(listener.shown, shown, memo=self._compared)
            if changes:
                push({"type": "view_changes", "changes": changes})
        listener.shown = shown
        decision = state.pending()
        if decision is not None and decision.seat == seat.number and self.status == "playing" \
                and listener.decision != self.decision_id():
            listener.decision = self.decision_id()
            push({"type": "decision", "id": self.decision_id(), "kind": decision.kind,
                  "options": list(decision.options)})
        if self.status == "over" and not listener.over:
            listener.over = True
            push(self.over_message())

    def event_message(self, event: Event) -> dict[str, Any]:
        """The ``event`` message of ``event``, with what the page would
        otherwise work out from the rules (docs/server.md): a ``hand_ends``
        in a game with a pot adds ``pot``, what each seat collected from it
        and what it holds after the hand (docs/rules.md section 6, "A pot");
        a ``game_ends`` in a game with payments by place adds ``payouts``,
        what each seat receives (section 6, "Payments by place")."""
        message: dict[str, Any] = {"type": "event", "n": event.n, "event": event.event}
        data, game = event.event, self.spec.game
        if data["type"] == "hand_ends" and game.pot:
            held = 0
            for hand in self.state.hands[: data["hand"] - 1]:
                held = from_pot(held, hand.final)[1]
            collected, held = from_pot(held, data["final"])
            message["pot"] = {"collected": list(collected), "left": held}
        elif data["type"] == "game_ends" and (paid := game.payouts(data["totals"])):
            message["payouts"] = list(paid)
        return message

    def view_message(self, number: int) -> dict[str, Any]:
        """The ``view`` message: what the seat may know now (docs/server.md)."""
        return {"type": "view", **self.shown_view(number)}

    def shown_view(self, number: int) -> dict[str, Any]:
        """What a ``view`` message says to seat ``number`` now: ``view``, ``minimum`` and ``offer``."""
        view = self.state.view(number)
        view["names"] = self.names
        offer = self.state.seat_view(number).offer
        return {"view": view, "minimum": self.spec.doubling.minimum,
                "offer": None if offer is None else {
                    "targets": list(offer.targets), "cover_all": offer.cover_all, "redouble": offer.redouble,
                    "positive": offer.positive, "made": offer.made, "minimum": offer.minimum,
                    "series_left": offer.series_left, "counted": self.state.counted}}

    def over_message(self) -> dict[str, Any]:
        message: dict[str, Any] = {"type": "over", "totals": list(self.state.totals),
                                   "winners": list(self.state.winners)}
        if self.row.ended:
            message["ended"] = True
        return message

    def _broadcast_table(self) -> None:
        message = self.table_message()
        for seat in self.seats:
            if seat.listener is not None:
                seat.listener.connection.push(message)
        for owner in self.owners:
            owner.connection.push(message)

    # ---- the bots --------------------------------------------------------------------------

    def player(self, number: int) -> str | None:
        """The bot that plays seat ``number`` now, or None when a person does."""
        seat = self.seats[number]
        if not seat.person:
            return seat.kind
        if seat.standing and seat.listener is None:
            return seat.standin
        return None

    def _kick(self) -> None:
        """Let the bot whose decision is pending think, if one is."""
        if self._thinking is not None and not self._thinking.done():
            return
        if self.status != "playing" or self.row.paused:
            return
        decision = self.state.pending()
        if decision is None or self.player(decision.seat) is None:
            return
        self._thinking = asyncio.get_running_loop().create_task(self._bot_turn())

    async def _bot_turn(self) -> None:
        state = self.state
        decision = state.pending()
        if decision is None:
            return
        number, seat = self.decision_id(), decision.seat
        name = self.player(seat)
        if name is None:
            return
        bot: Bot = make_bot(name, bot_seed(state.seed, seat, number))
        failure: Exception | None = None
        try:
            answer = await self.think(bot, decision, state.seat_view(seat))
        except Exception as error:  # noqa: BLE001 -- the game changed under it, or the bot failed
            answer = None
            failure = error

        def still() -> bool:
            return (self.state is state and self.decision_id() == number and self.status == "playing"
                    and not self.row.paused and self.player(seat) == name)

        if still() and answer is None:  # the game is as it was: the bot itself failed; a random answer stands in
            log.error("table %s: the %s bot failed (%r); a random answer stands in", self.id, name, failure)
            answer = make_bot("random", bot_seed(state.seed, seat, number))(decision, state.seat_view(seat))
        for wait in RETRY_WAITS:
            if not still() or answer is None:
                break
            try:
                await self._apply(answer)
                break
            except Refusal as refusal:
                if refusal.code != "not_saved":
                    log.error("table %s: the %s bot's answer was refused: %s", self.id, name, refusal.message)
                    break
                log.warning("table %s: the %s bot's answer is not stored; tried again in %g s", self.id, name, wait)
                await asyncio.sleep(wait)  # the store could not take it: the same answer, a little later
        self._thinking = None
        self._kick()
        self.changed()

    # ---- the owner ---------------------------------------------------------------------------

    async def start(self, standin: str | None = None) -> None:
        """Start the game now: the stand-ins play the seats no person has taken yet."""
        if self.status != "waiting":
            raise Refusal("bad_message", "the game has already started")
        for seat in self.seats:
            if seat.person and not seat.taken:
                chosen = standin if standin is not None else seat.standin
                await self._save_seat(seat, standing=True, standin=chosen)
                seat.standing, seat.standin = True, chosen
        await self._begin()
        self.changed()

    async def _begin(self) -> None:
        status = "playing" if not self.state.over else "over"
        await self._save_table(status=status)
        self.row.status = status
        self._broadcast_table()
        self._after_change()

    async def pause(self, paused: bool) -> None:
        if self.status == "over":
            raise Refusal("over")
        await self._save_table(paused=paused)
        self.row.paused = paused
        self._broadcast_table()
        self._kick()
        self.changed()

    async def end(self) -> None:
        """End the table: the game stops where it is, and stays readable."""
        if self.status == "over":
            raise Refusal("over")
        await self._save_table(status="over", ended=True)
        self.row.status, self.row.ended = "over", True
        if self._thinking is not None:
            self._thinking.cancel()
        self._after_change()
        self.changed()

    async def set_bot(self, number: int, bot: str) -> None:
        """Seat ``number``'s bot becomes ``bot``: a bot seat's own, or a person's stand-in."""
        if bot not in BOTS:
            raise Refusal("bad_message", f"bots: {', '.join(BOTS)}")
        seat = self.seats[number]
        if seat.person:
            await self._save_seat(seat, standin=bot)
            seat.standin = bot
        else:
            await self._save_seat(seat, kind=bot)
            seat.kind = bot
        self._broadcast_table()
        self._kick()
        self.changed()

    async def stand_in(self, number: int) -> None:
        """The owner asks the stand-in to play for an absent person now."""
        seat = self.seats[number]
        if not seat.person or seat.listener is not None:
            raise Refusal("bad_message", "a stand-in plays only for a person who is away")
        await self._stand_in(seat)
        if seat.timer is not None:
            seat.timer.cancel()
            seat.timer = None

    async def free(self, number: int) -> str:
        """The owner frees a person's seat: its key and invite no longer
        open it (each is refused as ``freed`` from then on, so that a person
        away is told when they come back), its connection (if any) is told
        and closed, a new invite
        is issued (and returned), and while the game goes on the stand-in
        plays the seat until someone sits there with the new invite."""
        from .tokens import new_token

        seat = self.seats[number]
        if not seat.person:
            raise Refusal("bad_message", "only a person's seat is freed; a bot seat has no invite")
        invite = new_token()
        standing = seat.standing or self.status == "playing"
        freed = tuple(old for old in (*seat.freed, seat.token, seat.key) if old)[-FREED_KEPT:]
        await self._save_seat(seat, token=invite, key=None, taken=False, standing=standing, freed=" ".join(freed))
        seat.token, seat.key, seat.taken, seat.standing, seat.freed = invite, None, False, standing, freed
        if seat.timer is not None:
            seat.timer.cancel()
            seat.timer = None
        if seat.listener is not None:
            listener, seat.listener = seat.listener, None
            listener.connection.push(Refusal("freed").to_json())
            listener.connection.close(FREED, "the owner freed this seat")
        self._broadcast_table()
        self._kick()
        self.changed()
        return invite

    async def _stand_in(self, seat: Seat) -> None:
        await self._save_seat(seat, standing=True)
        seat.standing = True
        self._broadcast_table()
        self._kick()
        self.changed()

    async def set_absent_after(self, seconds: float | None) -> None:
        await self._save_table(absent_after=seconds)
        self.row.absent_after = seconds
        self._broadcast_table()
        self.changed()

    def halt(self) -> None:
        """Stop the table's bot and its absence clocks (a table removed, or left and archived)."""
        if self._thinking is not None:
            self._thinking.cancel()
        for seat in self.seats:
            if seat.timer is not None:
                seat.timer.cancel()
                seat.timer = None

    def resume_timers(self) -> None:
        """After a restart: the absence clock of every person's seat starts again."""
        after = self.row.absent_after
        if after is None or self.status != "playing":
            return
        loop = asyncio.get_running_loop()
        for seat in self.seats:
            if seat.person and not seat.standing and seat.listener is None:
                seat.timer = loop.call_later(after, self._absent, seat.number)

    # ---- the store ---------------------------------------------------------------------------

    async def _save_table(self, **values: Any) -> None:
        await self.store.update_table(self.id, **values)

    async def _save_seat(self, seat: Seat, **values: Any) -> None:
        await self.store.update_seat(self.id, seat.number, **values)

    def _background(self, change: Any) -> None:
        """Run a change (a coroutine) on its own: a timer's, which has nobody to tell of a failure but the log."""
        async def run() -> None:
            try:
                await change
            except StoreError as error:
                log.error("table %s: %s", self.id, error)
        task = asyncio.get_running_loop().create_task(run())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)


__all__ = ["Connection", "Listener", "Seat", "Table", "bot_seed"]
