"""The game plan followed hand by hand (docs/rules.md sections 2, 3 and 6):
whose turn it is and what they may choose, for the schedules of the wider
family: contracts played more than once, one list shared by the table with
per-player quotas, fixed series, play passing to the right."""

from __future__ import annotations

from collections import Counter

import pytest

from barbu_dsl.compiled import game_plan, in_turn, next_seat, plan_turn, seat_after, seat_before
from barbu_dsl.language import load_spec, parse_spec

KING = load_spec("king")


def names(turn) -> list[str]:
    return [c.name for c in turn.options]


def test_seating_clockwise_and_anticlockwise() -> None:
    """docs/rules.md section 1: seat i+1 is on seat i's left; section 6: an
    anticlockwise game passes every turn to the right."""
    assert seat_after(4) == (1, 2, 3, 0)
    assert seat_after(4, "anticlockwise") == (3, 0, 1, 2)
    assert in_turn(1, 4, "anticlockwise") == (1, 0, 3, 2)
    assert next_seat(0, 2) == 1 and seat_before(0, 4, "anticlockwise") == 1


def test_king_shared_list_keeps_every_quota() -> None:
    """docs/rules.md section 6: King's twenty deals; each penalty twice, and
    each player chooses Trumps exactly twice; the choice passes to the right."""
    plan = game_plan(KING, 4)
    assert (plan.hands, plan.per_player, plan.lists) == (20, 20, "shared")
    assert dict(plan.quotas) == {"trumps": 2}
    hands: list[tuple[str, int]] = []
    first = 2
    while True:
        turn = plan_turn(plan, hands, first=first if not hands else None)
        if turn.over:
            break
        if hands:
            assert turn.declarer == (hands[-1][1] - 1) % 4  # to the right
        # The worst chooser: a penalty whenever it may, so the quota is forced at the end.
        options = names(turn)
        choice = next((n for n in options if n != "Trumps"), "Trumps")
        hands.append((choice, turn.declarer))  # type: ignore[arg-type]
    assert len(hands) == 20
    assert Counter(name for name, _ in hands) == Counter({"Trumps": 8, **{c.name: 2 for c in KING.contracts
                                                                         if c.name != "Trumps"}})
    for seat in range(4):
        assert Counter(name for name, s in hands if s == seat)["Trumps"] == 2


def test_king_quota_forces_and_forbids() -> None:
    """A chooser who owes Trumps and has no hand to spare must choose it; one
    who has chosen it twice may not choose it again (docs/rules.md section 6)."""
    plan = game_plan(KING, 4)
    # Seats choose in the order 0, 3, 2, 1 (to the right); seat 0 at hands 0, 4, 8, 12 and 16.
    chosen = ["No tricks", "Trumps", "Trumps", "Trumps", "No hearts", "Trumps", "Trumps", "Trumps", "No males",
              "No tricks", "No hearts", "No males"]
    hands = [(name, [0, 3, 2, 1][i % 4]) for i, name in enumerate(chosen)]
    turn = plan_turn(plan, hands)  # seat 0: three penalties chosen, two hands left, Trumps owed twice
    assert turn.declarer == 0 and names(turn) == ["Trumps"]
    early = [("Trumps", 0), ("No tricks", 3), ("No tricks", 2), ("No hearts", 1), ("Trumps", 0), ("No hearts", 3),
             ("No males", 2), ("No males", 1)]
    turn = plan_turn(plan, early)  # seat 0 has chosen Trumps twice
    assert turn.declarer == 0 and "Trumps" not in names(turn)
    assert names(turn) == ["No queens", "No last two", "Rıfkı"]  # each penalty at most twice


def test_shared_rubbers_of_three_handed_barbu() -> None:
    """docs/rules.md section 6: leaver-3p shares one list of the seven
    contracts per rubber; the choice moves left every hand; three rubbers."""
    plan = game_plan(load_spec("leaver-3p"), 3)
    assert (plan.per_player, plan.hands) == (7, 21)
    hands: list[tuple[str, int]] = []
    for number in range(21):
        turn = plan_turn(plan, hands, first=1 if number == 0 else None)
        played = {name for name, _ in hands[number - number % 7:]}
        assert set(names(turn)) == {c.name for c in plan.pool} - played
        hands.append((names(turn)[-1], turn.declarer))  # type: ignore[arg-type]
    assert [seat for _, seat in hands[:4]] == [1, 2, 0, 1]
    assert plan_turn(plan, hands).over


@pytest.mark.parametrize("chooser", ["declarer-series", "fixed-series"])
def test_series_with_a_contract_played_twice(chooser: str) -> None:
    """A series holds a contract as often as it is played (``times``, or
    listed twice in a fixed series); the series passes to the next seat."""
    if chooser == "fixed-series":
        text = "game: {chooser: fixed-series, order: [A, B, A]}\ncontracts:\n  A: −2 per trick\n  B: −2 per ♥\n"
    else:
        text = "contracts:\n  A: {rules: −2 per trick, times: 2}\n  B: −2 per ♥\n"
    plan = game_plan(parse_spec(text), 4)
    assert (plan.per_player, plan.hands) == (3, 12)
    first = plan_turn(plan, [], first=0)
    assert sorted(names(first)) == (["A"] if chooser == "fixed-series" else ["A", "B"])
    after_a = plan_turn(plan, [("A", 0)])
    assert names(after_a) == (["B"] if chooser == "fixed-series" else ["A", "B"])
    after_aa = plan_turn(plan, [("A", 0), ("B", 0)])
    assert names(after_aa) == ["A"] and after_aa.declarer == 0
    assert plan_turn(plan, [("A", 0), ("B", 0), ("A", 0)]).declarer == 1


def test_hands_by_player_count() -> None:
    """docs/rules.md section 6: a number of deals that depends on the player count."""
    read = parse_spec("players: 3-4\ngame: {chooser: rotating, hands: {3: 9, 4: 20}}\ncontracts:\n  A: −2 per trick\n")
    assert (game_plan(read, 3).hands, game_plan(read, 4).hands) == (9, 20)
