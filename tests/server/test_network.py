"""The server's connections at the socket (docs/server.md, Limits): a
request that never arrives whole is not held for ever; beyond its bound
of connections the server answers ``503`` and goes on answering once
they are gone, never running out of files; and a flood of one failure is
one line of the log, not a line (or a traceback) each."""

from __future__ import annotations

import logging
import resource
import socket
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from barbu_dsl.server.logs import OncePerKind
from barbu_dsl.server.network import BODY_SECONDS, HEAD_SECONDS, connection_bound
from server.helpers import ServerProcess


@pytest.fixture(autouse=True)
def many_files() -> Iterator[None]:
    """This test process opens hundreds of sockets: its own soft limit raised to the hard one."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    yield
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def opened(server: ServerProcess, first: bytes = b"") -> socket.socket:
    connection = socket.create_connection(("127.0.0.1", server.port), timeout=5)
    if first:
        connection.sendall(first)
    return connection


def closed_by_server(connection: socket.socket, wait: float) -> bool:
    """Whether the server closes ``connection`` within ``wait`` seconds (what it sends meanwhile is read)."""
    connection.settimeout(0.5)
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        try:
            if connection.recv(65536) == b"":
                return True
        except TimeoutError:
            continue
        except OSError:  # reset
            return True
    return False


def answer_of(server: ServerProcess, path: str = "/api/tables") -> tuple[int, dict[str, str]]:
    """The status and headers of a GET on a new connection (a refused one
    answers before it is read); ConnectionResetError when it is closed unanswered."""
    with opened(server) as connection:
        connection.settimeout(20)
        try:
            connection.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
        except OSError:
            pass
        answer = b""
        while b"\r\n\r\n" not in answer:
            part = connection.recv(65536)
            if not part:
                break
            answer += part
    if not answer:  # closed unanswered: uvloop's answer to a connection past the files it may open
        raise ConnectionResetError("the server closed the connection without a word")
    head = answer.partition(b"\r\n\r\n")[0].decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in head[1:] if ": " in line)
    return int(head[0].split()[1]), {name.lower(): value for name, value in headers.items()}


def test_requests_that_never_arrive_whole_are_closed(server: ServerProcess) -> None:
    """A connection that sends nothing, half a request head, a head after an
    answer kept alive, or a body a byte at a time: each is closed once its
    time is over (HEAD_SECONDS for a head, BODY_SECONDS for a body), while
    the server answers everyone else."""
    silent = opened(server)
    half = opened(server, b"GET /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    kept = opened(server, b"GET /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    kept.settimeout(10)
    assert kept.recv(65536).startswith(b"HTTP/1.1 200")
    kept.sendall(b"G")  # the next request begins, and stops (uvicorn's keep-alive clock stops with it)
    trickle = opened(server, b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                             b"Content-Length: 1000\r\n\r\n{")
    start = time.monotonic()
    heads = [silent, half, kept]
    while time.monotonic() - start < HEAD_SECONDS + 15 and not all(closed_by_server(c, 0.5) for c in heads):
        assert server.get("/api/specs")["specs"], "the others are answered meanwhile"
        trickle.sendall(b" ")
    assert all(closed_by_server(c, 0.1) for c in heads), "a request head that never came was held"
    assert time.monotonic() - start >= HEAD_SECONDS - 1, "closed before its time"
    stopped_at = time.monotonic()
    assert closed_by_server(trickle, BODY_SECONDS + 15), "a body trickled a byte at a time was held for ever"
    assert time.monotonic() - stopped_at < BODY_SECONDS + 15
    for connection in (*heads, trickle):
        connection.close()
    assert "Traceback" not in server.errors()


def test_beyond_its_connections_the_server_answers_503_and_recovers(tmp_path: Path) -> None:
    """A server allowed 300 open files holds ``connection_bound(300)``
    connections: the next is answered ``503`` with ``Retry-After``; a flood
    past the process's files does not stop it (nor fill its log); once the
    idle connections' time is over it answers again."""
    server = ServerProcess(tmp_path / "tables.sqlite3", files=300).start()
    held: list[socket.socket] = []
    try:
        most = connection_bound(300)
        for _ in range(most):
            held.append(opened(server))
        time.sleep(0.5)
        statuses = []
        for _ in range(5):
            status, headers = answer_of(server)
            statuses.append(status)
            if status == 503:
                assert headers["retry-after"].isdigit()
        assert 503 in statuses, statuses
        for _ in range(400):  # past the files the process may open: accept fails, and is tried again
            try:
                held.append(socket.create_connection(("127.0.0.1", server.port), timeout=2))
            except OSError:
                break
        deadline = time.monotonic() + HEAD_SECONDS + 60
        while True:
            try:
                if answer_of(server)[0] == 200:
                    break
            except OSError:
                pass
            assert time.monotonic() < deadline, "the server did not answer again: " + server.errors()[-2000:]
            time.sleep(0.5)
        errors = server.errors()
        assert errors.count("refused a connection") <= 2, errors[-3000:]
        assert len(errors) < 20_000, f"{len(errors)} bytes of log: " + errors[-3000:]
        assert "Traceback" not in errors, "the system's refusals are one line each, without a traceback"
        assert server.process is not None and server.process.poll() is None
    finally:
        for connection in held:
            connection.close()
        server.stop()


