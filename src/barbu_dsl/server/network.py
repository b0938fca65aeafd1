"""The server's connections at the socket: how many it holds, and how long
a request may take to arrive.

uvicorn closes a connection that stays idle after an answer
(``timeout_keep_alive``), but nothing closes one that never finishes its
request: a client that sends half a request head, or trickles a body, or
opens a connection and sends nothing, is held for ever, and enough of
them take every file the process may open — after which the server
answers nobody and logs every failed ``accept``.  So every connection
goes through a :class:`Gate`, an asyncio protocol in front of uvicorn's
own (given to uvicorn as its ``http`` protocol class):

* at most :attr:`Gate.most` connections at once, HTTP and WebSocket
  (:func:`connection_bound`: :data:`CONNECTIONS`, and always
  :data:`FILES_SPARE` files below the process's limit on open files,
  whose soft value is raised to the hard one at the start:
  :func:`raise_file_limit`); one more is answered ``503`` with
  ``Retry-After`` and closed, without reaching the app;
* a request's head (its request line and headers) arrives within
  :data:`HEAD_SECONDS` of the connection, or of the end of the answer
  before it on a kept-alive connection; its body within
  :data:`BODY_SECONDS` of its head; else the connection is closed.
  A WebSocket, once open, is the app's: its pings find a peer that has
  gone (docs/server.md).

The clocks are read by one sweep a second over the open connections,
from the state of uvicorn's HTTP/1.1 parser (h11, which the server uses
whether or not httptools is installed): whether it waits for a request's
head or its body.  Nothing of a request is read here.
"""

from __future__ import annotations

import asyncio
import logging
import struct
from collections.abc import Iterable, Mapping
from typing import Any, cast

import h11
from websockets.protocol import State

log = logging.getLogger("barbu.serve")

CONNECTIONS = 10_000
"""The most connections (HTTP and WebSocket) the server holds at once: its most tables (limits.TABLES)
with every seat taken, and room for the lobby, owners and spectators."""

FILES_SPARE = 128
"""Open files kept spare below the process's limit for what is not a connection: the database and its
journal (two connections), the listening socket, the connections being refused, a table read back."""

HEAD_SECONDS = 10.0
"""How long a request's head may take to arrive: from the connection, or from the answer before it."""

BODY_SECONDS = 30.0
"""How long a request's body may take to arrive once its head has (a house file of 1 MiB over a slow line)."""

SWEEP_SECONDS = 1.0
"""How often the clocks of the open connections are read."""

RETRY_SECONDS = 5
"""``Retry-After`` of a connection refused because the server holds its most."""

BUSY_BODY = (b'{"error": {"code": "busy", "message": "the server holds as many connections as it can; '
             b'try again in a few seconds"}}')
BUSY = (b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n"
        b"Retry-After: %d\r\nConnection: close\r\nContent-Length: %d\r\n\r\n%s"
        % (RETRY_SECONDS, len(BUSY_BODY), BUSY_BODY))


def raise_file_limit() -> int | None:
    """Raise the soft limit on open files to the hard one; the limit now
    (None where the system has none to read)."""
    try:
        import resource
    except ImportError:  # not a Unix
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft != hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (ValueError, OSError):
            pass
    return None if soft == resource.RLIM_INFINITY else int(soft)


def connection_bound(files: int | None) -> int:
    """The most connections for a process that may open ``files`` files."""
    if files is None:
        return CONNECTIONS
    return max(16, min(CONNECTIONS, files - FILES_SPARE))


