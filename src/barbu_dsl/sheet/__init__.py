"""The score sheet: what a scorer keeps at a real table, under any spec.

* :mod:`.facts` — a hand's facts of play (who took what, docs/sheet.md)
  checked against the compiled rules and turned into raw scores;
* :mod:`.hand` — one hand object checked and scored on its own;
* :mod:`.flow` — whose turn it is, which contracts are left;
* :mod:`.game` — :class:`SheetGame`: a whole game, its exchange format,
  undo and edits;
* :mod:`.store` — games kept in SQLite;
* :mod:`.prompts` — the interactive entry of a hand;
* :mod:`.export`, :mod:`.views` — files (game file, CSV, JSON) and what
  ``show`` says;
* :mod:`.layout` — a sheet as a table that fits the terminal (``barbu
  sheet show`` and ``barbu play``'s final sheet);
* :mod:`.cli`, :mod:`.session`, :mod:`.commands` — ``barbu sheet``.

The names below are imported on first use, so ``barbu`` starts without
loading the engine.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_EXPORTS = {
    "SheetRow": ".layout", "print_sheet": ".layout",
    "SheetError": ".game", "SheetFileError": ".game", "SheetGame": ".game", "score_hand": ".hand",
}

__all__ = ["SheetError", "SheetFileError", "SheetGame", "SheetRow", "print_sheet", "score_hand"]


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(import_module(_EXPORTS[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
