"""Driving a table server as its users do: ``barbu serve`` started as a
command on a free loopback port (real sockets), HTTP requests, and seats
that speak the table protocol (docs/table.md) over a WebSocket."""

from __future__ import annotations

import copy
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

from barbu_dsl.server.protocol import apply_view_changes


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class ServerProcess:
    """``barbu serve --port PORT --db DB``, as a user starts it."""

    def __init__(self, db: Path, port: int | None = None, keys: dict[tuple[str, int], str] | None = None,
                 options: tuple[str, ...] = (), files: int | None = None):
        self.db = db
        self.files = files  # the process's limit on open files (RLIMIT_NOFILE), when not the system's
        self.port = port or free_port()
        self.options = options  # more of barbu serve's options (--allow-origin ...)
        self.process: subprocess.Popen[str] | None = None
        self.first_line = ""
        # Each seat's key, once its invite has claimed it; a server started again on the same
        # database is given the keys of the one before.
        self.keys: dict[tuple[str, int], str] = keys if keys is not None else {}
        self.last_headers: dict[str, str] = {}  # the headers of the last answer

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.out = self.db.with_name(self.db.name + f".{self.port}.out")
        self.err = self.db.with_name(self.db.name + f".{self.port}.err")
        with self.out.open("w") as out, self.err.open("w") as err:
            command = [sys.executable, "-m", "barbu_dsl", "serve", "--port", str(self.port), "--db", str(self.db),
                       *self.options]
            self.process = subprocess.Popen(command, stdout=out, stderr=err, text=True, env=env,
                                            preexec_fn=None if self.files is None else self._limit_files)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert self.process.poll() is None, "the server stopped: " + self.errors()
            self.first_line = self.out.read_text().split("\n")[0]
            if self.first_line:
                break
            time.sleep(0.05)
        assert self.first_line.startswith("barbu serve: http://127.0.0.1:"), self.first_line + self.errors()
        while time.monotonic() < deadline:
            try:
                self.get("/api/tables")
                return self
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.05)
        raise AssertionError("the server did not answer: " + self.errors())

    def _limit_files(self) -> None:
        import resource

        assert self.files is not None
        resource.setrlimit(resource.RLIMIT_NOFILE, (self.files, self.files))

    def errors(self) -> str:
        """What the server said on standard error."""
        return self.err.read_text() if self.err.exists() else ""

    def kill(self) -> None:
        """kill -9: no chance to tidy up."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)

    def request(self, method: str, path: str, body: Any = None, owner: str | None = None,
                raw: bytes | None = None, source: str | None = None) -> tuple[int, Any]:
        """A request and its answer (status, JSON or text); from the loopback
        address ``source`` (another client: 127.0.0.2 ...) when given."""
        data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        headers = {"Content-Type": "application/json"}
        if owner:
            headers["Authorization"] = f"Bearer {owner}"
        if source is not None:
            return self._request_from(source, method, path, data, headers)
        req = urllib.request.Request(self.base + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=30) as response:
                text = response.read().decode()
                status = response.status
                self.last_headers = dict(response.headers)
        except urllib.error.HTTPError as error:
            text = error.read().decode()
            status = error.code
            self.last_headers = dict(error.headers)
        try:
            return status, json.loads(text)
        except ValueError:
            return status, text

    def _request_from(self, source: str, method: str, path: str, data: bytes | None,
                      headers: dict[str, str]) -> tuple[int, Any]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30, source_address=(source, 0))
        try:
            connection.request(method, path, body=data, headers=headers)
            response = connection.getresponse()
            text, status = response.read().decode(), response.status
            self.last_headers = dict(response.getheaders())
        finally:
            connection.close()
        try:
            return status, json.loads(text)
        except ValueError:
            return status, text

    def get(self, path: str) -> Any:
        status, data = self.request("GET", path)
        assert status == 200, (status, data)
        return data

    def get_owned(self, path: str, owner: str) -> Any:
        status, data = self.request("GET", path, owner=owner)
        assert status == 200, (status, data)
        return data

    def post(self, path: str, body: Any = None, owner: str | None = None) -> Any:
        status, data = self.request("POST", path, body if body is not None else {}, owner)
        assert status in (200, 201), (status, data)
        return data

    def seat(self, table: dict[str, Any], seat: int, after: int | None = None, source: str | None = None) -> Seat:
        """Seat ``seat``'s connection: with its invite the first time (which
        claims it), with the key the server gave then every later time."""
        key = self.keys.get((table["table"], seat))
        opened = Seat(self, table["table"], key or table["invites"][seat], after, source)
        first = opened.receive()
        assert first["type"] == "seated", first
        if "key" in first:
            self.keys[(table["table"], seat)] = first["key"]
        return opened


class Seat:
    """One seat's WebSocket: messages in order, answers out."""

    def __init__(self, server: ServerProcess | str, table: str, token: str, after: int | None = None,
                 source: str | None = None, **options: Any):
        """A seat of ``server``, or of the server at the WebSocket base ``server``
        (``wss://HOST:PORT``) with websockets' ``options`` (``ssl``, ``origin``);
        ``source``: another client, a loopback address of its own."""
        query = f"token={token}" + (f"&after={after}" if after is not None else "")
        base = server if isinstance(server, str) else f"ws://127.0.0.1:{server.port}"
        if source is not None:
            assert not isinstance(server, str)
            options["sock"] = socket.create_connection(("127.0.0.1", server.port), timeout=20,
                                                       source_address=(source, 0))
        self.socket = connect(f"{base}/ws/{table}?{query}", open_timeout=20, max_size=2 ** 22,
                              **options).__enter__()
        self.messages: list[dict[str, Any]] = []
        self.events: dict[int, dict[str, Any]] = {}
        self.decision: dict[str, Any] | None = None
        self.view: dict[str, Any] | None = None
        self.over: dict[str, Any] | None = None
        self.errors: list[dict[str, Any]] = []
        self.seated: dict[str, Any] | None = None
        self.shown: dict[str, Any] = {}  # the last view message, as view_changes change it

    def receive(self, timeout: float = 30) -> dict[str, Any]:
        message = json.loads(self.socket.recv(timeout=timeout))
        self.messages.append(message)
        kind = message["type"]
        if kind == "event":
            self.events[message["n"]] = message["event"]
        elif kind == "decision":
            self.decision = message
        elif kind in ("view", "view_changes"):
            if kind == "view":
                self.shown = {key: message[key] for key in ("view", "minimum", "offer")}
            else:  # what changed since the last view (docs/server.md); a copy, so a view kept by a test stays
                self.shown = apply_view_changes(copy.deepcopy(self.shown), message["changes"])
            self.view = self.shown["view"]
            turn = self.view["turn"]
            if self.decision is not None and (turn is None or turn["seat"] != self.view["seat"]):
                self.decision = None
        elif kind == "over":
            self.over = message
        elif kind == "error":
            self.errors.append(message)
        elif kind == "seated":
            self.seated = message
        return message

    def until(self, done: Callable[[Seat], bool], timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while not done(self):
            left = deadline - time.monotonic()
            assert left > 0, f"timed out; last messages: {self.messages[-3:]}"
            try:
                self.receive(left)
            except TimeoutError:
                raise AssertionError(f"timed out; last messages: {self.messages[-3:]}") from None

    def drain(self, quiet: float = 0.2) -> None:
        """Read what has come, until nothing comes for ``quiet`` seconds."""
        while True:
            try:
                self.receive(quiet)
            except TimeoutError:
                return

    def send(self, message: dict[str, Any]) -> None:
        self.socket.send(json.dumps(message))

    def answer(self, value: Any, decision_id: int | None = None) -> None:
        assert self.decision is not None
        self.send({"type": "answer", "id": decision_id or self.decision["id"], "answer": value})
        self.decision = None

    def close(self) -> None:
        self.socket.close()


def play_until_over(seats: list[Seat], choose: Callable[[Seat, dict[str, Any]], Any],
                    timeout: float = 240, stop: Callable[[], bool] = lambda: False) -> None:
    """Each seat answers its decisions with ``choose`` until every seat has
    been sent ``over`` (or ``stop()``)."""
    deadline = time.monotonic() + timeout
    while not all(seat.over for seat in seats) and not stop():
        assert time.monotonic() < deadline, "the game did not end in time"
        heard = False
        for seat in seats:
            try:
                while True:
                    seat.receive(0)
                    heard = True
            except TimeoutError:
                pass
            if seat.decision is not None:
                seat.answer(choose(seat, seat.decision))
                heard = True
        if not heard:
            time.sleep(0.002)


def first_option(seat: Seat, decision: dict[str, Any]) -> Any:
    return decision["options"][0]


def socket_refusal(server: ServerProcess, path: str) -> tuple[list[dict[str, Any]], int | None]:
    """What a WebSocket to ``path`` (``/ws/ID?token=...``) is sent before the
    server closes it, and its close code."""
    from websockets.exceptions import ConnectionClosed

    messages = []
    with connect(f"ws://127.0.0.1:{server.port}{path}", open_timeout=10) as socket:
        try:
            while True:
                messages.append(json.loads(socket.recv(timeout=10)))
        except ConnectionClosed as closed:
            return messages, closed.rcvd.code if closed.rcvd is not None else None


def answer_rounds(seat: Seat, count: int) -> list[float]:
    """``seat`` answers its next ``count`` decisions with their first option:
    the seconds from each answer sent to the seat's next decision (the bots'
    answers between them included)."""
    rounds = []
    for _ in range(count):
        seat.until(lambda s: s.decision is not None)
        asked = seat.decision["id"]  # type: ignore[index]
        seat.answer(first_option(seat, seat.decision))
        sent = time.monotonic()
        seat.until(lambda s, asked=asked: s.decision is not None and s.decision["id"] > asked)
        rounds.append(time.monotonic() - sent)
    return rounds
