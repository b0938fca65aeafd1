"""The schedule of a game: who chooses each hand and from which contracts.

Who declares each hand and what they may choose is the game plan's
(:func:`~barbu_dsl.compiled.game_plan`, followed hand by hand with
:func:`~barbu_dsl.compiled.plan_turn`: declarer series, rotating choosers
with their own lists or a shared one, fixed orders; docs/rules.md sections 2,
3 and 6).  The schedule adds what only a game played with cards knows: the
first declarer, drawn by lot or (section 6) the holder of a named card in
the first deal, and the random lists of the French random modes.  The
dealer is the player before the declarer in turn (on the declarer's right
in a clockwise game), or the declarer when the dealer chooses.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..compiled import GamePlan, game_plan, plan_turn, seat_before
from ..language import model as m


@dataclass(frozen=True)
class Turn:
    """One hand's place in the game: ``declarer`` is the seat that chooses
    (the record's declarer), ``options`` the contracts they may choose."""

    number: int  # 0-based
    declarer: int
    dealer: int
    options: tuple[m.Contract, ...]
    series_left: int  # hands this declarer still declares after this one, in the span the minimum counts over


def contract_lists(plan: GamePlan, rng: random.Random) -> list[tuple[m.Contract, ...]]:
    """Each seat's list of contracts in a ``rotating`` game (docs/rules.md
    section 3, modes): the plan's round for everyone, or lists drawn at
    random from the pool (one for all, or one for each seat)."""
    players = plan.players
    if plan.draw == "shared":
        return [tuple(rng.sample(plan.pool, plan.per_player))] * players
    if plan.draw == "individual":
        return [tuple(rng.sample(plan.pool, plan.per_player)) for _ in range(players)]
    return [plan.round] * players


class Schedule:
    """Who chooses each hand and from which contracts, as the game goes:
    :func:`~barbu_dsl.compiled.game_plan` followed hand by hand with
    :func:`~barbu_dsl.compiled.plan_turn`.  The first declarer is drawn by
    lot with ``rng``, or is the holder of the spec's card in the first deal
    (docs/rules.md section 6), or is ``first`` when the caller names it;
    random lists are drawn with ``rng``."""

    def __init__(self, spec: m.Spec, players: int, rng: random.Random, first: int | None = None):
        self.plan = plan = game_plan(spec, players)
        self.players = players
        self.direction = spec.game.direction
        drawn = rng.randrange(players)  # drawn by lot, whether or not it is used: the draws after it stay the same
        self.first = drawn if first is None else first
        self.named_first = first is not None
        self.lists = contract_lists(plan, rng) if plan.chooser == "rotating" and plan.lists == "own" else []
        self.history: list[tuple[str, int]] = []

    @property
    def total(self) -> int | None:
        """The hands of the game, when known in advance (not in a game to a
        target score without ``hands``: docs/rules.md section 6)."""
        return self.plan.known_hands

    @property
    def target(self) -> int | None:
        return self.plan.target

    def turn(self, number: int, first_deal: Sequence[Sequence[int]] = ()) -> Turn:
        """Hand ``number``, the next one to play; ``first_deal`` is the
        first hand's deal, for a first declarer named by a card."""
        plan, n = self.plan, self.players
        first = None
        if number == 0:
            card = None if self.named_first else plan.first_declarer
            holders = [seat for seat, cards in enumerate(first_deal) if card is not None and card in cards]
            first = holders[0] if holders else self.first
        planned = plan_turn(plan, self.history[:number], self.lists or None, first)
        declarer = planned.declarer
        assert declarer is not None
        dealer = declarer if plan.chooser == "dealer" else seat_before(declarer, n, self.direction)
        if plan.series:
            left = min(plan.per_player - number % plan.per_player, plan.hands - number) - 1
        else:  # no series: the declarer's later hands in the rubber or the game
            end = plan.hands if plan.counted == "game" else min(planned.count_start + plan.per_player, plan.hands)
            left = len(range(number + n, end, n))
        return Turn(number, declarer, dealer, planned.options, left)

    def doubles_left(self, turn: Turn, seat: int) -> int:
        """The hands after ``turn`` in which ``seat`` may still double
        towards the advisory minimum: against this declarer in their series
        (or the game), or with ``per: rubber`` against whoever declares the
        rubber's later hands, other than ``seat`` itself."""
        plan = self.plan
        if plan.counted != "rubber":
            return turn.series_left
        end = min(plan.count_start(turn.number) + plan.per_player, plan.hands)
        left, declarer = 0, turn.declarer
        for _ in range(turn.number + 1, end):
            declarer = plan.after[declarer]
            left += declarer != seat
        return left

    def starts_count(self, number: int) -> bool:
        """Whether hand ``number`` starts a span of the advisory count of
        doubles (a declarer's series, or a rubber of the shared list: the
        counts start again; docs/rules.md section 2)."""
        return self.plan.counted != "game" and self.plan.count_start(number) == number

    def played(self, turn: Turn, contract: m.Contract) -> None:
        self.history.append((contract.name, turn.declarer))

    def unplayed(self) -> None:
        """The last contract chosen was not played: its deal was void
        (docs/rules.md section 6, Misdeals), and its declarer chooses again."""
        self.history.pop()


__all__ = ["Schedule", "Turn", "contract_lists"]
