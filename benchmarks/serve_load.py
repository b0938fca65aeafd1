"""The table server under load: levels of 1 to 1,000 tables of protocol clients on loopback.

For each level (a number of tables) and each kind of load, a fresh ``barbu
serve`` is started as a user starts it (``python -m barbu_dsl serve --host
127.0.0.1 --port P --db FILE``: a free loopback port, a database of its
own; the barbu_dsl of ``PYTHONPATH``, else this checkout's).  Its tables
are made with ``POST /api/tables`` — Bouillabaisse, four ``"human"``
seats, a seed of their own — and each seat is played by a client of this
process that speaks the table protocol (docs/table.md) over its WebSocket
(websockets' asyncio client, offering permessage-deflate as a browser
does): it sits with its invite, keeps the seat's ``key`` from ``seated``,
and answers each decision with a random option.  Nobody answers until
every table is seated; then the measured window starts.

* **busy**: every seat answers each decision at once, until each table has
  made ``--answers`` answers or ``--seconds`` have passed;
* **human pace**: every seat answers after a think time drawn from
  ``--think`` (2–8 s, seeded), for a window of ``--window`` seconds.

For each level it prints the answers per second the server took (all
tables together); the latency of an answer, p50 / p95 / p99, from the
moment a seat sends it to the first message the server sends that seat
after it (``ack``: the answer committed, applied and said) and to the
``event`` that says it; the server's CPU time (user + system, from
/proc/PID/stat) per answer over the window, and how busy the server's and
the clients' processes were (a client near 100 % limits the figures, not
the server); the server's memory (RSS, /proc/PID/status) when started,
once every table is seated and at the end; the bytes per answer the server
sent (the messages as the clients read them, and on the wire: WebSocket
frames, compressed); and the ratio of each to the smallest level of its
kind.  Under the table, for each level: how long the tables took to make
and to seat, the server's memory a seated table, how busy the server's
CPU was with anyone's work and how long tasks waited for a CPU (the
machine is shared: /proc/stat, /proc/pressure/cpu), and what the server
logged.  A commit as the server makes it (WAL, ``synchronous=FULL``) is
timed on the same disk at the start and at the end: an answer is one
commit, so it bounds the answers a second.

At the end of each level nothing acknowledged may be lost: each table's
finished hands (``GET /api/tables/ID/records``) must be the cards its
seats were acknowledged, in order; then the server is killed (SIGKILL),
started again on the same database, and every seat comes back with its key
and the last event it had: no event may be new, the decision pending must
be the one after the last answer acknowledged, and every view the one the
seat last had.  The column ``kept`` counts the tables that pass.

Then the aims, met or not: on one core (``--server-cpu``), 100 busy
tables take at least 2,000 answers a second at p95 ≤ 50 ms and ≤ 0.5 ms
of CPU an answer, and 1,000 tables at human pace answer at p95 ≤ 20 ms.

``--server-cpu 0`` pins the server to CPU 0 and this process (the clients)
to the other CPUs.  ``--profile busy:100`` samples the server with py-spy
(``pip install py-spy``) during that level's window and prints where its
busy time goes (running, or waiting for the disk in a commit), grouped —
SQLite, JSON, WebSocket framing and compression, the event loop and
sockets, view building, the game itself, other — and the functions with
the most time of their own; that level's row is marked ``*``, and
``--profile-output FILE`` keeps py-spy's stacks (the probe and the
profile are in serve_watch.py, beside this file).  ``--tiny`` runs every
part in seconds (1 and 2 tables of each kind, a 3-second window, think
times of 0.1–0.5 s, pinned and profiled where it can be), as the tests
do.  Every level stops by itself; traffic stays on loopback (the server on
127.0.0.1, each table's people from an address of 127.1.0.0/16).  Exit
status: 0, or 1 when a level broke or lost an acknowledged answer.

    python benchmarks/serve_load.py [--busy 1,10,100,1000] [--human 1,10,100,1000] [--answers 200]
        [--seconds 30] [--window 60] [--think 2-8] [--seed 1] [--server-cpu 0] [--profile busy:100]
        [--profile-output FILE] [--tiny]
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import json
import math
import os
import random
import re
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))

from serve_watch import Probe, Profiler, commit_ms, machine, percentile, summarize
from tiny import parse_args

SPEC = "bouillabaisse"
SEATS = 4
CONNECT_BATCH = 100  # connections opened at once
FILES_A_TABLE = SEATS + 1  # open files this process needs for a table (its seats, and some to spare)
CARD = re.compile(r"^[2-9TJQKA][SHDC]$")
TYPE = re.compile(rb'^\{"type": ?"(\w+)"')  # a message's type, read without parsing the rest of it
HTTP = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # 127.0.0.1, never through a proxy


# ---- the server --------------------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """One ``barbu serve`` process on a database of its own; what it logs goes to files beside it."""

    def __init__(self, folder: Path, cpu: int | None) -> None:
        self.folder, self.cpu = folder, cpu
        self.db = folder / "tables.sqlite3"
        self.process: subprocess.Popen[bytes] | None = None
        self.port = 0
        self.starts = 0

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def start(self, timeout: float) -> float:
        """Start the server; the seconds until it says where it listens (its tables read back)."""
        self.starts += 1
        self.port = free_port()
        out = self.folder / f"out-{self.starts}.txt"
        with out.open("wb") as stdout, (self.folder / f"err-{self.starts}.txt").open("wb") as stderr:
            began = time.perf_counter()
            self.process = subprocess.Popen(
                [sys.executable, "-m", "barbu_dsl", "serve", "--host", "127.0.0.1", "--port", str(self.port),
                 "--db", str(self.db)], stdout=stdout, stderr=stderr, stdin=subprocess.DEVNULL,
                env={**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [os.environ.get("PYTHONPATH"),
                                                                                str(ROOT / "src")]))})
        if self.cpu is not None:
            os.sched_setaffinity(self.process.pid, {self.cpu})
        while b"barbu serve: http" not in out.read_bytes():
            if self.process.poll() is not None:
                raise Broken(f"the server exited with status {self.process.returncode}: {self.log_tail()}")
            if time.perf_counter() - began > timeout:
                raise Broken(f"the server did not listen within {timeout:.0f} s")
            time.sleep(0.02)
        return time.perf_counter() - began

    def stop(self, kill: bool = False) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGKILL if kill else signal.SIGINT)
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(5)

    def alive(self) -> None:
        if self.process is not None and self.process.poll() is not None:
            raise Broken(f"the server exited with status {self.process.returncode}: {self.log_tail()}")

    def cpu_seconds(self) -> tuple[float, float]:
        """User and system CPU of the server process (all its threads) so far."""
        fields = Path(f"/proc/{self.pid}/stat").read_text().rpartition(")")[2].split()
        tick = os.sysconf("SC_CLK_TCK")
        return int(fields[11]) / tick, int(fields[12]) / tick

    def rss_mb(self) -> float:
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def logged(self) -> list[str]:
        """What the server said on standard error, every start of it."""
        return [line for n in range(1, self.starts + 1) if (path := self.folder / f"err-{n}.txt").exists()
                for line in path.read_text(errors="replace").splitlines() if line.strip()]

    def log_tail(self) -> str:
        return " / ".join(self.logged()[-3:]) or "nothing on standard error"


class Broken(Exception):
    """A level that could not go on: what happened (the phase is the level's)."""


def request(base: str, path: str, body: object | None = None, source: str | None = None) -> Any:
    """A request to the server, from the loopback address ``source`` (a client of its own: the server's budgets
    are per client, docs/server.md, Limits) or from 127.0.0.1."""
    if source is None:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(base + path, data=data, method="GET" if body is None else "POST",
                                     headers={"Content-Type": "application/json"})
        with HTTP.open(req, timeout=60) as response:
            text = response.read().decode()
    else:
        import http.client

        host, port = base.removeprefix("http://").split(":")
        connection = http.client.HTTPConnection(host, int(port), timeout=60, source_address=(source, 0))
        try:
            connection.request("GET" if body is None else "POST", path,
                               None if body is None else json.dumps(body), {"Content-Type": "application/json"})
            response = connection.getresponse()
            text = response.read().decode()
            if response.status >= 400:
                raise urllib.error.HTTPError(base + path, response.status, text[:200], response.headers, None)
        finally:
            connection.close()
    return text if path.endswith("/records") else json.loads(text)


def client_address(number: int) -> str:
    """The loopback address of the ``number``-th table's people (127.1.0.1, 127.1.0.2, ...): each table's
    people are a client of their own, as they would be at home."""
    number += 1
    return f"127.{1 + number // 65536 % 254}.{number // 256 % 256}.{number % 256}"


# ---- the clients ---------------------------------------------------------------------------------------------------


@functools.cache
def counting_connection() -> Any:
    """websockets' client connection, counting the bytes it receives on the wire."""
    from websockets.asyncio.client import ClientConnection

    class Counting(ClientConnection):
        received = 0

        def data_received(self, data: bytes) -> None:
            Counting.received += len(data)
            super().data_received(data)

    return Counting


@dataclass
class Table:
    """A table of the level as its clients know it."""

    id: str
    invites: list[str]
    budget: int  # busy: the answers it may still make
    address: str = "127.0.0.1"  # where its people connect from
    acked: dict[int, Any] = field(default_factory=dict)  # answer id -> the answer, acknowledged
    hands_ended: int = 0


@dataclass
class Seat:
    """A seat's client: what it was sent and what it answered."""

    table: Table
    number: int
    rng: random.Random
    key: str | None = None
    last_n: int = 0  # the last event it has
    last_view: bytes = b""
    changes: list[bytes] = field(default_factory=list)  # the view_changes since last_view, read at the end only
    pending: int | None = None  # the decision it was sent and has not answered
    options: list[Any] = field(default_factory=list)
    sent: tuple[int, Any, float] | None = None  # the answer not yet acknowledged: id, answer, when sent
    said: float | None = None  # when the answer whose event has not come yet was sent


@dataclass
class Load:
    """One level as the clients see it."""

    kind: str  # "busy" or "human"
    think: tuple[float, float]
    go: asyncio.Event = field(default_factory=asyncio.Event)
    done: asyncio.Event = field(default_factory=asyncio.Event)
    stopping: bool = False
    outstanding: int = 0  # busy: answers still to make and have acknowledged, every table together
    acks: list[float] = field(default_factory=list)
    events: list[float] = field(default_factory=list)
    answers: int = 0  # acknowledged within the window
    refused: Counter[str] = field(default_factory=Counter)
    payload: int = 0  # bytes of the messages read within the window
    problems: list[str] = field(default_factory=list)
    tasks: set[asyncio.Task[None]] = field(default_factory=set)  # the seats' tasks, kept until they end

    def start(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def count_down(self, answers: int = 1) -> None:
        if self.kind == "busy":
            self.outstanding -= answers
            if self.outstanding <= 0:
                self.done.set()


def message_type(data: bytes) -> str:
    match = TYPE.match(data)
    return match.group(1).decode() if match else str(json.loads(data).get("type"))


async def open_seat(url: str, source: str) -> Any:
    from websockets.asyncio.client import connect

    return await connect(url, max_size=2 ** 24, proxy=None, ping_interval=None, close_timeout=2, open_timeout=120,
                         create_connection=counting_connection(), local_addr=(source, 0))


async def play(seat: Seat, websocket: Any, load: Load) -> None:
    """Read the seat's messages until its connection closes; answer its decisions."""
    from websockets.exceptions import ConnectionClosed

    try:
        while True:
            data = await websocket.recv(decode=False)
            if read(seat, data, load, time.perf_counter()):
                if load.kind == "busy" and load.go.is_set():
                    await answer(seat, websocket, load)
                else:
                    load.start(answer(seat, websocket, load))
    except ConnectionClosed as closed:
        if not load.stopping:
            load.problems.append(f"table {seat.table.id} seat {seat.number}: its connection closed ({closed})")


def read(seat: Seat, data: bytes, load: Load, now: float) -> bool:  # noqa: C901 -- one branch a message type
    """Take one message of the seat's; whether it is a decision to answer."""
    if load.go.is_set() and not load.stopping:
        load.payload += len(data)
    kind = message_type(data)
    if seat.sent is not None:  # the first message after an answer acknowledges it, or refuses it
        number, given, at = seat.sent
        seat.sent = None
        if kind == "error":
            load.refused[str(json.loads(data).get("code"))] += 1
            seat.said = None
        else:
            seat.table.acked[number] = given
            load.acks.append(now - at)
            load.answers += not load.stopping
        load.count_down()
    if kind == "event":
        message = json.loads(data)
        seat.last_n = max(seat.last_n, message["n"])
        event = message["event"]
        if seat.said is not None and event.get("seat") == seat.number:
            load.events.append(now - seat.said)
            seat.said = None
        if event["type"] == "hand_ends" and seat.number == 0:
            seat.table.hands_ended += 1
    elif kind == "view":
        seat.last_view = data
        seat.changes.clear()
    elif kind == "view_changes":
        seat.changes.append(data)
    elif kind == "decision":
        message = json.loads(data)
        seat.said = None  # an answer no event of its own says (none in Bouillabaisse)
        seat.pending, seat.options = message["id"], message["options"]
        return True
    elif kind == "seated":
        seat.key = json.loads(data).get("key") or seat.key
    elif kind == "over" and seat.table.budget > 0 and load.kind == "busy":
        load.count_down(seat.table.budget)
        seat.table.budget = 0
    return False


async def answer(seat: Seat, websocket: Any, load: Load) -> None:
    """Answer the seat's pending decision: at once (busy), or after a think time (human pace)."""
    await load.go.wait()
    if load.kind == "human":
        await asyncio.sleep(seat.rng.uniform(*load.think))
    table, decision = seat.table, seat.pending
    if decision is None or load.stopping or (load.kind == "busy" and table.budget <= 0):
        return
    given = seat.rng.choice(seat.options)
    table.budget -= 1
    seat.pending = None
    now = time.perf_counter()
    seat.sent, seat.said = (decision, given, now), now
    try:
        await websocket.send(json.dumps({"type": "answer", "id": decision, "answer": given}))
    except Exception as error:  # noqa: BLE001 -- the connection has gone
        if seat.sent is not None:
            seat.sent = None
            load.count_down()
        load.problems.append(f"table {table.id} seat {seat.number}: could not send ({error!r})")


# ---- a level -------------------------------------------------------------------------------------------------------


@dataclass
class Result:
    """What one level measured."""

    kind: str
    tables: int
    answers: int = 0
    seconds: float = float("nan")
    acks: list[float] = field(default_factory=list)
    events: list[float] = field(default_factory=list)
    cpu: float = float("nan")  # the server's CPU seconds over the window
    system: float = float("nan")  # of which in the kernel
    core_busy: float = float("nan")  # the share of the window the server's CPUs were busy (whoever's work)
    pressure: float = float("nan")  # the share of the window some task of the machine waited for a CPU
    client_cpu: float = float("nan")
    rss: tuple[float, float, float] = (float("nan"),) * 3  # started, every table seated, end of the window
    payload: int = 0
    wire: int = 0
    kept: int = 0
    made: float = float("nan")  # seconds to make the tables
    seated: float = float("nan")  # seconds to seat every client
    read_back: float = float("nan")  # seconds for the server to start again on the level's database
    profiled: bool = False
    broke: str | None = None
    problems: list[str] = field(default_factory=list)
    logged: list[str] = field(default_factory=list)
    refused: Counter[str] = field(default_factory=Counter)
    profile: list[str] = field(default_factory=list)  # the profile's summary, or why there is none
    pinned: bool = False
    meanwhile: str = ""  # what the probe saw of the disk and the server's CPU during the window

    @property
    def label(self) -> str:
        return ("busy" if self.kind == "busy" else "human") + ("*" if self.profiled else "")

    @property
    def measured(self) -> bool:
        return not math.isnan(self.seconds)

    @property
    def rate(self) -> float:
        return self.answers / self.seconds if self.seconds > 0 else float("nan")

    @property
    def cpu_ms(self) -> float:
        return self.cpu / self.answers * 1000 if self.answers else float("nan")


async def in_batches(calls: list[Any], size: int = CONNECT_BATCH) -> list[Any]:
    """Await the coroutines made by ``calls`` (functions of no arguments), ``size`` at a time."""
    results: list[Any] = []
    for start in range(0, len(calls), size):
        results += await asyncio.gather(*(call() for call in calls[start:start + size]))
    return results


async def run_level(kind: str, count: int, args: argparse.Namespace, folder: Path, profile: bool) -> Result:
    """One level on a server of its own; a level that cannot go on says where and why in ``broke``."""
    result = Result(kind, count, profiled=profile, pinned=args.server_cpu is not None)
    server = Server(folder, args.server_cpu)
    load = Load(kind, args.think)
    phase = "starting the server"
    sockets: list[Any] = []
    try:
        server.start(120)
        result.rss = (server.rss_mb(), result.rss[1], result.rss[2])
        phase = "making the tables"
        began = time.perf_counter()
        tables = await asyncio.to_thread(make_tables, server.base, kind, count, args)
        result.made = time.perf_counter() - began
        phase = "seating the clients"
        began = time.perf_counter()
        seats, sockets = await seat_everyone(server, tables, load, args.seed)
        result.seated = time.perf_counter() - began
        phase = "playing"
        server.alive()
        await measure(server, load, result, args, folder if profile else None)
        phase = "draining the answers in flight"
        await drain(seats)
        phase = "checking the records"
        broken = await check_records(server.base, tables)
        phase = "starting again after kill -9"
        server.stop(kill=True)
        result.read_back = server.start(900)
        phase = "checking the seats after the restart"
        broken |= await check_restart(server, seats)
        result.kept = sum(table.id not in broken for table in tables)
        result.problems += [f"table {table}: {why}" for table, why in sorted(broken.items())]
    except Exception as error:  # noqa: BLE001 -- the level broke: say where and how, and go on
        result.broke = f"{phase}: {error!r}"[:400] if not isinstance(error, Broken) else f"{phase}: {error}"
    finally:
        load.stopping = True
        server.stop()
        await asyncio.gather(*(websocket.close() for websocket in sockets), return_exceptions=True)
        result.logged = server.logged()
    result.problems = load.problems + result.problems
    result.refused = load.refused
    return result


def make_tables(base: str, kind: str, count: int, args: argparse.Namespace) -> list[Table]:
    tables = []
    for n in range(count):
        address = client_address(n)
        made = request(base, "/api/tables", {"spec": SPEC, "seats": ["human"] * SEATS,
                                             "seed": f"{args.seed}/{kind}/{count}/{n}"}, source=address)
        tables.append(Table(made["table"], made["invites"], args.answers, address=address))
    return tables


async def seat_everyone(server: Server, tables: list[Table], load: Load, seed: int) -> tuple[list[Seat], list[Any]]:
    """Every seat's client, connected with its invite and told its key."""
    seats = [Seat(table, n, random.Random(f"{seed}/{load.kind}/{len(tables)}/{t}/{n}"))
             for t, table in enumerate(tables) for n in range(SEATS)]
    urls = [f"ws://127.0.0.1:{server.port}/ws/{seat.table.id}?token={seat.table.invites[seat.number]}"
            for seat in seats]
    load.outstanding = sum(table.budget for table in tables)

    async def sit(seat: Seat, url: str) -> Any:
        websocket = await open_seat(url, seat.table.address)
        load.start(play(seat, websocket, load))
        return websocket

    sockets = await in_batches([lambda seat=seat, url=url: sit(seat, url) for seat, url in zip(seats, urls, strict=True)])
    deadline = time.monotonic() + 60 + len(seats) / 20
    while not all(seat.key for seat in seats):
        if time.monotonic() > deadline:
            raise Broken(f"{sum(not seat.key for seat in seats)} of {len(seats)} seats were not told their key")
        await asyncio.sleep(0.05)
    return seats, sockets


async def measure(server: Server, load: Load, result: Result, args: argparse.Namespace, profile: Path | None) -> None:
    """The window: every seat plays; the server's CPU and memory, the bytes received, before and after."""
    counting = counting_connection()
    rss_seated = server.rss_mb()
    cpu, client, wire = server.cpu_seconds(), time.process_time(), counting.received
    busy, total, waited = machine(args.server_cpu)
    spy = Profiler(server.pid, profile / "profile.txt", args.client_cpus) if profile else None
    probe = Probe(server.folder, args.server_cpu)
    probe.start()
    began = time.perf_counter()
    load.go.set()
    if load.kind == "busy":
        try:
            await asyncio.wait_for(load.done.wait(), args.seconds)
        except TimeoutError:
            pass
    else:
        end = began + args.window
        while (left := end - time.perf_counter()) > 0:
            await asyncio.sleep(min(1.0, left))
            server.alive()
    load.stopping = True
    result.seconds = time.perf_counter() - began
    result.meanwhile = probe.stop()
    user, system = server.cpu_seconds()
    result.cpu, result.system = user + system - sum(cpu), system - cpu[1]
    busy_after, total_after, waited_after = machine(args.server_cpu)
    result.core_busy = (busy_after - busy) / max(total_after - total, 1)
    result.pressure = (waited_after - waited) / 1e6 / result.seconds if waited else float("nan")
    result.client_cpu = time.process_time() - client
    result.wire = counting.received - wire
    result.rss = (result.rss[0], rss_seated, server.rss_mb())
    if spy is not None:
        result.profile += spy.stop()
    result.answers, result.payload = load.answers, load.payload
    result.acks, result.events = load.acks, load.events


async def drain(seats: list[Seat]) -> None:
    """Wait until every answer sent has been acknowledged or refused (a minute at most)."""
    deadline = time.monotonic() + 60
    while any(seat.sent for seat in seats):
        if time.monotonic() > deadline:
            unsaid = sum(seat.sent is not None for seat in seats)
            raise Broken(f"{unsaid} answers sent were neither acknowledged nor refused within a minute")
        await asyncio.sleep(0.05)


async def check_records(base: str, tables: list[Table]) -> dict[str, str]:
    """The tables whose finished hands (``/records``) are not the cards their seats were acknowledged, and why."""
    async def records(table: Table) -> str:
        return str(await asyncio.to_thread(request, base, f"/api/tables/{table.id}/records", source=table.address))

    texts = await in_batches([lambda table=table: records(table) for table in tables], 8)
    broken = {}
    for table, text in zip(tables, texts, strict=True):
        hands = [json.loads(line) for line in text.splitlines() if line.strip()]
        played = [card for hand in hands for card in hand["plays"]]
        numbers = sorted(table.acked)
        cards = [table.acked[n] for n in numbers if isinstance(table.acked[n], str)
                 and (CARD.match(table.acked[n]) or table.acked[n] == "pass")]
        if numbers != list(range(1, len(numbers) + 1)):
            broken[table.id] = f"the answers acknowledged are not numbered 1 to {len(numbers)}"
        elif len(hands) != table.hands_ended:
            broken[table.id] = f"{len(hands)} hands in its records, {table.hands_ended} ended as its seats were told"
        elif played != cards[:len(played)]:
            broken[table.id] = "its records' plays are not the cards its seats were acknowledged"
    return broken


async def check_restart(server: Server, seats: list[Seat]) -> dict[str, str]:
    """Every seat back with its key and its last event, after the server was killed and started again:
    the tables where an event is new, a view is not the seat's last, or the decision pending is not the
    one after the last answer acknowledged."""
    from websockets.exceptions import ConnectionClosed

    from barbu_dsl.server.protocol import apply_view_changes

    def last_view(seat: Seat) -> dict:
        """The seat's last view: its last whole view with the changes sent since (docs/server.md)."""
        shown = json.loads(seat.last_view)
        for data in seat.changes:
            apply_view_changes(shown, json.loads(data)["changes"])
        return shown

    async def back(seat: Seat) -> str | None:
        url = f"ws://127.0.0.1:{server.port}/ws/{seat.table.id}?token={seat.key}&after={seat.last_n}"
        expected = max(seat.table.acked, default=0) + 1 if seat.pending is not None else None
        websocket = await open_seat(url, seat.table.address)
        view, decision, new = None, None, 0
        try:
            while view is None or (expected is not None and decision is None):
                data = await asyncio.wait_for(websocket.recv(decode=False), 30)
                kind = message_type(data)
                new += kind == "event"
                view = json.loads(data) if kind == "view" else view
                decision = json.loads(data)["id"] if kind == "decision" else decision
        except (TimeoutError, ConnectionClosed) as error:
            return f"seat {seat.number} was not sent its view and decision again ({error!r})"
        finally:
            await websocket.close()
        if new:
            return f"seat {seat.number} was sent {new} events after its last ({seat.last_n})"
        if decision != expected:
            return f"seat {seat.number} was sent decision {decision}, not {expected} (the one after the last answer " \
                   "acknowledged)"
        if view != last_view(seat):
            return f"seat {seat.number}'s view is not the one it last had"
        return None

    found = await in_batches([lambda seat=seat: back(seat) for seat in seats])
    broken: dict[str, str] = {}
    for seat, why in zip(seats, found, strict=True):
        if why:
            broken.setdefault(seat.table.id, why)
    return broken


# ---- the report ----------------------------------------------------------------------------------------------------

COLUMNS = (f"{'kind':<7}{'tables':>6}{'answers':>8}{'ans/s':>7}{'ack p50':>8}{'p95':>7}{'p99':>7}{'event p50':>10}"
           f"{'p95':>7}{'p99':>7}{'CPU ms/ans':>11}{'server':>7}{'clients':>8}{'RSS MB start/seated/end':>24}"
           f"{'B/ans':>7}{'wire B/ans':>11}{'kept':>10}")


def ms(value: float, width: int) -> str:
    return f"{value:>{width}.1f}" if value < 100 else f"{value:>{width}.0f}"


def row(result: Result) -> str:
    if result.broke and not result.measured:
        return f"{result.label:<7}{result.tables:>6}  broke while {result.broke}"
    start, seated, end = result.rss
    rss = f"{start:.0f} / {seated:.0f} / {end:.0f}"
    answers = max(result.answers, 1)
    return (f"{result.label:<7}{result.tables:>6}{result.answers:>8}{result.rate:>7.0f}"
            f"{ms(percentile(result.acks, .5), 8)} {ms(percentile(result.acks, .95), 6)} {ms(percentile(result.acks, .99), 6)}"
            f"{ms(percentile(result.events, .5), 10)} {ms(percentile(result.events, .95), 6)} "
            f"{ms(percentile(result.events, .99), 6)}{result.cpu_ms:>11.3f}{result.cpu / result.seconds:>7.0%}"
            f"{result.client_cpu / result.seconds:>8.0%}{rss:>24}{result.payload / answers:>7.0f}"
            f"{result.wire / answers:>11.0f}{'broke' if result.broke else f'{result.kept}/{result.tables}':>10}")


def growth(results: list[Result]) -> list[str]:
    """Each figure as a ratio to the smallest level of its kind."""
    lines = [f"{'kind':<7}{'tables':>6}{'ans/s':>8}{'ack p50':>9}{'p95':>7}{'p99':>7}{'event p95':>10}{'CPU/ans':>9}"
             f"{'RSS end':>9}{'B/ans':>7}   (÷ the smallest level of the kind)"]
    for kind in ("busy", "human"):
        done = [r for r in results if r.kind == kind and r.measured]
        if not done:
            continue
        first = min(done, key=lambda r: r.tables)
        for r in sorted(done, key=lambda r: r.tables):
            def ratio(value: float, base: float) -> str:
                return f"{value / base:.2f}" if base and not math.isnan(base) and not math.isnan(value) else "-"

            lines.append(f"{r.label:<7}{r.tables:>6}{ratio(r.rate, first.rate):>8}"
                         f"{ratio(percentile(r.acks, .5), percentile(first.acks, .5)):>9}"
                         f"{ratio(percentile(r.acks, .95), percentile(first.acks, .95)):>7}"
                         f"{ratio(percentile(r.acks, .99), percentile(first.acks, .99)):>7}"
                         f"{ratio(percentile(r.events, .95), percentile(first.events, .95)):>10}"
                         f"{ratio(r.cpu_ms, first.cpu_ms):>9}{ratio(r.rss[2], first.rss[2]):>9}"
                         f"{ratio(r.payload / max(r.answers, 1), first.payload / max(first.answers, 1)):>7}")
    return lines


def notes(result: Result) -> list[str]:
    said = f"{result.label} {result.tables}:"
    lines = []
    if not math.isnan(result.made):
        per_table = (result.rss[1] - result.rss[0]) * 1024 / result.tables
        lines.append(f"{said} tables made in {result.made:.1f} s, seated in {result.seated:.1f} s, "
                     f"{per_table:.0f} KB of server memory a seated table; window {result.seconds:.1f} s, "
                     f"the server's CPU {result.system / result.cpu if result.cpu else 0:.0%} in the kernel; "
                     f"{'its CPU' if result.pinned else 'the CPUs'} busy {result.core_busy:.0%} of the window "
                     f"(whoever's work), some task waiting for a CPU {result.pressure:.0%} of it"
                     + (f"; read back after kill -9 in {result.read_back:.1f} s" if not math.isnan(result.read_back)
                        else ""))
    if result.meanwhile:
        lines.append(f"{said} {result.meanwhile}")
    if result.broke and result.measured:
        lines.append(f"{said} broke while {result.broke}")
    if result.refused:
        lines.append(f"{said} answers refused: " + ", ".join(f"{n} {code}" for code, n in result.refused.items()))
    for problem in result.problems[:3]:
        lines.append(f"{said} {problem}")
    if len(result.problems) > 3:
        lines.append(f"{said} ... {len(result.problems) - 3} more problems")
    if result.logged:
        distinct = list(dict.fromkeys(result.logged))
        lines.append(f"{said} the server logged {len(result.logged)} lines, e.g. " + " | ".join(distinct[:3])[:600])
    return lines


def aims(results: list[Result], pinned: int | None) -> list[str]:
    def find(kind: str, tables: int) -> Result | None:
        return next((r for r in results if r.kind == kind and r.tables == tables and r.measured), None)

    where = f"the server alone on CPU {pinned}" if pinned is not None else \
        "the server not pinned (the aims are for one core: --server-cpu 0)"
    lines = [f"aims ({where}):"]
    busy, human = find("busy", 100), find("human", 1000)
    checks = [("100 busy tables: >= 2,000 answers/s", busy, lambda r: r.rate, 2000, ">="),
              ("100 busy tables: ack p95 <= 50 ms", busy, lambda r: percentile(r.acks, .95), 50, "<="),
              ("100 busy tables: <= 0.5 ms of server CPU an answer", busy, lambda r: r.cpu_ms, 0.5, "<="),
              ("1,000 tables at human pace: ack p95 <= 20 ms", human, lambda r: percentile(r.acks, .95), 20, "<=")]
    for name, result, figure, bound, sense in checks:
        if result is None:
            lines.append(f"  {name}: not measured (no such level, or it broke)")
            continue
        value = figure(result)
        met = value >= bound if sense == ">=" else value <= bound
        lines.append(f"  {name}: {value:.2f} — {'met' if met else 'not met'}")
    return lines


# ---- the command ---------------------------------------------------------------------------------------------------


def levels(text: str) -> list[int]:
    return [int(n) for n in text.split(",") if n.strip()] if text.strip() else []


def think(text: str) -> tuple[float, float]:
    low, _, high = text.partition("-")
    return float(low), float(high or low)


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--busy", type=levels, default=[1, 10, 100, 1000], help="tables at each busy level")
    parser.add_argument("--human", type=levels, default=[1, 10, 100, 1000], help="tables at each human-pace level")
    parser.add_argument("--answers", type=int, default=200, help="busy: answers a table (a game has 312)")
    parser.add_argument("--seconds", type=float, default=30.0, help="busy: the longest window")
    parser.add_argument("--window", type=float, default=60.0, help="human pace: the window, in seconds")
    parser.add_argument("--think", type=think, default=(2.0, 8.0), help="human pace: think times, LOW-HIGH seconds")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--server-cpu", type=int, metavar="CPU", help="pin the server to this CPU, the clients to the others")
    parser.add_argument("--profile", metavar="KIND:TABLES", help="sample the server with py-spy during this level")
    parser.add_argument("--profile-output", metavar="FILE", help="keep py-spy's stacks (collapsed) in FILE")
    args = parse_args(parser, busy=[1, 2], human=[1, 2], answers=60, seconds=3.0, window=3.0, think=(0.1, 0.5),
                      profile="busy:2")
    if args.tiny and args.server_cpu is None and len(os.sched_getaffinity(0)) > 1:
        args.server_cpu = min(os.sched_getaffinity(0))
    args.client_cpus = None
    if args.server_cpu is not None:
        allowed = os.sched_getaffinity(0)
        if args.server_cpu not in allowed or len(allowed) < 2:
            parser.error(f"--server-cpu {args.server_cpu}: this process may run on CPUs {sorted(allowed)}, "
                         "and the clients need one of their own")
        args.client_cpus = allowed - {args.server_cpu}
    return args


def open_files() -> tuple[int, str]:
    """Raise the soft limit of open files to the hard one: its value, and what was done."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        return hard, f"open files: soft limit raised from {soft} to {hard}"
    return soft, f"open files: limit {soft}"


def run_clients(level: Any) -> Any:
    """Run a level's clients on uvloop's event loop where it is installed (as
    the server runs), else asyncio's: the clients of a level share one core,
    and the less each message costs them, the less of a latency is theirs."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(level)
    return uvloop.run(level)


def main() -> int:
    args = arguments()
    limit, said = open_files()
    if args.client_cpus:
        os.sched_setaffinity(0, args.client_cpus)
    profile = tuple(args.profile.split(":")) if args.profile else None
    load = os.getloadavg()[0]
    where = f"server on CPU {args.server_cpu}, clients on {sorted(args.client_cpus)}" if args.client_cpus else \
        "server and clients unpinned"
    print(f"barbu serve under load: {SPEC.title()} tables of {SEATS} protocol clients (load average {load:.1f} on "
          f"{os.cpu_count()} cores; {where}; {said})")
    print(f"busy: each seat answers at once, up to {args.answers} answers a table or {args.seconds:g} s; human pace: "
          f"each answer after {args.think[0]:g}-{args.think[1]:g} s (seed {args.seed}), a {args.window:g} s window; "
          "latencies in ms, bytes a measured answer")
    commits = 50 if args.tiny else 200
    before = commit_ms(commits)
    print(f"one commit as the server makes it (WAL, synchronous=FULL) takes {before:.2f} ms on this disk now (the "
          f"median of {commits}): at one commit an answer, at most {1000 / before:.0f} answers/s")
    print(COLUMNS, flush=True)
    results = []
    for kind, counts in (("busy", args.busy), ("human", args.human)):
        for count in counts:
            if count * FILES_A_TABLE + 64 > limit:
                result = Result(kind, count, broke=f"starting: {count} tables need about "
                                f"{count * FILES_A_TABLE + 64} open files, and the limit is {limit}")
            else:
                with tempfile.TemporaryDirectory(prefix="serve-load-") as folder:
                    profiled = profile == (kind, str(count))
                    result = run_clients(run_level(kind, count, args, Path(folder), profiled))
                    if profiled and (Path(folder) / "profile.txt").exists():
                        result.profile += summarize(Path(folder) / "profile.txt")
                        if args.profile_output:
                            shutil.copyfile(Path(folder) / "profile.txt", args.profile_output)
                            result.profile.append(f"py-spy's stacks: {args.profile_output}")
            results.append(result)
            print(row(result), flush=True)
    print()
    for line in growth(results) + [""] + [line for r in results for line in notes(r)] + [""] + aims(results, args.server_cpu):
        print(line)
    print(f"one commit takes {commit_ms(commits):.2f} ms at the end (it took {before:.2f} ms at the start)")
    for result in results:
        if result.profile:
            print(f"\n{result.label} {result.tables}, " + "\n".join(result.profile))
    lost = [r for r in results if r.broke or r.kept < r.tables]
    return 1 if lost else 0


if __name__ == "__main__":
    sys.exit(main())
