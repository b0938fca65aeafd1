"""What watches ``barbu serve`` while benchmarks/serve_load.py measures it:
the machine around it and a profile of it.

The machine is shared, so a slow window may be the server's or the
machine's: :func:`machine` reads how busy a CPU was (/proc/stat) and how
long tasks waited for one (/proc/pressure/cpu); a :class:`Probe` thread
times a commit as the server makes it on the same disk and how late a
thread on the server's CPU wakes.  :class:`Profiler` samples the server
with py-spy (``pip install py-spy``), and :func:`summarize` says where its
busy time went, grouped by what each sample's own frame is in.
"""

from __future__ import annotations

import math
import os
import re
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path


def percentile(values: list[float], share: float) -> float:
    """Nearest rank, in milliseconds."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)] * 1000


def machine(cpu: int | None) -> tuple[int, int, int]:
    """The machine's CPU so far: the busy and all jiffies of CPU ``cpu`` (all CPUs: None), from /proc/stat, and the
    microseconds some task waited for a CPU (/proc/pressure/cpu; 0 where the kernel does not say)."""
    name = "cpu" if cpu is None else f"cpu{cpu}"
    for line in Path("/proc/stat").read_text().splitlines():
        if line.split()[0] == name:
            ticks = [int(n) for n in line.split()[1:8]]
            busy, total = sum(ticks) - ticks[3] - ticks[4], sum(ticks)  # less idle and iowait
            break
    try:
        some = Path("/proc/pressure/cpu").read_text().splitlines()[0]
        waited = int(some.rpartition("total=")[2])
    except (OSError, ValueError, IndexError):
        waited = 0
    return busy, total, waited


class Probe(threading.Thread):
    """What the machine does to the server meanwhile: a commit as the server makes it, in a database beside the
    server's, every quarter of a second (how long the disk makes a commit wait), and how late a thread on the server's
    CPU wakes from a 5 ms sleep (how long the server waits for its CPU when it has work)."""

    def __init__(self, folder: Path, cpu: int | None) -> None:
        super().__init__(daemon=True)
        self.folder, self.cpu = folder, cpu
        self.commits: list[float] = []
        self.late: list[float] = []
        self.stopping = threading.Event()

    def run(self) -> None:
        if self.cpu is not None:
            os.sched_setaffinity(0, {self.cpu})  # this thread only
        db = commit_database(self.folder / "probe.sqlite3")
        next_commit = time.perf_counter()
        while not self.stopping.is_set():
            began = time.perf_counter()
            time.sleep(0.005)
            self.late.append(time.perf_counter() - began - 0.005)
            if time.perf_counter() >= next_commit:
                self.commits.append(commit(db, len(self.commits)))
                next_commit += 0.25
        db.close()

    def stop(self) -> str:
        self.stopping.set()
        self.join(10)
        where = f"CPU {self.cpu}" if self.cpu is not None else "any CPU"
        return (f"meanwhile a commit took {percentile(self.commits, .5):.1f} ms (p50), {percentile(self.commits, .95):.1f} ms "
                f"(p95), and a thread on {where} woke {percentile(self.late, .5):.2f} ms late (p50; whoever held the CPU, "
                f"the server included), "
                f"{percentile(self.late, .95):.1f} ms (p95), {percentile(self.late, .99):.1f} ms (p99)")


def commit_database(path: Path) -> sqlite3.Connection:
    """A database with the server's settings (WAL, ``synchronous=FULL``), for timing commits."""
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("CREATE TABLE IF NOT EXISTS answers (number INTEGER, answer TEXT)")
    return db


def commit(db: sqlite3.Connection, number: int) -> float:
    """One answer committed as the server commits it; the seconds it took."""
    began = time.perf_counter()
    db.execute("BEGIN IMMEDIATE")
    db.execute("INSERT INTO answers VALUES (?, ?)", (number, '"QS"'))
    db.execute("COMMIT")
    return time.perf_counter() - began


def commit_ms(commits: int) -> float:
    """The median time of one commit as the server makes them, in a database beside the levels' own."""
    with tempfile.TemporaryDirectory(prefix="serve-load-") as folder:
        db = commit_database(Path(folder) / "commits.sqlite3")
        times = [commit(db, n) for n in range(commits)]
        db.close()
    return statistics.median(times) * 1000


