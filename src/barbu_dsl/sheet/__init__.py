"""The score sheet: what a scorer keeps at a real table, under any spec.

* :mod:`.tables` — a finished game's sheet as rich tables (``barbu play``);
* :mod:`.facts` — a hand's facts of play (who took what, SHEET.md) checked
  against the compiled rules and turned into raw scores.
"""

from __future__ import annotations

from .tables import doubles_table, doubles_text, hand_line, print_sheet, score_table, summary

__all__ = ["doubles_table", "doubles_text", "hand_line", "print_sheet", "score_table", "summary"]
