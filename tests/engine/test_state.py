"""The game as a state of pending decisions (barbu_dsl.engine.GameState),
tested as OpenSpiel tests its games.

A random simulation plays a whole game of every bundled spec and variant at
every player count it allows, answering each decision with a random
option, and checks at every step: the options are non-empty and in their
order (cards as docs/records.md orders them, ``pass`` alone; suits ♣ ♦ ♥ ♠;
ranks 2 to A; the contracts of the schedule; doubles fewest first); an
answer that is not an option is refused and changes nothing; no seat's view
or events hold a card another seat still holds (docs/rules.md section 1: a
player sees their own cards and what is played); ``to_json`` →
``from_json`` gives the same game, byte for byte.  At the end, the hand
records replay (docs/records.md) to the game's totals.  Hypothesis checks
the same invariants from random seeds, answers and refused answers.
Scripted scenarios check the decisions of docs/game.md on fixed seeds.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from barbu_dsl import cards as C
from barbu_dsl.bots import make_bots
from barbu_dsl.engine import AnswerError, GameFileError, GameState, play, play_game, replay_record
from barbu_dsl.engine.state import Decision
from barbu_dsl.language import load_spec
from barbu_dsl.resources import bundled_spec_names

NAMES = [name for base in bundled_spec_names()
         for name in (base, *(f"{base}+{overlay.name}" for overlay in load_spec(base).overlays))]
SPECS = {name: load_spec(name) for name in NAMES}
CASES = [(name, players) for name in NAMES for players in SPECS[name].players]
RANK_ORDER = tuple(C.RANK_LETTERS[rank] for rank in C.RANKS)
JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers(-60, 60) | st.text(max_size=4),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner,
                                                                                          max_size=2),
                           max_leaves=6)


def card_strings(value: Any) -> Iterator[str]:
    """Every card written anywhere in a JSON value."""
    if isinstance(value, str):
        if value in C.CARD_INDEX:
            yield value
    elif isinstance(value, list):
        for item in value:
            yield from card_strings(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from card_strings(item)


def check_options(state: GameState, decision: Decision) -> None:
    """Non-empty, in their documented order (docs/game.md)."""
    options = decision.options
    assert options, decision
    kind = decision.kind
    if kind == "card":
        assert options == ("pass",) or (
            all(option in C.CARD_INDEX for option in options)
            and [C.CARD_INDEX[option] for option in options] == sorted({C.CARD_INDEX[option] for option in options}))
        view = state.seat_view(decision.seat)
        assert options == ("pass",) or {C.CARD_INDEX[option] for option in options} <= set(view.cards)
    elif kind == "double":
        assert options[0] == []
        keys = [(len(option), option) for option in options]
        assert keys == sorted(keys) and all(option == sorted(set(option)) for option in options)
        assert decision.seat not in {seat for option in options for seat in option}
    elif kind == "trump":
        assert options == tuple(C.SUIT_LETTERS)
    elif kind == "start_rank":
        assert options == RANK_ORDER
    elif kind == "give":  # docs/rules.md section 6, Passing: the seat's cards not yet given, in card order
        view = state.seat_view(decision.seat)
        assert options == tuple(C.CARD_STRS[c] for c in view.cards) and not set(view.given) & set(view.cards)
    else:
        assert kind == "contract" and len(set(options)) == len(options) >= 2
        assert set(options) <= {contract.name for contract in state.spec.contracts}


def not_an_option(decision: Decision, rng: random.Random) -> Any:
    """An answer of the decision's kind that is not one of its options."""
    kind, options = decision.kind, decision.options
    if kind == "card":
        others = [card for card in (*C.CARD_STRS, "pass") if card not in options]
        return rng.choice([*others, C.CARD_INDEX.get(options[0], -1), options[0].swapcase()])
    if kind == "double":
        return rng.choice([[decision.seat], [99], list(reversed(options[-1])) if len(options[-1]) > 1 else [-1],
                           options[-1] + options[-1][:1], "[]", True])
    if kind == "contract":
        return rng.choice(["No such contract", options[0].upper() + "!", 0])
    return rng.choice(["X", "10", "c", 3, None])


def fingerprint(state: GameState) -> tuple[Any, ...]:
    """What a refused answer must leave as it was: the answers, the events,
    the decision and the deciding seat's view (the whole game is compared
    with ``to_json`` at the round trips)."""
    decision = state.pending()
    seat = 0 if decision is None else decision.seat
    return (state.answers, None if decision is None else decision.to_json(), len(state.events), state.view(seat),
            state.totals)


