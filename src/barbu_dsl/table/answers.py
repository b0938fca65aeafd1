"""Reading what a person types: commands, numbers, cards, suits, ranks,
contract names and seats.

Cards.  A card is written as a rank then a suit, in the letters of the
player's language, or with a suit symbol, or in words:

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
espadas``) are read in every language.  When the player's letters give no
card, the project's notation (English suits, rank letters of any language:
``QH``, ``DD``) is tried; but a text whose letters mean something else in
the player's own letters (``DD`` in Italian, where D is the queen, not a
suit) is ambiguous, and the player is asked again; so is a rank letter ``R``,
``D``, ``F`` or ``V`` with the suit letter ``C`` in English (``DC``: the
dame of clubs, or the donna di cuori?).  Suits and ranks
alone (trumps, the domino starting rank) are read the same way.

Commands are English words or the player's language's (``hand``,
``mano``, ``main``, ``mão``), with ``?`` for help.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from .. import cards as C
from ..i18n import LANGUAGES, Translator, messages
from ..language import model as m
from ..language.model import contract_key

SUIT_LETTERS: dict[str, str] = {"en": "CDHS", "it": "FQCP", "fr": "TKCP", "pt": "POCE"}
"""Each language's suit letters, in suit order (clubs, diamonds, hearts, spades)."""

RANK_LETTERS: dict[str, dict[str, int]] = {
    "en": {"a": 14, "k": 13, "q": 12, "j": 11, "t": 10},
    "it": {"a": 14, "r": 13, "d": 12, "f": 11},
    "fr": {"a": 14, "r": 13, "d": 12, "v": 11},
    "pt": {"a": 14, "r": 13, "d": 12, "v": 11},
}
"""Each language's rank letters (besides the numbers 2 to 10)."""

SUIT_SYMBOLS = {"♣": C.CLUBS, "♧": C.CLUBS, "♦": C.DIAMONDS, "♢": C.DIAMONDS, "♥": C.HEARTS, "♡": C.HEARTS,
                "♠": C.SPADES, "♤": C.SPADES}

COMMANDS = ("help", "hand", "trick", "tricks", "scores", "describe", "hint", "auto", "quit")
"""The commands every prompt accepts (``table.word.<command>`` is each one's word in a language)."""

_LINKS = {"of", "di", "de", "du", "des", "da", "do", "dos", "das", "del", "della", "delle", "dei", "degli"}


def _fold(text: str) -> str:
    return " ".join(text.casefold().split())


@lru_cache(maxsize=8)
def _words(kind: str) -> dict[str, str]:
    """Every language's word for each entry of ``table.word.*`` of ``kind``
    (a command, ``all``, ``none``, ``pass``), folded: word → entry."""
    found: dict[str, str] = {}
    for key, texts in messages().items():
        if key.startswith("table.word."):
            entry = key.removeprefix("table.word.")
            if kind == "command" and entry not in COMMANDS:
                continue
            if kind != "command" and entry != kind:
                continue
            for language in LANGUAGES:
                for word in texts[language].split("/"):
                    found[_fold(word)] = entry
    return found


@dataclass(frozen=True)
class Command:
    """A command typed at a prompt, with the rest of the line."""

    name: str
    argument: str = ""


def read_command(text: str) -> Command | None:
    """The command ``text`` names (``?`` is help), or None."""
    if text.strip() == "?":
        return Command("help")
    head, _, rest = text.strip().partition(" ")
    name = _words("command").get(_fold(head))
    return Command(name, rest.strip()) if name else None


def is_word(text: str, entry: str) -> bool:
    """Whether ``text`` is the word for ``entry`` (``all``, ``none``, ``pass``) in some language."""
    return _words(entry).get(_fold(text)) == entry


def read_number(text: str, count: int) -> int | None:
    """The 0-based index of choice ``text`` among ``count`` numbered from 1, or None."""
    if text.isdigit() and 1 <= int(text) <= count:
        return int(text) - 1
    return None


# --------------------------------------------------------------------------
# Cards, suits and ranks.


@dataclass(frozen=True)
class Reading:
    """What a text reads as: a value, or why not (``ambiguous``: it could be
    read two ways)."""

    value: int | None
    ambiguous: bool = False


@lru_cache(maxsize=8)
def _rank_words() -> dict[str, int]:
    words = {word: rank for word, rank in C.RANK_WORDS.items()}
    for rank in C.RANKS:
        for language in LANGUAGES:
            words.setdefault(_fold(messages()[f"cards.rank.{rank}"][language]), rank)
    return words


@lru_cache(maxsize=8)
def _suit_words() -> dict[str, int]:
    words = {word: suit for word, suit in C.SUIT_WORDS.items() if len(word) > 1}
    for suit in C.SUITS:
        for language in LANGUAGES:
            words.setdefault(_fold(messages()[f"cards.suit.{suit}"][language]), suit)
    return words


