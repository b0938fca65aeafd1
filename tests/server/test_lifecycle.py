"""A table's life (docs/server.md, A table's life, and Limits): a table
that is over leaves the count of tables in play and stays readable; one
left alone for a day is ended; one over for 30 days is deleted; the
owner removes a table; the list is paged; tables of bots only are paced
and limited per client; the server's start reads back only the tables in
play; a database of the previous version is brought up to date."""

from __future__ import annotations

import json
import sqlite3
import statistics
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from barbu_dsl.bots import make_bot
from barbu_dsl.engine import GameState
from barbu_dsl.language import load_spec
from barbu_dsl.server.lifecycle import ABANDONED_SECONDS, BOT_PACE, BOTS_PER_CLIENT, EXPIRE_SECONDS
from barbu_dsl.server.protocol import REMOVED
from barbu_dsl.server.store import APPLICATION_ID, SCHEMA_VERSION
from server.helpers import Seat, ServerProcess, answer_rounds, first_option, play_until_over

STRANGER = "127.0.0.2"
BOTS = {"spec": "bouillabaisse", "seats": ["random", "random", "random"]}


@pytest.fixture
def server(tmp_path: Path):
    process = ServerProcess(tmp_path / "tables.sqlite3").start()
    yield process
    process.stop()


def ago(seconds: float) -> str:
    """A time that long ago, as the store writes times."""
    return (datetime.now(UTC) - timedelta(seconds=seconds)).replace(microsecond=0).isoformat()


def listed(server: ServerProcess, size: int = 100) -> list[str]:
    """Every table of ``GET /api/tables``, following ``next`` page after page."""
    ids: list[str] = []
    path: str | None = f"/api/tables?size={size}"
    while path is not None:
        page = server.get(path)
        ids += [table["table"] for table in page["tables"]]
        path = page["next"]
    return ids


def test_an_ended_table_leaves_the_count_and_stays_readable(server: ServerProcess) -> None:
    """A client may have BOTS_PER_CLIENT tables of bots only in play: one
    more is ``429 too_many``, and another client still makes one; once
    the owner ends one, it is over — listed no more, counted no more, its
    records and sheet still read — and the client makes another."""
    made = [server.post("/api/tables", BOTS) for _ in range(BOTS_PER_CLIENT)]
    status, data = server.request("POST", "/api/tables", BOTS)
    assert status == 429 and data["error"]["code"] == "too_many", data
    assert "end one" in data["error"]["message"]
    status, _ = server.request("POST", "/api/tables", BOTS, source=STRANGER)
    assert status == 201
    first = made[0]
    server.post(f"/api/tables/{first['table']}/end", owner=first["owner"])
    assert first["table"] not in listed(server)
    detail = server.get(f"/api/tables/{first['table']}")
    assert detail["status"] == "over" and detail["ended"] is True and detail["abandoned"] is False
    over_at = datetime.fromisoformat(detail["over_at"])
    assert datetime.fromisoformat(detail["expires"]) - over_at == timedelta(seconds=EXPIRE_SECONDS)
    status, records = server.request("GET", f"/api/tables/{first['table']}/records")
    assert status == 200 and isinstance(records, str)
    assert server.get(f"/api/tables/{first['table']}/sheet")["players"]
    again = server.request("POST", "/api/tables", BOTS)
    assert again[0] == 201, again


