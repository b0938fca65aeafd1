"""Reading what people type: one reader for the score sheet and the table.

Whatever the front end, an answer is read the same way:

* **numbers** count from 1 — a choice in a list, a seat (seat 0 is
  number 1), a contract — and a contract keeps its number for the whole
  game (:func:`contract_numbers`), so numbers do not move as contracts are
  used;
* **seats** by name, in any case and with or without accents (``joel``
  is Joël), spaces and all (``Anne Lise``), or the start of one name;
  several at once separated by spaces, commas or "and" (``Anne Lise, Bea``,
  ``anna e bea``);
* **contracts** by number, by their own name or their name in any
  language (:meth:`~barbu_dsl.language.model.Contract.name_in`), or by the
  start of one;
* the **words** all, none (nobody), yes, no, pass and back, in any of the
  languages (the ``answers.word.*`` messages, ``/`` between spellings);
* suits, ranks and cards: :mod:`.cards`.

A :class:`Read` holds the value found, or why there is none: the answers a
start could be (``matches``, to be listed), the closest answer
(``suggestion``: the one "did you mean" of every question), an answer
that exists but cannot be chosen now (``unavailable``: a contract already
played, a seat the rules do not offer), or a text the letters read two
ways (``ambiguous``).  :func:`problem_text` says which, in words.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Generic, Protocol, TypeVar

from ..runtime.suggestion import closest
from . import LANGUAGES, Translator, messages

T = TypeVar("T")


class Named(Protocol):
    """What a contract is to a reader of answers: its own name and its
    names in the players' languages (a
    :class:`~barbu_dsl.language.model.Contract`; the tools of words know
    no model, which sits above them)."""

    @property
    def name(self) -> str: ...

    @property
    def names(self) -> tuple[tuple[str, str], ...]: ...

    def name_in(self, language: str) -> str: ...


C = TypeVar("C", bound=Named)

WORDS = ("all", "none", "yes", "no", "pass", "back")
"""The words every question understands (``answers.word.<word>``)."""


@dataclass(frozen=True)
class Read(Generic[T]):
    """What a typed answer reads as (see the module docstring)."""

    value: T | None = None
    found: bool = False
    matches: tuple[str, ...] = ()
    suggestion: str | None = None
    unavailable: Any = None
    ambiguous: bool = False


def found(value: T) -> Read[T]:
    return Read(value, True)


# --------------------------------------------------------------------------
# Folding: what two spellings of one answer have in common.

_LETTERS = str.maketrans({"ı": "i", "œ": "oe", "æ": "ae", "ø": "o", "đ": "d", "ł": "l", "ß": "ss"})


def fold(text: str) -> str:
    """``text`` in lower case, without accents, its spaces collapsed:
    ``Joël`` and ``joel``, ``Cœur`` and ``coeur`` fold alike."""
    decomposed = unicodedata.normalize("NFKD", text.casefold().translate(_LETTERS))
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch)).translate(_LETTERS)
    return " ".join(plain.split())


def key(text: str) -> str:
    """``text`` folded and reduced to its letters and digits: ``Anne-Lise``,
    ``anne lise`` and ``ANNELISE`` are one name."""
    return "".join(ch for ch in fold(text) if ch.isalnum())


def did_you_mean(text: str, choices: Iterable[str]) -> str | None:
    """The choice closest to ``text`` (compared folded), or None when none
    is close: the one "did you mean" of every question."""
    return closest(text, choices, key)


def _by_key(named: Iterable[tuple[str, T]]) -> dict[str, list[T]]:
    found_: dict[str, list[T]] = {}
    for name, value in named:
        values = found_.setdefault(key(name), [])
        if value not in values:
            values.append(value)
    return found_


def _lookup(text: str, named: Sequence[tuple[str, T]], label: Callable[[T], str]) -> Read[T]:
    """The value ``text`` names among ``named`` (name, value) pairs: a name
    folded alike, else the start of the names of one value, else the
    values those starts share, or the closest name."""
    wanted = key(text)
    if not wanted:
        return Read()
    by_key = _by_key(named)
    exact = by_key.get(wanted, [])
    if len(exact) == 1:
        return found(exact[0])
    starting: list[T] = []
    for name_key, values in by_key.items():
        if name_key.startswith(wanted):
            starting.extend(v for v in values if v not in starting)
    if len(starting) > 1:  # whole words first: "with" is With hearts and With queens, not Without hearts
        words = fold(text) + " "
        whole = [v for v in starting if any(fold(name).startswith(words) for name, value in named if value == v)]
        starting = whole or starting
    if len(starting) == 1:
        return found(starting[0])
    if starting:
        return Read(matches=tuple(label(v) for v in starting))
    return Read(suggestion=did_you_mean(text, [name for name, _ in named]))


# --------------------------------------------------------------------------
# Words and numbers.


@lru_cache(maxsize=1)
def _words() -> dict[str, set[str]]:
    """Each word's spellings in every language, folded."""
    texts = messages()
    return {word: {key(spelling) for language in LANGUAGES
                   for spelling in texts[f"answers.word.{word}"][language].split("/")} for word in WORDS}


