"""The score sheet: what a scorer keeps at a real table, under any spec.

* :mod:`.facts` — a hand's facts of play (who took what, docs/sheet.md)
  checked against the compiled rules and turned into raw scores;
* :mod:`.hand` — one hand object checked and scored on its own;
* :mod:`.flow` — whose turn it is, which contracts are left;
* :mod:`.game` — :class:`SheetGame`: a whole game, its exchange format,
  undo and edits;
* :mod:`.store` — games kept in SQLite;
* :mod:`.prompts` — the interactive entry of a hand;
* :mod:`.export`, :mod:`.views` — files (game file, CSV, JSON) and rich tables;
* :mod:`.cli`, :mod:`.session`, :mod:`.commands` — ``barbu sheet``;
* :mod:`.tables` — a finished bot game's sheet as rich tables (``barbu play``).

The names below are imported on first use, so ``barbu`` starts without
loading the engine.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_EXPORTS = {
    "doubles_table": ".tables", "doubles_text": ".tables", "hand_line": ".tables", "print_sheet": ".tables",
    "score_table": ".tables", "summary": ".tables",
    "SheetError": ".game", "SheetFileError": ".game", "SheetGame": ".game", "score_hand": ".hand",
}

__all__ = [
    "SheetError", "SheetFileError", "SheetGame", "doubles_table", "doubles_text", "hand_line", "print_sheet",
    "score_hand", "score_table", "summary",
]


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(import_module(_EXPORTS[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