def test_the_owner_removes_a_table(server: ServerProcess) -> None:
    """``DELETE /api/tables/ID`` with the owner's token: every connection
    (a seat's, the owner's) is sent ``removed`` and closed with 4004; the
    table is gone, from the list, its links and the database.  Without the
    owner's token: 403, and nothing changes.  A table that is over is
    removed the same way."""
    table = server.post("/api/tables", {"spec": "bouillabaisse", "seats": ["human", "human", "rules"]})
    ann = server.seat(table, 0)
    ann.until(lambda s: any(m["type"] == "table" for m in s.messages))
    from websockets.sync.client import connect

    owner = connect(f"ws://127.0.0.1:{server.port}/ws/{table['table']}?owner={table['owner']}",
                    open_timeout=10).__enter__()
    assert json.loads(owner.recv(timeout=10))["type"] == "table"
    status, data = server.request("DELETE", f"/api/tables/{table['table']}")
    assert status == 403 and data["error"]["code"] == "not_owner"
    status, data = server.request("DELETE", f"/api/tables/{table['table']}", owner=table["invites"][1])
    assert status == 403
    status, data = server.request("DELETE", f"/api/tables/{table['table']}", owner=table["owner"])
    assert status == 200 and data == {"table": table["table"], "removed": True}
    with pytest.raises(ConnectionClosed) as closed:
        ann.until(lambda s: False, timeout=10)
    assert ann.errors[-1]["code"] == "removed" and closed.value.rcvd is not None and closed.value.rcvd.code == REMOVED
    told = []
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            told.append(json.loads(owner.recv(timeout=10)))
    assert told[-1]["code"] == "removed" and closed.value.rcvd is not None and closed.value.rcvd.code == REMOVED
    assert server.request("GET", f"/api/tables/{table['table']}")[0] == 404
    assert table["table"] not in listed(server)
    with sqlite3.connect(server.db) as db:
        for name, column in (("tables", "id"), ("seats", "table_id"), ("answers", "table_id")):
            assert db.execute(f"SELECT COUNT(*) FROM {name} WHERE {column} = ?", (table["table"],)).fetchone()[0] == 0
    ended = server.post("/api/tables", {"spec": "bouillabaisse", "seats": ["human", "human", "rules"]})
    server.post(f"/api/tables/{ended['table']}/end", owner=ended["owner"])
    status, _ = server.request("DELETE", f"/api/tables/{ended['table']}", owner=ended["owner"])
    assert status == 200 and server.request("GET", f"/api/tables/{ended['table']}/records")[0] == 404


def test_the_list_is_paged(server: ServerProcess) -> None:
    """``GET /api/tables`` lists the tables in play, ``size`` at a time
    (50 by default, at most 100), with the address of the next page: every
    table in play once, none that is over."""
    made = [server.post("/api/tables", {"spec": "bouillabaisse", "seats": ["human"] * 3})["table"] for _ in range(5)]
    ended = server.post("/api/tables", {"spec": "bouillabaisse", "seats": ["human"] * 3})
    server.post(f"/api/tables/{ended['table']}/end", owner=ended["owner"])
    first = server.get("/api/tables?size=2")
    assert len(first["tables"]) == 2 and first["next"] and first["count"] == 5
    assert listed(server, size=2) == made
    assert server.get("/api/tables")["next"] is None
    for bad in ("size=0", "size=101", "after=x", "size=-1"):
        assert server.request("GET", f"/api/tables?{bad}")[0] == 400, bad


def test_tables_no_person_sits_at_are_paced(server: ServerProcess) -> None:
    """A table of bots answers no faster than one answer every BOT_PACE
    seconds; a table where a person sits is not slowed (its bots answer
    between the person's answers in well under three paces)."""
    bots = server.post("/api/tables", BOTS)
    time.sleep(0.5)
    first = server.get(f"/api/tables/{bots['table']}")["answers"]
    start = time.monotonic()
    time.sleep(3)
    made = server.get(f"/api/tables/{bots['table']}")["answers"] - first
    assert made <= (time.monotonic() - start) / BOT_PACE + 2, made
    person = server.post("/api/tables", {"spec": "bouillabaisse", "seats": ["human", "random", "random"],
                                         "seed": 5})
    seat = server.seat(person, 0)
    rounds = answer_rounds(seat, 20)
    assert statistics.median(rounds) < 2 * BOT_PACE, rounds
    seat.close()


