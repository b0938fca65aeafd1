"""The score sheet's rules as the pages run them: ``base.js``, ``facts.js``
and ``sheet.js`` (``BarbuCore``), which the web scorer inlines and the
table server serves as ``/core.js`` (its table page reads pots and
payouts from the server's messages instead): one copy of each rule the
pages apply.

Before them comes one line of data from the Python that serves the page:
Unicode's case folding as that Python's ``str.casefold`` applies it, which
contract names are matched by (:func:`barbu_dsl.runtime.records.contract_key`).
JavaScript has no case folding, and its lowercasing follows the browser's
own version of Unicode; with this table the page folds a name exactly as
the Python that wrote it does (the dotless ı of Rıfkı stays dotless), and
no copy of Unicode's rules is kept by hand.  A score sheet's page carries
only the part of the table its contract names need (:func:`folding_table`),
which matches every name as the whole table would; the online table's
``/core.js`` serves every spec, so it carries the whole table.  A second
line gives how alike a misspelt contract name must be to a contract's to be
suggested (:data:`barbu_dsl.runtime.suggestion.CUTOFF`), so that the page
says "did you mean" exactly when the Python sheet does.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any

from ..runtime.suggestion import CUTOFF

CORE_SCRIPTS = ("base.js", "facts.js", "sheet.js")
"""The scripts of the score sheet's rules, in the order they load."""

FOLDED_END = 0x20000
"""Case folding changes no character from here on (checked over every code
point by the tests), so only the characters below are searched."""


@lru_cache(maxsize=8)
def static_text(name: str) -> str:
    """A file of the scorer's ``static/``: the style sheet or a script."""
    return (resources.files("barbu_dsl.scorer") / "static" / name).read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def case_folds() -> dict[str, str]:
    """Each character that ``casefold()`` changes, with its folding."""
    return {ch: ch.casefold() for ch in map(chr, range(FOLDED_END)) if ch.casefold() != ch}


def folding_table(names: tuple[str, ...] | None = None) -> dict[str, Any]:
    """:func:`case_folds` as the page reads it: runs of one-character
    foldings ``[first code point, how many, step, shift]``, flat (``A``–``Z``
    is ``65, 26, 1, 32``; a Latin block that alternates capitals and small
    letters has step 2), and the rest character by character (``ß`` → ``ss``).

    With contract ``names``, only the characters that fold to letters of
    the folded names, or are among them: any text then folds to a name's
    key exactly when Python's casefold makes it so (a character left out
    stays itself, and so can equal no letter of a name it does not fold
    to), which keeps a score sheet's page small."""
    folds = case_folds()
    if names is not None:
        letters = set("".join(name.casefold() for name in names))
        folds = {ch: folded for ch, folded in folds.items() if ch in letters or set(folded) <= letters}
    runs: list[list[int]] = []
    for ch, folded in folds.items():
        if len(folded) != 1:
            continue
        point, shift = ord(ch), ord(folded) - ord(ch)
        if runs:
            first, count, step, last_shift = runs[-1]
            gap = point - (first + (count - 1) * step)
            if last_shift == shift and (gap == step or (count == 1 and gap == 2)):
                runs[-1] = [first, count + 1, gap, shift]
                continue
        runs.append([point, 1, 1, shift])
    runs = [run for run in runs if run[1] > 1]  # a run of one character is written out in ``each``
    covered = {first + i * step for first, count, step, _ in runs for i in range(count)}
    each = {ch: folded for ch, folded in folds.items() if ord(ch) not in covered}
    return {"runs": [n for run in runs for n in run], "each": each}


@lru_cache(maxsize=16)
def core_script(names: tuple[str, ...] | None = None) -> str:
    """The score sheet's rules, after the case-folding table they read
    (``BarbuFolds``): the part contract ``names`` need, or all of it; and
    the cutoff of "did you mean" (``BarbuCloseCutoff``)."""
    table = json.dumps(folding_table(names), ensure_ascii=False, separators=(",", ":"))
    preamble = f'"use strict";\nconst BarbuFolds = {table};\nconst BarbuCloseCutoff = {CUTOFF!r};\n'
    return preamble + "\n".join(static_text(name) for name in CORE_SCRIPTS)


__all__ = ["CORE_SCRIPTS", "FOLDED_END", "case_folds", "core_script", "folding_table", "static_text"]