def is_word(text: str, word: str) -> bool:
    """Whether ``text`` is the word ``word`` (``all``, ``none``, ``yes`` ...)
    in one of the languages (``-`` and ``0`` are ``none`` too)."""
    if word == "none" and text.strip() in ("-", "—", "–", "0"):
        return True
    return bool(key(text)) and key(text) in _words()[word]


def word(name: str, t: Translator) -> str:
    """The word ``name`` as ``t``'s language writes it first."""
    return t(f"answers.word.{name}").split("/")[0]


def read_number(text: str, count: int) -> int | None:
    """The index (from 0) of choice ``text`` among ``count`` numbered from 1, or None."""
    text = text.strip()
    if text.isascii() and text.isdigit() and 1 <= int(text) <= count:
        return int(text) - 1
    return None


def read_yes_no(text: str) -> bool | None:
    """True for yes, False for no, None for neither."""
    if is_word(text, "yes"):
        return True
    if is_word(text, "no") or (is_word(text, "none") and text.strip() not in ("0",)):
        return False
    return None


# --------------------------------------------------------------------------
# Seats.

_AND = {"and", "e", "et", "y", "&", "ed"}
"""The words that join names in a list: ``Anna and Bea``, ``Anna e Bea``."""


def seat_numbers(players: int) -> dict[int, int]:
    """Number → seat: seat 0 is number 1."""
    return {seat + 1: seat for seat in range(players)}


def read_seat(text: str, names: Sequence[str], allowed: Sequence[int] | None = None,
              numbers: Mapping[int, int] | None = None) -> Read[int]:
    """The one seat ``text`` names (see the module docstring)."""
    reading = read_seats(text, names, allowed, numbers, words=False)
    if not reading.found:
        return Read(matches=reading.matches, suggestion=reading.suggestion, unavailable=reading.unavailable)
    seats = reading.value or []
    if len(seats) != 1:
        return Read()
    return found(seats[0])


def read_seats(text: str, names: Sequence[str], allowed: Sequence[int] | None = None,
               numbers: Mapping[int, int] | None = None, words: bool = True,
               repeats: bool = False) -> Read[list[int]]:
    """The seats ``text`` names, in the order named: numbers (``numbers``:
    number → seat; by default seat 0 is 1), names (several words each, the
    start of one), separated by spaces, commas or "and"; with ``words``,
    ``all`` (every seat of ``allowed``) and ``none`` (no seat).  A seat not
    in ``allowed`` reads as ``unavailable``; a seat named twice counts once
    (``repeats``: twice, for an order such as the domino's)."""
    seats = list(range(len(names))) if allowed is None else list(allowed)
    numbering = dict(numbers) if numbers is not None else seat_numbers(len(names))
    if words and is_word(text, "all"):
        return found(list(seats))
    if words and is_word(text, "none") and not _names_exactly(text, names):
        return found([])
    chosen: list[int] = []
    for part in re.split(r"[,;+/]", text):
        tokens = part.split()
        index = 0
        while index < len(tokens):
            if key(tokens[index]) in _AND and not _names_exactly(tokens[index], names):
                index += 1
                continue
            taken, reading = _seat_at(tokens, index, names, numbering)
            if not reading.found:
                return Read(matches=reading.matches, suggestion=reading.suggestion)
            seat = reading.value
            assert seat is not None
            if seat not in seats:
                return Read(unavailable=seat)
            if repeats or seat not in chosen:
                chosen.append(seat)
            index += taken
    return found(chosen) if chosen else Read()


def _names_exactly(text: str, names: Sequence[str]) -> bool:
    return key(text) in {key(name) for name in names}


def _seat_at(tokens: list[str], index: int, names: Sequence[str],
             numbering: Mapping[int, int]) -> tuple[int, Read[int]]:
    """The seat the words from ``tokens[index]`` begin to name, and how many
    words it takes: the longest run of words that is a name, else a number,
    else the longest run that starts one name only."""
    by_key = _by_key((name, seat) for seat, name in enumerate(names))
    for end in range(len(tokens), index, -1):
        exact = by_key.get(key(" ".join(tokens[index:end])), [])
        if len(exact) == 1:
            return end - index, found(exact[0])
    first = tokens[index]
    if first.isascii() and first.isdigit():
        seat = numbering.get(int(first))
        return 1, (found(seat) if seat is not None else Read())
    for end in range(len(tokens), index, -1):
        wanted = key(" ".join(tokens[index:end]))
        starting = sorted({seat for name_key, seats in by_key.items() if name_key.startswith(wanted)
                           for seat in seats})
        if len(starting) == 1:
            return end - index, found(starting[0])
        if starting and end == index + 1:
            return 1, Read(matches=tuple(names[s] for s in starting))
    return 1, Read(suggestion=did_you_mean(first, names))