def test_left_tables_end_and_old_ones_expire(tmp_path: Path) -> None:
    """A table in play that nobody touched for a day (ABANDONED_SECONDS) is
    ended when the server sees it — its seat is told it is over, it is
    listed no more; one over for 30 days (EXPIRE_SECONDS) is deleted; a
    table touched since is left alone.  (The times are moved back in the
    database while the server is stopped.)"""
    db = tmp_path / "tables.sqlite3"
    server = ServerProcess(db).start()
    try:
        left = server.post("/api/tables", {"spec": "bouillabaisse", "seats": ["human", "human", "rules"]})
        old = server.post("/api/tables", {"spec": "bouillabaisse", "seats": ["human", "human", "rules"]})
        server.post(f"/api/tables/{old['table']}/end", owner=old["owner"])
        recent = server.post("/api/tables", {"spec": "bouillabaisse", "seats": ["human", "human", "rules"]})
    finally:
        server.stop()
    with sqlite3.connect(db) as edit:
        edit.execute("UPDATE tables SET touched = ? WHERE id = ?", (ago(ABANDONED_SECONDS + 3600), left["table"]))
        edit.execute("UPDATE tables SET touched = ? WHERE id = ?", (ago(ABANDONED_SECONDS - 3600), recent["table"]))
        edit.execute("UPDATE tables SET over_at = ? WHERE id = ?", (ago(EXPIRE_SECONDS + 60), old["table"]))
    again = ServerProcess(db, port=server.port).start()
    try:
        deadline = time.monotonic() + 30
        while again.get(f"/api/tables/{left['table']}")["status"] != "over":
            assert time.monotonic() < deadline, "a table left for a day was not ended"
            time.sleep(0.2)
        detail = again.get(f"/api/tables/{left['table']}")
        assert detail["abandoned"] is True and detail["ended"] is True
        assert listed(again) == [recent["table"]]
        assert again.get(f"/api/tables/{recent['table']}")["status"] == "waiting"
        assert again.request("GET", f"/api/tables/{old['table']}")[0] == 404
        with sqlite3.connect(db) as check:
            assert check.execute("SELECT COUNT(*) FROM answers WHERE table_id = ?", (old["table"],)).fetchone()[0] == 0
            assert check.execute("SELECT COUNT(*) FROM tables WHERE id = ?", (old["table"],)).fetchone()[0] == 0
        seat = again.seat(left, 0)
        seat.until(lambda s: any(m["type"] == "table" and m["status"] == "over" for m in s.messages))
        seat.close()
    finally:
        again.stop()


def finished_game(spec: str, players: int, seed: int) -> tuple[str, list[Any]]:
    """A whole game played by random bots: the game as a table stores it (no answers) and its answers."""
    state = GameState.new(load_spec(spec), players=players, seed=seed)
    game = state.to_json()
    number = 0
    while (decision := state.pending()) is not None:
        number += 1
        state.apply(make_bot("random", f"{seed}/{number}")(decision, state.seat_view(decision.seat)))
    return game, json.loads(state.to_json())["answers"]


def test_the_start_reads_back_only_the_tables_in_play(tmp_path: Path) -> None:
    """A database of 400 whole games that are over (more than half a
    million answers): the server starts within seconds — none of them is
    replayed — and any of them is read back when it is asked for."""
    db = tmp_path / "tables.sqlite3"
    start = time.monotonic()
    ServerProcess(db).start().stop()  # the database as the server makes it
    empty = time.monotonic() - start  # how long a start takes on this machine now
    game, answers = finished_game("tournament", 4, 7)
    now = ago(0)
    with sqlite3.connect(db) as fill:
        for n in range(400):
            table_id = f"old{n:05d}"
            fill.execute("INSERT INTO tables (id, created, spec_ref, house, game, owner, status, touched, over_at)"
                         " VALUES (?, ?, 'tournament', NULL, ?, ?, 'over', ?, ?)",
                         (table_id, now, game, f"owner{n}", now, now))
            fill.executemany("INSERT INTO seats (table_id, seat, kind, token, name) VALUES (?, ?, 'random', NULL, ?)",
                             [(table_id, seat, name) for seat, name in enumerate("ABCD")])
            fill.executemany("INSERT INTO answers (table_id, number, answer) VALUES (?, ?, ?)",
                             [(table_id, number, json.dumps(answer)) for number, answer in enumerate(answers, 1)])
    start = time.monotonic()
    server = ServerProcess(db).start()
    took = time.monotonic() - start
    try:
        assert "— 0 tables in" in server.first_line
        # Replaying the 400 games takes 14 s on the machine where this was written.
        assert took < empty + 5, f"the start took {took:.1f} s, with no table {empty:.1f} s"
        detail = server.get("/api/tables/old00123")
        assert detail["status"] == "over" and detail["answers"] == len(answers)
        status, records = server.request("GET", "/api/tables/old00321/records")
        assert status == 200 and len(records.splitlines()) == detail["hands"]
    finally:
        server.stop()


