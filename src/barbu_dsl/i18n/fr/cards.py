"""Card words: suits, ranks, and a card said aloud ("queen of spades"), in French."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "cards.card": "{rank} de {suit}",
    "cards.suit.0": "trèfle",
    "cards.suit.1": "carreau",
    "cards.suit.2": "cœur",
    "cards.suit.3": "pique",
    "cards.rank.2": "deux",
    "cards.rank.3": "trois",
    "cards.rank.4": "quatre",
    "cards.rank.5": "cinq",
    "cards.rank.6": "six",
    "cards.rank.7": "sept",
    "cards.rank.8": "huit",
    "cards.rank.9": "neuf",
    "cards.rank.10": "dix",
    "cards.rank.11": "valet",
    "cards.rank.12": "dame",
    "cards.rank.13": "roi",
    "cards.rank.14": "as",
}
