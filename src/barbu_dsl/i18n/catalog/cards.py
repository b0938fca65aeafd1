"""Card words: suits, ranks, and a card said aloud ("queen of spades")."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "cards.card": {"en": "{rank} of {suit}", "it": "{rank} di {suit}", "fr": "{rank} de {suit}",
                   "pt": "{rank} de {suit}"},
    "cards.suit.0": {"en": "clubs", "it": "fiori", "fr": "trèfle", "pt": "paus"},
    "cards.suit.1": {"en": "diamonds", "it": "quadri", "fr": "carreau", "pt": "ouros"},
    "cards.suit.2": {"en": "hearts", "it": "cuori", "fr": "cœur", "pt": "copas"},
    "cards.suit.3": {"en": "spades", "it": "picche", "fr": "pique", "pt": "espadas"},
    "cards.rank.2": {"en": "two", "it": "due", "fr": "deux", "pt": "dois"},
    "cards.rank.3": {"en": "three", "it": "tre", "fr": "trois", "pt": "três"},
    "cards.rank.4": {"en": "four", "it": "quattro", "fr": "quatre", "pt": "quatro"},
    "cards.rank.5": {"en": "five", "it": "cinque", "fr": "cinq", "pt": "cinco"},
    "cards.rank.6": {"en": "six", "it": "sei", "fr": "six", "pt": "seis"},
    "cards.rank.7": {"en": "seven", "it": "sette", "fr": "sept", "pt": "sete"},
    "cards.rank.8": {"en": "eight", "it": "otto", "fr": "huit", "pt": "oito"},
    "cards.rank.9": {"en": "nine", "it": "nove", "fr": "neuf", "pt": "nove"},
    "cards.rank.10": {"en": "ten", "it": "dieci", "fr": "dix", "pt": "dez"},
    "cards.rank.11": {"en": "jack", "it": "fante", "fr": "valet", "pt": "valete"},
    "cards.rank.12": {"en": "queen", "it": "donna", "fr": "dame", "pt": "dama"},
    "cards.rank.13": {"en": "king", "it": "re", "fr": "roi", "pt": "rei"},
    "cards.rank.14": {"en": "ace", "it": "asso", "fr": "as", "pt": "ás"},
}