VERSION_2 = (
    """CREATE TABLE tables (id TEXT PRIMARY KEY, created TEXT NOT NULL, spec_ref TEXT NOT NULL, house TEXT,
        game TEXT NOT NULL, owner TEXT NOT NULL, status TEXT NOT NULL, paused INTEGER NOT NULL DEFAULT 0,
        ended INTEGER NOT NULL DEFAULT 0, absent_after REAL, lang TEXT)""",
    """CREATE TABLE seats (table_id TEXT NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL, kind TEXT NOT NULL,
        token TEXT, key TEXT, name TEXT NOT NULL, taken INTEGER NOT NULL DEFAULT 0,
        standin TEXT NOT NULL DEFAULT 'strong', standing INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (table_id, seat))""",
    """CREATE TABLE answers (table_id TEXT NOT NULL REFERENCES tables(id), number INTEGER NOT NULL CHECK (number >= 1),
        answer TEXT NOT NULL, PRIMARY KEY (table_id, number))""",
)
"""The tables' database as version 2 of the schema made it (seat keys, no lifecycle)."""


def test_a_database_of_version_2_is_brought_up_to_date(tmp_path: Path) -> None:
    """store.py's migration from version 2: a table waiting and a table
    that is over, written as version 2 wrote them; the server brings the
    file to the current version in place, serves the waiting table (its
    invite claims its seat) and reads the finished one back when asked,
    its records the game's own; both count as touched, and the finished one
    as ended, at the upgrade."""
    db = tmp_path / "tables.sqlite3"
    game, answers = finished_game("bouillabaisse", 3, 9)
    waiting, _ = finished_game("bouillabaisse", 3, 10)
    created = "2025-01-01T10:00:00+00:00"
    with sqlite3.connect(db) as old:
        for statement in VERSION_2:
            old.execute(statement)
        old.execute(f"PRAGMA application_id={APPLICATION_ID}")
        old.execute("PRAGMA user_version=2")
        for table_id, text, status in (("waitingA", waiting, "waiting"), ("finished", game, "over")):
            old.execute("INSERT INTO tables (id, created, spec_ref, game, owner, status) VALUES (?, ?, ?, ?, ?, ?)",
                        (table_id, created, "bouillabaisse", text, f"owner-{table_id}", status))
            old.executemany("INSERT INTO seats (table_id, seat, kind, token, name) VALUES (?, ?, ?, ?, ?)",
                            [(table_id, 0, "human", f"invite-{table_id}", "Ann"), (table_id, 1, "rules", None, "Bob"),
                             (table_id, 2, "rules", None, "Cy")])
        old.executemany("INSERT INTO answers (table_id, number, answer) VALUES ('finished', ?, ?)",
                        [(number, json.dumps(answer)) for number, answer in enumerate(answers, 1)])
    server = ServerProcess(db).start()
    try:
        assert "— 1 tables in" in server.first_line
        assert listed(server) == ["waitingA"]
        finished = server.get("/api/tables/finished")
        assert finished["status"] == "over" and finished["answers"] == len(answers)
        status, records = server.request("GET", "/api/tables/finished/records")
        reference = GameState.from_data({**json.loads(game), "answers": answers})
        assert status == 200 and [json.loads(line) for line in records.splitlines()] == reference.records()
        seat = Seat(server, "waitingA", "invite-waitingA")
        assert "key" in seat.receive()
        seat.close()
        with sqlite3.connect(db) as check:
            assert check.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
            rows = dict(check.execute("SELECT id, touched FROM tables").fetchall())
            assert all(rows.values()) and rows["finished"] > created
            assert check.execute("SELECT over_at FROM tables WHERE id = 'finished'").fetchone()[0] > created
    finally:
        server.stop()


