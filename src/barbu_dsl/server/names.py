"""Seat names that cannot be mistaken for one another.

Each seat at a table has a name of its own: two names are the same when
they differ only in case (``Anna``, ``anna``) or only in letters that
look alike — the Cyrillic ``а`` (U+0430) in ``Аnna`` for the Latin ``a``,
the Greek ``Ο`` for ``O``, a full-width ``Ａ``, a digit ``0`` for an
``o``.  A page shows every name as text, so a name that looks like
another seat's would let one player pass for another in the log and at
the table.

:func:`skeleton` is what two names are compared by: Unicode's
compatibility form (NFKC: full-width and ligature forms become the plain
letters), then the look-alikes of :data:`CONFUSABLES`, case folding, and
the look-alikes again.  The table is a small part of Unicode's
confusables list (Unicode Technical Standard #39, "Unicode Security
Mechanisms", section 4, the *skeleton*, and its data file
``confusables.txt``): the Cyrillic and Greek letters, and the digits,
that the Latin alphabet's letters are mistaken for in the fonts people
read, which covers the scripts the project's languages and their players
write in.  It folds more than the standard in one way (case) and less in
another (letters of other scripts).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

CONFUSABLES: dict[str, str] = {
    # Cyrillic capitals (confusables.txt: 0410 → 0041 "A", 0412 → 0042 "B", ...)
    "А": "A", "В": "B", "Е": "E", "З": "3", "І": "l", "Ј": "J", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P",
    "С": "C", "Т": "T", "Х": "X", "Ү": "Y", "Ѕ": "S", "Ԛ": "Q", "Ԝ": "W", "Ӏ": "l",
    # Cyrillic small letters
    "а": "a", "е": "e", "і": "i", "ј": "j", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "ѕ": "s", "һ": "h",
    "ԁ": "d", "ԛ": "q", "ԝ": "w", "ӏ": "l", "ү": "y", "ѵ": "v",
    # Greek capitals
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "l", "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O", "Ρ": "P",
    "Τ": "T", "Υ": "Y", "Χ": "X", "Ϲ": "C", "Ϳ": "J",
    # Greek small letters
    "α": "a", "ι": "i", "ν": "v", "ο": "o", "ρ": "p", "υ": "u", "γ": "y", "ϲ": "c", "ϳ": "j",
    # Latin letters and digits taken for one another (0 → O; 1, capital I and | → l)
    "0": "o", "1": "l", "I": "l", "|": "l", "ı": "i", "ɡ": "g",
}
"""A character → the Latin letter (or digit) it is taken for (see the module docstring)."""

_TABLE = str.maketrans(CONFUSABLES)


def skeleton(name: str) -> str:
    """What ``name`` looks like, for comparing: two names with the same
    skeleton are the same name at a table."""
    folded = unicodedata.normalize("NFKC", name).translate(_TABLE).casefold().translate(_TABLE)
    return " ".join(folded.split())


def alike(names: Sequence[str]) -> tuple[int, int] | None:
    """The first two of ``names`` (their positions) that look alike, or None."""
    seen: dict[str, int] = {}
    for position, name in enumerate(names):
        key = skeleton(name)
        if key in seen:
            return seen[key], position
        seen[key] = position
    return None


def taken_by(name: str, others: Sequence[str]) -> str | None:
    """The name among ``others`` that ``name`` looks like, or None."""
    key = skeleton(name)
    return next((other for other in others if skeleton(other) == key), None)


__all__ = ["CONFUSABLES", "alike", "skeleton", "taken_by"]
