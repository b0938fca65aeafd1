"""Budgets: how much of one server one connection, and one client, may use.

A server on an open address is one process shared by strangers, and
without a bound one of them could keep its event loop busy for everyone
(a seat sending thousands of renames a second, each a committed write and
a message to every seat) or fill it with tables.  Each kind of work a
client can ask for has a **token bucket**: a client may make a burst of
that many requests at once, then as many a second as the bucket fills
(:class:`Rate`).  A seat's connection has its own buckets, and so has its
**client** — the address it comes from (behind a proxy, the forwarded
address uvicorn gives; IPv6 addresses by their /64 network, which one
household or one attacker holds whole): every connection of a client
draws on the client's too.

What is over budget is refused and changes nothing: on a seat's
WebSocket an ``error`` with the code ``too_fast`` and ``retry_after``
(the seconds until it would be taken), told at most once a second; on
HTTP ``429`` with ``Retry-After``.  A connection that goes on sending
past its budget — :data:`PATIENCE`'s worth of messages refused as too
fast — is closed with :data:`TOO_FAST` (4029).  The numbers are in
docs/server.md, Limits.
"""

from __future__ import annotations

import ipaddress
import math
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

TOO_FAST = 4029
"""The close code of a connection that kept sending past its budget (or opened past its client's)."""


@dataclass(frozen=True)
class Rate:
    """A budget: ``burst`` at once, then ``per_second`` a second."""

    per_second: float
    burst: int


# A seat's connection (anything but an answer the game takes, which costs nothing: the game asks for it).
SEAT_MESSAGES = Rate(20, 60)
SEAT_RENAMES = Rate(1 / 5, 3)
SEAT_RESUMES = Rate(1 / 2, 3)
PATIENCE = Rate(20, 200)
"""Messages refused as too fast that a connection is forgiven before it is closed (:data:`TOO_FAST`)."""

# A client (an address), over all its connections and requests.
CLIENT_MESSAGES = Rate(100, 300)
CLIENT_RENAMES = Rate(1, 10)
CLIENT_RESUMES = Rate(2, 10)
CLIENT_SOCKETS = Rate(2, 20)
"""WebSockets opened (a page that reconnects opens one each time)."""
CLIENT_REQUESTS = Rate(20, 200)
"""HTTP requests of any kind."""
CLIENT_CHECKS = Rate(1, 30)
"""Rules checked: ``POST /api/check`` and ``POST /api/tables`` (each checks a spec, up to 1 MiB of it)."""
CLIENT_TABLES = Rate(1 / 15, 20)
"""Tables made."""

SOCKETS_MOST = 64
"""WebSockets one client holds open at once."""

CLIENTS_MOST = 20_000
"""Clients whose budgets are remembered (the one unheard from longest is forgotten first)."""

TOLD_EVERY = 1.0
"""Seconds between two ``too_fast`` errors on one connection (the refusals between are silent)."""


class Bucket:
    """A token bucket of one :class:`Rate`, full at first."""

    __slots__ = ("at", "rate", "tokens")

    def __init__(self, rate: Rate, now: float):
        self.rate = rate
        self.tokens = float(rate.burst)
        self.at = now

    def _fill(self, now: float) -> None:
        self.tokens = min(float(self.rate.burst), self.tokens + (now - self.at) * self.rate.per_second)
        self.at = now

    def wait(self, now: float) -> float:
        """The seconds until a token is there (0: one is)."""
        self._fill(now)
        return 0.0 if self.tokens >= 1 else (1 - self.tokens) / self.rate.per_second

    def take(self) -> None:
        self.tokens -= 1

    def give_back(self) -> None:
        self.tokens = min(float(self.rate.burst), self.tokens + 1)


class OverBudget(Exception):
    """A request over its budget: ``retry_after`` seconds (rounded up) until
    it would be taken; ``code`` ``too_fast`` (a rate), ``too_many`` (a count)
    or ``full`` (the server's own bound, ``status`` 503)."""

    def __init__(self, what: str, wait: float, code: str = "too_fast", status: int = 429):
        self.code = code
        self.status = status
        self.retry_after = max(1, math.ceil(wait))
        self.what = what
        super().__init__(f"too fast: {what}; try again in {self.retry_after} s" if code == "too_fast" else what)

    def to_json(self) -> dict[str, Any]:
        return {"error": {"code": self.code, "message": str(self), "retry_after": self.retry_after}}


