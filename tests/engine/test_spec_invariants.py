"""Invariants over random deals and random legal play for every bundled
spec, every variant and scale, and every player count the spec allows
(hypothesis):

* cards are conserved and every legal-move list is non-empty until the end;
* each hand's raw total lies in the range the verifier proves for that
  contract and player count (a cross-check of the verifier against play);
* settlement of any valid set of doubles sums to zero;
* ending a hand early (docs/rules.md section 1 ruling) never changes a score
  compared with playing it out.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from barbu_dsl.engine import PASS, TrickHand, settle, start_hand
from barbu_dsl.engine.deal import deal
from barbu_dsl.language import load_spec
from barbu_dsl.resources import bundled_spec_names
from barbu_dsl.verifier import contract_total

SPECS = [load_spec(name) for name in bundled_spec_names()]
SPECS += [load_spec(f"{spec.name}+{overlay.name}") for spec in list(SPECS) for overlay in spec.overlays]
CASES = [(spec, players, contract) for spec in SPECS for players in spec.players for contract in spec.contracts]


@st.composite
def hands(draw: st.DrawFn):
    spec, players, contract = draw(st.sampled_from(CASES))
    seed = draw(st.integers(0, 2**32))
    rng = random.Random(seed)
    cards = deal(spec, players, seed)

    def start(early_end: bool = True):
        return start_hand(contract.rules_for(players), cards, declarer, trump=trump, start_rank=rank,
                          first_lead=spec.game.first_lead, early_end=early_end)

    declarer, trump, rank = rng.randrange(players), rng.randrange(4), rng.randrange(2, 15)
    return spec, players, contract, start, rng


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands())
def test_every_spec_variant_and_player_count(case) -> None:
    spec, players, contract, start, rng = case
    hand = start()
    deck = sorted(spec.deck_for(players))
    while not hand.is_over:
        legal = hand.legal_moves()
        assert legal, f"{contract.name}: no legal move before the end"
        held = [c for seat in range(players) for c in hand.hand(seat)]
        if isinstance(hand, TrickHand):
            gone = [c for seat in range(players) for c in hand.captured(seat)] + list(hand.current_trick)
        else:
            gone = [mv for mv in hand.moves if mv != PASS]
        assert sorted(held + gone) == deck, "cards are not conserved"
        hand.play(rng.choice(legal))
    raw = hand.raw_scores()
    proved = contract_total(contract, frozenset(deck), players)
    assert proved.min <= sum(raw) <= proved.max, (contract.name, raw, proved.totals)
    assert sum(raw) in proved.totals

    full = start(early_end=False)
    for move in hand.moves:
        full.play(move)
    while not full.is_over:
        full.play(rng.choice(full.legal_moves()))
    assert full.raw_scores() == raw, "ending early changed a score"

    pairs = [(a, b) for a in range(players) for b in range(players) if a != b and rng.random() < 0.5]
    assert sum(settle(raw, pairs)) == 0
