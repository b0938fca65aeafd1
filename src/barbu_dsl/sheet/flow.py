"""Whose turn it is at a real table, and what they may choose.

A score sheet follows the spec's game plan (:func:`barbu_dsl.compiled.game_plan`)
from the hands already entered, with no chance involved
(:func:`barbu_dsl.compiled.plan_turn`): the first declarer is whoever the
table drew (or the holder of the card the spec names, which the sheet does
not see), so the first hand may be declared by any seat; after it the plan
decides (docs/rules.md sections 2, 3 and 6):

* a declarer series (``declarer-series``, ``dealer``): the same declarer
  for a series of hands, one of each contract of the pool (a contract
  played ``times`` times as often), in any order; then the next player in
  turn; ``fixed-series`` plays the series in the order given;
* ``rotating``: the chooser moves on every hand and picks from their own
  list, without repeating a contract until the list is used up; under
  ``classic`` and ``custom`` the list is known; under the random modes the
  table drew it, so any contract of the pool is accepted, each once, up to
  the list's length.  With a shared list, from what is left of the
  rubber's list, each player keeping their quotas;
* ``fixed-order``: the contract is fixed; the declarer moves on every hand.

The game is over after the plan's number of hands, or, in a game to a
target score (section 6), at the end of the hand in which a running total
reaches it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..compiled import GamePlan, game_plan, plan_turn
from ..language import model as m
from ..words import signed_text


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
    count_start: int = 0  # the first hand the advisory count of doubles covers: the series, rubber or game


@dataclass(frozen=True)
class Entered:
    """What the flow needs to know of a hand already on the sheet."""

    contract: str
    declarer: int


class SheetFlow:
    """The game plan of ``spec`` for ``players``, followed over a sheet's hands
    (:func:`barbu_dsl.compiled.plan_turn`, the same rules the engine's games
    follow)."""

    def __init__(self, spec: m.Spec, players: int):
        self.spec = spec
        self.players = players
        self.plan: GamePlan = game_plan(spec, players)

    def turn(self, hands: Sequence[Entered], totals: Sequence[int] = ()) -> SheetTurn:
        """The turn after ``hands`` (each already checked against this flow),
        whose running totals are ``totals``: a game to a target score is over
        once one of them reaches it (docs/rules.md section 6)."""
        planned = plan_turn(self.plan, [(h.contract, h.declarer) for h in hands])
        over = planned.over or self.plan.over(len(hands), totals)
        return SheetTurn(planned.number, planned.declarer, planned.options, over=over,
                         series_start=planned.series_start, count_start=planned.count_start)

    def over_after(self, played: int) -> int:
        """The hands a game that is over was played in: the plan's, or in a
        game to a target score those played."""
        return played if self.plan.target is not None else self.plan.hands

    def placed(self, t: Callable[..., str], key: str, **fields: object) -> str:
        """Message ``key`` placing a hand in the game, "hand 3 of 28"
        (``hands``), or in a game to a target score its ``.to`` message,
        "hand 3, playing to 100" (``target``)."""
        if self.plan.target is not None:
            return t(key + ".to", target=signed_text(self.plan.target), **fields)
        return t(key, hands=self.plan.hands, **fields)


__all__ = ["Entered", "SheetFlow", "SheetTurn"]