# --------------------------------------------------------------------------
# Contracts.


def contract_numbers(contracts: Sequence[C]) -> dict[int, C]:
    """Number → contract for a game's contracts, from 1, each once, in the
    order given: the numbers a game's questions use all game long."""
    distinct: list[C] = []
    for contract in contracts:
        if contract not in distinct:
            distinct.append(contract)
    return {number: contract for number, contract in enumerate(distinct, 1)}


def read_contract(text: str, options: Sequence[C], language: str,
                  numbers: Mapping[int, C] | None = None,
                  known: Sequence[C] = ()) -> Read[C]:
    """The contract ``text`` names among ``options``: its number
    (``numbers``; by default the options from 1), its own name or its name
    in any language, the start of those of one contract, or whole words of
    them that only one contract's names hold (``damas``: Sem damas).  A contract of
    ``known`` (the spec's) that is not among the options reads as
    ``unavailable``."""
    numbering = dict(numbers) if numbers is not None else contract_numbers(options)
    stripped = text.strip()
    if stripped.isascii() and stripped.isdigit():
        contract = numbering.get(int(stripped))
        if contract is None:
            return Read()
        return found(contract) if contract in options else Read(unavailable=contract)
    reading = _lookup(text, _contract_names(options), lambda c: c.name_in(language))
    if reading.found or reading.matches:
        return reading
    others = [c for c in known if c not in options]
    elsewhere = _lookup(text, _contract_names(others), lambda c: c.name_in(language))
    if elsewhere.found:
        return Read(unavailable=elsewhere.value)
    inside = _named_inside(text, options)  # "donne": Niente donne, "damas": Sem damas
    if len(inside) == 1:
        return found(inside[0])
    if inside:
        return Read(matches=tuple(c.name_in(language) for c in inside))
    inside = _named_inside(text, others)
    if len(inside) == 1:
        return Read(unavailable=inside[0])
    everything = [*options, *others]
    suggestion = did_you_mean(text, [n for n, _ in _contract_names(everything)])
    if suggestion is not None:
        contract = next(c for n, c in _contract_names(everything) if n == suggestion)
        suggestion = contract.name_in(language)
    return Read(suggestion=suggestion)


def _named_inside(text: str, contracts: Sequence[C]) -> list[C]:
    """The contracts one of whose names, in any language, has ``text`` as
    whole words (``donne`` in ``Niente donne``, ``damas`` in ``Sem
    damas``), each once: the words a person may use for a contract in
    their language, accepted when they name one contract only."""
    wanted = f" {fold(text)} "
    if not wanted.strip():
        return []
    inside: list[C] = []
    for name, contract in _contract_names(contracts):
        if wanted in f" {fold(name)} " and contract not in inside:
            inside.append(contract)
    return inside


def _contract_names(contracts: Iterable[C]) -> list[tuple[str, C]]:
    """Each contract's own name and its names in every language."""
    return [(name, contract) for contract in contracts
            for name in (contract.name, *(text for _, text in contract.names))]


# --------------------------------------------------------------------------
# Saying why an answer is not read.


def choices_text(labels: Sequence[str], t: Translator) -> str:
    """``A, B or C`` in ``t``'s language."""
    if len(labels) <= 1:
        return "".join(labels)
    return t("answers.or", items=", ".join(labels[:-1]), last=labels[-1])


def problem_text(reading: Read[Any], typed: str, t: Translator, otherwise: str) -> str:
    """Why ``typed`` is not an answer, in words: the several answers it
    starts, or ``otherwise`` (what the question wants) with the closest
    answer as "did you mean"."""
    if reading.matches:
        return t("answers.several", typed=typed, choices=choices_text(list(reading.matches), t))
    if reading.suggestion:
        return otherwise + " " + t("answers.did_you_mean", suggestion=reading.suggestion)
    return otherwise


__all__ = ["WORDS", "Named", "Read", "choices_text", "contract_numbers", "did_you_mean", "fold", "is_word", "key",
           "problem_text", "read_contract", "read_number", "read_seat", "read_seats", "read_yes_no",
           "seat_numbers", "word"]
