"""Doubling: which sets of doubles are legal, and how they settle.

Implements docs/rules.md section 2, Doubling, with its rulings and variants 3
and 4, as a spec's :class:`~barbu_dsl.language.model.Doubling` configures:

* a set of ``(doubler, doubled)`` pairs is valid when no one doubles
  themselves, no pair is given twice, the declarer doubles only players who
  doubled them (a redouble; none at all when ``redouble`` is off), and in a
  positive contract every double is against the declarer or is the
  declarer's redouble (``positive_declarer_only``).  With ``whom:
  declarer-only`` only the declarer may ever be doubled, and a redouble, if
  made, must cover every player who doubled the declarer (variant 3);
* settlement is pair by pair: if exactly one of two players doubled the
  other, the difference of their raw scores passes once, if both doubled
  each other twice, otherwise nothing;
* a negative contract nobody doubles may be not played (variant 4): each
  opponent scores total/(n−1) rounded to the nearest integer (halves away
  from zero), the declarer the rest.

A *positive* contract is one whose total favours the taker: above zero
when the game's aim is the highest score, below zero when it is the lowest.

:class:`HandTerms` puts these together for one hand: the replay of a
record, a game's hand and a score sheet's hand all check, split and settle
through it.

:class:`DoublingRound` is the order in which the players are asked (docs/rules.md
section 2, Doubling; section 6): each player in turn from the one after the
declarer gets one chance, the declarer last, who may only redouble; then,
with ``redouble: anyone``, each doubled player in the same order may double
back those who doubled them.  A game (:class:`~.state.GameState`) and the
score sheet's questions both follow it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..compiled import Broken, broken, in_turn, value_sum
from ..errors import RecordError
from ..language import model as m
from ..language.rules import round_half_away

Pair = tuple[int, int]


def is_positive(rules: m.Rules, players: int, deck: Sequence[int], aim: m.Aim = "highest",
                trump: int | None = None) -> bool:
    """Whether the contract's total favours the player who takes it."""
    total = value_sum(rules, players, deck, trump)
    return total > 0 if aim == "highest" else total < 0


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
        return transfers, [r + t for r, t in zip(raw, transfers)]


def hand_terms(spec: m.Spec, rules: m.Rules, players: int, deck: Sequence[int],
               trump: int | None = None) -> HandTerms:
    """The :class:`HandTerms` of a hand of ``rules`` in a game of ``spec``."""
    total = value_sum(rules, players, deck, trump)
    positive = total > 0 if spec.game.aim == "highest" else total < 0
    return HandTerms(spec.doubling, players, total, positive)


def _illegal(pair: Pair, rule: Broken) -> RecordError:
    return RecordError("illegal_double", {"pair": [pair[0], pair[1]], "reason": rule.message}, rule=rule.rule,
                       rule_fields=rule.fields)


def check_doubles(doubling: m.Doubling, declarer: int, pairs: Sequence[Pair], positive: bool) -> None:
    """Raise an ``illegal_double`` :class:`RecordError` naming the first
    pair (in the given order) that breaks a rule.  Seats are assumed valid."""
    given = set()
    doubled_declarer = {a for a, b in pairs if b == declarer}
    for pair in pairs:
        doubler, doubled = pair
        if not doubling.allowed:
            raise _illegal(pair, broken("no_doubling"))
        if doubler == doubled:
            raise _illegal(pair, broken("double_self"))
        if pair in given:
            raise _illegal(pair, broken("double_twice"))
        given.add(pair)
        if doubler == declarer:
            if not doubling.redouble:
                raise _illegal(pair, broken("no_redouble"))
            if doubled not in doubled_declarer:
                raise _illegal(pair, broken("redouble_only_doublers"))
        elif doubled != declarer:
            if doubling.whom == "declarer-only":
                raise _illegal(pair, broken("declarer_only"))
            if positive and doubling.positive_declarer_only:
                raise _illegal(pair, broken("positive_declarer_only"))
    if doubling.whom == "declarer-only":
        redoubles = [pair for pair in pairs if pair[0] == declarer]
        missing = sorted(doubled_declarer - {b for _, b in redoubles})
        if redoubles and missing:
            raise _illegal(redoubles[0], broken("redouble_cover", seat=missing[0]))


def settle(raw: Sequence[int], pairs: Sequence[Pair]) -> list[int]:
    """Each seat's net transfer from the doubles (the transfers sum to zero)."""
    given = set(pairs)
    transfers = [0] * len(raw)
    for a in range(len(raw)):
        for b in range(a + 1, len(raw)):
            times = ((a, b) in given) + ((b, a) in given)
            if times:
                amount = times * (raw[a] - raw[b])
                transfers[a] += amount
                transfers[b] -= amount
    return transfers


def is_not_played(doubling: m.Doubling, declarer: int, pairs: Sequence[Pair], positive: bool) -> bool:
    """Variant 4: a negative contract nobody doubled is not played."""
    return doubling.undoubled == "not-played" and not positive and all(b != declarer for _, b in pairs)


def not_played_scores(total: int, declarer: int, players: int) -> list[int]:
    """The split of an unplayed contract: each opponent total/(n−1) rounded
    to the nearest integer, the declarer the remainder."""
    share = round_half_away(Fraction(total, players - 1))
    scores = [share] * players
    scores[declarer] = total - share * (players - 1)
    return scores


# --------------------------------------------------------------------------
# The doubling round: who is asked, in which order, and whom they may double.


def legal_targets(doubling: m.Doubling, declarer: int, seat: int, doubles: Sequence[Pair],
                  positive: bool, players: int) -> tuple[tuple[int, ...], bool]:
    """The seats ``seat`` may double at its first chance, and whether the
    answer must be all of them or none (docs/rules.md section 2, Doubling, and
    variant 3)."""
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
        first = (*order[1:], declarer)
        again = order[1:] if doubling.redouble == "anyone" else ()
        self._chances = [(seat, False) for seat in first] + [(seat, True) for seat in again]
        self._next = 0
        self.seat: int | None = None
        self.targets: tuple[int, ...] = ()
        self.cover_all = False
        if doubling.allowed:
            self._move_on()

    def _move_on(self) -> None:
        """Go to the next player who may double someone, or end the round."""
        while self._next < len(self._chances):
            seat, again = self._chances[self._next]
            self._next += 1
            if again:
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
        them: the declarer, or anyone in the redouble round."""
        return self.seat == self.declarer or self._chances[self._next - 1][1]

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
