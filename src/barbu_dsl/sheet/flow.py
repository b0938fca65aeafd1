"""Whose turn it is at a real table, and what they may choose.

A score sheet follows the spec's game plan (:func:`barbu_dsl.compiled.game_plan`)
from the hands already entered, with no chance involved: the first
declarer is whoever the table drew, so the first hand may be declared by
any seat; after it the plan decides (docs/rules.md sections 2 and 3):

* a declarer series (``declarer-series``, ``dealer``): the same declarer
  for a series of hands, one of each contract of the pool, in any order;
  then the player on their left;
* ``rotating``: the chooser moves one seat to the left every hand and picks
  from their own list, without repeating a contract until the list is used
  up.  Under ``classic`` and ``custom`` the list is known; under the random
  modes the table drew it, so any contract of the pool is accepted, each
  once, up to the list's length;
* ``fixed-order``: the contract is fixed; the declarer moves left every hand.

The game is over after the plan's number of hands.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..compiled import GamePlan, game_plan
from ..language import model as m


@dataclass(frozen=True)
class SheetTurn:
    """The next hand of a sheet: its number (0-based), the seat that must
    declare it (None: any seat, for the first hand), the contracts that seat
    may choose, and whether the game is already over."""

    number: int
    declarer: int | None
    options: tuple[m.Contract, ...]
    over: bool = False
    series_start: int = 0  # the number of the first hand of this declarer's series (or of the game)


@dataclass(frozen=True)
class Entered:
    """What the flow needs to know of a hand already on the sheet."""

    contract: str
    declarer: int


class SheetFlow:
    """The game plan of ``spec`` for ``players``, followed over a sheet's hands."""

    def __init__(self, spec: m.Spec, players: int):
        self.spec = spec
        self.players = players
        self.plan: GamePlan = game_plan(spec, players)

    def turn(self, hands: Sequence[Entered]) -> SheetTurn:
        """The turn after ``hands`` (each already checked against this flow)."""
        plan, n = self.plan, self.players
        number = len(hands)
        if number >= plan.hands:
            return SheetTurn(number, None, (), over=True)
        if number == 0:
            declarer = None
        elif plan.series and number % plan.per_player:
            declarer = hands[-1].declarer
        else:
            declarer = (hands[-1].declarer + 1) % n
        if plan.chooser == "fixed-order":
            order = plan.pool
            index = number % len(order) if self.spec.game.hands is not None else number // n % len(order)
            return SheetTurn(number, declarer, (order[index],), series_start=0)
        if plan.series:
            start = number - number % plan.per_player
            done = {m.contract_key(h.contract) for h in hands[start:]}
            options = tuple(c for c in plan.pool if m.contract_key(c.name) not in done)
            return SheetTurn(number, declarer, options, series_start=start)
        return SheetTurn(number, declarer, self._rotating_options(hands, declarer), series_start=0)

    def _rotating_options(self, hands: Sequence[Entered], declarer: int | None) -> tuple[m.Contract, ...]:
        """A rotating chooser's contracts not yet played in the current pass
        over their list (RULES.md section 3)."""
        plan = self.plan
        pool = plan.round if plan.draw == "none" else plan.pool
        if declarer is None:
            return pool
        mine = [m.contract_key(h.contract) for h in hands if h.declarer == declarer]
        used = mine[len(mine) - len(mine) % plan.per_player:] if plan.per_player else []
        return tuple(c for c in pool if m.contract_key(c.name) not in used)


__all__ = ["Entered", "SheetFlow", "SheetTurn"]
