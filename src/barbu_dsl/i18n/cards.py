"""Cards in each language's words and letters, said and read.

Letters: English ``A K Q J 10``; Italian ``A R D F`` (re, donna, fante);
French and Portuguese ``A R D V`` (roi/rei, dame/dama, valet/valete).
Suit symbols are the same everywhere, so a card is written with its
language's rank letter and the suit symbol: ``D♥`` in Italian is the queen
of hearts.

Reading a card (:func:`read_card`).  A card is typed as a rank then a
suit, in the letters of the player's language, or with a suit symbol, or
in words:

============  ===========================  ==========================
language      ranks                        suits
============  ===========================  ==========================
English       A K Q J 10 (or T) 9 … 2      C clubs, D diamonds, H hearts, S spades
Italian       A R D F 10 9 … 2             F fiori, Q quadri, C cuori, P picche
French        A R D V 10 9 … 2             T trèfle, K carreau, C cœur, P pique
Portuguese    A R D V 10 9 … 2             P paus, O ouros, C copas, E espadas
============  ===========================  ==========================

So ``DC`` is the queen of hearts (donna di cuori) in Italian, ``RK`` the
king of diamonds in French.  Suit symbols (``Q♥``, ``10♣``) and words
(``queen of spades``, ``donna di picche``, ``dame de pique``, ``dama de
espadas``, ``10 hearts``) are read in every language.  When the player's
letters give no card, the project's notation (English suits, rank letters
of any language: ``QH``, ``DD``) is tried; but a text whose letters mean
something else in the player's own letters (``DD`` in Italian, where D is
the queen, not a suit) is ambiguous, and the player is asked again; so is
a rank letter ``R``, ``D``, ``F`` or ``V`` with the suit letter ``C`` in
English (``DC``: the dame of clubs, or the donna di cuori?).  Suits and
ranks alone (trumps, the domino starting rank) are read the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from .. import cards as C
from . import LANGUAGES, Translator, messages
from .answers import Read, fold, found

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


# --------------------------------------------------------------------------
# Reading cards, suits and ranks.

SUIT_LETTERS: dict[str, str] = {"en": "CDHS", "it": "FQCP", "fr": "TKCP", "pt": "POCE"}
"""Each language's suit letters, in suit order (clubs, diamonds, hearts, spades)."""

TYPED_RANKS: dict[str, dict[str, int]] = {
    language: {letters[rank].lower(): rank for rank in sorted(letters, reverse=True)}
    | ({"t": 10} if language == "en" else {})
    for language, letters in RANK_LETTERS.items()
}
"""Each language's rank letters as typed (besides the numbers 2 to 10)."""

SYMBOLS = {"♣": C.CLUBS, "♧": C.CLUBS, "♦": C.DIAMONDS, "♢": C.DIAMONDS, "♥": C.HEARTS, "♡": C.HEARTS,
           "♠": C.SPADES, "♤": C.SPADES}

_NO_SELECTORS = {ord(ch): None for ch in C.VARIATION_SELECTORS}
_LINKS = {"of", "di", "de", "du", "des", "da", "do", "dos", "das", "del", "della", "delle", "dei", "degli"}


@lru_cache(maxsize=1)
def _rank_words() -> dict[str, int]:
    words = dict(C.RANK_WORDS)
    for rank in C.RANKS:
        for language in LANGUAGES:
            words.setdefault(fold(messages()[f"cards.rank.{rank}"][language]), rank)
    return {fold(word): rank for word, rank in words.items()}


@lru_cache(maxsize=1)
def _suit_words() -> dict[str, int]:
    words = {word: suit for word, suit in C.SUIT_WORDS.items() if len(word) > 1}
    for suit in C.SUITS:
        for language in LANGUAGES:
            words.setdefault(fold(messages()[f"cards.suit.{suit}"][language]), suit)
    return {fold(word): suit for word, suit in words.items()}


def _plain(text: str) -> str:
    """``text`` trimmed, in lower case, without emoji variation selectors (``♥️`` is ``♥``)."""
    return text.translate(_NO_SELECTORS).strip().lower()


def _own_rank(text: str, language: str) -> int | None:
    if text.isascii() and text.isdigit() and 2 <= int(text) <= 10:
        return int(text)
    return TYPED_RANKS[language].get(text)


def _own_suit(text: str, language: str) -> int | None:
    if text in SYMBOLS:
        return SYMBOLS[text]
    index = SUIT_LETTERS[language].lower().find(text) if len(text) == 1 else -1
    return index if index >= 0 else None


def _in_words(text: str, language: str) -> int | None:
    """``queen of spades``, ``donna di picche``, ``10 of hearts``, ``dame
    cœur``, ``R cuori`` (a rank letter of the language, then a suit word)."""
    tokens = [w for w in fold(text).replace("'", " ").split() if w not in _LINKS]
    if len(tokens) != 2:
        return None
    rank = _rank_words().get(tokens[0]) or _own_rank(tokens[0], language) or _own_rank(tokens[0], "en")
    suit = _suit_words().get(tokens[1])
    return None if rank is None or suit is None else C.card(rank, suit)


def read_card(text: str, language: str) -> Read[int]:
    """The card ``text`` names (see the module docstring)."""
    worded = _in_words(text, language)
    if worded is not None:
        return found(worded)
    key = _plain(text).replace(" ", "")
    if len(key) < 2:
        return Read()
    rank, suit = _own_rank(key[:-1], language), _own_suit(key[-1], language)
    if rank is not None and suit is not None:
        return found(C.card(rank, suit))
    if C.ambiguous_card(key) is not None:
        return Read(ambiguous=True)  # a French or Italian rank with C: clubs or hearts?
    general = C.parse_card(key)
    if general is None:
        return Read()
    if language != "en" and key[-1] in TYPED_RANKS[language]:
        return Read(ambiguous=True)  # its suit letter is one of the player's rank letters
    return found(general)


def _read_alone(text: str, language: str, own: Callable[[str, str], int | None], words: dict[str, int],
                clashes: str) -> Read[int]:
    """A suit or a rank written alone: the player's letters, a word, else
    English letters unless the letter is one of ``clashes`` (the player's
    letters for the other kind of thing)."""
    key = _plain(text)
    value = own(key, language)
    if value is None:
        value = words.get(fold(text))
    if value is not None:
        return found(value)
    english = own(key, "en")
    if english is None:
        return Read()
    return Read(ambiguous=True) if key in clashes else found(english)


def read_suit(text: str, language: str) -> Read[int]:
    """The suit ``text`` names: a symbol, a letter of the player's language,
    a word, else an English letter unless it is one of the player's rank letters."""
    return _read_alone(text, language, _own_suit, _suit_words(), "".join(TYPED_RANKS[language]))


def read_rank(text: str, language: str) -> Read[int]:
    """The rank ``text`` names: a number 2 to 10, a letter of the player's
    language, a word, else an English letter unless it is one of the player's suit letters."""
    return _read_alone(text, language, _own_rank, _rank_words(), SUIT_LETTERS[language].lower())
