""""Did you mean ...?" for a name that matches nothing: a key, a choice, a
spec, a variant or scale, a contract.  One closest match, found with
difflib, so every misspelt name gets the same kind of suggestion."""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable

from .model import contract_key


def closest(word: str, choices: Iterable[str], fold: Callable[[str], str] = str) -> str | None:
    """The choice most like ``word`` (compared after ``fold``), or None
    when none is close."""
    by_folded: dict[str, str] = {}
    for choice in choices:
        by_folded.setdefault(fold(choice), choice)
    found = difflib.get_close_matches(fold(word), list(by_folded), n=1)
    return by_folded[found[0]] if found else None


def did_you_mean(word: str, choices: Iterable[str], fold: Callable[[str], str] = str) -> str | None:
    """``did you mean 'X'?`` for the closest choice, or None."""
    match = closest(word, choices, fold)
    return f"did you mean '{match}'?" if match is not None else None


def did_you_mean_contract(name: str, names: Iterable[str]) -> str | None:
    """``did you mean 'No queens'?`` for a contract name, matched without
    regard to case, spaces, hyphens or underscores."""
    return did_you_mean(name, names, contract_key)


def with_suggestion(word: str, choices: Iterable[str], listing: str, fold: Callable[[str], str] = str) -> str:
    """A hint: the suggestion, if any, then ``listing`` (``one of: ...``)."""
    suggestion = did_you_mean(word, choices, fold)
    return f"{suggestion} {listing}" if suggestion else listing
