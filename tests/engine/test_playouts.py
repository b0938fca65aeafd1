"""Playouts and sampled deals follow the engine's rules.

The playouts (:mod:`barbu_dsl.engine.playouts`) recompute the legal moves
on masks; at random positions of every bundled spec and variant their
legal moves equal the engine's, and every playout, replayed through the
engine move by move, is legal and scores what the engine scores (docs/rules.md
sections 1 to 3 define the moves, the early end and the scores).  What a
player knows (:mod:`barbu_dsl.engine.sampling`) is never contradicted by
the real hands, and every deal drawn from it fits it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from barbu_dsl.compiled import mask_of
from barbu_dsl.engine import PASS, PublicHand, deal, hand_for
from barbu_dsl.engine.base import Hand
from barbu_dsl.engine.playouts import TrickPlayouts, playouts_for
from barbu_dsl.engine.sampling import draw, knowledge
from barbu_dsl.language import load_spec

from .test_bots import LOADED, SPECS


def random_position(name: str, data: st.DataObject, seed: int) -> tuple[Hand, random.Random] | None:
    """A hand of a random contract of ``name`` after some random legal moves."""
    spec = LOADED[name]
    players = data.draw(st.sampled_from(spec.players), label="players")
    contract = data.draw(st.sampled_from(spec.contracts), label="contract")
    rng = random.Random(seed)
    cards = deal(spec, players, seed)
    hand = hand_for(spec, contract, cards, rng.randrange(players), trump=rng.randrange(4),
                    start_rank=rng.randrange(2, 15))
    for _ in range(data.draw(st.integers(0, len(cards[0]) * players), label="moves")):
        if hand.is_over:
            break
        hand.play(rng.choice(hand.legal_moves()))
    return None if hand.is_over else (hand, rng)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SPECS), st.data(), st.integers(0, 2**32), st.sampled_from([0.0, 0.5, 1.0]))
def test_playouts_play_by_the_rules(name: str, data: st.DataObject, seed: int, epsilon: float) -> None:
    found = random_position(name, data, seed)
    if found is None:
        return
    hand, rng = found
    runner = playouts_for(hand.table, LOADED[name].game.aim)  # type: ignore[attr-defined]
    runner.epsilon = epsilon
    pos = hand.position()  # type: ignore[attr-defined]
    hands = [mask_of(hand.hand(seat)) for seat in range(hand.players)]
    if isinstance(runner, TrickPlayouts):
        legal = runner.legal(hands[pos.to_play], pos.trick, pos.led, pos.best_led, pos.win, not pos.winners,
                             pos.moves, pos.played)
        assert legal == hand.legal_mask()  # type: ignore[attr-defined]
    moves: list[int] = []
    raw = runner.run(pos, hands, rng.choice(hand.legal_moves()), rng.random, moves)  # type: ignore[arg-type]
    engine = hand.copy()
    for move in moves:
        engine.play(move)  # raises on an illegal move
    assert engine.is_over
    assert raw == engine.raw_scores()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SPECS), st.data(), st.integers(0, 2**32))
def test_what_a_player_knows_fits_the_real_hands(name: str, data: st.DataObject, seed: int) -> None:
    """Voids shown, trump duties, banned leads, domino passes (docs/rules.md
    sections 1 and 2): nobody holds a card the play says they cannot; a
    drawn deal gives each seat as many cards as it holds, none it cannot
    hold, and shares out exactly the unseen cards."""
    found = random_position(name, data, seed)
    if found is None:
        return
    hand, rng = found
    seat = data.draw(st.integers(0, hand.players - 1), label="seat")
    known = knowledge(PublicHand(hand), seat, hand.held(seat))
    for other in range(hand.players):
        assert not mask_of(hand.hand(other)) & known.excluded[other]
        assert known.counts[other] == len(hand.hand(other))
    dealt = draw(known, rng)
    assert dealt[seat] == mask_of(hand.hand(seat))
    shared = 0
    for other in range(hand.players):
        if other != seat:
            assert dealt[other].bit_count() == known.counts[other]
            assert not dealt[other] & known.excluded[other]
            assert not shared & dealt[other]
            shared |= dealt[other]
    assert shared == known.unseen


def test_a_domino_pass_shows_what_a_player_lacks() -> None:
    """Section 2, Domino: a player who passes holds none of the cards that
    fitted at that moment."""
    spec = load_spec("tournament")
    for seed in range(40):
        hand = hand_for(spec, "Domino", deal(spec, 4, seed), 0, start_rank=7)
        rng = random.Random(seed)
        while not hand.is_over and PASS not in hand.moves:
            hand.play(rng.choice(hand.legal_moves()))
        if PASS in hand.moves:
            break
    passer = hand.seats[hand.moves.index(PASS)]  # type: ignore[attr-defined]
    known = knowledge(PublicHand(hand), (passer + 1) % 4, hand.held((passer + 1) % 4))
    assert known.excluded[passer]


FAMILY = load_spec(str(Path(__file__).resolve().parents[1] / "generator" / "family.yaml"))


@pytest.mark.parametrize("players", FAMILY.players)
def test_playouts_follow_the_wider_family(players: int) -> None:
    """docs/rules.md section 6: play passing to the right, must trump,
    discards when void, an ace that plays again and the end at the first
    out, in playouts as in the engine, and what a player knows of them fits."""
    for number, contract in enumerate(FAMILY.contracts):
        for seed in range(6):
            rng = random.Random(f"{seed}/{contract.name}")
            cards = deal(FAMILY, players, seed)
            hand = hand_for(FAMILY, contract, cards, rng.randrange(players), trump=rng.randrange(4),
                            start_rank=rng.randrange(2, 15))
            for _ in range(rng.randrange(len(cards[0]) * players)):
                if hand.is_over:
                    break
                hand.play(rng.choice(hand.legal_moves()))
            if hand.is_over:
                continue
            seer = (hand.to_play + number) % players
            known = knowledge(PublicHand(hand), seer, hand.held(seer))
            for seat in range(players):
                assert not mask_of(hand.hand(seat)) & known.excluded[seat], (contract.name, seat)
            runner = playouts_for(hand.table, FAMILY.game.aim)  # type: ignore[attr-defined]
            moves: list[int] = []
            hands = [mask_of(hand.hand(seat)) for seat in range(players)]
            raw = runner.run(hand.position(), hands, None, rng.random, moves)  # type: ignore[attr-defined]
            engine = hand.copy()
            for move in moves:
                engine.play(move)
            assert engine.is_over and raw == engine.raw_scores(), (contract.name, players, seed)
