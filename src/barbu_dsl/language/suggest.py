""""Did you mean ...?" in a spec's messages, for a name that matches
nothing: a key, a choice, a spec, a variant or scale, a contract.  The
closest name is found as every other suggestion is
(:func:`barbu_dsl.runtime.suggestion.closest`), so every misspelt name
gets the same kind of suggestion."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..runtime.suggestion import closest
from .model import contract_key


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