def test_a_stranger_cannot_fill_the_server(server: ServerProcess) -> None:
    """The findings' client that made a thousand tables in 22 s: past its
    burst it is refused ``429``; the list stays one page; another client
    plays on."""
    made, refused = 0, 0
    for _ in range(60):
        status, _ = server.request("POST", "/api/tables", {"spec": "bouillabaisse", "seats": ["human"] * 3},
                                   source=STRANGER)
        made += status == 201
        refused += status == 429
    assert refused >= 30 and made <= 25, (made, refused)
    page = server.get("/api/tables")
    assert len(page["tables"]) <= 50 and len(json.dumps(page)) < 60_000
    table = server.post("/api/tables", {"spec": "bouillabaisse", "seats": ["human", "random", "random"]})
    seat = server.seat(table, 0)
    play_until_over([seat], first_option, stop=lambda: len(seat.events) > 20)
    seat.close()


def test_barbu_join_is_told_its_table_is_gone(server: ServerProcess, tmp_path: Path) -> None:
    """docs/server.md, ``barbu join``: a table its owner removes is said in
    the person's language, and ``barbu join`` ends with 1."""
    from server.terminal import LiveTerminal

    table = server.post("/api/tables", {"spec": "bouillabaisse", "seats": ["human", "human", "rules"]})
    terminal = LiveTerminal(server.base + table["links"][0], "--lang", "fr", data=tmp_path)
    try:
        terminal.wait_for("vous êtes à la place de Anna.")
        status, _ = server.request("DELETE", f"/api/tables/{table['table']}", owner=table["owner"])
        assert status == 200
        terminal.wait_for("la table a été supprimée")
        code, out, err = terminal.finish()
        assert code == 1, out + err
    finally:
        terminal.kill()


def test_a_full_server_makes_room_as_tables_end(tmp_path: Path) -> None:
    """limits.TABLES counts the tables in play only: a server holding 1,000
    waiting tables (written to its database, then read back at its start)
    refuses one more ``503 full`` with ``Retry-After``; once an owner ends
    one, another is made."""
    from barbu_dsl.limits import TABLES

    db = tmp_path / "tables.sqlite3"
    server = ServerProcess(db).start()
    try:
        first = server.post("/api/tables", {"spec": "bouillabaisse", "seats": ["human"] * 3})
    finally:
        server.stop()
    with sqlite3.connect(db) as fill:
        row = fill.execute("SELECT created, spec_ref, game, status, touched FROM tables").fetchone()
        for n in range(1, TABLES):
            fill.execute("INSERT INTO tables (id, created, spec_ref, game, owner, status, touched)"
                         " VALUES (?, ?, ?, ?, ?, ?, ?)", (f"full{n:04d}", row[0], row[1], row[2], f"owner{n}", row[3],
                                                           row[4]))
            fill.executemany("INSERT INTO seats (table_id, seat, kind, token, name) VALUES (?, ?, 'human', ?, ?)",
                             [(f"full{n:04d}", seat, f"invite{n}-{seat}", name) for seat, name in enumerate("ABC")])
    again = ServerProcess(db, port=server.port).start()
    try:
        assert f"— {TABLES} tables in" in again.first_line
        status, data = again.request("POST", "/api/tables", {"spec": "bouillabaisse", "seats": ["human"] * 3},
                                     source=STRANGER)
        assert status == 503 and data["error"]["code"] == "full", data
        assert int(again.last_headers["retry-after"]) >= 1
        again.post(f"/api/tables/{first['table']}/end", owner=first["owner"])
        status, data = again.request("POST", "/api/tables", {"spec": "bouillabaisse", "seats": ["human"] * 3},
                                     source=STRANGER)
        assert status == 201, data
    finally:
        again.stop()