class Gate:
    """The open connections of one server (see the module docstring)."""

    def __init__(self, most: int, head_seconds: float = HEAD_SECONDS, body_seconds: float = BODY_SECONDS):
        self.most = most
        self.head_seconds = head_seconds
        self.body_seconds = body_seconds
        self.open: set[_Guarded] = set()
        self.refused = 0  # connections answered 503 (for tests and the log)
        self.timed_out = 0  # connections closed for a request that did not arrive in time
        self._sweep: asyncio.TimerHandle | None = None

    def protocol(self, inner: type[asyncio.Protocol]) -> type[asyncio.Protocol]:
        """uvicorn's ``http`` protocol class: ``inner`` (uvicorn's own) behind this gate."""
        return type(f"Gated{inner.__name__}", (_Guarded,), {"gate": self, "inner_class": inner})

    def _start(self, loop: asyncio.AbstractEventLoop) -> None:
        if self._sweep is None:
            self._sweep = loop.call_later(SWEEP_SECONDS, self.sweep, loop)

    def sweep(self, loop: asyncio.AbstractEventLoop) -> None:
        """Close each connection whose request has not arrived in time."""
        now = loop.time()
        for connection in list(self.open):
            if connection.late(now):
                self.timed_out += 1
                log.warning("closed a connection whose request did not arrive in time")
                connection.transport.close()
        self._sweep = loop.call_later(SWEEP_SECONDS, self.sweep, loop)


class _Transport:
    """The transport as uvicorn's protocol sees it: the real one, except that

    * a protocol it hands the connection to (a WebSocket's) goes behind the
      gate too, so the gate sees the connection to its end;
    * what is written in one turn of the event loop goes to the socket in one
      write, at the end of the turn: an answer sends a seat three or four
      messages (events, the view's changes, the decision), one system call
      and one TCP segment instead of one each (benchmarks/RESULTS.md).
      Closing sends what is held first; aborting drops it, as a real
      transport's abort drops its buffer."""

    def __init__(self, real: asyncio.Transport, owner: _Guarded):
        self._real = real
        self._owner = owner
        self._held: list[bytes] = []

    def set_protocol(self, protocol: asyncio.BaseProtocol) -> None:
        self._owner.inner = protocol  # type: ignore[assignment]

    def get_protocol(self) -> asyncio.BaseProtocol:
        return self._owner.inner

    def write(self, data: bytes | bytearray | memoryview) -> None:
        if not data:
            return
        if not self._held:
            self._owner.loop.call_soon(self._release)
        self._held.append(data if isinstance(data, bytes) else bytes(data))

    def writelines(self, lines: Iterable[bytes | bytearray | memoryview]) -> None:
        for data in lines:
            self.write(data)

    def _release(self) -> None:
        if self._held:
            data = self._held[0] if len(self._held) == 1 else b"".join(self._held)
            self._held.clear()
            if not self._real.is_closing():
                self._real.write(data)

    def get_write_buffer_size(self) -> int:
        return self._real.get_write_buffer_size() + sum(map(len, self._held))

    def write_eof(self) -> None:
        self._release()
        self._real.write_eof()

    def close(self) -> None:
        self._release()
        self._real.close()

    def abort(self) -> None:
        self._held.clear()
        self._real.abort()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real, name)


class _Guarded(asyncio.Protocol):
    """One connection behind the gate, in front of uvicorn's protocol."""

    gate: Gate
    inner_class: type[asyncio.Protocol]

    def __init__(self, config: Any, server_state: Any, app_state: Any,
                 _loop: asyncio.AbstractEventLoop | None = None) -> None:
        self.loop = _loop or asyncio.get_event_loop()
        self.inner: asyncio.Protocol = self.inner_class(  # type: ignore[call-arg]
            config=config, server_state=server_state, app_state=app_state, _loop=_loop)
        self.transport: asyncio.Transport = None  # type: ignore[assignment]
        self.refused = False
        self.phase: str | None = "head"
        self.cycle: object = None
        self.since = self.loop.time()

    # ---- the clocks ----------------------------------------------------------------------------------

    def waiting(self) -> str | None:
        """``head`` while uvicorn's parser waits for a request's head, ``body``
        while it waits for its body, None otherwise (the app answering, a WebSocket)."""
        conn = getattr(self.inner, "conn", None)
        if not isinstance(conn, h11.Connection):
            return None
        state = conn.their_state
        if state is h11.IDLE:
            return "head"
        if state is h11.SEND_BODY:
            return "body"
        return None

    def late(self, now: float) -> bool:
        """Whether the request this connection waits for is late (see the module docstring)."""
        phase, cycle = self.waiting(), getattr(self.inner, "cycle", None)
        if phase != self.phase or cycle is not self.cycle:  # a new request, or the next part of one
            self.phase, self.cycle, self.since = phase, cycle, now
            return False
        if phase == "head":
            return now - self.since > self.gate.head_seconds
        if phase == "body":
            return now - self.since > self.gate.body_seconds
        return False

    # ---- asyncio's protocol --------------------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # asyncio's, or uvloop's (not a subclass)
        gate = self.gate
        gate._start(self.loop)
        if len(gate.open) >= gate.most:
            self.refused = True
            gate.refused += 1
            log.warning("refused a connection: the server holds %d connections, its most", gate.most)
            self.transport.write(BUSY)
            # Closed once the request has come (so that closing resets nothing unread), or after a second.
            self.loop.call_later(1.0, self.transport.close)
            return
        gate.open.add(self)
        self.since = self.loop.time()
        self.inner.connection_made(_Transport(self.transport, self))  # type: ignore[arg-type]

    def data_received(self, data: bytes) -> None:
        if self.refused:
            self.transport.close()
            return
        self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        if self.refused:
            return None
        return self.inner.eof_received()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.refused:
            return
        self.gate.open.discard(self)
        self.inner.connection_lost(exc)

    def pause_writing(self) -> None:
        if not self.refused:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if not self.refused:
            self.inner.resume_writing()


