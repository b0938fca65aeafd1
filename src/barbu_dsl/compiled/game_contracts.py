"""The contracts a whole game plays, worked out from its game plan.

A game of a spec plays ``plan.hands`` hands.  Which contracts those are
follows from the plan (:mod:`.game_plan`, followed hand by hand by
:mod:`.schedule`; docs/rules.md sections 2, 3 and 6):

* a fixed order or a fixed series says every hand's contract: the game's
  contracts are those the order gives, hand by hand, however many hands
  that is (a cut order or series included);
* a declarer's series, a player's own list and a rubber of a shared list
  are played whole, each contract as often as the unit holds it; when the
  game's ``hands`` cuts the last of them short, the hands left are a
  *pick*: any that many of the unit's contracts, as the players choose;
* lists drawn at random (the French random modes) are picks too, drawn
  rather than chosen: each player's list is any ``per_player`` of the pool.

The verifier sums over this (a fixed total when there is no pick, a range
when picks may differ), and ``explain`` and the score sheet say from it
whether a game's total is known before the game is played.  The picks are
bounded, not enumerated: a pick of ``k`` hands totals at least the ``k``
smallest and at most the ``k`` largest totals among its contracts, which
holds whatever the players choose.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..language import model as m
from .game_plan import GamePlan
from .schedule import Entered, plan_turn


@dataclass(frozen=True)
class Pick:
    """``hands`` hands of a game whose contracts the players choose (or a
    random draw gives): any ``hands`` of ``among`` (a contract as often as
    it may be picked), counted ``weight`` times (a drawn list played over
    several passes counts once per pass)."""

    hands: int
    among: tuple[m.Contract, ...]
    weight: int = 1
    drawn: bool = False


@dataclass(frozen=True)
class GameContracts:
    """What a game plays: ``fixed``, each contract a game always plays with
    how many times; ``picks``, the hands the players' choices (or a draw)
    decide; ``hands``, the number of hands in all."""

    hands: int
    fixed: tuple[tuple[m.Contract, int], ...]
    picks: tuple[Pick, ...] = ()

    @property
    def known(self) -> bool:
        """Whether every hand's contract is known before the game is played
        (in some order): no choice or draw decides any of them."""
        return not self.picks

    def contracts(self) -> tuple[m.Contract, ...]:
        """Every contract the game may play, each once, in order of first
        mention."""
        seen: dict[str, m.Contract] = {}
        for contract in (*(c for c, _ in self.fixed), *(c for pick in self.picks for c in pick.among)):
            seen.setdefault(m.contract_key(contract.name), contract)
        return tuple(seen.values())


def game_contracts(plan: GamePlan) -> GameContracts:
    """The contracts a game following ``plan`` plays (module docstring)."""
    if plan.chooser in ("fixed-order", "fixed-series"):
        return GameContracts(plan.hands, _counted(_fixed_hands(plan)))
    if plan.series or plan.lists == "shared":
        return _in_units(plan, plan.hands, [plan.hands])  # one run of series or rubbers, declarers in turn
    extra = plan.hands % plan.players
    seat_hands = [plan.hands // plan.players + (seat < extra) for seat in range(plan.players)]
    if plan.draw == "none":
        return _in_units(plan, plan.hands, seat_hands)
    return _drawn(plan, seat_hands)


def _fixed_hands(plan: GamePlan) -> list[m.Contract]:
    """The contract of every hand of a game whose order leaves no choice,
    as :func:`~.schedule.plan_turn` gives them."""
    played: list[Entered] = []
    contracts = []
    for _ in range(plan.hands):
        turn = plan_turn(plan, played, None, 0)
        contract = turn.options[0]
        contracts.append(contract)
        played.append((contract.name, turn.declarer or 0))
    return contracts


def _in_units(plan: GamePlan, hands: int, runs: list[int]) -> GameContracts:
    """A game of ``runs`` (hands by series, by rubber, or by each player's
    own list), each played as whole units with the rest a pick from one."""
    unit = plan.unit
    fixed: list[m.Contract] = []
    picks = []
    for run in runs:
        whole, rest = divmod(run, len(unit))
        fixed.extend(unit * whole)
        if rest:
            picks.append(Pick(rest, unit))
    return GameContracts(hands, _counted(fixed), tuple(picks))


def _drawn(plan: GamePlan, seat_hands: list[int]) -> GameContracts:
    """Lists drawn at random from the pool: each player's hands go over
    their list (``per_player`` of the pool) as often as they fill it, and
    any rest is a pick from that list."""
    picks = []
    for run in seat_hands:
        passes, rest = divmod(run, plan.per_player)
        if passes:
            picks.append(Pick(plan.per_player, plan.pool, weight=passes, drawn=True))
        if rest:
            picks.append(Pick(rest, plan.pool, drawn=True))
    return GameContracts(plan.hands, (), tuple(picks))


def _counted(contracts: list[m.Contract]) -> tuple[tuple[m.Contract, int], ...]:
    """Each contract once, in order of first play, with how many times."""
    counts: Counter[str] = Counter(m.contract_key(c.name) for c in contracts)
    seen: dict[str, m.Contract] = {}
    for contract in contracts:
        seen.setdefault(m.contract_key(contract.name), contract)
    return tuple((contract, counts[key]) for key, contract in seen.items())


__all__ = ["GameContracts", "Pick", "game_contracts"]
