"""The store under faults (docs/server.md, Nothing lost): the writes go
off the event loop, so a database locked by another process (a backup,
the ``sqlite3`` shell) never holds up what needs no write; a change the
store cannot take is refused quickly (``not_saved``) and changes nothing,
a bot's answer is tried again until it is stored; a table whose rows are
damaged is skipped and named, and every other table is served."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from barbu_dsl.server.writer import GroupWriter, WriteError
from server.helpers import Seat, ServerProcess

LOCK = """
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
sys.stdin.readline()
db.execute("ROLLBACK")
"""


class Lock:
    """Another process that holds the database's write lock until it is let go."""

    def __init__(self, db: Path):
        self.process = subprocess.Popen([sys.executable, "-c", LOCK, str(db)], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True)
        assert self.process.stdout is not None and self.process.stdout.readline().strip() == "locked"

    def release(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write("\n")
        self.process.stdin.flush()
        self.process.wait(10)


@pytest.fixture
def server(tmp_path: Path):
    process = ServerProcess(tmp_path / "tables.sqlite3").start()
    yield process
    process.stop()


def timed(call):
    start = time.monotonic()
    result = call()
    return result, time.monotonic() - start


def test_a_locked_database_holds_up_nothing_else(server: ServerProcess) -> None:
    """While another process holds the lock: reading is not held up, an owner's
    change and a person's answer are refused quickly with ``not_saved`` and
    change nothing, the decision stays open; once the lock is gone the same
    answer is taken, and a table of bots goes on by itself (its answers were
    tried again)."""
    table = server.post("/api/tables", {"spec": "bouillabaisse", "seats": ["human", "rules", "rules"], "seed": 5})
    ann = server.seat(table, 0)
    ann.until(lambda s: s.decision is not None)
    decision = ann.decision
    bots = server.post("/api/tables", {"spec": "bouillabaisse", "seats": ["strong", "strong", "strong"], "seed": 6})
    lock = Lock(server.db)
    try:
        (status, _), took = timed(lambda: server.request("GET", f"/api/tables/{table['table']}"))
        assert status == 200 and took < 2, took  # with the writes on the event loop: 9.6 s
        (status, data), took = timed(lambda: server.request("POST", f"/api/tables/{table['table']}/pause",
                                                            owner=table["owner"]))
        assert status == 503 and data["error"]["code"] == "not_saved" and took < 5, (status, data, took)
        assert server.get(f"/api/tables/{table['table']}")["paused"] is False, "a change not stored is not made"
        ann.send({"type": "answer", "id": decision["id"], "answer": decision["options"][0]})
        ann.until(lambda s: s.errors, timeout=5)
        assert ann.errors[-1]["code"] == "not_saved"
        stuck = server.get(f"/api/tables/{bots['table']}")["answers"]
        time.sleep(1.5)  # the bots' table tries, and fails, meanwhile
        assert server.get(f"/api/tables/{bots['table']}")["answers"] == stuck, "nothing unstored goes on"
        assert "tried again" in server.errors()
    finally:
        lock.release()
    ann.send({"type": "answer", "id": decision["id"], "answer": decision["options"][0]})
    ann.until(lambda s: any(m["type"] == "event" and m["event"].get("seat") == 0 and m["event"]["type"] == "card"
                            for m in s.messages), timeout=10)
    deadline = time.monotonic() + 120  # (a table of bots is paced: an answer every 0.3 s at most, docs/server.md)
    while server.get(f"/api/tables/{bots['table']}")["answers"] < stuck + 20:
        assert time.monotonic() < deadline, "the bots' table stayed still after the lock was gone"
        time.sleep(0.2)
    assert "Traceback" not in server.errors()


def test_a_seat_that_cannot_be_stored_is_told_to_try_again(server: ServerProcess) -> None:
    """A first connection (which claims the seat: a write) while the store
    cannot write: one ``not_saved`` error and close 1013, no traceback; the
    same invite claims the seat once it can."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    table = server.post("/api/tables", {"spec": "bouillabaisse", "seats": ["human", "rules", "rules"], "seed": 7})
    lock = Lock(server.db)
    try:
        socket = connect(f"ws://127.0.0.1:{server.port}/ws/{table['table']}?token={table['invites'][0]}",
                         open_timeout=10).__enter__()
        messages = []
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                messages.append(json.loads(socket.recv(timeout=10)))
        assert [m["code"] for m in messages] == ["not_saved"]
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013
    finally:
        lock.release()
    seat = Seat(server, table["table"], table["invites"][0])
    assert "key" in seat.receive()
    assert "Traceback" not in server.errors()


def test_a_damaged_table_is_skipped_and_named(tmp_path: Path) -> None:
    """A table in play whose answers have a gap cannot be read back: the
    server starts, names it, and serves the others.  A table that is over,
    damaged so, is not read at the start (it is read back only when asked
    for: docs/server.md, A table's life), and is then not found."""
    db = tmp_path / "tables.sqlite3"
    server = ServerProcess(db).start()
    try:
        good = server.post("/api/tables", {"spec": "bouillabaisse", "seats": ["rules", "random", "rules"], "seed": 1})
        bad = server.post("/api/tables", {"spec": "bouillabaisse", "seats": ["rules", "random", "rules"], "seed": 2})
        old = server.post("/api/tables", {"spec": "bouillabaisse", "seats": ["human", "random", "rules"], "seed": 3})
        deadline = time.monotonic() + 60
        while server.get(f"/api/tables/{bad['table']}")["answers"] < 5:
            assert time.monotonic() < deadline
            time.sleep(0.2)
    finally:
        server.stop()
    with sqlite3.connect(db) as damage:
        damage.execute("DELETE FROM answers WHERE table_id = ? AND number = 3", (bad["table"],))
        damage.execute("UPDATE tables SET status = 'over', over_at = created WHERE id = ?", (old["table"],))
        damage.execute("INSERT INTO answers (table_id, number, answer) VALUES (?, 2, '\"QS\"')", (old["table"],))
    again = ServerProcess(db).start()
    try:
        assert f"1 tables in {db} could not be read back: {bad['table']}" in again.errors() \
            or bad["table"] in again.errors()
        assert "answer 3 is missing" in again.errors()
        assert again.get(f"/api/tables/{good['table']}")["table"] == good["table"]
        status, _ = again.request("GET", f"/api/tables/{bad['table']}")
        assert status == 404
        assert old["table"] not in again.errors(), "a table that is over is not read back at the start"
        status, _ = again.request("GET", f"/api/tables/{old['table']}/records")
        assert status == 404
        assert again.process is not None and again.process.poll() is None
    finally:
        again.stop()


def test_writes_are_committed_in_groups(tmp_path: Path) -> None:
    """Writes that come in together are committed together: fewer
    transactions than writes, each acknowledged only once committed (another
    connection reads it then), and a write that fails fails alone."""
    path = tmp_path / "group.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("CREATE TABLE rows (n INTEGER PRIMARY KEY)")

    def connect() -> sqlite3.Connection:
        return sqlite3.connect(path, isolation_level=None, check_same_thread=False)

    writer = GroupWriter(connect)
    reader = sqlite3.connect(path, check_same_thread=False)  # read from the thread that runs the writes

    async def one(n: int) -> str:
        try:
            await writer.write(lambda db: db.execute("INSERT INTO rows (n) VALUES (?)", (n % 150,)))
        except WriteError:
            return "refused"
        seen = reader.execute("SELECT COUNT(*) FROM rows WHERE n = ?", (n % 150,)).fetchone()[0]
        return "stored" if seen == 1 else "acknowledged before it was stored"

    taken, gate = threading.Event(), threading.Event()

    async def many() -> list[str]:
        # A first write, in a group of its own, held until the 200 others have come: they wait for the next
        # group, all together.
        held = asyncio.ensure_future(writer.write(lambda db: (taken.set(), gate.wait(30))))
        while not taken.is_set():
            await asyncio.sleep(0.01)
        others = asyncio.gather(*(one(n) for n in range(200)))
        while writer._jobs.qsize() < 200:
            await asyncio.sleep(0.01)
        gate.set()
        await held
        return await others

    results: list[str] = []
    # A thread of its own: a browser test of the same process may have left an event loop running in this one.
    runner = threading.Thread(target=lambda: results.extend(asyncio.run(many())))
    runner.start()
    runner.join(60)
    writer.close()
    assert results.count("stored") == 150 and results.count("refused") == 50, set(results)
    assert writer.writes == 151 and writer.groups == 2, (writer.writes, writer.groups)
