"""A hand's facts of play (docs/sheet.md): read off engine hands, they score
exactly as the engine scored the hand (docs/rules.md sections 1–3), and
every kind of impossible fact is refused with a message naming the field."""

from __future__ import annotations

import random

import pytest

from barbu_dsl import cards as C
from barbu_dsl.compiled import hand_totals, mask_of
from barbu_dsl.compiled.entry import entry_plan
from barbu_dsl.engine import DominoHand, deal, hand_for
from barbu_dsl.language import load_spec
from barbu_dsl.language import model as m
from barbu_dsl.resources import bundled_spec_names
from barbu_dsl.sheet.facts import check_raw, facts_of_hand, score_took

REFS = [name for name in bundled_spec_names()]
REFS += [f"{name}+{o.name}" for name in bundled_spec_names() for o in load_spec(name).overlays]


def played_hand(spec: m.Spec, contract: m.Contract, players: int, seed: int):
    rng = random.Random(seed)
    hands = deal(spec, players, seed)
    rules = contract.rules_for(players)
    trump = rng.randrange(4) if isinstance(rules.play, m.TrickPlay) and rules.play.trumps else None
    start = rng.randrange(2, 15) if isinstance(rules.play, m.DominoPlay) and rules.play.start == "chosen" else None
    hand = hand_for(spec, contract, hands, rng.randrange(players), trump=trump, start_rank=start)
    while not hand.is_over:
        hand.play(rng.choice(hand.legal_moves()))
    deck = tuple(sorted(spec.deck_for(players)))
    plan = entry_plan(rules, players, deck, getattr(hand.table, "trump", None))
    return hand, plan


def took_of(hand, plan) -> dict:
    if isinstance(hand, DominoHand):
        return facts_of_hand(plan, [], [], hand.placings)
    won = [mask_of(hand.captured(seat)) for seat in range(hand.players)]
    return facts_of_hand(plan, won, [t.winner for t in hand.tricks])


@pytest.mark.parametrize("ref", REFS)
def test_facts_score_as_the_engine(ref: str) -> None:
    spec = load_spec(ref)
    for players in spec.players:
        for contract in spec.contracts:
            for seed in range(4):
                hand, plan = played_hand(spec, contract, players, seed)
                raw, problems = score_took(plan, took_of(hand, plan))
                assert not problems, (contract.name, players, [p.message() for p in problems])
                assert raw == hand.raw_scores(), (contract.name, players, seed)


def plan_of(ref: str, contract: str, players: int = 4, trump: int | None = None):
    spec = load_spec(ref)
    return entry_plan(spec.contract(contract).rules_for(players), players, tuple(sorted(spec.deck_for(players))),
                      trump)


def test_seed_example_no_queens() -> None:
    """Section 2, doubling example: Anna, Carla one queen each, Diana two."""
    raw, problems = score_took(plan_of("tournament", "No queens"), {"cards": {"Q": [1, 0, 1, 2]}})
    assert not problems and raw == [-6, 0, -6, -12]


def test_no_hearts_ace_is_counted_with_the_hearts() -> None:
    """Section 2, No hearts: −2 per heart, A♥ −6 instead; the hearts count includes A♥."""
    took = {"cards": {"H": [4, 5, 0, 4]}, "card": {"AH": 1}}
    assert score_took(plan_of("tournament", "No hearts"), took) == ([-8, -14, 0, -8], [])


def test_salade_groups_add_up() -> None:
    """Section 3, Salade: its four parts add up (5 per trick, 5 per heart, 15 per queen, K♥ 60)."""
    took = {"tricks": [13, 0, 0, 0], "cards": {"H": [13, 0, 0, 0], "Q": [4, 0, 0, 0]}, "card": {"KH": 0}}
    raw, _ = score_took(plan_of("french-classic", "Salade"), took)
    assert raw == [65 + 65 + 60 + 60, 0, 0, 0]
    raw, _ = score_took(plan_of("french-classic+all-or-nothing", "Salade"), took)
    assert raw == [-(65 + 65 + 60 + 60), 0, 0, 0]  # section 3: all or nothing, the whole contract


def test_ravage_city_ties_share() -> None:
    """Section 2 variant 9: tied two ways −18 each."""
    raw, _ = score_took(plan_of("tournament+ravage-city", "Ravage City"), {"longest": [5, 5, 4, 4]})
    assert raw == [-18, -18, 0, 0]


@pytest.mark.parametrize(("contract", "took", "field", "code"), [
    ("No queens", {"cards": {"Q": [1, 1, 1, 2]}}, "took.cards.Q", "set_sum"),  # two players took Q♠
    ("No queens", {}, "took.cards", "missing_key"),
    ("No queens", {"cards": {"Q": [1, 1, 1, 1]}, "tricks": [3, 3, 3, 4]}, "took.tricks", "unused_key"),
    ("No tricks", {"tricks": [4, 4, 4, 4]}, "took.tricks", "tricks_sum"),  # 16 tricks
    ("No tricks", {"tricks": [13, 0, 0]}, "took.tricks", "per_seat"),
    ("No hearts", {"cards": {"H": [0, 5, 4, 4]}, "card": {"AH": 0}}, "took.card.AH", "taker_without_set"),
    ("No hearts", {"cards": {"H": [4, 5, 0, 4]}, "card": {"AH": -1}}, "took.card.AH", "not_a_seat"),
    ("No hearts", {"cards": {"H": [4, 5, 0, 4]}, "card": {"KH": 1}}, "took.card.KH", "unknown_card"),
    ("No last two", {"trick": {"12": 0}}, "took.trick.13", "missing_position"),
    ("No last two", {"trick": {"12": 0, "13": 1, "11": 2}}, "took.trick.11", "unknown_position"),
    ("Domino", {"placings": [0, 0, 1, 2]}, "took.placings", "placings"),
    ("Barbu", {"card": {"KH": 4}}, "took.card.KH", "not_a_seat"),
])
def test_impossible_facts_are_refused(contract: str, took: dict, field: str, code: str) -> None:
    raw, problems = score_took(plan_of("tournament", contract), took)
    assert raw is None
    assert (field, code) in [(p.field, p.code) for p in problems], [p.message() for p in problems]
    assert all(p.message().startswith(p.field) or p.field in p.message() for p in problems)


def test_messages_name_the_field_and_what_was_expected() -> None:
    _, problems = score_took(plan_of("tournament", "No queens"), {"cards": {"Q": [1, 1, 1, 2]}})
    assert problems[0].message() == "took.cards.Q: the Q counts add up to 5, expected 4"


def test_raw_scores_must_reach_a_hand_total() -> None:
    """docs/sheet.md: raw scores must add up to a total the contract can have."""
    spec = load_spec("tournament")
    totals = hand_totals(spec.contract("No queens").rules, 4, spec.deck_for(4))
    assert check_raw([-6, 0, -6, -12], 4, totals) == []
    assert [p.code for p in check_raw([-6, 0, -6, -6], 4, totals)] == ["raw_sum"]
    assert [p.code for p in check_raw([-6, 0, -6], 4, totals)] == ["raw_scores"]


def test_trump_set_follows_the_named_suit() -> None:
    """Section 3, Misery: +5 per trump taken, the trump named by the chooser."""
    plan = plan_of("french-classic", "Misery", trump=C.SPADES)
    (trumps,) = plan.sets
    assert trumps.name == "trump" and trumps.mask == mask_of(C.card(r, C.SPADES) for r in C.RANKS)