WIRE_SEND = "barbu.wire_send"
"""The scope key under which the app finds a WebSocket's ASGI ``send`` as the
server gave it (set by :class:`~.guard.Guard`), to reach the connection's :class:`Wire`."""


class Wire:
    """A WebSocket's connection, written to without ASGI in between.

    A table's answer sends each seat a few short messages; through ASGI each
    is a chain of coroutines (Starlette's socket, its error wrapper,
    uvicorn's ``send``) run by a writer task woken for the purpose.  Framed
    here and written to the transport at once, they cost a function call
    each, and still leave in one system call at the end of the loop's turn
    (:class:`_Transport`).  Only uvicorn's websockets-sansio protocol is
    reached this way; and only while it would write at once anyway: not
    while its transport is paused (a client that does not read: then the
    connection queues, and its writer waits as before), nor once it is
    closing."""

    def __init__(self, protocol: Any):
        self.protocol = protocol

    @classmethod
    def of(cls, scope: Mapping[str, Any]) -> Wire | None:
        """The wire of the WebSocket of ``scope``, or None where there is none (another protocol, a test client)."""
        from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

        protocol = getattr(scope.get(WIRE_SEND), "__self__", None)
        return cls(protocol) if isinstance(protocol, WebSocketsSansIOProtocol) else None

    def send(self, text: str) -> bool:
        """Write ``text`` as one text frame now; False when the connection
        cannot take it now (paused, closing, gone), and it is to be queued.

        The frame is made here (:func:`text_frame`) rather than by the
        websockets protocol object, whose frame, serializer and checks cost
        as much as the rest of sending: the connection is open, not in a
        fragmented message, and has no extension (the server offers none),
        which are the only states in which that object would frame it
        otherwise.  What it holds to send (a pong) goes first."""
        protocol = self.protocol
        conn = protocol.conn
        if protocol.disconnected or protocol.close_sent or not protocol.handshake_complete \
                or not protocol.writable.is_set() or protocol.transport.is_closing() \
                or conn.state is not State.OPEN or conn.expect_continuation_frame or conn.extensions:
            return False
        held = conn.data_to_send()
        frame = text_frame(text.encode())
        protocol.transport.write(b"".join((*held, frame)) if held else frame)
        return True


def text_frame(payload: bytes) -> bytes:
    """A server's WebSocket text frame of ``payload`` (RFC 6455 section 5.2:
    final, unmasked, the length in 7, 16 or 64 bits)."""
    size = len(payload)
    if size < 126:
        return bytes((0x81, size)) + payload
    if size < 1 << 16:
        return _HEAD_16.pack(0x81, 126, size) + payload
    return _HEAD_64.pack(0x81, 127, size) + payload


_HEAD_16 = struct.Struct("!BBH")
_HEAD_64 = struct.Struct("!BBQ")


__all__ = ["BODY_SECONDS", "CONNECTIONS", "FILES_SPARE", "HEAD_SECONDS", "WIRE_SEND", "Gate", "Wire",
           "connection_bound", "raise_file_limit"]
