"""``barbu join URL``: the terminal table as a client of a server's seat.

The terminal table of ``barbu play`` — its narration of every event
(:class:`~barbu_dsl.table.narrator.Narrator`), its prompts, answers and
commands (:class:`~barbu_dsl.table.human.HumanSeat`: ``help``, ``hand``,
``trick``, ``tricks``, ``scores``, ``describe``, ``hint``, ``auto``,
``quit``), plain mode and the four languages — plays a seat of a ``barbu
serve`` table through the table protocol (docs/table.md).  This module is
only the adapter: the seat's messages feed a :class:`~.shadow.SeatMirror`,
which the narrator follows and the person's seat reads, and each answer
goes back to the server.

Each event is said as the mirror takes it, and the commands read the
mirror's hand as it is now.  A game already under way when the seat
connects (a first join mid-game, a reconnection) is not told again: the
events the server sends up to the seat's view are followed silently, and
then the terminal says where the game stands — the hand and its contract,
the scores, the trick on the table, the person's cards.

A lost connection is taken up again from the last event received (the
server sends what was missed); ``quit``, the end of the input or Ctrl-C
leave the seat, and the same link takes it back: the first connection with
an invite claims the seat, and the seat's key it is given is kept
(:mod:`.seat_keys`) and used from then on.  A link the server refuses (not
a seat, an invitation already used, a seat the owner freed) ends the
client with the server's reason in the person's language.
"""

from __future__ import annotations

import json
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, replace
from typing import Any, TextIO

from ..compiled import game_plan
from ..engine import Decision
from ..engine.strong import StrongBot
from ..errors import UsageError
from ..i18n import Translator, choose_language
from ..language import model as m
from ..table.console import Console, Leave, wants_plain
from ..table.human import HumanSeat
from ..table.narrator import Narrator
from ..table.speech import Speech
from .protocol import FREED, REFUSED, REMOVED, TAKEN_OVER, apply_view_changes
from .seat_keys import SeatKeys, default_folder
from .shadow import SeatMirror
from .words import messages

REFUSALS = frozenset({"no_table", "not_a_seat", "claimed", "freed", "not_owner", "removed"})
"""The errors that end a connection: what the link opens is refused (docs/server.md)."""

GIVE_UP_SECONDS = 600.0
"""How long a lost connection is tried again before barbu join gives up (exit 1)."""

LONGEST_WAIT = 5.0
"""The longest wait between two tries, in seconds."""


@dataclass(frozen=True)
class Link:
    """A seat's link: the server, the table and the seat's token."""

    base: str  # http(s)://host:port
    table: str
    token: str

    @property
    def socket(self) -> str:
        scheme = "wss" if self.base.startswith("https:") else "ws"
        host = self.base.split("://", 1)[1]
        return f"{scheme}://{host}/ws/{urllib.parse.quote(self.table)}?token={urllib.parse.quote(self.token)}"


def read_link(url: str) -> Link:
    """A seat's link as the owner sent it: ``http://HOST:PORT/t/ID?token=TOKEN``."""
    parts = urllib.parse.urlsplit(url.strip())
    query = urllib.parse.parse_qs(parts.query)
    path = parts.path.rstrip("/").split("/")
    if parts.scheme not in ("http", "https") or not parts.netloc or len(path) < 3 or path[-2] != "t" \
            or not query.get("token"):
        raise UsageError(f"'{url[:200]}' is not a seat's link; it looks like http://HOST:PORT/t/TABLE?token=...")
    return Link(f"{parts.scheme}://{parts.netloc}", urllib.parse.unquote(path[-1]), query["token"][0])


def fetch_table(link: Link) -> dict[str, Any]:
    """``GET /api/tables/ID``: the table's spec text, players and hands."""
    from ..bounded_json import loads

    address = f"{link.base}/api/tables/{urllib.parse.quote(link.table)}"
    try:
        with urllib.request.urlopen(address, timeout=30) as response:
            return dict(loads(response.read().decode("utf-8")))
    except urllib.error.HTTPError as error:
        if error.code == 404:
            raise UsageError(f"{link.base} has no table {link.table}") from None
        raise UsageError(f"{link.base} refused the table ({error.code})") from None
    except (urllib.error.URLError, OSError, ValueError) as error:
        raise UsageError(f"cannot reach {link.base}: {getattr(error, 'reason', error)}") from None


def join(url: str, plain: bool = False, lang: str | None = None, out: TextIO | None = None,
         inp: TextIO | None = None) -> int:
    """Play the seat of ``url`` at the terminal; the exit code."""
    from ..language import parse_spec

    try:
        language = choose_language(lang)
    except ValueError as error:
        raise UsageError(str(error)) from None
    link = read_link(url)
    table = fetch_table(link)
    spec = parse_spec(str(table["spec_text"]), "<table>", reads_files=False)
    out = out or sys.stdout
    console = Console(out, inp or sys.stdin, wants_plain(plain, os.environ, out))
    return Client(link, spec, table, console, language).run()


