"""Whole games over the table protocol (docs/table.md), each replayed from
``GET /api/tables/ID/records`` with ``barbu replay`` to the server's totals,
and its score sheet scored again by the sheet to the same totals."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

from barbu_dsl import cards as C
from barbu_dsl.sheet.game import SheetGame
from server.helpers import Seat, ServerProcess, play_until_over


def chooser(seed: int) -> Any:
    """Answers drawn from each seat's own generator: every kind of decision
    is answered with any of its options, doubles and redoubles included."""
    generators: dict[int, random.Random] = {}

    def choose(seat: Seat, decision: dict[str, Any]) -> Any:
        assert seat.seated is not None
        rng = generators.setdefault(seat.seated["seat"], random.Random(f"{seed}/{seat.seated['seat']}"))
        return rng.choice(decision["options"])

    return choose


def replayed_totals(server: ServerProcess, table: str, tmp_path: Path) -> list[int]:
    """The totals ``barbu replay`` makes of the table's records, under its spec text."""
    detail = server.get(f"/api/tables/{table}")
    spec = tmp_path / "rules.yaml"
    spec.write_text(detail["spec_text"], encoding="utf-8")
    status, records = server.request("GET", f"/api/tables/{table}/records")
    assert status == 200
    path = tmp_path / "records.jsonl"
    path.write_text(records, encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "barbu_dsl", "replay", str(spec), str(path), "--json"],
                         capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 0, run.stderr
    results = [json.loads(line) for line in run.stdout.splitlines()]
    assert len(results) == detail["hands"] and all(r["status"] in ("complete", "not_played") for r in results)
    totals = [0] * detail["players"]
    for result in results:
        totals = [total + final for total, final in zip(totals, result["final"], strict=True)]
    return totals


def assert_private(seat: Seat) -> None:
    """A seat is dealt its own cards and never sees another's unplayed cards."""
    assert seat.seated is not None
    mine = seat.seated["seat"]
    deals = [event for event in seat.events.values() if event["type"] == "deal"]
    assert deals and all(event["seat"] == mine for event in deals)
    numbers = sorted(seat.events)
    assert numbers == sorted(set(numbers))


def test_tournament_with_four_people(server: ServerProcess, tmp_path: Path) -> None:
    """Four people through the protocol play a whole tournament game: every
    contract, trump suit and domino rank named, doubles and redoubles."""
    table = server.post("/api/tables", {"spec": "tournament", "seats": ["human"] * 4, "seed": 5,
                                        "names": ["Ann", "Bob", "Cy", "Di"]})
    assert table["links"][0] == f"/t/{table['table']}?token={table['invites'][0]}"
    seats = [server.seat(table, n) for n in range(4)]
    play_until_over(seats, chooser(5), timeout=400)
    totals = server.get(f"/api/tables/{table['table']}")["totals"]
    for seat in seats:
        assert seat.over is not None and seat.over["totals"] == totals
        assert_private(seat)
    kinds = {event["type"] for event in seats[0].events.values()}
    assert {"hand_begins", "contract", "double", "play_begins", "card", "trick", "hand_ends", "game_ends"} <= kinds
    assert any(event["type"] == "double" and event["doubled"] for event in seats[0].events.values())
    assert replayed_totals(server, table["table"], tmp_path) == totals
    sheet = SheetGame.from_json(server.get(f"/api/tables/{table['table']}/sheet"))
    assert list(sheet.totals) == totals and list(sheet.players) == ["Ann", "Bob", "Cy", "Di"]
    # docs/server.md, A table's life: a table that is over is archived, listed no more, and stays readable.
    assert table["table"] not in {t["table"] for t in server.get("/api/tables?size=100")["tables"]}
    assert server.get(f"/api/tables/{table['table']}")["status"] == "over"


def test_french_custom_game_of_five_two_people_and_three_bots(server: ServerProcess, tmp_path: Path) -> None:
    """docs/rules.md section 3, custom mode: the owner picks the contracts and
    their variants, the server writes the house file; two people and three
    bots play it through."""
    choices = {"mode": "custom", "picks": ["Maxi", {"name": "Without hearts", "suit": "S"},
                                           {"name": "Trumps", "optional_overtrump": True}]}
    table = server.post("/api/tables", {"spec": "french-classic", "choices": choices, "seed": 9,
                                        "seats": ["human", "strong", "human", "rules", "random"]})
    house = table["house"]
    assert "extends: french-classic" in house and "Without spades" in house and "mode: custom" in house
    seats = [server.seat(table, 0), server.seat(table, 2)]
    play_until_over(seats, chooser(9), timeout=400)
    detail = server.get(f"/api/tables/{table['table']}")
    assert detail["players"] == 5 and detail["hands"] == 15
    contracts = {event["contract"] for event in seats[0].events.values() if event["type"] == "contract"}
    assert contracts == {"Maxi", "Without spades", "Trumps"}
    trumps = [event for event in seats[0].events.values() if event["type"] == "contract" and event["trump"]]
    assert trumps and all(event["trump"] in C.SUIT_LETTERS for event in trumps)
    for seat in seats:
        assert seat.over is not None and seat.over["totals"] == detail["totals"]
        assert_private(seat)
    assert replayed_totals(server, table["table"], tmp_path) == detail["totals"]
    sheet = SheetGame.from_json(server.get(f"/api/tables/{table['table']}/sheet"))
    assert list(sheet.totals) == detail["totals"]


def test_the_server_says_the_pot_and_the_payments(server: ServerProcess) -> None:
    """docs/rules.md section 6, "A pot" and "Payments by place"; docs/server.md:
    each hand_ends of a game with a pot says what each seat collected and what
    the pot holds after; the game_ends says what each place receives."""
    from barbu_dsl.runtime.scoring import payouts

    text = (Path(__file__).parent.parent / "table" / "tiny-pot.yaml").read_text(encoding="utf-8").replace(
        "pot: no points}", "pot: no points, payout: [3, 1, −1, −3]}")
    table = server.post("/api/tables", {"spec_text": text, "seats": ["human", "random", "random", "random"],
                                        "seed": 2})
    seat = server.seat(table, 0)
    play_until_over([seat], chooser(2))
    messages = [m for m in seat.messages if m["type"] == "event"]
    ends = [m for m in messages if m["event"]["type"] == "hand_ends"]
    assert len(ends) == 8
    held, totals = 0, [0, 0, 0, 0]
    for message in ends:
        event, pot = message["event"], message["pot"]
        held -= sum(event["final"])  # what the hand took goes into the pot
        assert sum(pot["collected"]) + pot["left"] == held
        assert all(amount == 0 for amount, score in zip(pot["collected"], event["final"]) if score)
        assert [t + f + c for t, f, c in zip(totals, event["final"], pot["collected"])] == event["totals"]
        held, totals = pot["left"], event["totals"]
    assert any(any(m["pot"]["collected"]) for m in ends), "nobody took the pot: choose another seed"
    (game_ends,) = [m for m in messages if m["event"]["type"] == "game_ends"]
    assert game_ends["payouts"] == list(payouts(totals, (3, 1, -1, -3), False))
    assert not any("pot" in m or "payouts" in m for m in messages if m not in ends and m is not game_ends)