def check_privacy(state: GameState) -> None:
    """No seat is shown a card another seat still holds, in its view or its
    events, except those it passed to them (docs/rules.md section 6, Passing)."""
    held = [{C.CARD_STRS[c] for c in state.seat_view(seat).cards} for seat in range(state.players)]
    given = [{C.CARD_STRS[c] for c in state.seat_view(seat).given} for seat in range(state.players)]
    for seat in range(state.players):
        others = set().union(*(held[other] for other in range(state.players) if other != seat)) - given[seat]
        view = state.view(seat)
        assert json.loads(json.dumps(view)) == view  # JSON-ready
        assert not set(card_strings(view)) & others, (seat, set(card_strings(view)) & others)
    events = state.events
    begins = max(event.n for event in events if event.event["type"] == "hand_begins")
    for seat in range(state.players):  # the events of the hand being played (an earlier deal's cards are dealt again)
        others = set().union(*(held[other] for other in range(state.players) if other != seat)) - given[seat]
        seen = [event.event for event in state.events_for(seat, begins - 1)]
        assert not set(card_strings(seen)) & others


def check_round_trip(state: GameState) -> None:
    text = state.to_json()
    again = GameState.from_json(text)
    assert again.to_json() == text
    assert [again.view(seat) for seat in range(state.players)] == [state.view(seat) for seat in range(state.players)]
    assert [event.to_json() for event in again.events] == [event.to_json() for event in state.events]


def check_end(state: GameState) -> None:
    assert state.over and state.pending() is None
    totals = [0] * state.players
    for record in state.records():
        replayed = replay_record(state.spec, record)
        assert "error" not in replayed, replayed
        totals = [total + final for total, final in zip(totals, replayed["final"])]
    assert tuple(totals) == state.totals
    assert state.events[-1].event == {"type": "game_ends", "totals": list(state.totals),
                                      "winners": list(state.winners)}
    with pytest.raises(AnswerError, match="the game is over"):
        state.apply("2C")


def step(state: GameState, rng: random.Random, answer: Any = None) -> None:
    """Check the pending decision, refuse an answer not among its options, then answer it."""
    decision = state.pending()
    assert decision is not None
    check_options(state, decision)
    wrong = not_an_option(decision, rng)
    before = fingerprint(state)
    with pytest.raises(AnswerError) as refused:
        state.apply(wrong)
    assert f"seat {decision.seat}'s {decision.kind} decision" in str(refused.value)
    assert fingerprint(state) == before
    state.apply(rng.choice(decision.options) if answer is None else answer)


@pytest.mark.parametrize(("name", "players"), CASES)
def test_random_simulation(name: str, players: int) -> None:
    """A whole game answered at random, every invariant checked at every
    step (the round trip at a few of them: each replays the whole game)."""
    rng = random.Random(f"{name}/{players}")
    state = GameState.new(SPECS[name], players=players, seed=rng.randrange(1000))
    trips = set(rng.sample(range(30 * players * 8), 3))
    count = 0
    while not state.over:
        if count % 11 == 0:
            check_privacy(state)
        if count in trips:
            check_round_trip(state)
        step(state, rng)
        count += 1
    check_privacy(state)
    check_round_trip(state)
    check_end(state)


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(CASES), st.integers(0, 2**32), st.data())
def test_invariants_from_random_seeds_and_answers(case: tuple[str, int], seed: int, data: st.DataObject) -> None:
    """Hypothesis draws the seed, every answer and the answers refused (any
    JSON value that is not an option): the same invariants, over the
    first decisions of a game."""
    name, players = case
    state = GameState.new(SPECS[name], players=players, seed=seed)
    for _ in range(data.draw(st.integers(1, 120), label="decisions")):
        decision = state.pending()
        if decision is None:
            break
        check_options(state, decision)
        wrong = data.draw(JSON_VALUES, label="refused")
        if wrong not in decision.options:
            before = fingerprint(state)
            with pytest.raises(AnswerError) as checked:
                state.check(wrong)
            with pytest.raises(AnswerError) as refused:
                state.apply(wrong)
            assert str(checked.value) == str(refused.value), "check says what apply says"
            assert fingerprint(state) == before
        answer = decision.options[data.draw(st.integers(0, len(decision.options) - 1), label="answer")]
        state.check(answer)  # docs/game.md: what check takes, apply takes
        state.apply(answer)
    check_privacy(state)
    check_round_trip(state)


# --------------------------------------------------------------------------
# Scenarios on fixed seeds.


TOURNAMENT = SPECS["tournament"]


def test_bots_play_the_same_game_through_the_state() -> None:
    """``play_game`` is the state driven by bots: the same records as
    answering each decision by hand with the same bots."""
    bots = make_bots(["rules", "random", "strong", "rules"], 4, 7, think=0.05)
    expected = play_game(TOURNAMENT, bots, seed=7)
    state = GameState.new(TOURNAMENT, seed=7)
    play(state, make_bots(["rules", "random", "strong", "rules"], 4, 7, think=0.05))
    assert state.records() == expected.records() and state.totals == expected.totals


def test_a_hand_begins_with_one_deal_event_per_seat() -> None:
    """The deal is a chance event: each seat is told its own cards, and only them."""
    state = GameState.new(TOURNAMENT, seed=3)
    events = [event for event in state.events if event.event["type"] == "deal"]
    assert [event.seats for event in events] == [(0,), (1,), (2,), (3,)]
    assert [event.event["cards"] for event in events] == [state.view(seat)["cards"] for seat in range(4)]
    assert state.events[0].event == {"type": "hand_begins", "hand": 1, "hands": 28, "declarer": 0, "dealer": 3,
                                     "target": None}
    assert state.events_for(1) == [state.events[0], events[1]]


