"""The game plan followed hand by hand: whose turn it is and what they may choose.

:func:`plan_turn` reads the hands played so far (each contract with its
declarer) and says who declares the next one and which contracts they may
choose, by the rules of the game plan (:mod:`.game_plan`; docs/rules.md
sections 2, 3 and 6).  It is the one place those rules are applied: the
engine's games, the score sheet and (mirrored in its script) the web
scorer all ask here.

* The first hand's declarer is not the plan's to say (drawn by lot, or the
  holder of a card in the first deal): it is None, and any seat may take
  it.  After it, the declarer moves to the next seat in turn
  (:mod:`.seating`) every hand, or at the end of a declarer's series.
* A series (``declarer-series``, ``dealer``): the contracts of the series
  not yet played in it, each as often as it is played; ``fixed-series``
  and ``fixed-order``: the one contract the order puts next.
* Own lists (``rotating``): the chooser's list, without what they have
  played in their current pass over it (a list drawn at random, when the
  caller knows it; else any contract of the pool, once each).
* A shared list (``lists: shared``): what is left of the rubber's list;
  with quotas (``times … each``), a contract the chooser must still choose
  is always open to them, and another only while they have hands to spare
  for it in the rubber, so that every quota can still be met.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..language import model as m
from .game_plan import GamePlan

Entered = tuple[str, int]
"""A hand already played: its contract's name and its declarer."""


@dataclass(frozen=True)
class PlanTurn:
    """The next hand: its number (0-based), the seat that must declare it
    (None: any seat, for the first hand), the contracts that seat may
    choose, whether the game is already over, the number of the first
    hand of this declarer's series (or of the game), and of the first hand
    the advisory count of doubles covers (:meth:`GamePlan.count_start`)."""

    number: int
    declarer: int | None
    options: tuple[m.Contract, ...]
    over: bool = False
    series_start: int = 0
    count_start: int = 0


def _key(contract: m.Contract) -> str:
    return _name_key(contract.name)


@lru_cache(maxsize=1024)
def _name_key(name: str) -> str:
    """:func:`~barbu_dsl.language.model.contract_key`, worked out once a name
    (the schedule asks it of every contract at every hand)."""
    return m.contract_key(name)


def _left(unit: Sequence[m.Contract], used: Counter[str]) -> tuple[m.Contract, ...]:
    """The distinct contracts of ``unit`` played fewer times than it holds them."""
    counts = Counter(_key(c) for c in unit)
    seen: set[str] = set()
    options = []
    for contract in unit:
        key = _key(contract)
        if key not in seen and counts[key] > used[key]:
            options.append(contract)
        seen.add(key)
    return tuple(options)


def plan_turn(plan: GamePlan, hands: Sequence[Entered], lists: Sequence[tuple[m.Contract, ...]] | None = None,
              first: int | None = None) -> PlanTurn:
    """The turn after ``hands`` (each one checked against the plan already).
    ``lists`` are the players' own lists when they were drawn at random and
    the caller knows them (the engine does; a score sheet does not);
    ``first`` is the first hand's declarer when the caller knows it."""
    number = len(hands)
    if number >= plan.hands:
        return PlanTurn(number, None, (), over=True)
    if number == 0:
        declarer = first
    elif plan.series and number % plan.per_player:
        declarer = hands[-1][1]
    else:
        declarer = plan.after[hands[-1][1]]
    if plan.chooser == "fixed-order":
        order = plan.pool
        index = number % len(order) if plan.fixed_once else number // plan.players % len(order)
        return PlanTurn(number, declarer, (order[index],))
    counted = plan.count_start(number)
    if plan.series:
        start = number - number % plan.per_player
        if plan.chooser == "fixed-series":
            return PlanTurn(number, declarer, (plan.unit[number - start],), series_start=start, count_start=counted)
        used = Counter(_name_key(name) for name, _ in hands[start:])
        return PlanTurn(number, declarer, _left(plan.unit, used), series_start=start, count_start=counted)
    if plan.lists == "shared":
        return PlanTurn(number, declarer, _shared_options(plan, hands, declarer), count_start=counted)
    return PlanTurn(number, declarer, _own_options(plan, hands, declarer, lists), count_start=counted)


def _own_options(plan: GamePlan, hands: Sequence[Entered], declarer: int | None,
                 lists: Sequence[tuple[m.Contract, ...]] | None) -> tuple[m.Contract, ...]:
    """A rotating chooser's contracts not yet played in the current pass
    over their own list (docs/rules.md section 3)."""
    if lists is not None and declarer is not None:
        own = lists[declarer]
    else:
        own = plan.round if plan.draw == "none" else plan.pool
    if declarer is None:
        return _left(own, Counter())
    mine = [_name_key(name) for name, seat in hands if seat == declarer]
    used = mine[len(mine) - len(mine) % plan.per_player:] if plan.per_player else []
    return _left(own, Counter(used))


def _shared_options(plan: GamePlan, hands: Sequence[Entered], declarer: int | None) -> tuple[m.Contract, ...]:
    """What is left of the rubber's shared list for this chooser (docs/rules.md
    section 6): a contract with a quota while they still owe it, any other
    while they have a hand to spare after their quotas."""
    number = len(hands)
    start = number - number % plan.per_player
    end = min(start + plan.per_player, plan.hands)
    rubber = hands[start:]
    left = _left(plan.unit, Counter(_name_key(name) for name, _ in rubber))
    if not plan.quotas:
        return left
    quotas = dict(plan.quotas)
    chosen = Counter(_name_key(name) for name, seat in rubber if seat == declarer)
    mine = -(-(end - number) // plan.players)  # this chooser's hands left in the rubber, this one included
    owed = sum(max(0, quota - chosen[key]) for key, quota in quotas.items())
    spare = mine - owed
    return tuple(c for c in left if (chosen[_key(c)] < quotas[_key(c)] if _key(c) in quotas else spare > 0))


__all__ = ["Entered", "PlanTurn", "plan_turn"]