def test_a_flood_of_one_failure_is_one_line_of_the_log(server: ServerProcess) -> None:
    """A thousand requests that are not HTTP: the log says it once."""
    before = server.errors().count("Invalid HTTP request")
    for _ in range(1000):
        with opened(server, b"NOT HTTP AT ALL\r\n\r\n") as connection:
            closed_by_server(connection, 5)
    assert server.get("/api/specs")["specs"]
    assert server.errors().count("Invalid HTTP request") - before <= 1


def test_once_per_kind_counts_the_rest_each_minute() -> None:
    """The first of a kind passes, the rest of its minute are counted and
    said once the minute is over; another kind (another message, or the
    same message with another exception) passes on its own."""
    now = [0.0]
    limit = OncePerKind(period=60, clock=lambda: now[0])

    def record(message: str, *args: object, error: type[BaseException] | None = None) -> logging.LogRecord:
        exc = (error, error(), None) if error else None
        return logging.LogRecord("barbu.serve", logging.ERROR, __file__, 1, message, args, exc)

    assert limit.filter(record("table %s: %s", "A", "disk full"))
    assert not any(limit.filter(record("table %s: %s", str(n), "disk full")) for n in range(500))
    assert limit.filter(record("table %s: %s", "A", "x", error=OSError))
    assert limit.filter(record("refused a connection"))
    now[0] = 30
    assert limit.flush() == []
    now[0] = 61
    (said,) = limit.flush()
    assert said.getMessage() == "table 499: disk full (and 500 more like it in the last 60 s)"
    assert limit.filter(record("table %s: %s", "B", "disk full")), "a new minute: said again"


class _Socket:
    """A transport's socket end, as asyncio's or uvloop's would be: what is written to it, in writes."""

    def __init__(self) -> None:
        self.writes: list[bytes] = []
        self.closed = self.aborted = False

    def write(self, data: bytes) -> None:
        self.writes.append(bytes(data))

    def is_closing(self) -> bool:
        return self.closed or self.aborted

    def get_write_buffer_size(self) -> int:
        return 0

    def close(self) -> None:
        self.closed = True

    def abort(self) -> None:
        self.aborted = True


def test_what_is_written_in_one_turn_goes_out_in_one_write() -> None:
    """An answer sends a seat several messages: the gate's transport hands the
    socket one write for each turn of the event loop, in order; closing sends
    what is held first, aborting drops it (network._Transport; benchmarks/RESULTS.md)."""
    import asyncio

    from barbu_dsl.server.network import Gate, _Transport

    async def scenario() -> tuple[_Socket, _Socket, _Socket]:
        owner = Gate(16).protocol(asyncio.Protocol)
        guarded = owner.__new__(owner)
        guarded.loop = asyncio.get_running_loop()
        kept, closed, aborted = _Socket(), _Socket(), _Socket()
        transport = _Transport(kept, guarded)  # type: ignore[arg-type]
        transport.write(b"one ")
        transport.writelines([bytearray(b"two "), memoryview(b"three")])
        assert kept.writes == [] and transport.get_write_buffer_size() == len(b"one two three")
        await asyncio.sleep(0)
        transport.write(b"four")
        await asyncio.sleep(0)
        for end, finish in ((closed, "close"), (aborted, "abort")):
            other = _Transport(end, guarded)  # type: ignore[arg-type]
            other.write(b"last words")
            getattr(other, finish)()
        await asyncio.sleep(0)
        return kept, closed, aborted

    with ThreadPoolExecutor(1) as thread:  # a loop of its own (a browser test may have left one running here)
        kept, closed, aborted = thread.submit(asyncio.run, scenario()).result()
    assert kept.writes == [b"one two three", b"four"]
    assert closed.writes == [b"last words"] and closed.closed
    assert aborted.writes == [] and aborted.aborted


def test_the_collector_spares_what_the_server_read_back() -> None:
    """``barbu serve`` freezes what it read back out of Python's collections
    and collects less often (run.tune_collector; benchmarks/RESULTS.md)."""
    import gc

    from barbu_dsl.server.run import COLLECTOR_THRESHOLDS, tune_collector

    before = gc.get_threshold()
    try:
        tune_collector()
        assert gc.get_threshold() == COLLECTOR_THRESHOLDS
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
