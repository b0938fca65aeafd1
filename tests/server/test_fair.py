"""One stranger cannot stall the server (docs/server.md, Limits): a seat
that floods its table with renames, resumes and garbage is told it is
too fast and closed, while another table's answers keep being answered;
a resume asked twice sends the game once; a client that makes tables as
fast as it can is refused ``429`` with ``Retry-After`` while another
client still makes one.  A stranger comes from an address of its own
(127.0.0.2); everyone else from 127.0.0.1."""

from __future__ import annotations

import json
import statistics
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from barbu_dsl.server.budget import CLIENT_TABLES, SEAT_MESSAGES, TOO_FAST
from barbu_dsl.server.fair import READ_MOST
from server.helpers import Seat, ServerProcess, answer_rounds, first_option, play_until_over

STRANGER = "127.0.0.2"
ANSWERED_WITHIN = 2.0
"""Seconds within which each of the probe's answers is answered while the flood runs (unloaded: milliseconds)."""


@pytest.fixture
def server(tmp_path: Path):
    process = ServerProcess(tmp_path / "tables.sqlite3").start()
    yield process
    process.stop()


class Flooder(threading.Thread):
    """A stranger's seat sending names, resumes and garbage as fast as it
    can, connecting again each time it is closed, until ``stop``; what it
    was told, and how its connections were closed."""

    def __init__(self, server: ServerProcess, table: dict[str, Any], key: str, source: str | None):
        super().__init__(daemon=True)
        self.server, self.table, self.key, self.source = server, table, key, source
        self.stop = threading.Event()
        self.sent = 0
        self.errors: list[dict[str, Any]] = []
        self.closes: list[int | None] = []
        self.connections = 0

    def run(self) -> None:
        garbage = [json.dumps({"type": "name", "name": "Flood"}), json.dumps({"type": "resume", "after": 0}),
                   json.dumps({"type": "name", "name": "Flood 2"}), json.dumps({"type": "resume", "after": 0}),
                   "not json", json.dumps({"type": "shout"}), json.dumps({"type": "answer", "id": 1, "answer": "x"})]
        while not self.stop.is_set():
            try:
                seat = Seat(self.server, self.table["table"], self.key, source=self.source)
            except (OSError, ConnectionClosed, TimeoutError):
                time.sleep(0.05)
                continue
            self.connections += 1
            reader = threading.Thread(target=self._read, args=(seat,), daemon=True)
            reader.start()
            try:
                while not self.stop.is_set():
                    seat.socket.send(garbage[self.sent % len(garbage)])
                    self.sent += 1
            except ConnectionClosed:
                pass
            reader.join(10)
            seat.close()

    def _read(self, seat: Seat) -> None:
        try:
            while True:
                message = json.loads(seat.socket.recv(timeout=30))
                if message["type"] == "error":
                    self.errors.append(message)
        except ConnectionClosed as closed:
            self.closes.append(closed.rcvd.code if closed.rcvd is not None else None)
        except TimeoutError:
            self.closes.append(None)


def answer_and_time(probe: Seat, seconds: float) -> list[float]:
    """The probe answers its decisions for ``seconds``: how long each answer
    took to be answered (an event it made, or the next decision)."""
    took = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and probe.over is None:
        probe.until(lambda s: s.decision is not None or s.over is not None, timeout=30)
        if probe.decision is None:
            break
        heard, asked = len(probe.messages), probe.decision["id"]
        probe.answer(first_option(probe, probe.decision))
        sent = time.monotonic()
        probe.until(lambda s, heard=heard, asked=asked: any(
            m["type"] in ("event", "error") or (m["type"] == "decision" and m["id"] > asked)
            for m in s.messages[heard:]), timeout=30)
        took.append(time.monotonic() - sent)
        assert not [m for m in probe.messages[heard:] if m["type"] == "error"], probe.messages[heard:]
    return took


def test_flooding_seats_stall_no_other_table(server: ServerProcess) -> None:
    """Two seats — a stranger's, and one from the person's own address (a
    club behind one router) — send thousands of renames, resumes of a game
    of a thousand events, and garbage, reconnecting each time they are
    closed; meanwhile a person at another table plays on, each answer
    answered within ANSWERED_WITHIN.  The flooders are told ``too_fast``
    with ``retry_after`` and closed with 4029."""
    flood_table = server.request("POST", "/api/tables", {"spec": "tournament", "seats": ["human", "human", "rules",
                                                                                         "rules"], "seed": 1},
                                 source=STRANGER)[1]
    sitting = [server.seat(flood_table, 0, source=STRANGER), server.seat(flood_table, 1)]
    play_until_over(sitting, first_option, stop=lambda: len(sitting[0].events) > 1000)  # a long game to resend
    keys = [server.keys[(flood_table["table"], seat)] for seat in (0, 1)]
    for seat in sitting:
        seat.close()
    probe_table = server.post("/api/tables", {"spec": "tournament", "seats": ["human", "random", "random", "random"],
                                              "seed": 2})
    probe = server.seat(probe_table, 0)
    flooders = [Flooder(server, flood_table, keys[0], STRANGER), Flooder(server, flood_table, keys[1], None)]
    for flooder in flooders:
        flooder.start()
    try:
        time.sleep(0.5)
        took = answer_and_time(probe, 15)
    finally:
        for flooder in flooders:
            flooder.stop.set()
            flooder.join(30)
    assert len(took) >= 10, took
    assert max(took) < ANSWERED_WITHIN, sorted(took)[-5:]
    for flooder in flooders:
        assert flooder.sent > 2000, flooder.sent
        too_fast = [e for e in flooder.errors if e["code"] == "too_fast"]
        assert too_fast and all(isinstance(e["retry_after"], int) and e["retry_after"] >= 1 for e in too_fast)
        assert "try again" in too_fast[0]["message"]
        assert TOO_FAST in flooder.closes, flooder.closes
    assert "Traceback" not in server.errors()
    probe.close()


