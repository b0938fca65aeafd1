"""Card words: suits, ranks, and a card said aloud ("queen of spades"), in English."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "cards.card": "{rank} of {suit}",
    "cards.suit.0": "clubs",
    "cards.suit.1": "diamonds",
    "cards.suit.2": "hearts",
    "cards.suit.3": "spades",
    "cards.rank.2": "two",
    "cards.rank.3": "three",
    "cards.rank.4": "four",
    "cards.rank.5": "five",
    "cards.rank.6": "six",
    "cards.rank.7": "seven",
    "cards.rank.8": "eight",
    "cards.rank.9": "nine",
    "cards.rank.10": "ten",
    "cards.rank.11": "jack",
    "cards.rank.12": "queen",
    "cards.rank.13": "king",
    "cards.rank.14": "ace",
}
