"""Seeded deals (docs/rules.md section 1; section 3 for other player counts)."""

from __future__ import annotations

from barbu_dsl.cards import default_removals
from barbu_dsl.engine import deal_deck


def test_deal_is_reproducible_and_complete() -> None:
    first = deal_deck(range(52), 4, 7)
    assert first == deal_deck(range(52), 4, 7)
    assert first != deal_deck(range(52), 4, 8)
    assert sorted(c for hand in first for c in hand) == list(range(52))
    assert all(len(hand) == 13 and list(hand) == sorted(hand) for hand in first)
    assert deal_deck(range(52), 4, "game 1") == deal_deck(range(52), 4, "game 1")


def test_reduced_decks_deal_evenly() -> None:
    """Section 3: 3, 5, 6, 7 players with the default removals."""
    for players in (3, 5, 6, 7):
        deck = [c for c in range(52) if c not in default_removals(players)]
        hands = deal_deck(deck, players, 1)
        assert {len(hand) for hand in hands} == {len(deck) // players}
        assert sorted(c for hand in hands for c in hand) == deck
