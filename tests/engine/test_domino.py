"""Scenario tests for domino (docs/rules.md section 2, Domino, its rulings and
variant 7)."""

from __future__ import annotations

import pytest

from barbu_dsl.engine import PASS, IllegalPlay, PlayAfterEnd

from .helpers import TOURNAMENT, card, hand_of, play, strs

DOMINO = TOURNAMENT["Domino"]


def test_start_rank_opens_suits_and_adjacent_cards_extend_them() -> None:
    """Section 2: a card of the starting rank opens its suit; a card of the
    same suit adjacent to one on the table extends it, up or down."""
    hand = hand_of(DOMINO, ["7C 8C 2D", "6C 7D KH", "9C 8D 7H", "5C 6D 4S"], start_rank=7)
    assert hand.to_play == 0  # the declarer moves first
    assert strs(hand.legal_moves()) == ["7C"]
    play(hand, "7C")
    assert strs(hand.legal_moves()) == ["6C", "7D"]
    play(hand, "6C")
    assert strs(hand.legal_moves()) == ["7H"]  # 9C is not next to 7C; diamonds are not open
    assert hand.why_illegal(card("8D")) == "diamonds are not open; a suit opens with the seven"
    assert hand.why_illegal(card("9C")) == "9C is not next to the clubs on the table"
    play(hand, "7H 5C 8C 7D")
    assert strs(hand.legal_moves()) == ["9C", "8D"]


def test_whole_hand_placings_skip_players_who_are_out() -> None:
    """Section 2 rulings: a player who has gone out is skipped; the hand
    ends when all but one have gone out, and that one takes the last place."""
    hand = hand_of(DOMINO, ["7C", "8C 7D", "6C 6D", "9C 8D"], start_rank=7)
    play(hand, "7C")
    assert hand.placings == [0] and hand.raw_scores() == [45, 0, 0, 0]
    play(hand, "8C 6C 9C")
    assert hand.to_play == 1  # seat 0 is out: skipped
    play(hand, "7D 6D")
    assert hand.is_over
    assert hand.placings == [0, 1, 2, 3]
    assert hand.raw_scores() == [45, 20, 5, -5]
    with pytest.raises(PlayAfterEnd):
        play(hand, "8D")


def test_pass_only_without_a_playable_card() -> None:
    """Section 2 rulings: a player who can play must play; passing is only
    legal with no playable card."""
    hand = hand_of(DOMINO, ["7C 5C", "KH QH", "6C 7H", "8C 9C"], start_rank=7)
    play(hand, "7C")
    assert hand.legal_moves() == [PASS]
    with pytest.raises(IllegalPlay, match="hearts are not open"):
        play(hand, "KH")
    play(hand, "pass")
    assert strs(hand.legal_moves()) == ["6C", "7H"]
    with pytest.raises(IllegalPlay) as caught:
        play(hand, "pass")
    assert caught.value.as_json()["error"] == {
        "kind": "illegal_play", "index": 2, "seat": 2, "card": "pass",
        "reason": "may not pass while able to play (6C, 7H)"}


def test_declarer_without_the_rank_passes() -> None:
    """Section 2: the declarer too passes if they hold no card of the rank."""
    hand = hand_of(DOMINO, ["8C 5C", "7C QH", "6C 7H", "8H 9C"], start_rank=7)
    assert hand.legal_moves() == [PASS]


HEARTS_RUN = ["KH 2H 3H 4H 5H 6H 7H", "AH QH JH TH 9H 8H"]


def test_aces_high_ace_follows_the_king() -> None:
    """Section 2: aces high, twos low (A above K)."""
    hand = hand_of("domino from K, placings 1 0", HEARTS_RUN)
    play(hand, "KH")
    assert strs(hand.legal_moves()) == ["QH", "AH"]


def test_aces_low_ace_sits_below_the_two() -> None:
    """Section 2 variant 7: aces low: A below 2, adjacent to the 2, not to the K."""
    hand = hand_of("domino from K, aces low, placings 1 0", HEARTS_RUN)
    play(hand, "KH")
    assert strs(hand.legal_moves()) == ["QH"]
    low = hand_of("domino from 2, aces low, placings 1 0", ["2H 3H 4H 5H 6H 7H", "AH KH QH JH TH 9H 8H"])
    play(low, "2H")
    assert strs(low.legal_moves()) == ["AH"]
    high = hand_of("domino from 2, placings 1 0", ["2H 3H 4H 5H 6H 7H", "AH KH QH JH TH 9H 8H"])
    play(high, "2H")
    assert high.legal_moves() == [PASS]


def test_first_card_sets_the_starting_rank() -> None:
    """Section 2 variant 7: the declarer's first card fixes the starting rank;
    the declarer never passes on move one."""
    hand = hand_of("domino from first card, placings +45 +20 +5 −5",
                   ["9D 8C 3S", "9C 8D 5H", "8H TD 4C", "8S 7D 2C"], declarer=1)
    assert strs(hand.legal_moves()) == ["9C", "8D", "5H"]
    play(hand, "8D")
    assert hand.start_rank == 8
    assert strs(hand.legal_moves()) == ["8H"]
    play(hand, "8H")
    assert strs(hand.legal_moves()) == ["7D", "8S"]
    play(hand, "7D")
    assert strs(hand.legal_moves()) == ["8C", "9D"]


def test_fixed_start_rank() -> None:
    """A contract may fix the starting rank (``domino from 7``)."""
    hand = hand_of("domino from 7, placings 1 0", ["7H 8H", "6H 9H"])
    assert strs(hand.legal_moves()) == ["7H"]


def test_chosen_start_needs_a_rank() -> None:
    with pytest.raises(ValueError, match="starting rank"):
        hand_of(DOMINO, ["7C", "8C", "6C", "9C"])


def test_reduced_deck_skips_missing_cards() -> None:
    """Engine decision for section 3 decks: a card missing from the deck is
    skipped, and a suit whose starting card is missing is open from the start."""
    hand = hand_of("domino, placings 1 0", ["4H 2H 3H", "6H 7H 8H"], start_rank=4)
    play(hand, "4H")
    assert strs(hand.legal_moves()) == ["6H"]  # 5H is not in the deck
    missing_start = hand_of("domino, placings 1 0", ["4H 2H 3H", "6H 7H 8H"], start_rank=5)
    assert strs(missing_start.legal_moves()) == ["4H"]
    play(missing_start, "4H")
    assert strs(missing_start.legal_moves()) == ["6H"]
