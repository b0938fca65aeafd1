"""Doubling in a game: the spec's rules for one hand, and the round of doubles.

Which sets of doubles are legal and how they settle (docs/rules.md
section 2, Doubling, with its rulings and variants 3 and 4) is the
runtime's (:mod:`barbu_dsl.runtime.doubling`), which every generated
package carries too; the spec's :class:`~barbu_dsl.language.model.Doubling`
is the rules it reads.

:class:`HandTerms` puts these together for one hand: the replay of a
record, a game's hand and a score sheet's hand all check, split and settle
through it.

:class:`DoublingRound` is the order in which the players are asked (docs/rules.md
section 2, Doubling; section 6): each player in turn from the one after the
declarer gets one chance, the declarer last, who may only redouble; then,
with ``redouble: anyone``, each doubled player in the same order may double
back those who doubled them.  With ``first: declarer`` (section 6) the
declarer speaks first, doubling anyone who may be doubled, then the others
in the same order, then the declarer once more, to redouble those who
doubled them and whom they have not doubled yet.  A game (:class:`~.state.GameState`) and the
score sheet's questions both follow it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from ..compiled import in_turn, value_sum
from ..language import model as m
from ..runtime import doubling as runtime
from ..runtime.doubling import Pair, check_doubles, declarer_opens, is_not_played, not_played_scores, settle

__all__ = ["Chooser", "DoublingRound", "HandTerms", "Pair", "check_doubles", "doubling_round", "hand_terms",
           "is_not_played", "is_positive", "legal_targets", "not_played_scores", "redouble_targets", "settle"]


def is_positive(rules: m.Rules, players: int, deck: Sequence[int], aim: m.Aim = "highest",
                trump: int | None = None) -> bool:
    """Whether the contract's total favours the player who takes it."""
    return runtime.is_positive(value_sum(rules, players, deck, trump), aim)


@dataclass(frozen=True)
class HandTerms:
    """What doubling and settlement need to know of one hand: the spec's
    doubling rules, the number of players, the contract's value sum and
    whether it is positive (for the hand's trump suit)."""

    doubling: m.Doubling
    players: int
    total: int
    positive: bool

    def check(self, declarer: int, pairs: Sequence[Pair]) -> None:
        """Raise an ``illegal_double`` error for doubles that break a rule."""
        check_doubles(self.doubling, declarer, pairs, self.positive)

    def not_played(self, declarer: int, pairs: Sequence[Pair]) -> bool:
        """Whether the hand is not played (variant 4)."""
        return is_not_played(self.doubling, declarer, pairs, self.positive)

    def not_played_scores(self, declarer: int) -> list[int]:
        """The split of the unplayed hand."""
        return not_played_scores(self.total, declarer, self.players)

    def settle(self, raw: Sequence[int], pairs: Sequence[Pair]) -> tuple[list[int], list[int]]:
        """The transfers of the doubles and the final scores of a played hand."""
        transfers = settle(raw, pairs)
        return transfers, [r + t for r, t in zip(raw, transfers, strict=True)]


def hand_terms(spec: m.Spec, rules: m.Rules, players: int, deck: Sequence[int],
               trump: int | None = None) -> HandTerms:
    """The :class:`HandTerms` of a hand of ``rules`` in a game of ``spec``."""
    total = value_sum(rules, players, deck, trump)
    return HandTerms(spec.doubling, players, total, runtime.is_positive(total, spec.game.aim))


# --------------------------------------------------------------------------
# The doubling round: who is asked, in which order, and whom they may double.


def legal_targets(doubling: m.Doubling, declarer: int, seat: int, doubles: Sequence[Pair],
                  positive: bool, players: int) -> tuple[tuple[int, ...], bool]:
    """The seats ``seat`` may double at its first chance, and whether the
    answer must be all of them or none (docs/rules.md section 2, Doubling, and
    variant 3).  A declarer who doubles first (section 6) may double every
    other player, when anyone but the declarer may be doubled."""
    if seat == declarer and declarer_opens(doubling, positive):
        return tuple(s for s in range(players) if s != seat), False
    if seat == declarer:
        if not doubling.redouble:
            return (), False
        doubled_me = tuple(sorted({a for a, b in doubles if b == declarer}))
        return doubled_me, doubling.whom == "declarer-only"
    if doubling.whom == "declarer-only" or (positive and doubling.positive_declarer_only):
        return (declarer,), False
    return tuple(s for s in range(players) if s != seat), False


