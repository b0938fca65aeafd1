"""A person who loses the connection gets the seat back with the same link,
with everything missed; a stand-in bot plays for them meanwhile when the
owner says so (docs/server.md)."""

from __future__ import annotations

import time

from server.helpers import Seat, ServerProcess, first_option, play_until_over


def answer_some(seat: Seat, count: int, others: tuple[Seat, ...] = ()) -> None:
    """Every seat answers its decisions with their first option until
    ``seat`` has answered ``count``."""
    answered = [0]

    def choose(who: Seat, decision: dict) -> object:
        if who is seat:
            answered[0] += 1
        return first_option(who, decision)

    play_until_over([seat, *others], choose, stop=lambda: answered[0] >= count)


def answer_while_asked(seat: Seat, quiet: float = 1.0) -> int:
    """Answer ``seat``'s decisions until none comes for ``quiet`` seconds; how many."""
    answered = 0
    while True:
        try:
            seat.until(lambda s: s.decision is not None, timeout=quiet)
        except AssertionError:
            return answered
        seat.answer(first_option(seat, seat.decision))  # type: ignore[arg-type]
        answered += 1


def leave(seat: Seat) -> int:
    """The seat closes its connection; the last event it had."""
    seat.drain()
    seat.close()
    return max(seat.events)


def test_reconnection_sends_what_was_missed_and_nothing_twice(server: ServerProcess) -> None:
    table = server.post("/api/tables", {"spec": "bouillabaisse", "seats": ["human", "rules", "human", "random"],
                                        "seed": 4})
    ann, carla = server.seat(table, 0), server.seat(table, 2)
    answer_some(ann, 3, (carla,))
    seen = leave(ann)
    answer_while_asked(carla)  # until the game waits for Ann
    back = server.seat(table, 0, after=seen)
    back.until(lambda s: s.view is not None)
    back.drain()
    assert back.seated is not None and back.seated["seat"] == 0
    assert min(back.events) > seen, "nothing already received is sent again"
    missed = set(back.events)
    fresh = server.seat(table, 0)  # a new connection without "after" gets the whole game: the same events
    fresh.until(lambda s: s.view is not None)
    fresh.drain()
    assert {n: e for n, e in fresh.events.items() if n > seen} == {n: back.events[n] for n in missed}
    assert set(ann.events) | missed == set(fresh.events)
    play_until_over([fresh, carla], first_option)
    resumed = server.seat(table, 2)
    resumed.send({"type": "resume", "after": max(carla.events) - 3})
    resumed.until(lambda s: len([m for m in s.messages if m["type"] == "event"]) >= len(carla.events) + 3)
    assert resumed.over is not None and resumed.over == carla.over


def test_a_stand_in_plays_for_an_absent_person_until_they_return(server: ServerProcess) -> None:
    table = server.post("/api/tables", {"spec": "bouillabaisse", "seats": ["human", "human", "rules"], "seed": 8,
                                        "absent_after": 0.3})
    ann, bruno = server.seat(table, 0), server.seat(table, 1)
    answer_some(ann, 2, (bruno,))
    seen = leave(ann)
    deadline = time.monotonic() + 60
    played_for_ann = False
    while not played_for_ann:  # Bruno plays on; the stand-in answers for Ann
        assert time.monotonic() < deadline
        try:
            bruno.receive(0.2)
        except TimeoutError:
            pass
        if bruno.decision is not None:
            bruno.answer(first_option(bruno, bruno.decision))
        played_for_ann = any(e["type"] == "card" and e["seat"] == 0 and n > seen for n, e in bruno.events.items())
    table_state = server.get(f"/api/tables/{table['table']}")
    assert table_state["status"] == "playing"
    back = server.seat(table, 0, after=seen)
    back.until(lambda s: any(m["type"] == "table" and not m["seats"][0]["standing"] for m in s.messages))
    play_until_over([back, bruno], first_option)
    mine = [e for n, e in back.events.items() if e["type"] == "card" and e["seat"] == 0]
    assert mine, "Ann played again once back"


def test_the_owner_starts_with_bots_pauses_and_ends(server: ServerProcess) -> None:
    table = server.post("/api/tables", {"spec": "bouillabaisse", "seats": ["human", "human", "human"], "seed": 2})
    owner = table["owner"]
    ann = server.seat(table, 0)
    ann.until(lambda s: s.seated is not None)
    assert server.get(f"/api/tables/{table['table']}")["status"] == "waiting"
    started = server.post(f"/api/tables/{table['table']}/start", {"bot": "random"}, owner=owner)
    assert started["status"] == "playing" and [s["standing"] for s in started["seats"]] == [False, True, True]
    answer_some(ann, 2)
    paused = server.post(f"/api/tables/{table['table']}/pause", owner=owner)
    assert paused["paused"] is True
    ann.drain()
    if ann.decision is not None:
        ann.send({"type": "answer", "id": ann.decision["id"], "answer": ann.decision["options"][0]})
        ann.until(lambda s: bool(s.errors))
        assert ann.errors[-1]["code"] == "paused"
    server.post(f"/api/tables/{table['table']}/seats/1", {"bot": "strong"}, owner=owner)
    server.post(f"/api/tables/{table['table']}/resume", owner=owner)
    answer_some(ann, 1)
    ended = server.post(f"/api/tables/{table['table']}/end", owner=owner)
    assert ended["status"] == "over" and ended["ended"] is True
    ann.until(lambda s: s.over is not None)
    assert ann.over is not None and ann.over.get("ended") is True
    status, _ = server.request("POST", f"/api/tables/{table['table']}/pause", {}, owner=owner)
    assert status == 409
