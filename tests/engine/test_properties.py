"""Invariants over random deals and random legal play (hypothesis).

For every contract the language can say (the tournament's, the hearts
spec's and the other mechanics of docs/rules.md sections 2, 3 and 6), with 3, 4
or 5 players, play passing either way round (section 6), checked at every
step: legal moves non-empty until the end,
sorted, held by the player, each accepted and each other card refused with
a reason; cards conserved; a copy behaves like the original.  At the end:
the raw scores equal the pure scoring function, fixed-total contracts add
up to their total, ending early (docs/rules.md section 1) changes no score, and
doubling settlement sums to zero.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from barbu_dsl.cards import default_removals
from barbu_dsl.compiled import cards_of, hand_totals
from barbu_dsl.engine import PASS, DominoHand, TrickHand, score_tricks, settle, start_hand

from .helpers import HEARTS, OTHERS, TOURNAMENT, rules

LINES = {**TOURNAMENT, **OTHERS, "hearts": HEARTS}
SETTINGS = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def deals(draw: st.DrawFn) -> dict:
    name = draw(st.sampled_from(sorted(LINES)))
    players = draw(st.sampled_from([4, 4, 4, 3, 5]))
    deck = [c for c in range(52) if c not in default_removals(players)]
    random.Random(draw(st.integers(0, 2**32))).shuffle(deck)
    size = len(deck) // players
    return {
        "name": name,
        "rules": rules(LINES[name]),
        "hands": [sorted(deck[i * size:(i + 1) * size]) for i in range(players)],
        "declarer": draw(st.integers(0, players - 1)),
        "trump": draw(st.integers(0, 3)),
        "start_rank": draw(st.integers(2, 14)),
        "seed": draw(st.integers(0, 2**32)),
        "direction": draw(st.sampled_from(["clockwise", "anticlockwise"])),
    }


def new_hand(setup: dict, early_end: bool = True):
    return start_hand(setup["rules"], setup["hands"], setup["declarer"], trump=setup["trump"],
                      start_rank=setup["start_rank"], early_end=early_end, direction=setup["direction"])


def check_position(hand, deck: list[int], rng: random.Random) -> None:
    legal = hand.legal_moves()
    assert legal, "no legal move before the end"
    held = hand.hand(hand.to_play)
    cards = [mv for mv in legal if mv != PASS]
    if legal == [PASS]:
        assert isinstance(hand, DominoHand)
    else:
        if PASS in legal:  # a domino seat that may end its turn instead of playing on (section 6)
            assert hand.may_stop and legal[-1] == PASS and cards
        assert cards == sorted(set(cards)) and set(cards) <= set(held)
    for card in held:
        reason = hand.why_illegal(card)
        assert (reason is None) == (card in legal), (card, reason)
    if isinstance(hand, TrickHand):
        parts = [hand.hand(s) for s in range(hand.players)] + [hand.captured(s) for s in range(hand.players)]
        parts.append(hand.current_trick)
    else:
        parts = [hand.hand(s) for s in range(hand.players)] + [[mv for mv in hand.moves if mv != PASS]]
    every = [c for part in parts for c in part]
    assert sorted(every) == deck, "cards are not conserved"
    if rng.random() < 0.05:
        twin = hand.copy()
        assert twin.legal_moves() == legal and twin.raw_scores() == hand.raw_scores()
        twin.play(legal[0])
        assert hand.legal_moves() == legal


@SETTINGS
@given(deals())
def test_random_play_invariants(setup: dict) -> None:
    hand = new_hand(setup)
    deck = sorted(c for h in setup["hands"] for c in h)
    rng = random.Random(setup["seed"])
    while not hand.is_over:
        check_position(hand, deck, rng)
        hand.play(rng.choice(hand.legal_moves()))
    assert hand.legal_moves() == []
    raw = hand.raw_scores()
    total = hand_totals(setup["rules"], hand.players, deck, setup["trump"]).fixed
    if total is not None:
        assert sum(raw) == total
    if isinstance(hand, TrickHand):
        assert raw == score_tricks(hand.table, [(t.cards, t.winner) for t in hand.tricks])
        assert hand.tricks_played <= len(deck) // hand.players
    else:
        assert sorted(hand.placings) == list(range(hand.players))
    pairs = [(a, b) for a in range(hand.players) for b in range(hand.players) if a != b and rng.random() < 0.4]
    assert sum(settle(raw, pairs)) == 0


@SETTINGS
@given(deals())
def test_ending_early_never_changes_a_score(setup: dict) -> None:
    """docs/rules.md section 1 ruling: the hand ends once no score can change, so
    playing the rest out must give the same scores."""
    early = new_hand(setup)
    rng = random.Random(setup["seed"])
    while not early.is_over:
        early.play(rng.choice(early.legal_moves()))
    full = new_hand(setup, early_end=False)
    for move in early.moves:
        if full.implied_stop(move):  # a domino seat that ended its turn: the moves keep no stops
            full.play(PASS)
        full.play(move)
    while not full.is_over:
        full.play(rng.choice(full.legal_moves()))
    assert full.raw_scores() == early.raw_scores()
    if isinstance(early, TrickHand) and early.tricks_played < full.tricks_played:
        assert not early.table.plays_out


@SETTINGS
@given(deals())
def test_legal_moves_follow_the_cascade(setup: dict) -> None:
    """Spot checks of the cascade on random positions: a player able to
    follow suit only follows (docs/rules.md section 1)."""
    hand = new_hand(setup)
    rng = random.Random(setup["seed"])
    while not hand.is_over:
        legal = hand.legal_moves()
        if isinstance(hand, TrickHand) and hand.current_trick:
            led = hand.current_trick[0] // 13
            held = hand.hand(hand.to_play)
            if any(c // 13 == led for c in held):
                assert all(c // 13 == led for c in legal)
        hand.play(rng.choice(legal))
    assert cards_of(0) == []
