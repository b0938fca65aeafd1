"""Card notations (docs/rules.md section 1; docs/records.md): English, Italian,
French/Portuguese letters, suit symbols, letters and words."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from barbu_dsl import cards as C


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("A♥", "AH"), ("AH", "AH"), ("ah", "AH"), ("10♣", "TC"), ("T♣", "TC"), ("tc", "TC"),
        ("Q♠", "QS"), ("D♠", "QS"), ("DD", "QD"), ("AD", "AD"), ("R♥", "KH"), ("RH", "KH"),
        ("F♦", "JD"), ("V♦", "JD"), ("J♦", "JD"), ("2C", "2C"), ("9s", "9S"),
    ],
)
def test_spec_card_notations(text: str, canonical: str) -> None:
    card = C.parse_card(text)
    assert card is not None and C.card_str(card) == canonical


@pytest.mark.parametrize("text", ["1♥", "ZH", "11S", "A", "AX", "", "♥A"])
def test_spec_card_rejects(text: str) -> None:
    assert C.parse_card(text) is None


@pytest.mark.parametrize(
    ("text", "suit"),
    [("♥", C.HEARTS), ("h", C.HEARTS), ("hearts", C.HEARTS), ("cuori", C.HEARTS), ("cœur", C.HEARTS),
     ("copas", C.HEARTS), ("♠", C.SPADES), ("spade", C.SPADES), ("picche", C.SPADES), ("♦", C.DIAMONDS),
     ("carreau", C.DIAMONDS), ("clubs", C.CLUBS), ("trèfle", C.CLUBS), ("fiori", C.CLUBS)],
)
def test_suit_words(text: str, suit: int) -> None:
    assert C.parse_suit(text) == suit


@pytest.mark.parametrize(
    ("text", "rank"),
    [("Q", 12), ("queen", 12), ("queens", 12), ("donne", 12), ("dames", 12), ("K", 13), ("R", 13),
     ("re", 13), ("roi", 13), ("J", 11), ("F", 11), ("V", 11), ("fante", 11), ("10", 10), ("T", 10),
     ("ten", 10), ("A", 14), ("aces", 14), ("2", 2), ("sixes", 6)],
)
def test_rank_words(text: str, rank: int) -> None:
    assert C.parse_rank(text) == rank


@pytest.mark.parametrize(("text", "canonical"), [("TS", "TS"), ("10s", "TS"), ("qh", "QH"), ("2♣", "2C"),
                                                  ("A♠", "AS")])
def test_record_cards(text: str, canonical: str) -> None:
    """docs/records.md: A K Q J T 9..2 (10 for T), then S H D C or symbols."""
    card = C.parse_record_card(text)
    assert card is not None and C.card_str(card) == canonical


@pytest.mark.parametrize("text", ["DD", "RH", "1S", "AX", "11H", "QHH"])
def test_record_cards_are_english_only(text: str) -> None:
    assert C.parse_record_card(text) is None


@given(st.integers(0, 51))
def test_every_card_round_trips_through_both_notations(card: int) -> None:
    assert C.parse_record_card(C.card_str(card)) == card
    assert C.parse_card(C.card_symbol(card)) == card
    assert C.card(C.rank_of(card), C.suit_of(card)) == card


def test_card_order_is_suit_then_rank() -> None:
    """The documented fixed order: ♣ ♦ ♥ ♠, each low to high."""
    assert C.cards_str([C.card(14, C.CLUBS), C.card(2, C.DIAMONDS), C.card(2, C.CLUBS)]) == ["2C", "AC", "2D"]


@pytest.mark.parametrize(("players", "removed"), [(3, ["2C"]), (4, []), (5, ["2C", "2D"]),
                                                  (6, ["2C", "3C", "2D", "3D"]), (7, ["2C", "3C", "2D"])])
def test_default_decks(players: int, removed: list[str]) -> None:
    """docs/rules.md section 3: remove the lowest clubs and diamonds first."""
    gone = C.default_removals(players)
    assert C.cards_str(gone) == removed
    assert (52 - len(gone)) % players == 0


@pytest.mark.parametrize(("text", "rank"), [("RC", C.KING), ("rc", C.KING), ("DC", C.QUEEN), ("FC", C.JACK),
                                            ("VC", C.JACK)])
def test_italian_and_french_rank_with_c_is_ambiguous(text: str, rank: int) -> None:
    """docs/rules.md section 1 (Italian A R D F, French A R D V): a writer of those
    letters means hearts by C (cuori, cœur), English letters mean clubs."""
    assert C.ambiguous_card(text) == rank
    assert C.parse_card(text) is None


@pytest.mark.parametrize("text", ["KC", "QC", "JC", "AC", "10C", "2C", "DD", "DS", "RS", "RH", "FH", "R♣", "D♥"])
def test_cards_that_are_not_ambiguous(text: str) -> None:
    """Only the suit letter C collides across languages, and only after a
    rank letter of those languages (docs/rules.md section 1)."""
    assert C.ambiguous_card(text) is None
    assert C.parse_card(text) is not None


@pytest.mark.parametrize("selector", ["\ufe0f", "\ufe0e"])
def test_emoji_variation_selectors_are_ignored(selector: str) -> None:
    """``K♥️`` pasted from a phone is K♥ (suit symbol + U+FE0F or U+FE0E)."""
    assert C.parse_card(f"K♥{selector}") == C.card(C.KING, C.HEARTS)
    assert C.parse_record_card(f"K♥{selector}") == C.card(C.KING, C.HEARTS)
    assert C.parse_suit(f"♠{selector}") == C.SPADES
