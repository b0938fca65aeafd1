"""Doubling: which sets of doubles are legal, and how they settle.

Implements docs/rules.md section 2, Doubling, with its rulings and
variants 3 and 4, as a spec's doubling rules (:class:`DoublingRules`: the
model's ``Doubling`` in the interpreter, a constant in a generated
package) configure them:

* a set of ``(doubler, doubled)`` pairs is valid when no one doubles
  themselves, no pair is given twice, the declarer doubles only players who
  doubled them (a redouble; none at all when ``redouble`` is off), and in a
  positive contract every double is against the declarer or is the
  declarer's redouble (``positive_declarer_only``).  With ``whom:
  declarer-only`` only the declarer may ever be doubled, and a redouble, if
  made, must cover every player who doubled the declarer (variant 3).  With
  ``first: declarer`` (section 6) the declarer doubles first, so their
  doubles may be aimed at anyone who may be doubled; which is an opening
  double and which a redouble does not change the payments, so a set of
  pairs in any order says all;
* settlement is pair by pair: if exactly one of two players doubled the
  other, the difference of their raw scores passes once, if both doubled
  each other twice, otherwise nothing;
* a negative contract nobody doubles may be not played (variant 4): each
  opponent scores total/(n−1) rounded to the nearest integer (halves away
  from zero), the declarer the rest.

A *positive* contract is one whose total favours the taker: above zero
when the game's aim is the highest score, below zero when it is the lowest.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, Protocol

from .errors import broken, illegal_double
from .scoring import round_half_away

Pair = tuple[int, int]


class DoublingRules(Protocol):
    """What doubling needs of a spec's doubling rules."""

    @property
    def allowed(self) -> bool:
        """Whether there is doubling at all."""
        ...

    @property
    def whom(self) -> str:
        """Who may be doubled: ``anyone``, or ``declarer-only``."""
        ...

    @property
    def positive_declarer_only(self) -> bool:
        """Whether in a positive contract only the declarer may be doubled."""
        ...

    @property
    def redouble(self) -> bool | str:
        """Who may double back: the declarer (True), nobody (False) or ``anyone`` doubled."""
        ...

    @property
    def undoubled(self) -> str:
        """What becomes of a negative contract nobody doubles: ``played`` or ``not-played``."""
        ...

    @property
    def first(self) -> str:
        """Who doubles first: the declarer's ``next`` player, or the ``declarer``."""
        ...


class Doubling(NamedTuple):
    """A spec's doubling rules as plain values (a generated package's)."""

    allowed: bool
    whom: str
    positive_declarer_only: bool
    redouble: bool | str
    undoubled: str
    first: str


def is_positive(total: int, aim: str) -> bool:
    """Whether a contract whose hand total is ``total`` favours its taker
    in a game whose aim is the ``highest`` or the ``lowest`` score."""
    return total > 0 if aim == "highest" else total < 0


def declarer_opens(doubling: DoublingRules, positive: bool) -> bool:
    """Whether the declarer may double first, anyone who may be doubled
    (``first: declarer``, docs/rules.md section 6): not in a positive
    contract where only the declarer may be doubled."""
    return doubling.first == "declarer" and not (positive and doubling.positive_declarer_only)


def check_doubles(  # noqa: C901 -- one test a rule of docs/rules.md section 2, in the order doubles break them
    doubling: DoublingRules, declarer: int, pairs: Sequence[Pair], positive: bool
) -> None:
    """Raise an ``illegal_double`` :class:`~.errors.RecordError` naming the
    first pair (in the given order) that breaks a rule.  Seats are valid."""
    given = set()
    doubled_declarer = {a for a, b in pairs if b == declarer}
    for pair in pairs:
        doubler, doubled = pair
        if not doubling.allowed:
            raise illegal_double(pair, broken("no_doubling"))
        if doubler == doubled:
            raise illegal_double(pair, broken("double_self"))
        if pair in given:
            raise illegal_double(pair, broken("double_twice"))
        given.add(pair)
        if doubler == declarer:
            if declarer_opens(doubling, positive):
                continue  # an opening double, or a redouble: either is allowed
            if not doubling.redouble:
                raise illegal_double(pair, broken("no_redouble"))
            if doubled not in doubled_declarer:
                raise illegal_double(pair, broken("redouble_only_doublers"))
        elif doubled != declarer:
            if doubling.whom == "declarer-only":
                raise illegal_double(pair, broken("declarer_only"))
            if positive and doubling.positive_declarer_only:
                raise illegal_double(pair, broken("positive_declarer_only"))
    if doubling.whom == "declarer-only":
        redoubles = [pair for pair in pairs if pair[0] == declarer]
        missing = sorted(doubled_declarer - {b for _, b in redoubles})
        if redoubles and missing:
            raise illegal_double(redoubles[0], broken("redouble_cover", seat=missing[0]))


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


def is_not_played(doubling: DoublingRules, declarer: int, pairs: Sequence[Pair], positive: bool) -> bool:
    """Variant 4: a negative contract nobody doubled is not played."""
    return doubling.undoubled == "not-played" and not positive and all(b != declarer for _, b in pairs)


def not_played_scores(total: int, declarer: int, players: int) -> list[int]:
    """The split of an unplayed contract: each opponent ``total / (n - 1)``
    rounded to the nearest integer (halves away from zero), the declarer
    the remainder."""
    ways = players - 1
    share = round_half_away(total, ways)
    scores = [share] * players
    scores[declarer] = total - share * ways
    return scores
