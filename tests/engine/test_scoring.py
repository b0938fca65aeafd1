"""Scoring (docs/rules.md sections 2 and 3): card values, trick positions,
Ravage City, all or nothing, shoot the moon, totals."""

from __future__ import annotations

import pytest

from barbu_dsl.compiled import hand_totals, mask_of, tie_shares, trick_table, value_sum
from barbu_dsl.compiled.tables import MostShares
from barbu_dsl.engine import score_tricks
from barbu_dsl.engine.scoring import most_of_one_suit
from barbu_dsl.language import model as m
from barbu_dsl.language.rules import split_share

from .helpers import HEARTS, OTHERS, TOURNAMENT, card, cards, hand_of, play, rules

DECK = tuple(range(52))


def table(line: str, players: int = 4, deck: tuple[int, ...] = DECK, trump: int | None = None):
    return trick_table(rules(line), players, deck, trump)


def ravage(part: m.MostOfOneSuit, players: int = 4) -> MostShares:
    return MostShares(part, tie_shares(part, players))


def fixed_total(line_rules: m.Rules, players: int, deck: tuple[int, ...]) -> int | None:
    return hand_totals(line_rules, players, deck).fixed


def test_single_card_value_replaces_the_suit_value() -> None:
    """Section 2, No hearts: −2 per heart, A♥ −6 instead (−30 in all)."""
    t = table(TOURNAMENT["No hearts"])
    assert t.values[card("AH")] == -6 and t.values[card("KH")] == -2 and t.values[card("AS")] == 0
    assert sum(t.values) == -30


def test_salade_groups_add_up() -> None:
    """Section 3, Salade: Mini + Without suit + Without card + Barbu add up."""
    t = table(OTHERS["salade"])
    assert t.values[card("KH")] == 5 + 60
    assert t.values[card("QH")] == 5 + 15
    assert t.values[card("QS")] == 15
    assert t.per_trick == 5
    assert value_sum(rules(OTHERS["salade"]), 4, DECK) == 65 + 65 + 60 + 60


def test_trick_positions_count_from_either_end() -> None:
    """Section 2, No last two: −10 for the 12th trick, −20 for the 13th;
    positions count from 1, negative ones from the end."""
    t = table(TOURNAMENT["No last two"])
    assert t.trick_at[11] == -10 and t.trick_at[12] == -20 and sum(t.trick_at) == -30
    small = table("+30 first trick, −5 trick 2, +15 trick 9, −20 last trick", deck=tuple(range(12)))
    assert small.trick_at == (30, -5, -20)  # trick 9 does not exist in a 3-trick hand


@pytest.mark.parametrize(("counts", "expected"), [
    ((5, 3, 3, 2), [-36, 0, 0, 0]),
    ((4, 4, 3, 2), [-18, -18, 0, 0]),
    ((4, 4, 4, 1), [-12, -12, -12, 0]),
    ((4, 4, 4, 4), [-9, -9, -9, -9]),
])
def test_ravage_city_ties_share(counts: tuple[int, ...], expected: list[int]) -> None:
    """Section 2 variant 9: the most cards of one suit scores −36; tied two
    ways −18 each, three ways −12, four ways −9."""
    won = [mask_of(range(s * 13, s * 13 + k)) for s, k in enumerate(counts)]
    assert most_of_one_suit(ravage(m.MostOfOneSuit(-36)), won) == expected


def test_ravage_city_counts_the_largest_single_suit() -> None:
    """Section 2 variant 9 ruling: each player's largest single-suit count."""
    won = [mask_of(cards("2C 3C 4C 2D 3D 4D 2H")), mask_of(cards("5C 6C 7C 8C")), 0, 0]
    assert most_of_one_suit(ravage(m.MostOfOneSuit(-36)), won) == [0, -36, 0, 0]


