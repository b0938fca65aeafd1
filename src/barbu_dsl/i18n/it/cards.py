"""Card words: suits, ranks, and a card said aloud ("queen of spades"), in Italian."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "cards.card": "{rank} di {suit}",
    "cards.suit.0": "fiori",
    "cards.suit.1": "quadri",
    "cards.suit.2": "cuori",
    "cards.suit.3": "picche",
    "cards.rank.2": "due",
    "cards.rank.3": "tre",
    "cards.rank.4": "quattro",
    "cards.rank.5": "cinque",
    "cards.rank.6": "sei",
    "cards.rank.7": "sette",
    "cards.rank.8": "otto",
    "cards.rank.9": "nove",
    "cards.rank.10": "dieci",
    "cards.rank.11": "fante",
    "cards.rank.12": "donna",
    "cards.rank.13": "re",
    "cards.rank.14": "asso",
}
