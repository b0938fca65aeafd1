"""The table server under load: N tables of bot clients on loopback.

Starts ``barbu serve`` as a user does (a free loopback port, a database of
its own), then for each N (1, 2, 4, 8, 16 by default) makes N tables of
Bouillabaisse with four "human" seats and plays them at once, each seat a
client in this process that speaks the table protocol over its WebSocket
and answers each decision at once with a random option.  For each N it
prints the answers per second the server took (all tables together) and
the latency of an answer — from the moment a seat sends it to the first
message the server sends that seat after it (the answer committed to
SQLite, applied, and said) — median and 95th percentile, and each as a
ratio to N = 1.  Each level stops by itself after ``--answers`` answers a
table or ``--seconds`` seconds, whichever comes first; the server is
stopped at the end.  Traffic goes to 127.0.0.1 only.

    python benchmarks/serve_load.py [--tables 1,2,4,8,16] [--answers 150] [--seconds 40]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def post(base: str, path: str, body: object) -> dict:
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        return dict(json.loads(response.read()))


async def seat(url: str, budget: list[int], latencies: list[float], deadline: float, seed: str) -> None:
    """One seat: answer every decision with a random option until the table's budget or the time is spent."""
    from websockets.asyncio.client import connect

    rng = random.Random(seed)
    async with connect(url, max_size=2 ** 24) as websocket:
        sent_at: float | None = None
        while budget[0] > 0 and time.monotonic() < deadline:
            try:
                text = await asyncio.wait_for(websocket.recv(), timeout=max(0.1, deadline - time.monotonic()))
            except TimeoutError:
                return
            if sent_at is not None:
                latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            message = json.loads(text)
            if message["type"] == "over":
                return
            if message["type"] == "decision" and budget[0] > 0:
                budget[0] -= 1
                answer = {"type": "answer", "id": message["id"], "answer": rng.choice(message["options"])}
                sent_at = time.perf_counter()
                await websocket.send(json.dumps(answer))


async def level(base: str, port: int, tables: int, answers: int, seconds: float) -> tuple[int, float, list[float]]:
    made = [post(base, "/api/tables", {"spec": "bouillabaisse", "seats": ["human"] * 4, "seed": f"load/{tables}/{n}"})
            for n in range(tables)]
    budgets = [[answers] for _ in made]
    latencies: list[float] = []
    start = time.perf_counter()
    deadline = time.monotonic() + seconds
    await asyncio.gather(*(seat(f"ws://127.0.0.1:{port}/ws/{table['table']}?token={token}", budget, latencies,
                                deadline, f"{table['table']}/{n}")
                           for table, budget in zip(made, budgets, strict=True)
                           for n, token in enumerate(table["invites"])))
    elapsed = time.perf_counter() - start
    done = sum(answers - budget[0] for budget in budgets)
    return done, elapsed, latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="1,2,4,8,16")
    parser.add_argument("--answers", type=int, default=150, help="answers a table at each level")
    parser.add_argument("--seconds", type=float, default=40.0, help="longest a level may run")
    args = parser.parse_args()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
        server = subprocess.Popen([sys.executable, "-m", "barbu_dsl", "serve", "--port", str(port), "--db",
                                   str(Path(folder) / "load.sqlite3")], stdout=subprocess.DEVNULL, env=env)
        try:
            for _ in range(400):
                try:
                    urllib.request.urlopen(base + "/api/tables", timeout=1)
                    break
                except OSError:
                    time.sleep(0.05)
            load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
            print(f"barbu serve under load: Bouillabaisse tables of four bot clients, up to {args.answers} answers "
                  f"a table (load average {load:.1f} on {os.cpu_count()} cores)")
            print(f"{'tables':>6} {'answers':>8} {'answers/s':>10} {'median ms':>10} {'p95 ms':>8} "
                  f"{'rate / 1':>9} {'median / 1':>11} {'p95 / 1':>8}")
            first: tuple[float, float, float] | None = None
            for tables in (int(n) for n in args.tables.split(",")):
                done, elapsed, latencies = asyncio.run(level(base, port, tables, args.answers, args.seconds))
                rate = done / elapsed
                median = statistics.median(latencies) * 1000
                p95 = statistics.quantiles(latencies, n=20)[-1] * 1000
                first = first or (rate, median, p95)
                print(f"{tables:>6} {done:>8} {rate:>10.0f} {median:>10.2f} {p95:>8.2f} {rate / first[0]:>9.2f} "
                      f"{median / first[1]:>11.2f} {p95 / first[2]:>8.2f}")
        finally:
            server.send_signal(signal.SIGINT)
            server.wait(20)


if __name__ == "__main__":
    main()
