"""The name meant by a word that names nothing: the one "did you mean" of
every message about a misspelt name — a key, a choice, a spec, a variant
or a contract of a spec (:mod:`barbu_dsl.language.suggest`), an answer
typed at the score sheet or the table (:mod:`barbu_dsl.i18n.answers`), the
contract of a score-sheet hand (:mod:`.entry`).

It is in the runtime because a generated package's score sheet suggests
contracts too.  The score sheet's web page does the same with a port of
difflib (``scorer/static/sheet.js``, ``closeMatch``) and is given
:data:`CUTOFF` in its data, so that nothing else says the number.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable

CUTOFF = 0.6
"""How alike a word and a name must be for the name to be suggested:
difflib's ratio of the two (twice the characters they have in common, in
order, over both lengths; 0 to 1), compared after folding.  0.6, difflib's
own default, lets one or two slips in a short name through (``Barbou``
for ``Barbu``, ``No quens`` for ``No queens``) and not a different name
that shares a few letters with it."""


def closest(word: str, choices: Iterable[str], fold: Callable[[str], str] = str) -> str | None:
    """The choice most like ``word``, both compared after ``fold`` (of
    choices that fold alike, the first), or None when none is
    :data:`CUTOFF` alike.  Of equally close choices, the one whose folded
    form sorts last (as :func:`difflib.get_close_matches` picks it)."""
    by_folded: dict[str, str] = {}
    for choice in choices:
        by_folded.setdefault(fold(choice), choice)
    found = difflib.get_close_matches(fold(word), list(by_folded), n=1, cutoff=CUTOFF)
    return by_folded[found[0]] if found else None
