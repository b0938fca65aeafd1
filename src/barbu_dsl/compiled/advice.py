"""Warnings about a spec that can be played but may not be what its club
meant: facts of the game plan that ``barbu check`` reports without
refusing the spec.

* A game's ``hands`` that cut a declarer's series, a rubber of the shared
  list, the players' own lists or a fixed order short (docs/rules.md
  sections 2, 3 and 6): the last one is played in part, so the players
  do not all declare the same contracts, and where they choose which, the
  game's total is no longer fixed.
"""

from __future__ import annotations

from ..errors import Diagnostic
from ..language import model as m
from ..language.source import Source
from ..limits import GAME_HANDS
from .game_plan import GamePlan, game_plan


def plan_warnings(spec: m.Spec) -> list[Diagnostic]:
    """Every warning about ``spec``'s game plan, at the line that sets
    the number of hands."""
    found = []
    for count in spec.players:
        plan = game_plan(spec, count)
        if plan.cut and not plan.open_ended:  # a game to a target ends where it ends (section 6)
            where = spec.setting_position(f"game.hands.{count}", "game.hands")
            found.append(Source(where.file if where else spec.name, "").positioned(
                where, f"with {count} players a game of {plan.hands} hands {_cut_text(plan)}",
                hint=_whole_hint(plan), severity="warning"))
    return found


def _cut_text(plan: GamePlan) -> str:
    """How ``plan``'s hands cut its last series, rubber, lists or order."""
    if plan.chooser == "fixed-order":
        return (f"stops after {plan.cut} of the order's {len(plan.pool)} contracts, so the rest are never "
                "played")
    if plan.chooser == "fixed-series":
        return (f"stops {_hands(plan.cut)} into a declarer's series of {plan.per_player}, so that declarer "
                "does not play the whole order")
    if plan.series:
        unit, who = f"a declarer's series of {plan.per_player}", "the declarer chooses"
    elif plan.lists == "shared":
        unit, who = f"a rubber of {plan.per_player}", "the choosers choose"
    else:
        return (f"does not give every player their whole list of {plan.per_player} contracts: the players "
                "choose which contracts they leave out, so the game's total depends on their choice")
    return (f"stops {_hands(plan.cut)} into {unit}: {who} which contracts those hands play, so the game's "
            "total depends on their choice")


def _hands(count: int) -> str:
    return f"{count} hand{'s' if count != 1 else ''}"


def _whole_hint(plan: GamePlan) -> str:
    """Numbers of hands that play whole series, rubbers, lists or orders."""
    if plan.chooser == "fixed-order":
        return f"set 'hands' to {len(plan.pool)}, or leave it out to play each contract with every player"
    multiples = [str(plan.whole * k) for k in range(1, 5) if plan.whole * k <= GAME_HANDS]
    return f"make 'hands' a multiple of {plan.whole} ({', '.join(multiples)}, ...)"


__all__ = ["plan_warnings"]
