"""Doubling: which sets of doubles are legal, and how they settle.

Implements RULES.md section 2, Doubling, with its rulings and variants 3
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
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..compiled import Broken, broken, value_sum
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
