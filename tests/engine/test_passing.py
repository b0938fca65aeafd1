"""docs/rules.md section 6, Passing: every seat gives its cards before the
doubling and the play, the cards are exchanged at once, the views show a
seat what it gave and received and nothing else, and the records keep the
passes for the replay."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from barbu_dsl import cards as C
from barbu_dsl.engine import AnswerError, GameState, replay_record
from barbu_dsl.language import load_spec, parse_spec

HEARTS = load_spec("hearts")
THREE = parse_spec("name: three\nplayers: 3\ndoubling: false\npassing: {cards: 2, cycle: [right, left]}\n"
                   "contracts:\n  No hearts: −1 per ♥\n", "three")


def give_all(state: GameState, rng: random.Random) -> None:
    """Answer every give decision of the hand at random, checking privacy on the way."""
    while (decision := state.pending()) is not None and decision.kind == "give":
        for seat in range(state.players):
            view = state.view(seat)
            assert view["passing"]["received"] is None
            for other in range(state.players):
                if other != seat:  # another seat's given cards are never shown before the exchange
                    theirs = set(state.view(other)["passing"]["given"])
                    assert not theirs & set(json.dumps(view).replace('"', " ").split())
                    shown = {e.event.get("card") for e in state.events_for(seat) if e.event["type"] == "give"}
                    assert not theirs & shown
        state.apply(rng.choice(decision.options))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), spec=st.sampled_from([HEARTS, THREE]))
def test_passing_keeps_the_deck_and_the_hand_sizes(seed: int, spec) -> None:
    """docs/rules.md section 6, Passing: after the exchange every seat holds
    as many cards as it was dealt, the deck is unchanged, each seat holds
    what it kept and what it received, and it sees what it gave and
    received and nothing of what the others gave each other."""
    rng = random.Random(seed)
    state = GameState.new(spec, seed=seed)
    dealt = [tuple(state.seat_view(seat).cards) for seat in range(state.players)]
    direction = spec.passing.direction(0)
    give_all(state, rng)
    after = [state.seat_view(seat).cards for seat in range(state.players)]
    assert [len(cards) for cards in after] == [len(cards) for cards in dealt]
    assert sorted(c for cards in after for c in cards) == sorted(c for cards in dealt for c in cards)
    players = state.players
    step = {"left": 1, "right": -1, "across": players // 2}[direction]
    for seat in range(players):
        view = state.seat_view(seat)
        giver = (seat - step) % players
        assert view.received == tuple(state.seat_view(giver).given)
        assert set(after[seat]) == (set(dealt[seat]) - set(view.given)) | set(view.received)
        assert len(view.given) == spec.passing.cards
        seen = {card for event in state.events_for(seat) for card in
                ([event.event.get("card")] if event.event["type"] == "give" else
                 [*event.event.get("given", ()), *event.event.get("received", ())])}
        assert seen - {None} <= {C.CARD_STRS[c] for c in (*view.given, *view.received)}
        assert {C.CARD_STRS[c] for c in view.given} <= seen
    text = state.to_json()
    assert GameState.from_json(text).to_json() == text


def test_a_card_not_held_cannot_be_given() -> None:
    """docs/rules.md section 6, Passing: a seat gives one of its own cards, once."""
    state = GameState.new(HEARTS, seed=1)
    decision = state.pending()
    assert decision is not None and decision.kind == "give"
    mine = decision.options
    foreign = next(card for card in C.CARD_STRS if card not in mine)
    with pytest.raises(AnswerError):
        state.apply(foreign)
    state.apply(mine[0])
    again = state.pending()
    assert again is not None and again.seat == decision.seat and mine[0] not in again.options


def test_the_fourth_hand_holds_and_a_record_without_passes_replays() -> None:
    """docs/rules.md section 4 and section 6, Passing: Hearts passes left,
    right, across, then holds; a held hand has no passes in its record."""
    rng = random.Random(5)
    state = GameState.new(HEARTS, seed=5)
    directions = []
    while (decision := state.pending()) is not None:
        if decision.kind == "give":
            directions.append(state.view(decision.seat)["passing"]["direction"])
        state.apply(rng.choice(decision.options))
    assert list(dict.fromkeys(directions)) == ["left", "right", "across"]
    records = state.records()
    assert ["passes" in record for record in records] == [True, True, True, False]
    for record, hand in zip(records, state.hands, strict=True):
        assert replay_record(HEARTS, record)["final"] == list(hand.final)


def _played_record() -> dict:
    rng = random.Random(2)
    state = GameState.new(HEARTS, seed=2)
    while state.number == 0:
        decision = state.pending()
        assert decision is not None
        state.apply(rng.choice(decision.options))
    return state.records()[0]


@pytest.mark.parametrize(("change", "reason"), [
    (lambda r: r["passes"].update(direction="sideways"), "unknown pass direction"),
    (lambda r: r["passes"]["cards"][0].pop(), "seat 0 passes 2 cards, not 3"),
    (lambda r: r["passes"]["cards"][1].__setitem__(0, r["hands"][0][0]), "which it was not dealt"),
    (lambda r: r["passes"].update(direction="hold"), "illegal_play"),
])
def test_wrong_passes_are_refused(change, reason: str) -> None:
    """docs/records.md: passes that do not fit the deal or the spec are a
    bad record; a record whose passes are left out plays cards not held."""
    record = copy.deepcopy(_played_record())
    assert "error" not in replay_record(HEARTS, record)
    change(record)
    error = replay_record(HEARTS, record)["error"]
    assert reason in (error.get("reason", "") if reason != "illegal_play" else error["kind"])


def test_the_variant_without_passing_plays_as_dealt() -> None:
    """docs/rules.md section 4: hearts+no-passing is Hearts as it was bundled before passing."""
    spec = load_spec("hearts+no-passing")
    state = GameState.new(spec, seed=3)
    decision = state.pending()
    assert decision is not None and decision.kind == "card"
    record = _played_record()
    assert replay_record(spec, record)["error"]["reason"].startswith("wrong passes: the spec does not pass")


def test_the_strong_bot_knows_where_its_passed_cards_went() -> None:
    """Every deal the strong bot imagines puts the cards it passed in the
    receiver's hand while they are unplayed, before play and in play."""
    from barbu_dsl.engine.sampling import draw, knowledge, with_passed

    state = GameState.new(HEARTS, players=4, seed=5)
    rng = random.Random(5)
    while (decision := state.pending()) is not None and decision.kind != "card":
        state.apply(rng.choice(decision.options))
    for _ in range(6):  # the first tricks, each seat's view at its turn
        decision = state.pending()
        assert decision is not None and decision.kind == "card"
        view = state.seat_view(decision.seat)
        assert view.passing is not None and view.received is not None and len(view.given) == 3
        receiver = view.passing.receiver(view.seat)
        hand = view.public
        assert hand is not None
        known = with_passed(knowledge(hand, view.seat, view.mine), receiver, view.given)
        unplayed = [card for card in view.given if known.unseen >> card & 1]
        for _ in range(20):
            deal = draw(known, rng)
            assert all(deal[receiver] >> card & 1 for card in unplayed)
        state.apply(rng.choice(decision.options))