def spend(now: float, buckets: tuple[Bucket, ...], what: str) -> None:
    """Take a token from each of ``buckets``, or from none (:class:`OverBudget`)."""
    wait = max(bucket.wait(now) for bucket in buckets)
    if wait > 0:
        raise OverBudget(what, wait)
    for bucket in buckets:
        bucket.take()


class Client:
    """One client's buckets, and how many WebSockets it holds open."""

    def __init__(self, key: str, now: float):
        self.key = key
        self.messages = Bucket(CLIENT_MESSAGES, now)
        self.renames = Bucket(CLIENT_RENAMES, now)
        self.resumes = Bucket(CLIENT_RESUMES, now)
        self.sockets = Bucket(CLIENT_SOCKETS, now)
        self.requests = Bucket(CLIENT_REQUESTS, now)
        self.checks = Bucket(CLIENT_CHECKS, now)
        self.tables = Bucket(CLIENT_TABLES, now)
        self.open_sockets = 0


class Budgets:
    """Every client's budgets (see the module docstring)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic):
        self.clock = clock
        self._clients: OrderedDict[str, Client] = OrderedDict()

    def client(self, scope: Any) -> Client:
        """The budgets of the client of an ASGI ``scope`` (a request's, a WebSocket's)."""
        key = client_key(scope.get("client") if isinstance(scope, dict) else scope.scope.get("client"))
        found = self._clients.get(key)
        if found is None:
            found = self._clients[key] = Client(key, self.clock())
            if len(self._clients) > CLIENTS_MOST:
                self._clients.popitem(last=False)
        else:
            self._clients.move_to_end(key)
        return found

    def request(self, client: Client) -> None:
        """An HTTP request of ``client``; :class:`OverBudget` past its budget."""
        spend(self.clock(), (client.requests,), "more requests than this address may make")

    def check(self, client: Client) -> None:
        """A spec checked for ``client`` (``POST /api/check``, ``POST /api/tables``)."""
        spend(self.clock(), (client.checks,), "more rules checked than this address may ask for")

    def table(self, client: Client) -> None:
        """A table made for ``client``: taken before it is made, given back if it is not (:meth:`untable`)."""
        spend(self.clock(), (client.tables,), "more tables made than this address may make")

    @staticmethod
    def untable(client: Client) -> None:
        client.tables.give_back()

    def open_socket(self, client: Client) -> None:
        """A WebSocket ``client`` opens; :class:`OverBudget` past its budget or its :data:`SOCKETS_MOST`."""
        if client.open_sockets >= SOCKETS_MOST:
            raise OverBudget(f"this address holds {SOCKETS_MOST} connections open, its most; close one first",
                             5, code="too_many")
        spend(self.clock(), (client.sockets,), "more connections opened than this address may open")
        client.open_sockets += 1

    @staticmethod
    def close_socket(client: Client) -> None:
        client.open_sockets = max(0, client.open_sockets - 1)


def client_key(address: Any) -> str:
    """The client an ASGI ``client`` (host, port) stands for: an IPv4
    address, an IPv6 address's /64 network, or the host as given."""
    host = address[0] if isinstance(address, list | tuple) and address else None
    if not isinstance(host, str):
        return "unknown"
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host[:100]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


class RequestBudget:
    """ASGI middleware: each HTTP request spends from its client's
    :data:`CLIENT_REQUESTS`; past it, ``429`` with ``Retry-After``."""

    def __init__(self, app: Any, budgets: Budgets):
        self.app = app
        self.budgets = budgets

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            try:
                self.budgets.request(self.budgets.client(scope))
            except OverBudget as over:
                await refuse(send, over)
                return
        await self.app(scope, receive, send)


async def refuse(send: Any, over: OverBudget) -> None:
    """Answer an HTTP request ``429`` (with ``Retry-After``), the app unasked."""
    import json

    body = json.dumps(over.to_json()).encode()
    await send({"type": "http.response.start", "status": 429,
                "headers": [(b"content-type", b"application/json"), (b"retry-after", str(over.retry_after).encode()),
                            (b"cache-control", b"no-store"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


__all__ = ["CLIENT_CHECKS", "CLIENT_MESSAGES", "CLIENT_RENAMES", "CLIENT_REQUESTS", "CLIENT_RESUMES",
           "CLIENT_SOCKETS", "CLIENT_TABLES", "PATIENCE", "SEAT_MESSAGES", "SEAT_RENAMES", "SEAT_RESUMES",
           "SOCKETS_MOST", "TOO_FAST", "Bucket", "Budgets", "Client", "OverBudget", "Rate", "RequestBudget",
           "client_key", "spend"]
