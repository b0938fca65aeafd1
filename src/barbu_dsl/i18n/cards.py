"""Cards in each language's words and letters.

Letters: English ``A K Q J 10``; Italian ``A R D F`` (re, donna, fante);
French and Portuguese ``A R D V`` (roi/rei, dame/dama, valet/valete).
Suit symbols are the same everywhere, so a card is written with its
language's rank letter and the suit symbol: ``D♥`` in Italian is the queen
of hearts.
"""

from __future__ import annotations

from .. import cards as C
from . import Translator

RANK_LETTERS: dict[str, dict[int, str]] = {
    "en": {11: "J", 12: "Q", 13: "K", 14: "A"},
    "it": {11: "F", 12: "D", 13: "R", 14: "A"},
    "fr": {11: "V", 12: "D", 13: "R", 14: "A"},
    "pt": {11: "V", 12: "D", 13: "R", 14: "A"},
}


def rank_letter(rank: int, language: str) -> str:
    """A rank as a player of ``language`` writes it: ``10``, ``D``, ``R``."""
    return RANK_LETTERS[language].get(rank, str(rank))


def card_text(card: int, language: str) -> str:
    """A card in ``language``'s letters with its suit symbol: ``D♥``, ``10♣``."""
    return rank_letter(C.rank_of(card), language) + C.SUIT_SYMBOLS[C.suit_of(card)]


def card_words(card: int, t: Translator) -> str:
    """A card said aloud: ``queen of spades``, ``donna di picche``."""
    return t("cards.card", rank=rank_words(C.rank_of(card), t), suit=suit_words(C.suit_of(card), t))


def rank_words(rank: int, t: Translator) -> str:
    return t(f"cards.rank.{rank}")


def suit_words(suit: int, t: Translator) -> str:
    return t(f"cards.suit.{suit}")