@pytest.mark.parametrize(("value", "ways", "rounding", "share"), [
    (-36, 5, None, -7), (-36, 5, "nearest", -7), (-36, 5, "down", -8), (-36, 5, "up", -7),
    (-34, 4, None, -9), (-34, 4, "down", -9), (-34, 4, "up", -8), (34, 4, "nearest", 9),
    (-36, 4, "down", -9),
])
def test_split_rounding(value: int, ways: int, rounding: m.Rounding | None, share: int) -> None:
    """Section 2 variant 9 ruling: a share that is not whole is rounded as
    the spec declares (down / up towards minus / plus infinity; nearest
    halves away from zero), to the nearest when it declares nothing."""
    assert split_share(value, ways, rounding) == share


def test_ravage_city_full_ties() -> None:
    """``ties full``: each tied player takes the whole value."""
    won = [mask_of(range(s * 13, s * 13 + 4)) for s in range(4)]
    assert most_of_one_suit(ravage(m.MostOfOneSuit(-36, "full")), won) == [-36] * 4


def test_all_or_nothing_negates_the_taker_of_everything() -> None:
    """Section 3: a player who takes every scoring element has those points
    subtracted instead of added (taking all four queens gains points)."""
    line = OTHERS["with card aon"]
    t = table(line, deck=tuple(cards("QC QD QH QS 2C 2D 2H 2S")))
    assert score_tricks(t, [(cards("QC QD QH QS"), 1), (cards("2C 2D 2H 2S"), 2)]) == [0, 60, 0, 0]
    assert score_tricks(t, [(cards("QC QD QH 2S"), 1), (cards("2C 2D 2H QS"), 2)]) == [0, -45, -15, 0]


def test_shoot_the_moon() -> None:
    """Hearts: the taker of every point card scores 0, everyone else the total."""
    deal = ["2C 3C QS AH", "4C 5C 2H 3H", "6C 7C 4H 5H", "8C 9C 6H 7H"]
    deck = tuple(sorted(c for h in deal for c in cards(h)))
    t = trick_table(rules(HEARTS), 4, deck, None)
    tricks = [(cards("2C 4C 6C 8C"), 3), (cards("9C 5C 7C 3C"), 3),
              (cards("6H 2H 4H AH"), 0), (cards("7H 3H 5H QS"), 3)]
    assert score_tricks(t, tricks) == [4, 0, 0, 16]
    moon = [(cards("2C 4C 6C 8C"), 3), (cards("9C 5C 7C 3C"), 3),
            (cards("6H 2H 4H AH"), 3), (cards("7H 3H 5H QS"), 3)]
    assert score_tricks(t, moon) == [20, 20, 20, 0]


def test_hand_scores_match_the_pure_function() -> None:
    """The running totals of a hand equal :func:`score_tricks` of its tricks."""
    hand = hand_of(TOURNAMENT["No hearts"], ["2C 3C AH", "4C KH 5D", "5C 6D 7D", "6C 8D 9D"])
    play(hand, "2C 4C 5C 6C 8D AH 5D 6D 9D 3C KH 7D")
    assert hand.raw_scores() == [0, 0, 0, -8]
    assert hand.is_over
    assert hand.raw_scores() == score_tricks(hand.table, [(t.cards, t.winner) for t in hand.tricks])


@pytest.mark.parametrize(("name", "total"), [
    ("No tricks", -26), ("No queens", -24), ("No last two", -30), ("No hearts", -30),
    ("Barbu", -20), ("Trumps", 65), ("Domino", 65),
])
def test_tournament_totals(name: str, total: int) -> None:
    """Section 2: −26 −24 −30 −30 −20 +65 +65 (sum zero)."""
    assert fixed_total(rules(TOURNAMENT[name]), 4, DECK) == total


def test_totals_that_depend_on_play() -> None:
    assert fixed_total(rules(HEARTS), 4, DECK) is None
    assert fixed_total(rules(OTHERS["ravage city"]), 4, DECK) == -36
    assert fixed_total(rules(OTHERS["ravage city"]), 5, DECK[1:]) is None  # −36/5
    assert fixed_total(rules(OTHERS["ravage city full"]), 4, DECK) is None
