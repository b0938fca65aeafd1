"""docs/rules.md section 6, Packs, decks and player counts: with
``leftover: dealer discards`` the cards that do not deal out evenly are
dealt to the dealer, who discards as many face down once the contract is
announced; nobody else sees them, nobody takes them, the hand is played
with equal hands, and the records keep the discards for every replay."""

from __future__ import annotations

import copy
import json
import random

import pytest

from barbu_dsl import cards as C
from barbu_dsl.bots import make_bots
from barbu_dsl.compiled import hand_totals
from barbu_dsl.engine import AnswerError, GameState, replay_record
from barbu_dsl.engine.game import play
from barbu_dsl.language import parse_spec

TEXT = ("name: d\nplayers: 3-5\ndoubling: false\nleftover: dealer discards\ncontracts:\n"
        "  Hearts: −1 per ♥, Q♠ −13\n  Opening: 2♣ leads, −2 per trick\n")
SPEC = parse_spec(TEXT, "d")


def to_discards(state: GameState, rng: random.Random) -> None:
    """Answer every decision before the dealer's discards."""
    while (decision := state.pending()) is not None and decision.kind != "give":
        state.apply(rng.choice(decision.options))


@pytest.mark.parametrize(("players", "extra"), [(3, 1), (5, 2)])
def test_the_dealer_gets_the_cards_left_over_and_discards_them_unseen(players: int, extra: int) -> None:
    """Section 6: the dealer holds ``extra`` cards more, discards them one
    at a time; nobody else sees them; the hand is played with equal hands."""
    state = GameState.new(SPEC, players=players, seed=3)
    rng = random.Random(3)
    dealer = state.seat_view(0).dealer
    to_discards(state, rng)
    sizes = [len(state.seat_view(seat).cards) for seat in range(players)]
    each = 52 // players
    assert sizes == [each + extra if seat == dealer else each for seat in range(players)]
    discarded = []
    while (decision := state.pending()) is not None and decision.kind == "give":
        assert decision.seat == dealer
        with pytest.raises(AnswerError):
            state.apply("XX")
        card = rng.choice(decision.options)
        state.apply(card)
        discarded.append(card)
    assert len(discarded) == extra
    for seat in range(players):
        view = state.view(seat)
        assert view["passing"]["direction"] == "discard" and view["passing"]["received"] == []
        seen = json.dumps([view, [e.event for e in state.events_for(seat)]])
        if seat != dealer:
            assert not any(f'"{card}"' in seen.split("hand_ends")[0] for card in discarded
                           if C.CARD_INDEX[card] not in state.seat_view(seat).dealt)
    assert [len(state.seat_view(seat).cards) for seat in range(players)] == [each] * players
    assert not {C.CARD_INDEX[c] for c in discarded} & set(state.seat_view(dealer).cards)


@pytest.mark.parametrize("bots", [("random",) * 3, ("rules",) * 3])
def test_bots_play_whole_games_and_every_record_replays(bots: tuple[str, ...]) -> None:
    """Section 6: every hand is recorded with the hands as dealt and the
    discards; every replay removes them and plays the same scores."""
    state = GameState.new(SPEC, players=3, seed=7)
    play(state, make_bots(bots, 3, 7))
    assert state.pending() is None
    for record in state.records():
        assert sorted(len(h) for h in record["hands"]) == [17, 17, 18] and len(record["discards"]) == 1
        assert record["discards"][0] in max(record["hands"], key=len)
        assert "error" not in replay_record(SPEC, record)


def test_the_strong_bot_discards_and_plays_a_hand() -> None:
    """Section 6: the strong bot discards (as the rules bot) and plays a hand
    whose discards it never imagines in another hand."""
    state = GameState.new(SPEC, players=3, seed=2)
    bots = make_bots(("strong", "strong", "strong"), 3, 2, think=0.05)
    while (decision := state.pending()) is not None and not state.records():
        state.apply(bots[decision.seat](decision, state.seat_view(decision.seat)))
    assert len(state.records()[0]["discards"]) == 1


def test_a_hand_adds_up_within_the_range_verify_proves() -> None:
    """Section 6: a discarded card that scores is taken by nobody: each
    hand's raw total lies in the range of ``widow aside``."""
    state = GameState.new(SPEC, players=3, seed=11)
    play(state, make_bots(("random",) * 3, 3, 11))
    for record in state.records():
        total = sum(replay_record(SPEC, record)["raw"])
        contract = next(c for c in SPEC.contracts if c.name == record["contract"])
        proved = hand_totals(contract.rules_for(3), 3, SPEC.deck_for(3), aside=SPEC.aside(3))
        assert SPEC.aside(3) == 1 and total in proved.totals
        if record["contract"] == "Hearts":  # a heart discarded scores for nobody: verify proves a range
            assert proved.totals[0] < proved.totals[-1] and any("discards" in note for note in proved.notes)


@pytest.mark.parametrize(("change", "reason"), [
    (lambda r: r.update(discards=["ZZ"]), "ZZ"),
    (lambda r: r.update(discards=[r["hands"][0][0], r["hands"][1][0]]), "wrong discards"),
    (lambda r: r.pop("discards"), "wrong hand sizes"),
])
def test_wrong_discards_are_refused(change, reason: str) -> None:
    """docs/game.md: a discard not held by the dealer, or a record without
    its discards, is a bad record."""
    state = GameState.new(SPEC, players=3, seed=7)
    play(state, make_bots(("random",) * 3, 3, 7))
    record = copy.deepcopy(state.records()[0])
    assert "error" not in replay_record(SPEC, record)
    change(record)
    error = replay_record(SPEC, record)["error"]
    assert reason in json.dumps(error), error