def test_the_declarer_chooses_among_the_contracts_left() -> None:
    """docs/rules.md section 2: the declarer chooses each contract of the series
    once; the last one left is announced without a question."""
    state = GameState.new(TOURNAMENT, seed=3)
    names = [contract.name for contract in TOURNAMENT.contracts]
    chosen = []
    while len(chosen) < 6:
        decision = state.pending()
        assert decision is not None
        if decision.kind == "contract":
            assert list(decision.options) == [name for name in names if name not in chosen]
            chosen.append(decision.options[-1])
        state.apply(decision.options[-1] if decision.kind == "contract" else decision.options[0])
    while state.number < 7:
        decision = state.pending()
        assert decision is not None and decision.kind != "contract"
        state.apply(decision.options[0])
    assert state.hands[6].contract == names[0] and state.hands[6].options == (names[0],)


def test_trumps_are_named_after_the_contract_and_announced_together() -> None:
    """docs/rules.md section 2, Trumps: the declarer names the trump suit; the
    announcement (one event) says the contract and the suit."""
    state = GameState.new(TOURNAMENT, seed=3)
    state.apply("Trumps")
    decision = state.pending()
    assert decision is not None and (decision.seat, decision.kind, decision.options) == (0, "trump", ("C", "D", "H", "S"))
    assert state.view(0)["contract"] == "Trumps" and state.view(1)["contract"] is None
    state.apply("H")
    assert state.events[-1].event == {"type": "contract", "seat": 0, "contract": "Trumps", "trump": "H",
                                      "start_rank": None}
    assert state.view(2)["trump"] == "H"


def test_doubles_are_sets_of_seats() -> None:
    """docs/rules.md section 2, Doubling: in a positive contract only the
    declarer may be doubled; the declarer redoubles those who doubled them;
    under declarer-only doubling the redouble covers them all or none
    (variant 3)."""
    state = GameState.new(TOURNAMENT, seed=3)
    state.apply("Trumps")
    state.apply("H")
    decision = state.pending()
    assert decision is not None and (decision.seat, decision.kind, decision.options) == (1, "double", ([], [0]))
    for answer in ([0], [], [0]):
        state.apply(answer)
    decision = state.pending()
    assert decision is not None and decision.seat == 0
    assert decision.options == ([], [1], [3], [1, 3])
    assert state.seat_view(0).offer is not None and state.seat_view(0).offer.redouble

    only = GameState.new(SPECS["tournament+declarer-only-doubles"], seed=3)
    only.apply("No tricks")
    for answer in ([0], [0], []):
        only.apply(answer)
    decision = only.pending()
    assert decision is not None and decision.options == ([], [1, 2])
    with pytest.raises(AnswerError, match=r"\[1\] is not an option of seat 0's double decision"):
        only.apply([1])


def test_a_forced_card_is_still_asked_and_a_pass_is_an_option() -> None:
    """Every card is a decision, even with one legal card; in domino a
    player with nothing that fits passes (docs/rules.md section 2, Domino)."""
    state = GameState.new(TOURNAMENT, seed=3)
    state.apply("Domino")
    state.apply("7")
    while state.pending() is not None and state.pending().kind == "double":  # type: ignore[union-attr]
        state.apply([])
    seen = set()
    rng = random.Random(1)
    while state.number == 0:
        decision = state.pending()
        assert decision is not None
        seen.add(len(decision.options) if decision.options != ("pass",) else "pass")
        state.apply(rng.choice(decision.options))
    assert "pass" in seen and 1 in seen


def test_the_lab_plays_hands_in_one_go_to_the_same_records() -> None:
    """A hand played out in one go (the lab's random hands) is recorded as
    its answers: loading the game replays them through the engine."""
    from barbu_dsl.lab.backend import play_out

    state = GameState.new(TOURNAMENT, seed=5, play_out=play_out(TOURNAMENT, "python"))
    play(state, make_bots(["random"], 4, 5))
    again = GameState.from_json(state.to_json())
    assert again.records() == state.records() and again.totals == state.totals


def test_a_game_file_that_does_not_load_says_why() -> None:
    state = GameState.new(TOURNAMENT, seed=3, names=["Ann", "Bob", "Cy", "Di"])
    data = json.loads(state.to_json())
    assert data["names"] == ["Ann", "Bob", "Cy", "Di"] and data["answers"] == []
    for damaged, message in [
        ("[]", "not a saved game"),
        ("{", "not a saved game"),
        (json.dumps({**data, "version": 2}), "another version"),
        (json.dumps({**data, "answers": ["Nope"]}), "its answer 1 does not replay"),
        (json.dumps({**data, "players": 5}), "played by 4 players, not 5"),
        (json.dumps({**data, "seed": 1.5}), "its seed is not"),
        (json.dumps({**data, "spec_text": "name: [x"}), "its copy of the spec does not read"),
    ]:
        with pytest.raises(GameFileError, match=message):
            GameState.from_json(damaged)
