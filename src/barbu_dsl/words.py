"""Small helpers for writing rules out in plain words (explain, verify)."""

from __future__ import annotations

from .language.rules import value_text


def join_words(items: list[str], word: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c`` (or ``word`` instead of ``and``)."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """``1 hand``, ``3 hands``: a count with its noun (``nouns`` when the
    plural is not the noun with an ``s``)."""
    return f"{count} {noun if count == 1 else nouns or noun + 's'}"


def signed_text(points: int) -> str:
    """Points as people read them, with a real minus: ``100``, ``−100`` (a
    target score or a reset, docs/rules.md section 6)."""
    return str(points).replace("-", "−")


def range_text(low: int, high: int) -> str:
    """``−26``, or ``−65 to −60`` when a total is not fixed."""
    return value_text(low) if low == high else f"{value_text(low)} to {value_text(high)}"