def redouble_targets(seat: int, doubles: Sequence[Pair]) -> tuple[int, ...]:
    """The players ``seat`` may double back in the redouble round of
    ``redouble: anyone`` (docs/rules.md section 6): those who doubled it and
    whom it has not doubled."""
    given = set(doubles)
    return tuple(sorted({a for a, b in doubles if b == seat and (seat, a) not in given}))


Chance = Literal["first", "again"]
"""A player's chance in the round: their first, or a chance to double back
those who doubled them and whom they have not doubled."""


class DoublingRound:
    """The doubling round of one hand, one player's chance at a time.

    :attr:`seat` is the player to answer now (None once the round is
    over), :attr:`targets` the seats it may double and :attr:`cover_all`
    whether it must double all of them or none; :meth:`answer` takes its
    doubles and moves on to the next player who may double anyone (a
    player with nobody to double is not asked).  :attr:`doubles` are the
    ``(doubler, doubled)`` pairs so far, in the order made."""

    def __init__(self, doubling: m.Doubling, declarer: int, players: int, direction: m.Direction, positive: bool):
        self.doubling = doubling
        self.declarer = declarer
        self.players = players
        self.positive = positive
        self.doubles: list[Pair] = []
        order = in_turn(declarer, players, direction)
        opening: list[tuple[int, Chance]] = []
        closing: list[tuple[int, Chance]] = [(declarer, "first")]
        if doubling.first == "declarer":
            opening = [(declarer, "first")] if declarer_opens(doubling, positive) else []
            closing = [(declarer, "again")] if doubling.redouble else []
        again: list[tuple[int, Chance]] = []
        if doubling.redouble == "anyone":
            again = [(seat, "again") for seat in order[1:]]
        others: list[tuple[int, Chance]] = [(seat, "first") for seat in order[1:]]
        self._chances = [*opening, *others, *closing, *again]
        self._next = 0
        self.seat: int | None = None
        self.targets: tuple[int, ...] = ()
        self.cover_all = False
        if doubling.allowed:
            self._move_on()

    def _move_on(self) -> None:
        """Go to the next player who may double someone, or end the round."""
        while self._next < len(self._chances):
            seat, chance = self._chances[self._next]
            self._next += 1
            if chance == "again":
                targets, cover_all = redouble_targets(seat, self.doubles), False
            else:
                targets, cover_all = legal_targets(self.doubling, self.declarer, seat, self.doubles, self.positive,
                                                   self.players)
            if targets:
                self.seat, self.targets, self.cover_all = seat, targets, cover_all
                return
        self.seat, self.targets, self.cover_all = None, (), False

    @property
    def redouble(self) -> bool:
        """Whether the player asked now would double back those who doubled
        them: the declarer answering, or anyone in the redouble round (not a
        declarer who doubles first)."""
        if self.seat is None:
            return False
        if self._chances[self._next - 1][1] == "again":
            return True
        return self.seat == self.declarer and not declarer_opens(self.doubling, self.positive)

    def allows(self, chosen: Sequence[int]) -> bool:
        """Whether ``chosen`` (seats, in any order, none twice) is an answer
        the player asked now may give."""
        picked = set(chosen)
        if len(picked) != len(chosen) or not picked <= set(self.targets):
            return False
        return not (self.cover_all and picked and len(picked) != len(self.targets))

    def answer(self, chosen: Sequence[int]) -> None:
        """The player asked now doubles ``chosen`` (added in the order
        given); ValueError when that is not an answer they may give."""
        if self.seat is None:
            raise ValueError("the doubling round is over")
        if not self.allows(chosen):
            raise ValueError(f"seat {self.seat} may not double {list(chosen)} (may double {list(self.targets)}"
                             f"{', all or none' if self.cover_all else ''})")
        self.doubles.extend((self.seat, target) for target in chosen)
        self._move_on()


Chooser = Callable[[int, tuple[int, ...], bool, tuple[Pair, ...]], Sequence[int]]
"""Asked for one player's doubles: their seat, the seats they may double,
whether it must be all of them or none, and the doubles made so far."""


def doubling_round(doubling: m.Doubling, declarer: int, players: int, direction: m.Direction, positive: bool,
                   choose: Chooser) -> list[Pair]:
    """The doubles of one hand, each player asked in turn with ``choose``
    (a :class:`DoublingRound` driven to its end; the score sheet asks its
    questions so)."""
    round_ = DoublingRound(doubling, declarer, players, direction, positive)
    while round_.seat is not None:
        round_.answer(list(choose(round_.seat, round_.targets, round_.cover_all, tuple(round_.doubles))))
    return round_.doubles
