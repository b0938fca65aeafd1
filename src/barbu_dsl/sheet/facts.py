"""A hand's facts of play, checked and scored (docs/sheet.md, "A hand"),
with the problems said in the table's language.

The checks and the scoring are the runtime's (:mod:`barbu_dsl.runtime.entry`,
which the generated packages carry too); the plan of what to enter comes
from the compiled rules (:func:`barbu_dsl.compiled.entry.entry_plan`).  A
:class:`Problem` here is the runtime's with its message in words, in any of
the four languages (messages in :mod:`barbu_dsl.i18n.en.sheet`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..compiled.entry import EntryPlan
from ..compiled.totals import HandTotals
from ..i18n import Translator
from ..runtime import entry as sheet
from ..runtime.entry import Facts, facts_of_hand, score_facts, sole_taker


class Problem(sheet.Problem):
    """One thing wrong with a hand (:class:`barbu_dsl.runtime.entry.Problem`),
    which can say itself in words."""

    __slots__ = ()

    def message(self, t: Translator | None = None) -> str:
        """The problem in words, in ``t``'s language (English by default)."""
        t = t or Translator("en")
        return t(f"sheet.problem.{self.code}", field=self.field, **dict(self.fields))


def problem(field: str, code: str, **fields: object) -> Problem:
    return Problem(*sheet.problem(field, code, **fields))


def ours(found: Iterable[sheet.Problem]) -> list[Problem]:
    """The runtime's problems as problems that say themselves."""
    return [Problem(*found_one) for found_one in found]


def read_took(plan: EntryPlan, took: Any) -> tuple[Facts, list[Problem]]:
    """Read and check the ``took`` object against ``plan``."""
    facts, found = sheet.read_took(plan, took)
    return facts, ours(found)


def score_took(plan: EntryPlan, took: Any) -> tuple[list[int] | None, list[Problem]]:
    """Each seat's raw score from the facts ``took``, or None and every
    problem found."""
    scores, found = sheet.score_took(plan, took)
    return scores, ours(found)


def check_raw(raw: Any, players: int, totals: HandTotals) -> list[Problem]:
    """Scores entered directly: one whole number per seat, adding up to a
    total the contract can have (``barbu verify``'s totals)."""
    return ours(sheet.check_raw(raw, players, totals.totals))


__all__ = ["Problem", "check_raw", "facts_of_hand", "ours", "problem", "read_took", "score_facts", "score_took",
           "sole_taker"]
