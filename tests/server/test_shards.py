"""Tables spread over two ``barbu serve`` workers behind nginx
(docs/server.md, "Past one process"): ``--shard 0/2`` and ``--shard 1/2``,
each with a database of its own, behind the documented site with
docs/deploy/nginx-shards.conf in place of its upstream, over HTTPS.  A
table made through the proxy lands on either worker and its id names it;
the table's page, its API and its seats' WebSockets reach that worker and
no other; a game is played at a table of each shard; the lobby's list,
asked of any worker, shows the tables of both (the page asks each
worker); a worker whose database holds another shard's tables says so,
and a bad ``--shard`` is one message."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server.helpers import Seat, ServerProcess, first_option, play_until_over
from server.proxy import Proxied, documented_site, fetch, page_headers, start_proxied, unit_server

NEW_TABLE = {"spec": "bouillabaisse", "seats": ["human", "rules", "human"], "seed": 3}


@pytest.fixture(scope="module")
def sharded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Proxied]:
    folder = tmp_path_factory.mktemp("shards")
    workers = []
    for index in (0, 1):
        (folder / f"worker-{index}").mkdir()
        workers.append(unit_server(folder / f"worker-{index}", "--shard", f"{index}/2"))
    running = start_proxied(folder, workers, lambda where, https, http, cert: documented_site(
        where, https, http, cert, [worker.port for worker in workers]))
    yield running
    running.stop()


def made(sharded: Proxied, count: int) -> list[dict[str, Any]]:
    tables = []
    for _ in range(count):
        status, _, table = fetch(sharded, "POST", "/api/tables", NEW_TABLE, page_headers(sharded))
        assert status == 201, table
        tables.append(table)
    return tables


def test_a_table_lands_on_the_worker_its_id_names(sharded: Proxied) -> None:
    tables = made(sharded, 4)
    assert {table["table"][0] for table in tables} == {"0", "1"}, "a new table goes to either worker"
    for table in tables:
        home = int(table["table"][0])
        for index, worker in enumerate(sharded.workers):
            status, _ = worker.request("GET", f"/api/tables/{table['table']}")
            assert status == (200 if index == home else 404), (table["table"], index)
        for path in (f"/api/tables/{table['table']}", f"/api/tables/{table['table']}/records",
                     table["links"][0]):
            assert fetch(sharded, "GET", path)[0] == 200, path
        owner = {**page_headers(sharded), "Authorization": f"Bearer {table['owner']}"}
        status, _, answer = fetch(sharded, "POST", f"/api/tables/{table['table']}/pause", {}, owner)
        assert status == 200 and answer["paused"] is True, answer
        fetch(sharded, "POST", f"/api/tables/{table['table']}/resume", {}, owner)
    status, _, answer = fetch(sharded, "GET", "/api/tables/zzzzzzzz")
    assert status == 404 and answer["error"]["code"] == "no_table"


def test_a_game_at_a_table_of_each_shard(sharded: Proxied) -> None:
    """Each table's seats reach its worker over WSS, one of them coming back half-way."""
    by_shard: dict[str, dict[str, Any]] = {}
    while len(by_shard) < 2:
        table = made(sharded, 1)[0]
        by_shard.setdefault(table["table"][0], table)
    for table in by_shard.values():
        seats = [Seat(sharded.socket_base, table["table"], table["invites"][n], ssl=sharded.tls,
                      origin=sharded.base) for n in (0, 2)]
        for seat in seats:
            assert seat.receive()["type"] == "seated"
        key = seats[0].seated["key"]  # type: ignore[index]
        answered = [0]

        def choose(who: Seat, decision: dict[str, Any], first: Seat = seats[0]) -> Any:
            answered[0] += who is first
            return first_option(who, decision)

        play_until_over(seats, choose, stop=lambda: answered[0] >= 4)
        seats[0].drain()
        seen = max(seats[0].events)
        seats[0].close()
        back = Seat(sharded.socket_base, table["table"], key, seen, ssl=sharded.tls, origin=sharded.base)
        back.until(lambda s: s.view is not None)
        play_until_over([back, seats[1]], first_option)
        detail = fetch(sharded, "GET", f"/api/tables/{table['table']}")[2]
        assert detail["status"] == "over" and back.over is not None and back.over["totals"] == detail["totals"]
        home = sharded.workers[int(table["table"][0])]
        assert home.get(f"/api/tables/{table['table']}")["status"] == "over"


def test_the_lobby_lists_the_tables_of_every_worker(sharded: Proxied, browser: Any) -> None:
    made(sharded, 2)
    lists = {}
    for index in (0, 1):
        listed = fetch(sharded, "GET", f"/api/tables?shard={index}")[2]
        assert listed["shard"] == {"index": index, "of": 2}
        assert all(table["table"][0] == str(index) for table in listed["tables"]) and listed["tables"]
        lists[index] = {table["table"] for table in listed["tables"]}
    everyone = lists[0] | lists[1]
    context = browser.new_context(ignore_https_errors=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(sharded.base + "/")
    page.wait_for_function(f"() => document.querySelectorAll('#tables li').length === {len(everyone)}")
    page.reload()  # whichever worker answers the page's first request
    page.wait_for_function(f"() => document.querySelectorAll('#tables li').length === {len(everyone)}")
    context.close()


def test_a_worker_says_which_tables_are_another_shards(tmp_path: Path) -> None:
    first = ServerProcess(tmp_path / "tables.sqlite3", options=("--shard", "0/2")).start()
    assert first.first_line.endswith("(shard 0/2)"), first.first_line
    table = first.post("/api/tables", NEW_TABLE)
    assert table["table"].startswith("0") and len(table["table"]) == 8
    first.stop()
    second = ServerProcess(tmp_path / "tables.sqlite3", port=first.port, options=("--shard", "1/2")).start()
    second.stop()
    assert f"1 tables in {tmp_path / 'tables.sqlite3'} are not of shard 1/2" in second.errors(), second.errors()
    assert table["table"] in second.errors()


@pytest.mark.parametrize("value", ["2/2", "1", "0/0", "0/37", "-1/2", "a/b"])
def test_a_bad_shard_is_one_message(tmp_path: Path, value: str) -> None:
    run = subprocess.run([sys.executable, "-m", "barbu_dsl", "serve", "--port", "0", "--db",
                          str(tmp_path / "tables.sqlite3"), "--shard", value], capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 2 and "--shard is K/N" in run.stderr and "Traceback" not in run.stderr, run.stderr
    assert json.dumps(value)[1:-1] in run.stderr
