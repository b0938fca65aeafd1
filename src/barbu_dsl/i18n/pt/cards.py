"""Card words: suits, ranks, and a card said aloud ("queen of spades"), in Portuguese."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "cards.card": "{rank} de {suit}",
    "cards.suit.0": "paus",
    "cards.suit.1": "ouros",
    "cards.suit.2": "copas",
    "cards.suit.3": "espadas",
    "cards.rank.2": "dois",
    "cards.rank.3": "três",
    "cards.rank.4": "quatro",
    "cards.rank.5": "cinco",
    "cards.rank.6": "seis",
    "cards.rank.7": "sete",
    "cards.rank.8": "oito",
    "cards.rank.9": "nove",
    "cards.rank.10": "dez",
    "cards.rank.11": "valete",
    "cards.rank.12": "dama",
    "cards.rank.13": "rei",
    "cards.rank.14": "ás",
}
