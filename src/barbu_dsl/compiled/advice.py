"""Warnings about a spec that can be played but may not be what its club
meant: facts of the game plan that ``barbu check`` reports without
refusing the spec.

* A game's ``hands`` that cut a declarer's series, a rubber of the shared
  list, the players' own lists or a fixed order short (docs/rules.md
  sections 2, 3 and 6): the last one is played in part, so the players
  do not all declare the same contracts, and where they choose which, the
  game's total is no longer fixed.

Each is said in English for ``barbu check``, or in the lobby's language
(the ``check`` catalog of :mod:`barbu_dsl.i18n`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import Diagnostic
from ..i18n import Translator
from ..language import model as m
from ..language.source import Source
from ..limits import GAME_HANDS
from .game_plan import GamePlan, game_plan


def plan_warnings(spec: m.Spec, language: str = "en", counts: Sequence[int] | None = None) -> list[Diagnostic]:
    """Every warning about ``spec``'s game plan (for each of ``counts``,
    by default every player count it allows), at the line that sets the
    number of hands, in ``language``."""
    t = Translator(language)
    found = []
    for count in spec.players if counts is None else counts:
        plan = game_plan(spec, count)
        alike = len({m.contract_key(c.name) for c in plan.round}) == 1 and plan.chooser != "fixed-order"
        # A game to a target ends where it ends (section 6); one that deals one contract has nothing left out.
        if plan.cut and not plan.open_ended and not alike:
            where = spec.setting_position(f"game.hands.{count}", "game.hands")
            found.append(Source(where.file if where else spec.name, "").positioned(
                where, t("check.cut", players=count, hands=plan.hands, cut=_cut_text(plan, t)),
                hint=_whole_hint(plan, t), severity="warning"))
    return found


def _cut_text(plan: GamePlan, t: Translator) -> str:
    """How ``plan``'s hands cut its last series, rubber, lists or order."""
    if plan.chooser == "fixed-order":
        return t("check.cut.fixed_order", cut=plan.cut, count=len(plan.pool))
    if plan.chooser == "fixed-series":
        return t("check.cut.fixed_series", hands=_hands(plan.cut, t), per=plan.per_player)
    if plan.series:
        return t("check.cut.series", hands=_hands(plan.cut, t), per=plan.per_player)
    if plan.lists == "shared":
        return t("check.cut.rubber", hands=_hands(plan.cut, t), per=plan.per_player)
    return t("check.cut.lists", contracts=_contracts(plan.per_player, t))


def _hands(count: int, t: Translator) -> str:
    return t(f"rules.count.hand.{'one' if count == 1 else 'many'}", n=count)


def _contracts(count: int, t: Translator) -> str:
    return t(f"rules.count.contract.{'one' if count == 1 else 'many'}", n=count)


def _whole_hint(plan: GamePlan, t: Translator) -> str:
    """Numbers of hands that play whole series, rubbers, lists or orders."""
    if plan.chooser == "fixed-order":
        return t("check.whole.fixed_order", count=len(plan.pool))
    multiples = [str(plan.whole * k) for k in range(1, 5) if plan.whole * k <= GAME_HANDS]
    return t("check.whole", whole=plan.whole, multiples=", ".join(multiples))


__all__ = ["plan_warnings"]