def py_spy() -> str | None:
    beside = Path(sys.executable).parent / "py-spy"
    return str(beside) if beside.exists() else shutil.which("py-spy")


class Profiler:
    """py-spy sampling the server (its own time only: idle waits are left out) until stopped."""

    def __init__(self, pid: int, output: Path, cpus: set[int] | None) -> None:
        self.output = output
        self.log = output.with_suffix(".log")
        program = py_spy()
        self.process: subprocess.Popen[bytes] | None = None
        if program is None:
            return
        with self.log.open("wb") as log:
            self.process = subprocess.Popen([program, "record", "--pid", str(pid), "--rate", "200", "--format", "raw",
                                             "--function", "--full-filenames", "--nonblocking", "--output",
                                             str(output)], stdout=log, stderr=subprocess.STDOUT)
        if cpus:
            os.sched_setaffinity(self.process.pid, cpus)

    def stop(self) -> list[str]:
        """Stop sampling; what went wrong, if anything."""
        if self.process is None:
            return ["profile: py-spy is not installed (pip install py-spy)"]
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
        if not self.output.exists():
            return [f"profile: py-spy wrote nothing: {self.log.read_text(errors='replace').strip()[-300:]}"]
        return []


GROUPS = (  # what a sample's own time is spent on, by the frame it is in (the first that matches wins)
    ("SQLite (commit: writing, and waiting for the disk)", re.compile(r"sqlite3|server/store\.py|server/writer\.py")),
    ("JSON encoding/decoding", re.compile(r"/json/|bounded_json\.py")),
    ("WebSocket framing/compression",
     re.compile(r"/websockets/|uvicorn/protocols/websockets|starlette/websockets|^(Wire\.send|text_frame) \(")),
    ("event loop, sockets", re.compile(r"/asyncio/|/selectors\.py|/socket\.py|uvloop|^_Transport\._release \(")),
)
IDLE = re.compile(r"^\w*Selector\.select \(")
VIEW = re.compile(r"(^|\.)(view_message|shown_view|view_changes|view|seat_view) \(.*barbu_dsl/")
GAME = re.compile(r"barbu_dsl/(engine|compiled|cards|model)")


def group_of(frames: list[str]) -> str:
    """The group of a sample: its own frame's library, else the work it is part of."""
    for name, pattern in GROUPS:
        if pattern.search(frames[-1]):
            return name
    if any(VIEW.search(frame) for frame in frames):
        return "view building"
    if any(GAME.search(frame) for frame in frames):
        return "the game itself"
    return "other"


def summarize(path: Path, top: int = 15) -> list[str]:
    """The groups and the functions with the most time of their own, from py-spy's raw (collapsed) stacks."""
    own: Counter[str] = Counter()
    groups: Counter[str] = Counter()
    kinds: dict[str, str] = {}
    waiting = 0
    for line in path.read_text(errors="replace").splitlines():
        stack, _, count = line.rpartition(" ")
        if not stack or not count.isdigit():
            continue
        frames = stack.split(";")
        if IDLE.search(frames[-1]):  # the event loop waiting for work, caught as it woke, or waiting for a CPU
            waiting += int(count)
            continue
        leaf = re.sub(r" \((?:.*/)?(?:site-packages|lib/python3\.\d+|src)/", " (", frames[-1])
        own[leaf] += int(count)
        group = group_of(frames)
        groups[group] += int(count)
        kinds.setdefault(leaf, group)
    total = sum(own.values())
    if not total:
        return ["profile: no samples (the server was idle, or py-spy could not read it)"]
    lines = [f"profile: {total} samples of the server busy (py-spy, 200 a second: running, or waiting for the disk in "
             "a commit; its event loop waiting for work is left out), grouped by what the sample's own frame is in:"]
    lines += [f"  {share / total:6.1%}  {name}" for name, share in groups.most_common()]
    if waiting:
        lines.append(f"  (and {waiting} samples in the event loop's select, left out: it waits for work, or for a CPU)")
    lines.append(f"the {top} functions with the most time of their own:")
    lines += [f"  {share / total:6.1%}  {name}  [{kinds[name]}]" for name, share in own.most_common(top)]
    return lines


__all__ = ["Probe", "Profiler", "commit_ms", "machine", "percentile", "py_spy", "summarize"]
