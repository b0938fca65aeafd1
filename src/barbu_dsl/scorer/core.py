"""The score sheet's rules as the pages run them: ``base.js``, ``facts.js``
and ``sheet.js`` (``BarbuCore``), which the web scorer inlines and the
online table's page loads as ``/core.js``: one copy of each rule the pages
apply.

Before them comes one line of data from the Python that serves the page:
Unicode's case folding as that Python's ``str.casefold`` applies it, which
contract names are matched by (:func:`barbu_dsl.runtime.records.contract_key`).
JavaScript has no case folding, and its lowercasing follows the browser's
own version of Unicode; with this table the page folds a name exactly as
the Python that wrote it does (the dotless ı of Rıfkı stays dotless), and
no copy of Unicode's rules is kept by hand.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any

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


def folding_table() -> dict[str, Any]:
    """:func:`case_folds` as the page reads it: the one-character foldings
    as runs ``[first code point, how many, step, shift]`` (``A``–``Z`` is
    ``[65, 26, 1, 32]``; a Latin block that alternates capitals and small
    letters has step 2), and the longer ones (``ß`` → ``ss``) as they are."""
    runs: list[list[int]] = []
    longer: dict[str, str] = {}
    for ch, folded in case_folds().items():
        if len(folded) != 1:
            longer[ch] = folded
            continue
        point, shift = ord(ch), ord(folded) - ord(ch)
        if runs:
            first, count, step, last_shift = runs[-1]
            gap = point - (first + (count - 1) * step)
            if last_shift == shift and (gap == step or (count == 1 and gap == 2)):
                runs[-1] = [first, count + 1, gap, shift]
                continue
        runs.append([point, 1, 1, shift])
    return {"runs": runs, "longer": longer}


@lru_cache(maxsize=1)
def core_script() -> str:
    """The score sheet's rules, after the case-folding table they read (``BarbuFolds``)."""
    table = json.dumps(folding_table(), ensure_ascii=True, separators=(",", ":"))
    preamble = f'"use strict";\nconst BarbuFolds = {table};\n'
    return preamble + "\n".join(static_text(name) for name in CORE_SCRIPTS)


__all__ = ["CORE_SCRIPTS", "FOLDED_END", "case_folds", "core_script", "folding_table", "static_text"]