def _own_rank(text: str, language: str) -> int | None:
    if text.isdigit() and 2 <= int(text) <= 10:
        return int(text)
    return RANK_LETTERS[language].get(text)


def _own_suit(text: str, language: str) -> int | None:
    if text in SUIT_SYMBOLS:
        return SUIT_SYMBOLS[text]
    index = SUIT_LETTERS[language].lower().find(text) if len(text) == 1 else -1
    return index if index >= 0 else None


def _in_words(text: str) -> int | None:
    """``queen of spades``, ``donna di picche``, ``10 of hearts``."""
    tokens = [w for w in _fold(text).replace("'", " ").split() if w not in _LINKS]
    if len(tokens) != 2:
        return None
    rank = _rank_words().get(tokens[0]) or (int(tokens[0]) if tokens[0].isdigit() and 2 <= int(tokens[0]) <= 10
                                            else None)
    suit = _suit_words().get(tokens[1])
    return None if rank is None or suit is None else C.card(rank, suit)


def read_card(text: str, language: str) -> Reading:
    """The card ``text`` names (see the module docstring)."""
    worded = _in_words(text)
    if worded is not None:
        return Reading(worded)
    key = _fold(text).replace(" ", "")
    if len(key) < 2:
        return Reading(None)
    rank, suit = _own_rank(key[:-1], language), _own_suit(key[-1], language)
    if rank is not None and suit is not None:
        return Reading(C.card(rank, suit))
    if C.ambiguous_card(key) is not None:
        return Reading(None, ambiguous=True)  # a French or Italian rank with C: clubs or hearts?
    general = C.parse_card(key)
    if general is None:
        return Reading(None)
    if language != "en" and key[-1] in RANK_LETTERS[language]:
        return Reading(None, ambiguous=True)  # its suit letter is one of the player's rank letters
    return Reading(general)


def _read_alone(text: str, language: str, own: Callable[[str, str], int | None], words: dict[str, int],
                clashes: str) -> Reading:
    """A suit or a rank written alone: the player's letters, a word, else
    English letters unless the letter is one of ``clashes`` (the player's
    letters for the other kind of thing)."""
    key = _fold(text)
    value = own(key, language)
    if value is None:
        value = words.get(key)
    if value is not None:
        return Reading(value)
    english = own(key, "en")
    if english is None:
        return Reading(None)
    return Reading(None, ambiguous=True) if key in clashes else Reading(english)


def read_suit(text: str, language: str) -> Reading:
    """The suit ``text`` names: a symbol, a letter of the player's language,
    a word, else an English letter unless it is one of the player's rank letters."""
    return _read_alone(text, language, _own_suit, _suit_words(), "".join(RANK_LETTERS[language]))


def read_rank(text: str, language: str) -> Reading:
    """The rank ``text`` names: a number 2 to 10, a letter of the player's
    language, a word, else an English letter unless it is one of the player's suit letters."""
    return _read_alone(text, language, _own_rank, _rank_words(), SUIT_LETTERS[language].lower())


# --------------------------------------------------------------------------
# Contracts and seats.


@dataclass(frozen=True)
class ContractReading:
    """A contract among the choices, or the closest name to suggest."""

    contract: m.Contract | None
    suggestion: str | None = None


def read_contract(text: str, options: Sequence[m.Contract]) -> ContractReading:
    """The contract ``text`` names among ``options``: by number, by name
    (case, spaces and hyphens aside), or by the start of one name only."""
    index = read_number(text, len(options))
    if index is not None:
        return ContractReading(options[index])
    key = contract_key(text)
    keys = {contract_key(c.name): c for c in options}
    if key in keys:
        return ContractReading(keys[key])
    starts = [c for k, c in keys.items() if key and k.startswith(key)]
    if len(starts) == 1:
        return ContractReading(starts[0])
    close = difflib.get_close_matches(key, list(keys), n=1, cutoff=0.6)
    return ContractReading(None, keys[close[0]].name if close else None)


def read_seats(text: str, targets: Sequence[int], names: Sequence[str]) -> list[int] | None:
    """The seats of ``targets`` that ``text`` names: numbers of the listed
    choices or seat names, separated by spaces or commas, or the word for
    all or none; None when a part names no choice."""
    if is_word(text, "all"):
        return list(targets)
    if is_word(text, "none") or text.strip() == "0":
        return []
    chosen: list[int] = []
    folded = {_fold(names[s]): s for s in targets}
    for part in text.replace(",", " ").split():
        index = read_number(part, len(targets))
        seat = targets[index] if index is not None else folded.get(_fold(part))
        if seat is None:
            return None
        if seat not in chosen:
            chosen.append(seat)
    return chosen


def command_word(command: str, t: Translator) -> str:
    """The word for ``command`` in the translator's language (the first spelling)."""
    return t(f"table.word.{command}").split("/")[0]