def test_a_resume_asked_twice_sends_the_game_once(server: ServerProcess) -> None:
    """docs/table.md ``resume``: the events after ``after`` are sent again; a
    second ``resume`` while the first is being sent is part of it, so no
    event is sent twice for it; a message longer than any of the protocol
    is refused unread."""
    table = server.post("/api/tables", {"spec": "tournament", "seats": ["human", "rules", "rules", "rules"],
                                        "seed": 3})
    seat = server.seat(table, 0)
    play_until_over([seat], first_option, stop=lambda: len(seat.events) > 400)
    seat.drain()
    known = max(seat.events)
    heard = len(seat.messages)
    seat.socket.send(json.dumps({"type": "resume", "after": 0}))
    seat.socket.send(json.dumps({"type": "resume", "after": 0}))
    seat.until(lambda s: any(m["type"] == "view" for m in s.messages[heard:]))
    seat.drain(0.5)
    resent = [m["n"] for m in seat.messages[heard:] if m["type"] == "event" and m["n"] <= known]
    assert sorted(resent) == sorted(seat.events) and len(resent) == len(set(resent)), "the game was sent twice"
    heard = len(seat.messages)
    seat.socket.send(json.dumps({"type": "name", "name": "x" * 10, "pad": " " * READ_MOST}))
    seat.until(lambda s: len(s.errors) > 0)
    assert seat.errors[-1]["code"] == "bad_message" and str(READ_MOST) in seat.errors[-1]["message"]
    seat.close()


def test_a_seat_over_its_budget_is_told_when_to_try_again(server: ServerProcess) -> None:
    """Stale answers past the seat's budget: ``too_fast`` with ``retry_after``,
    and nothing changed; answers the game takes cost nothing."""
    table = server.post("/api/tables", {"spec": "bouillabaisse", "seats": ["human", "random", "random"], "seed": 4})
    seat = server.seat(table, 0)
    play_until_over([seat], first_option, stop=lambda: len(seat.events) > 100)  # far more answers than the burst
    seat.until(lambda s: s.decision is not None)  # the game waits for this seat: nothing else changes it
    answers = server.get(f"/api/tables/{table['table']}")["answers"]
    for _ in range(SEAT_MESSAGES.burst + 20):
        seat.send({"type": "answer", "id": 1, "answer": "x"})
    seat.until(lambda s: any(e["code"] == "too_fast" for e in s.errors), timeout=20)
    error = next(e for e in seat.errors if e["code"] == "too_fast")
    assert error["retry_after"] >= 1
    assert server.get(f"/api/tables/{table['table']}")["answers"] == answers
    seat.close()


def test_tables_made_too_fast_are_refused_429(server: ServerProcess) -> None:
    """A client making tables as fast as it can: refused ``429`` with
    ``Retry-After`` after its burst, the table not made; another client
    still makes one."""
    body = {"spec": "bouillabaisse", "seats": ["human", "human", "human"]}
    made = 0
    status, data = 201, {}
    for _ in range(CLIENT_TABLES.burst + 5):
        status, data = server.request("POST", "/api/tables", body, source=STRANGER)
        if status != 201:
            break
        made += 1
    assert status == 429 and data["error"]["code"] == "too_fast", (status, data)
    assert made >= CLIENT_TABLES.burst - 1
    assert int(server.last_headers["retry-after"]) >= 1 and data["error"]["retry_after"] >= 1
    status, data = server.request("POST", "/api/tables", body)
    assert status == 201, data


def test_tables_of_bots_leave_the_machine_to_people(server: ServerProcess) -> None:
    """The findings' twelve tables of four strong bots (six strangers, two
    tables each: a third is ``429 too_many``) moved a person's answers from
    2 ms to 260 ms; paced, in one thread of their own (docs/server.md,
    Limits), they leave the person's round of three bot answers under a
    tenth of a second (the median of 30)."""
    strangers = [f"127.0.0.{n}" for n in range(2, 8)]
    statuses = [server.request("POST", "/api/tables", {"spec": "tournament", "seats": ["strong"] * 4},
                               source=stranger)[0] for stranger in strangers for _ in range(3)]
    assert statuses.count(201) == 12 and statuses.count(429) == 6, statuses
    probe = server.post("/api/tables", {"spec": "tournament", "seats": ["human", "random", "random", "random"],
                                        "seed": 2})
    seat = server.seat(probe, 0)
    rounds = answer_rounds(seat, 30)
    assert statistics.median(rounds) < 0.1, sorted(rounds)
    seat.close()
