"""The generated ``score_hand``: a score-sheet hand object (docs/sheet.md)
scored from who took what, checked by hand against the rules (docs/rules.md
sections 2 to 4)."""

from __future__ import annotations

import pytest


def raw(package, contract: str, took: dict, **hand) -> list[int]:
    return package.score_hand({"contract": contract, "declarer": 0, "took": took, **hand})["raw"]


def test_no_last_two_scores_the_last_tricks(packages) -> None:
    t = packages("tournament")
    assert raw(t, "No last two", {"trick": {"12": 1, "13": 2}}) == [0, -10, -20, 0]


def test_no_hearts_ace_counts_six_and_doubles_settle(packages) -> None:
    """Section 2: −2 a heart, −6 for A♥ (counted with the hearts); Bea doubled Anna."""
    t = packages("tournament")
    result = t.score_hand({"contract": "No hearts", "declarer": 0, "doubles": [[1, 0]],
                           "took": {"cards": {"H": [5, 4, 4, 0]}, "card": {"AH": 0}}})
    assert result == {"status": "played", "raw": [-14, -8, -8, 0], "transfers": [-6, 6, 0, 0],
                      "final": [-20, -2, -8, 0]}


def test_ravage_city_ties_share_the_penalty(packages) -> None:
    """Section 2, variant 9: two ways −18 each, three ways −12, four ways −9."""
    t = packages("tournament+ravage-city")
    assert raw(t, "Ravage City", {"longest": [7, 7, 4, 4]}) == [-18, -18, 0, 0]
    assert raw(t, "Ravage City", {"longest": [5, 5, 5, 4]}) == [-12, -12, -12, 0]
    assert raw(t, "Ravage City", {"longest": [4, 4, 4, 4]}) == [-9, -9, -9, -9]
    assert raw(t, "Ravage City", {"longest": [13, 3, 4, 4]}) == [-36, 0, 0, 0]


def test_hearts_shoot_the_moon(packages) -> None:
    """Section 4: taking every heart and Q♠ scores 0, everyone else 26."""
    h = packages("hearts")
    assert raw(h, "Hearts", {"cards": {"H": [0, 0, 13, 0]}, "card": {"QS": 2}}) == [26, 26, 0, 26]
    assert raw(h, "Hearts", {"cards": {"H": [1, 0, 12, 0]}, "card": {"QS": 2}}) == [1, 0, 25, 0]


def test_all_or_nothing_negates(packages) -> None:
    """Section 3: taking every trick of Mini turns +65 into −65."""
    f = packages("french-classic+all-or-nothing")
    assert raw(f, "Mini", {"tricks": [0, 0, 0, 13]}) == [0, 0, 0, -65]
    assert raw(f, "Mini", {"tricks": [1, 0, 0, 12]}) == [5, 0, 0, 60]


def test_misery_counts_the_named_trump(packages) -> None:
    """Section 3, Misery: +5 per trump taken, the trump named by the chooser."""
    f = packages("french-classic")
    assert raw(f, "Misery", {"cards": {"trump": [3, 2, 4, 4]}}, trump="S") == [15, 10, 20, 20]
    with pytest.raises(f.SheetError) as caught:
        raw(f, "Misery", {"cards": {"trump": [3, 2, 4, 4]}})
    assert [p.code for p in caught.value.problems] == ["trump_missing"]


def test_domino_placings(packages) -> None:
    t = packages("tournament+brader")
    assert raw(t, "Domino", {"placings": [2, 0, 3, 1]}, start_rank="J") == [20, -20, 40, 0]


def test_impossible_hands_of_the_issue_are_refused(packages) -> None:
    """Two players taking Q♠, 14 tricks, seat −1, a repeated placing, a
    player doubling themselves: each refused, naming the field."""
    t = packages("tournament")
    cases = [
        ({"contract": "No queens", "declarer": 0, "took": {"cards": {"Q": [2, 1, 1, 1]}}}, "took.cards.Q"),
        ({"contract": "No tricks", "declarer": 0, "took": {"tricks": [14, 0, 0, 0]}}, "took.tricks"),
        ({"contract": "Barbu", "declarer": 0, "took": {"card": {"KH": -1}}}, "took.card.KH"),
        ({"contract": "Domino", "declarer": 0, "start_rank": "7", "took": {"placings": [0, 0, 1, 2]}},
         "took.placings"),
        ({"contract": "No tricks", "declarer": 0, "took": {"tricks": [13, 0, 0, 0]}, "doubles": [[2, 2]]}, "doubles"),
    ]
    for hand, field in cases:
        with pytest.raises(t.SheetError) as caught:
            t.score_hand(hand)
        assert [p.field for p in caught.value.problems] == [field]
        assert str(caught.value).startswith(field)
