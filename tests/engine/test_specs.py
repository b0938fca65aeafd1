"""The engine against every bundled spec, each player count and each of
the tournament's variants: random hands add up to a total the verifier
proves possible, and their records replay to the same scores."""

from __future__ import annotations

import random

import pytest

from barbu_dsl import verifier
from barbu_dsl.cards import RANK_LETTERS
from barbu_dsl.engine import deal, hand_for, move_str, replay_record
from barbu_dsl.language import load_spec
from barbu_dsl.language import model as m
from barbu_dsl.resources import bundled_spec_names

SPECS = [*bundled_spec_names(), *(f"tournament+{o.name}" for o in load_spec("tournament").overlays)]


def random_hand(spec: m.Spec, contract: m.Contract, players: int, seed: int):
    rng = random.Random(seed)
    hands = deal(spec, players, seed)
    declarer = rng.randrange(players)
    hand = hand_for(spec, contract, hands, declarer, trump=rng.randrange(4), start_rank=rng.randrange(2, 15))
    while not hand.is_over:
        hand.play(rng.choice(hand.legal_moves()))
    return hand, hands


@pytest.mark.parametrize("name", SPECS)
def test_hand_totals_are_ones_the_verifier_allows(name: str) -> None:
    spec = load_spec(name)
    for players in spec.players:
        deck = frozenset(spec.deck_for(players))
        for contract in spec.contracts:
            totals = verifier.contract_total(contract, deck, players).totals
            for seed in range(6):
                hand, _ = random_hand(spec, contract, players, seed)
                assert sum(hand.raw_scores()) in totals, (contract.name, players, seed)


@pytest.mark.parametrize("name", SPECS)
def test_records_replay_to_the_same_scores(name: str) -> None:
    spec = load_spec(name)
    players = spec.players[0]
    for index, contract in enumerate(spec.contracts):
        hand, hands = random_hand(spec, contract, players, index)
        rules = contract.rules_for(players)
        trumps = isinstance(rules.play, m.TrickPlay) and rules.play.trumps and rules.play.trumps.suit is None
        record = {
            "contract": contract.name,
            "declarer": hand.declarer,
            "trump": "CDHS"[hand.table.trump] if trumps else None,
            "start_rank": (RANK_LETTERS[hand.table.start] if isinstance(rules.play, m.DominoPlay)
                           and rules.play.start == "chosen" else None),
            "hands": [[move_str(c) for c in h] for h in hands],
            "plays": [move_str(mv) for mv in hand.moves],
            # a double against the declarer, so that no variant leaves the hand unplayed
            "doubles": [[(hand.declarer + 1) % players, hand.declarer]] if spec.doubling.allowed else [],
        }
        result = replay_record(spec, record)
        assert result.get("status") == "complete", result
        assert result["raw"] == hand.raw_scores()
