"""The score sheet's facts for a generated package (templates/sheet.py.j2).

A generated package's ``score_hand`` scores a docs/sheet.md hand object
exactly as :func:`barbu_dsl.sheet.hand.score_hand` does; it reads the same
compiled facts, written out as data: for each contract, player count and
trump suit, the :class:`~barbu_dsl.compiled.entry.EntryPlan` (what to
enter and what each fact is worth), the hand totals raw scores must reach
(``barbu verify``'s), and the problem messages of docs/sheet.md in
English (:mod:`barbu_dsl.i18n.en.sheet`).
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import cards as C
from ..compiled import hand_totals
from ..compiled.entry import EntryPlan, entry_plan
from ..compiled.facts import trump_mode
from ..i18n import messages
from ..language import model as m

PROBLEM = "sheet.problem."


@dataclass(frozen=True)
class SheetRow:
    """One entry plan: ``(contract, players, trump)`` and its facts."""

    contract: str
    players: int
    trump: int | None
    plan: EntryPlan
    totals: tuple[int, ...]

    @property
    def sets(self) -> tuple[tuple[str, int, int, int], ...]:
        return tuple((s.name, s.mask, s.value, s.required) for s in self.plan.sets)

    @property
    def singles(self) -> tuple[tuple[int, str, int], ...]:
        return tuple((s.card, s.name, s.adjust) for s in self.plan.singles)


def sheet_rows(spec: m.Spec) -> tuple[SheetRow, ...]:
    """Every entry plan a hand of ``spec`` can need, in spec order, player
    counts ascending, trump suits in suit order."""
    rows = []
    for contract in spec.contracts:
        for players in spec.players:
            rules = contract.rules_for(players)
            deck = tuple(sorted(spec.deck_for(players)))
            mode = trump_mode(rules.play)
            for trump in (tuple(C.SUITS) if mode == "named" else (None,)):
                aside = spec.aside(players)  # a widow set aside: cards nobody takes (docs/rules.md section 6)
                totals = hand_totals(rules, players, deck, trump, aside).totals
                rows.append(SheetRow(contract.name, players, trump, entry_plan(rules, players, deck, trump, aside),
                                     totals))
    return tuple(rows)


def problem_messages() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Each problem code of docs/sheet.md and its English message, cut
    into pieces of at most 70 characters (each ending at a space) so the
    generated lines stay short."""
    return tuple((key[len(PROBLEM):], _pieces(texts["en"])) for key, texts in sorted(messages().items())
                 if key.startswith(PROBLEM))


def _pieces(text: str, width: int = 70) -> tuple[str, ...]:
    pieces, current = [], ""
    for word in text.split(" "):
        if current and len(current) + len(word) + 1 > width:
            pieces.append(current + " ")
            current = word
        else:
            current = f"{current} {word}" if current else word
    return (*pieces, current)


__all__ = ["SheetRow", "problem_messages", "sheet_rows"]