class Client:
    """One seat at the terminal (see the module docstring)."""

    def __init__(self, link: Link, spec: m.Spec, table: dict[str, Any], console: Console, language: str,
                 keys: SeatKeys | None = None):
        self.link = link
        self.keys = keys if keys is not None else SeatKeys(default_folder(os.environ))
        kept = self.keys.key(link.base, link.table, link.token)
        self.token = kept or link.token  # the seat's key once the invite has claimed it
        self.kept = kept is not None  # the key is kept on this computer: the invite brings the person back
        self.refusal: dict[str, Any] | None = None  # the server's reason for refusing the link
        self.spec = spec
        self.table = table
        self.console = console
        self.language = language
        self.words = messages(language)
        self.t = Translator(language)
        self.players = int(table["players"])
        self.say: Speech | None = None
        self.mirror: SeatMirror | None = None
        self.narrator: Narrator | None = None
        self.person: HumanSeat | None = None
        self.decision: dict[str, Any] | None = None
        self.shown: dict[str, Any] = {}  # the last view, as the view_changes messages change it
        self.status: str | None = None
        self.paused = False
        self.connections = 0  # connections that were seated
        self.catching_up = False  # this connection's events so far are the past (see _arrived)

    def word(self, key: str, **fields: Any) -> str:
        return self.words[key].format(**fields)

    def socket_address(self, after: int) -> str:
        return f"{replace(self.link, token=self.token).socket}&after={after}"

    def own_link(self, token: str) -> str:
        """The seat's page address with ``token``: what ``barbu join`` and a browser open."""
        return f"{self.link.base}/t/{urllib.parse.quote(self.link.table)}?token={urllib.parse.quote(token)}"

    def come_back(self) -> str:
        """The command that takes the seat back: the link given, unless the
        invite has claimed the seat here and its key could not be kept (then
        only the seat's own link opens it)."""
        token = self.link.token if self.kept or self.token == self.link.token else self.token
        return f"barbu join '{self.own_link(token)}'"

    def refused(self) -> None:
        """After a connection closed as refused: a kept key the server no
        longer takes is forgotten and the invite tried; otherwise the
        server's reason ends the client (:class:`UsageError`, exit 2)."""
        code = str((self.refusal or {}).get("code", "not_a_seat"))
        self.refusal = None
        if self.token != self.link.token:
            self.keys.forget(self.link.base, self.link.table, self.token)
            self.token, self.kept = self.link.token, False
            self.console.say(self.word("join.key_refused"))
            return
        reason = self.word(f"error.{code}") if f"error.{code}" in self.words else code
        raise UsageError(self.word("join.refused", reason=reason))

    def run(self) -> int:
        from websockets.exceptions import ConnectionClosed, InvalidStatus
        from websockets.sync.client import connect

        tries = 0
        lost_at = time.monotonic()
        while True:
            after = self.mirror.last_event if self.mirror is not None else 0
            try:
                with connect(self.socket_address(after), open_timeout=20, max_size=2 ** 24) as socket:
                    tries = 0
                    try:
                        return self._talk(socket)
                    except Leave as leave:
                        if leave.reason == "eof":
                            self.console.say(self.word("join.input_ended"))
                        self.console.say(self.word("join.left", command=self.come_back()))
                        return 0
            except InvalidStatus:
                raise UsageError(self.word("join.refused", reason=self.word("error.not_a_seat"))) from None
            except ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd is not None else None
                if code in (TAKEN_OVER, FREED, REMOVED):
                    return self._ended(code)
                if code == REFUSED:
                    self.refused()
                    continue
            except (OSError, TimeoutError):
                pass
            tries += 1
            if tries == 1:  # said once, not at every try: a screen reader reads every line
                lost_at = time.monotonic()
                self.console.say(self.word("join.unreachable"))
            elif time.monotonic() - lost_at > GIVE_UP_SECONDS:
                self.console.say(self.word("join.gone"))
                return 1
            time.sleep(min(LONGEST_WAIT, 0.25 * 2 ** min(tries, 5)))

    def _ended(self, code: int) -> int:
        """The seat is this connection's no more: taken from another window, freed by the owner, or its table
        removed (by its owner or the server's operator); said, and the exit code."""
        if code == TAKEN_OVER:
            self.console.say(self.word("taken_over"))
            return 1
        self.keys.forget(self.link.base, self.link.table, self.token)
        self.console.say(self.word("join.freed") if code == FREED
                         else self.word("error", message=self.word("error.removed")))
        return 1

    def _talk(self, socket: Any) -> int:
        """Read the seat's messages and answer its decisions until the game is over."""
        arrived = False  # this connection's first table message has come
        while True:
            message = json.loads(socket.recv())
            kind = message.get("type")
            if kind == "table" and not arrived:
                arrived = True
                self._arrived(message)
            if kind == "decision":
                self.decision = message
                self._answer(socket)
            elif kind == "error":
                self._error(socket, message)
            elif kind == "over":
                self._over(message)
                return 0
            else:
                self._heard(message)

    def _heard(self, message: dict[str, Any]) -> None:
        """A message that asks nothing: the seat, the table, an event, the seat's view."""
        kind = message.get("type")
        if kind == "seated":
            self._seated(message)
        elif kind == "table":
            self._table(message)
        elif kind == "event" and self.mirror is not None:
            self.mirror.event(message["n"], message["event"])
            self._follow()  # said as the mirror takes it, so that the narrator reads the hand it happened in
        elif kind in ("view", "view_changes") and self.mirror is not None:
            if kind == "view":
                self.shown = {key: message[key] for key in ("view", "minimum", "offer")}
            else:  # what changed since the last view (docs/server.md)
                apply_view_changes(self.shown, message["changes"])
            self.mirror.set_view(self.shown)
            self._follow()
            if self.catching_up:
                self._caught_up()

    def _error(self, socket: Any, message: dict[str, Any]) -> None:
        if message.get("code") in REFUSALS:
            self.refusal = message  # the link is refused (or the seat freed): the connection closes next
            return
        self.console.say(self.word("error", message=message.get("message", "")))
        if message.get("code") == "not_an_option" and self.decision is not None:
            self._answer(socket)

    def _over(self, message: dict[str, Any]) -> None:
        self._follow()
        if message.get("ended"):
            self.console.say(self.word("ended", scores=self._scores(message["totals"])))
        else:
            assert self.say is not None
            self.console.say(self.word("game_over", winners=self.say.join(
                [self.say.seat(seat) for seat in message["winners"]])))

    def _seated(self, message: dict[str, Any]) -> None:
        seat = int(message["seat"])
        self.connections += 1
        if self.mirror is None:
            self.say = Speech(self.t, list(message["players"]), seat)
            self.mirror = SeatMirror(self.spec, self.players, seat, self.link.table)
            self.narrator = Narrator(self.spec, self.players, game_plan(self.spec, self.players), self.console,
                                     self.say)
            self.person = HumanSeat(seat, self.console, self.say, self.narrator,
                                    StrongBot(f"join/{self.link.table}/{seat}"), self.language, online=True)
            title = self.table.get("title") or self.spec.title or self.spec.full_name
            self.console.say(self.word("join.seated", title=title, seat=message["players"][seat]), "bold")
            self.console.say(self.word(f"aim.{self.spec.game.aim}"))
            self.console.say(self.word("join.help"))
        else:
            self.console.say(self.word("join.back"))
        if isinstance(message.get("key"), str):
            self._keep(message["key"])

    def _keep(self, key: str) -> None:
        """This connection claimed the seat: its key opens it from now on; say where it is kept."""
        from ..errors import BarbuError

        self.token = key
        try:
            self.keys.keep(self.link.base, self.link.table, self.link.token, key)
        except (OSError, BarbuError):
            self.console.say(self.word("join.key_not_kept", link=self.own_link(key)))
            return
        self.kept = True
        self.console.say(self.word("join.key_kept", link=self.own_link(key)))

    def _arrived(self, message: dict[str, Any]) -> None:
        """A connection's first table message.  When the game is under way,
        the events the server sends now, up to the seat's view, are the
        past (all of it at a first join, what was missed after a
        reconnection): they are followed silently and then summed up
        (:meth:`_caught_up`), never said as if they were happening."""
        self.catching_up = message["status"] != "waiting"
        if self.catching_up and self.narrator is not None:
            self.narrator.live = False

    def _caught_up(self) -> None:
        """The seat's view has come after the past: say where the game stands now."""
        narrator, mirror, person = self.narrator, self.mirror, self.person
        self.catching_up = False
        if narrator is None or mirror is None or person is None:
            return
        narrator.live = True
        if mirror.view.over or narrator.number is None:
            return  # the end is said next; a game not begun has nothing to sum up
        if self.connections == 1:
            self.console.say(self.word("join.under_way"))
        for line in narrator.recap("table.hand.number", declarer=True):
            self.console.say(line)
        if mirror.view.cards:
            person.show_hand(mirror.view)

    def _table(self, message: dict[str, Any]) -> None:
        if self.say is not None:
            self.say.names = [seat["name"] for seat in message["seats"]]
        status, paused = message["status"], message["paused"]
        if status != self.status:
            if status == "waiting":
                self.console.say(self.word("status.waiting"))
            elif status == "playing" and self.status == "waiting":
                self.console.say(self.word("game_starts"))
        if paused != self.paused:
            self.console.say(self.word("paused" if paused else "resumed"))
        self.status, self.paused = status, paused

    def _follow(self) -> None:
        if self.narrator is not None and self.mirror is not None and self.person is not None:
            person, mirror = self.person, self.mirror
            self.narrator.follow(mirror, lambda: person.show_hand(mirror.view))

    def _answer(self, socket: Any) -> None:
        decision, mirror, person = self.decision, self.mirror, self.person
        if decision is None or mirror is None or person is None:
            return
        self._follow()
        mirror.decision(decision["kind"], decision["options"])
        pending = Decision(mirror.seat, decision["kind"], tuple, decision["options"])
        answer = person(pending, mirror.view)
        socket.send(json.dumps({"type": "answer", "id": decision["id"], "answer": answer}))

    def _scores(self, values: list[int]) -> str:
        assert self.say is not None
        return self.say.scores(values)


__all__ = ["Client", "Link", "join", "read_link"]
