"""``barbu tables``, the server's operator (docs/server.md, The operator):
the tables a database holds listed in plain columns or JSON, and tables
removed from the command line while the server runs — the running server
tells their connections and closes them; a table it does not hold, or a
file that is not a tables' database, is exit 2 and changes nothing."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed

from barbu_dsl.server.protocol import REMOVED
from server.helpers import ServerProcess


def tables(*args: str, db: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "barbu_dsl", "tables", *args, "--db", str(db)],
                          capture_output=True, text=True, timeout=60, check=False)


def test_the_operator_lists_the_tables(server: ServerProcess) -> None:
    """While the server runs: the tables in play in plain columns (one
    line each under a heading, in the person's language), with ``--all``
    the tables that are over too, with ``--json`` every field."""
    waiting = server.post("/api/tables", {"spec": "bouillabaisse", "seats": ["human"] * 3,
                                          "names": ["Ann", "Bob", "Cy"]})
    ended = server.post("/api/tables", {"spec": "tournament", "seats": ["human"] * 4})
    server.post(f"/api/tables/{ended['table']}/end", owner=ended["owner"])
    run = tables("list", db=server.db)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].split() == ["table", "status", "spec", "players", "made", "last", "answers", "made", "from"]
    mine = next(line for line in lines if line.startswith(waiting["table"]))
    assert "waiting" in mine and "Ann, Bob, Cy" in mine and "127.0.0.1" in mine
    assert ended["table"] not in run.stdout
    everything = tables("list", "--all", "--lang", "it", db=server.db)
    assert everything.returncode == 0 and everything.stdout.split()[:2] == ["tavolo", "stato"]
    assert ended["table"] in everything.stdout and "finito" in everything.stdout
    listed = {row["table"]: row for row in json.loads(tables("list", "--all", "--json", db=server.db).stdout)}
    row = listed[ended["table"]]
    assert row["status"] == "over" and row["ended"] is True and row["over_at"] and row["expires"] > row["over_at"]
    assert listed[waiting["table"]]["players"] == ["Ann", "Bob", "Cy"] and listed[waiting["table"]]["answers"] == 0


def test_the_operator_removes_a_table_while_the_server_runs(server: ServerProcess) -> None:
    """``barbu tables remove ID``: the table's rows are deleted; the running
    server sends its seat ``removed`` and closes it with 4004 within
    seconds, and the table is gone from its answers.  A list of ids with
    one the database does not hold removes none of them (exit 2)."""
    table = server.post("/api/tables", {"spec": "bouillabaisse", "seats": ["human", "rules", "rules"]})
    other = server.post("/api/tables", {"spec": "bouillabaisse", "seats": ["human", "rules", "rules"]})
    seat = server.seat(table, 0)
    seat.until(lambda s: s.view is not None)
    refused = tables("remove", other["table"], "nosuchtable", db=server.db)
    assert refused.returncode == 2 and "nosuchtable" in refused.stderr and "Traceback" not in refused.stderr
    assert server.get(f"/api/tables/{other['table']}")["status"] == "waiting"
    run = tables("remove", table["table"], "--lang", "pt", db=server.db)
    assert run.returncode == 0, run.stderr
    assert f"Mesa {table['table']} removida (bouillabaisse, em jogo)." in run.stdout
    with pytest.raises(ConnectionClosed) as closed:
        seat.until(lambda s: False, timeout=20)
    assert seat.errors[-1]["code"] == "removed"
    assert closed.value.rcvd is not None and closed.value.rcvd.code == REMOVED
    assert server.request("GET", f"/api/tables/{table['table']}")[0] == 404
    assert table["table"] not in tables("list", "--all", db=server.db).stdout
    assert server.get(f"/api/tables/{other['table']}")["status"] == "waiting"


def test_a_database_the_operator_cannot_use_is_exit_2(tmp_path: Path) -> None:
    missing = tables("list", db=tmp_path / "none.sqlite3")
    assert missing.returncode == 2 and "there is no tables' database" in missing.stderr
    assert not (tmp_path / "none.sqlite3").exists()
    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE notes (x)")
    for args in (("list",), ("remove", "abc")):
        run = tables(*args, db=other)
        assert run.returncode == 2 and "another program's database" in run.stderr and "Traceback" not in run.stderr
