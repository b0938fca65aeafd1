"""The generated move API (``new_hand`` / ``deal`` / ``legal_moves`` /
``play``) against the interpreter: the same deal for the same seed (the
package writes ``random.Random.shuffle`` out), the same legal moves as
text, and the same hand after playing them."""

from __future__ import annotations

import random

import pytest

from barbu_dsl.engine import deal, hand_for
from barbu_dsl.generator import BUNDLED_TARGETS
from barbu_dsl.language import load_spec

SEEDS = [*range(200), 2**40 + 3, "seed", "", "déjà"]


@pytest.mark.parametrize("target", BUNDLED_TARGETS)
def test_deal_is_the_interpreters(target: str, checked_in) -> None:
    spec = load_spec(target)
    package = checked_in(target)
    for players in package.PLAYERS:
        for seed in SEEDS:
            expected = deal(spec, players, seed)
            assert package.deal(seed, players) == [[package.cards.CARD_STR[c] for c in h] for h in expected]
            assert package.deal_masks_of(seed, players) == [sum(1 << c for c in h) for h in expected]


def test_legal_moves_and_play_follow_the_interpreter(checked_in) -> None:
    spec = load_spec("tournament")
    package = checked_in("tournament")
    rng = random.Random(3)
    for contract in spec.contracts:
        for seed in range(12):
            trump, rank = rng.randrange(4), rng.randrange(2, 15)
            info = package.CONTRACTS[contract.name]
            named = info.trumps == "named"
            chosen = info.start == "chosen"
            ours = package.new_hand(seed, contract.name, trump=trump if named else None,
                                    start_rank=rank if chosen else None)
            theirs = hand_for(spec, contract, deal(spec, 4, seed), 0, trump=trump if named else None,
                              start_rank=rank if chosen else None)
            while not theirs.is_over:
                text = package.legal_moves(ours)
                assert text == [package.cards.MOVE_STR[m] for m in theirs.legal_moves()]
                move = rng.choice(text)
                package.play(ours, move)
                theirs.play(package.cards.CARD_OF.get(move, -1))
            assert ours.to_play is None and package.legal_moves(ours) == []
            assert ours.raw_scores() == list(theirs.raw_scores())
