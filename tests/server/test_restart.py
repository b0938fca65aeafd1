"""Nothing is lost: ``barbu serve`` killed with SIGKILL at any moment and
started again with the same ``--db`` brings every table back where it was
— its game, its tokens, its owner — and the game goes on exactly as it
would have without the kill (the bots too)."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from server.helpers import Seat, ServerProcess, play_until_over, socket_refusal

TABLE = {"spec": "bouillabaisse", "seats": ["human", "strong", "human", "rules"], "seed": 11,
         "names": ["Ann", "Bob", "Cy", "Di"]}


def choose(seat: Seat, decision: dict[str, Any]) -> Any:
    """A person's answer that depends only on the decision, so that two runs agree."""
    options = decision["options"]
    return options[(decision["id"] * 7) % len(options)]


def play_answers(seats: list[Seat], count: int) -> None:
    """Play until the people have made ``count`` more answers (the last one sent, not yet acknowledged)."""
    made = [0]

    def counted(seat: Seat, decision: dict[str, Any]) -> Any:
        made[0] += 1
        return choose(seat, decision)

    play_until_over(seats, counted, stop=lambda: made[0] >= count)


def reconnect(server: ServerProcess, table: dict[str, Any], seats: list[Seat]) -> list[Seat]:
    """The same links again, each from the last event its seat received."""
    again = []
    for seat, number in zip(seats, (0, 2), strict=True):
        seat.close()
        again.append(server.seat(table, number, after=max(seat.events, default=0)))
    return again


def test_a_table_comes_back_after_kill_9(tmp_path: Path) -> None:
    reference = ServerProcess(tmp_path / "reference.sqlite3").start()
    try:
        table = reference.post("/api/tables", TABLE)
        seats = [reference.seat(table, 0), reference.seat(table, 2)]
        play_until_over(seats, choose)
        expected_records = reference.request("GET", f"/api/tables/{table['table']}/records")[1]
        expected = reference.get(f"/api/tables/{table['table']}")["totals"]
    finally:
        reference.stop()

    db = tmp_path / "tables.sqlite3"
    server = ServerProcess(db).start()
    rng = random.Random(7)
    try:
        table = server.post("/api/tables", TABLE)
        seats = [server.seat(table, 0), server.seat(table, 2)]
        received: list[dict[int, dict[str, Any]]] = [{}, {}]
        for _ in range(3):
            play_answers(seats, rng.randrange(5, 40))
            if rng.random() < 0.5:
                time.sleep(rng.random() * 0.05)  # now and then while the bots think
            server.kill()
            for store, seat in zip(received, seats, strict=True):
                store.update(seat.events)
            server = ServerProcess(db, port=server.port, keys=server.keys).start()
            status, owner = server.request("GET", f"/api/tables/{table['table']}/owner", owner=table["owner"])
            assert status == 200 and owner["invites"] == [None, table["invites"][1], None, table["invites"][3]]
            seats = reconnect(server, table, seats)
        play_until_over(seats, choose)
        for store, seat in zip(received, seats, strict=True):
            overlap = set(store) & set(seat.events)
            assert all(store[n] == seat.events[n] for n in overlap)
            store.update(seat.events)
        whole = [server.seat(table, 0), server.seat(table, 2)]
        for store, seat in zip(received, whole, strict=True):
            seat.until(lambda s: s.over is not None)
            assert store == seat.events, "every event reached its seat once the seat came back"
        records = server.request("GET", f"/api/tables/{table['table']}/records")[1]
        assert records == expected_records, "the game went on as it would have without the kills"
        assert server.get(f"/api/tables/{table['table']}")["totals"] == expected
    finally:
        server.stop()


def test_a_freed_seat_stays_freed_after_kill_9(tmp_path: Path) -> None:
    """docs/server.md (Seat keys): the invite and key the owner freed a seat
    from are refused as ``freed`` after a restart too, and the new invite
    opens the seat."""
    db = tmp_path / "tables.sqlite3"
    server = ServerProcess(db).start()
    try:
        table = server.post("/api/tables", TABLE)
        ann = server.seat(table, 0)  # claims the seat: its key kept in server.keys
        key = server.keys[(table["table"], 0)]
        ann.close()
        freed = server.post(f"/api/tables/{table['table']}/seats/0", {"free": True}, owner=table["owner"])
        server.kill()
        server = ServerProcess(db, port=server.port, keys=server.keys).start()
        for old in (key, table["invites"][0]):
            messages, close = socket_refusal(server, f"/ws/{table['table']}?token={old}")
            assert [message["code"] for message in messages] == ["freed"] and close == 4003
        ben = Seat(server, table["table"], freed["invites"][0])
        assert "key" in ben.receive()
        ben.close()
    finally:
        server.stop()
