"""What one hand of a contract adds up to: the one hand-total module.

A contract's *hand total* is the sum of every player's raw score in one
hand (before doubling, which only moves points between players).  Two
questions, answered here and nowhere else:

* :func:`value_sum` — the sum of every value the contract hands out when
  each scoring element is taken once: per trick times the tricks, every
  scoring card of the deck, each scored trick position, the domino
  placings, a Ravage City value once.  It decides whether a contract is
  *positive* (doubling, docs/rules.md section 2) and is what an unplayed hand
  shares out (variant 4).
* :func:`hand_totals` — every total a hand can actually reach, proved
  from the rules without dealing: Ravage City ties that do not split
  evenly (section 2, variant 9), values for the number of tricks a seat
  took (``+10 for no trick``: as many as take none; ``+20 for all
  tricks``), as many players as take none of some cards (``+5 for no
  ♥``), a slam that replaces the hand's scores (``+20 for all tricks
  instead``: the total is then 20; section 6), a trump suit that changes
  the count in a reduced deck, all or nothing (section 3) turning ``S`` into ``−S``, shoot
  the moon turning it into ``(n−1)·S``.  The verifier, the explainer and
  the score sheet's checks read it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from .. import cards as C
from ..language import model as m
from ..language.checks import spread_problems
from ..language.rules import value_text
from ..words import join_words
from .facts import (
    most_parts,
    part_facts,
    placing_values,
    resolved_scoring,
    tie_shares,
    tricks_taken_values,
    trump_mode,
)
from .tables import trick_table


def _deck_tuple(deck: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted(deck))


def _named_default(rules: m.Rules, trump: int | None) -> int | None:
    """The suit to count ``per trump`` parts with: the one given, else
    clubs when the declarer names it (the count differs only in a reduced
    deck, where :func:`hand_totals` reports each suit)."""
    if trump is None and trump_mode(rules.play) == "named":
        return C.CLUBS
    return trump


def _values_without_ties(rules: m.Rules, players: int, deck: tuple[int, ...], trump: int | None) -> int:
    """Every value handed out once, leaving out Ravage City parts."""
    if isinstance(rules.play, m.DominoPlay):
        return sum(placing_values(rules.scoring, players))
    table = trick_table(rules, players, deck, trump)
    return sum(table.values) + table.per_trick * table.tricks + sum(table.trick_at)


def value_sum(rules: m.Rules, players: int, deck: Iterable[int], trump: int | None = None) -> int:
    """The sum of every value the contract hands out in one hand, each
    scoring element taken once (see the module docstring).  ``trump`` is the
    suit named at play, when the declarer names one."""
    cards = _deck_tuple(deck)
    base = _values_without_ties(rules, players, cards, _named_default(rules, trump))
    facts = part_facts(rules.scoring)
    once = sum(value for _, value in facts.by_tricks)  # like a Ravage City value
    once += sum(value for _, value in facts.none_of)
    return base + sum(part.value for part in most_parts(rules.scoring)) + once


@dataclass(frozen=True)
class HandTotals:
    """The possible hand totals of one contract for one player count.
    ``notes`` say what makes the total vary, when it does; ``problems``
    what the spec leaves unsettled (a tie share with no rounding, a trick
    position the hand does not have)."""

    totals: tuple[int, ...]
    notes: tuple[str, ...] = ()
    problems: tuple[str, ...] = ()

    @property
    def min(self) -> int:
        return self.totals[0]

    @property
    def max(self) -> int:
        return self.totals[-1]

    @property
    def fixed(self) -> int | None:
        """The total when every hand reaches the same one, else None."""
        return self.totals[0] if len(self.totals) == 1 else None


def trump_choices(rules: m.Rules, trump: int | None = None) -> tuple[int | None, ...]:
    """The trump suits a hand may be played with, as far as scoring cares:
    every suit when the declarer names it and ``per trump`` parts score
    (unless ``trump`` says which), else one."""
    mode = trump_mode(rules.play)
    if mode == "none":
        return (None,)
    if mode == "fixed":
        return (None,)  # the table fixes the suit itself
    if trump is not None:
        return (trump,)
    if any(isinstance(p, m.PerCard) and isinstance(p.cards, m.TrumpCards) for p in rules.scoring.parts):
        return C.SUITS
    return (C.CLUBS,)


def hand_totals(rules: m.Rules, players: int, deck: Iterable[int], trump: int | None = None,
                aside: int = 0) -> HandTotals:
    """Every hand total the rules can reach with ``players`` holding
    ``deck`` (only with ``trump``, when given, for a named trump suit);
    ``aside`` cards of the deck are a widow set aside, or the dealer's
    discards, that nobody takes (docs/rules.md section 6), any of them."""
    cards = _deck_tuple(deck)
    if aside and not isinstance(rules.play, m.DominoPlay):
        return _aside_totals(rules, players, cards, trump, aside)
    return _dealt_totals(rules, players, cards, trump)


def _dealt_totals(rules: m.Rules, players: int, cards: tuple[int, ...], trump: int | None) -> HandTotals:
    """:func:`hand_totals` when every card of ``cards`` is dealt."""
    tricks = len(cards) // players
    notes: list[str] = []
    problems: list[str] = []
    scoring = rules.scoring

    removed = tuple(c for c in range(52) if c not in set(cards))
    problems.extend(spread_problems(rules, players, removed))
    for part in scoring.parts:
        if isinstance(part, m.TrickAt) and part.index(tricks) is None:
            problems.append(f"there is no trick {part.position} when {players} players play {tricks} tricks")
        elif isinstance(part, m.Placings) and len(part.values) != players:
            problems.append(f"{len(part.values)} placings for {players} players")

    ties: set[int] = {0}
    for part in most_parts(scoring):
        shares = tie_totals(part, players, problems)
        ties = {a + b for a in ties for b in shares.values()}
        if len(set(shares.values())) > 1:
            notes.append("depends on how many tie: " + _tie_note(shares))

    slam = part_facts(scoring).slam
    ties = {a + b for a in ties for b in _taken_totals(rules, players, cards, trump, notes)}

    by_suit = {suit: _values_without_ties(rules, players, cards, suit) for suit in trump_choices(rules, trump)}
    if len(set(by_suit.values())) > 1:
        notes.append("depends on the trump suit: " + ", ".join(
            f"{value_text(total)} with {' '.join(C.suit_symbol(s) for s in suits if s is not None)}"
            for total, suits in _grouped(by_suit).items()))

    totals: set[int] = set()
    for total in by_suit.values():
        if scoring.all_or_nothing:
            totals |= {total, -total}
        elif scoring.shoot_the_moon:
            totals |= {total, (players - 1) * total}
        else:
            totals.add(total)
    if (scoring.all_or_nothing or scoring.shoot_the_moon) and len(totals) > 1:
        rule = "all or nothing" if scoring.all_or_nothing else "shoot the moon"
        problems.append(f"{rule} makes the hand total {join_words([value_text(v) for v in sorted(totals)], 'or')}: "
                        "it is not fixed")
    combined = {a + b for a in totals for b in ties}
    if slam is not None:  # a slam replaces the hand's scores (docs/rules.md section 6)
        notes.append(f"is {value_text(slam)} when one player takes every trick (they score it instead)")
        combined.add(slam)
    return HandTotals(tuple(sorted(combined)), tuple(notes), tuple(problems))


def _aside_totals(rules: m.Rules, players: int, cards: tuple[int, ...], trump: int | None,
                  aside: int) -> HandTotals:
    """:func:`hand_totals` with ``aside`` cards of ``cards`` in a widow
    nobody takes: the totals of every deck left, the spreads shared out
    over the whole deck as the game shares them.  Cards that count alike
    (the same value, in the same ``for no`` sets and, where suits count,
    of the same suit) are one class, so each mix of classes is counted once."""
    named = _named_default(rules, trump)
    rules = m.Rules(rules.play, resolved_scoring(rules, players, cards, named))
    table = trick_table(rules, players, cards, named)
    suits = bool(most_parts(rules.scoring)) or trump_mode(rules.play) != "none"
    classes: dict[tuple, list[int]] = {}
    for c in cards:
        key = (table.values[c], tuple(mask >> c & 1 for mask, _ in table.none_of), C.suit_of(c) if suits else None)
        classes.setdefault(key, []).append(c)
    whole = _dealt_totals(rules, players, cards, trump)
    totals: set[int] = set()
    notes = list(whole.notes)
    for widow in _mixes(list(classes.values()), aside):
        result = _dealt_totals(rules, players, tuple(c for c in cards if c not in widow), trump)
        totals.update(result.totals)
        notes.extend(note for note in result.notes if note not in notes)
    if len(totals) > 1 and set(totals) != set(whole.totals):
        notes.append(f"depends on the {aside} card{'s' if aside > 1 else ''} set aside (a widow, or the dealer's "
                     "discards), which nobody takes")
    return HandTotals(tuple(sorted(totals)), tuple(notes), whole.problems)


def _mixes(classes: list[list[int]], size: int) -> Iterable[frozenset[int]]:
    """Each way to take ``size`` cards from ``classes`` as counts per class
    (the first cards of each class stand for any of it)."""
    if not classes:
        if not size:
            yield frozenset()
        return
    first, rest = classes[0], classes[1:]
    for k in range(min(size, len(first)) + 1):
        for more in _mixes(rest, size - k):
            yield frozenset(first[:k]) | more


def _taken_totals(rules: m.Rules, players: int, cards: tuple[int, ...], trump: int | None,
                  notes: list[str]) -> set[int]:
    """What values for the number of tricks a seat took and for taking none
    of some cards add to a hand, every way (a note in ``notes`` when that
    varies)."""
    tricks = len(cards) // players
    slam = part_facts(rules.scoring).slam
    by_tricks = tricks_taken_totals(tricks_taken_values(rules.scoring, tricks), players, tricks, slam is not None)
    if len(by_tricks) > 1:
        notes.append("depends on how many tricks each player takes: "
                     + join_words([value_text(v) for v in sorted(by_tricks)], "or"))
    none_of = none_of_totals(rules, players, cards, trump)
    if len(none_of) > 1:
        notes.append("depends on how many players take none of some cards: "
                     + join_words([value_text(v) for v in sorted(none_of)], "or"))
    return {a + b for a in by_tricks for b in none_of}


def tricks_taken_totals(values: tuple[int, ...], players: int, tricks: int, no_slam: bool = False) -> set[int]:
    """Every sum of ``values[t]`` over the seats, for every way ``players``
    can share ``tricks`` tricks (seat by seat: the tricks used so far and
    the sums they reach); ``{0}`` when nothing scores by tricks taken.
    ``no_slam``: leave out the ways where one seat takes every trick (a
    slam that replaces the hand's scores counts those)."""
    if not values:
        return {0}
    most = tricks - 1 if no_slam and tricks > 0 else tricks
    reach = {(0, 0)}
    for _ in range(players):
        reach = {(used + t, total + values[t]) for used, total in reach for t in range(min(tricks - used, most) + 1)}
    return {total for used, total in reach if used == tricks}


def none_of_totals(rules: m.Rules, players: int, deck: tuple[int, ...], trump: int | None) -> set[int]:
    """Every sum that ``+5 for no ♥`` parts can hand out (docs/rules.md
    section 6): for each part, from the fewest players who can take none of
    its ``k`` cards (``players − k``, at least 0; all of them when the deck
    holds none) to all but one; the parts are counted independently, which
    may allow a sum no hand reaches but leaves none out.  ``{0}`` when there
    are none."""
    if not part_facts(rules.scoring).none_of:
        return {0}
    table = trick_table(rules, players, deck, _named_default(rules, trump))
    sums = {0}
    for mask, value in table.none_of:
        size = mask.bit_count()
        counts = range(players, players + 1) if not size else range(max(players - size, 0), players)
        sums = {total + value * count for total in sums for count in counts}
    return sums


def tie_totals(part: m.MostOfOneSuit, players: int, problems: list[str] | None = None) -> dict[int, int]:
    """Ravage City: for each number ``k`` of tied players, what they pay in
    all (docs/rules.md section 2 variant 9).  A share that is not whole needs a
    declared rounding; without one it is reported in ``problems`` and
    rounded to the nearest."""
    shares = tie_shares(part, players)
    totals = {k: k * shares[k] for k in range(1, players + 1)}
    if part.ties == "split" and part.rounding is None and problems is not None:
        undivided = [k for k in range(1, players + 1) if Fraction(part.value, k).denominator != 1]
        splits = [f"{value_text(part.value)}/{k}" for k in undivided]
        if len(splits) == 1:
            problems.append(f"tie split {splits[0]} does not divide; declare a rounding")
        elif splits:
            problems.append(f"tie splits {join_words(splits)} do not divide; declare a rounding")
    return totals


def _tie_note(shares: dict[int, int]) -> str:
    """``−35 when 5 or 7 tie, −36 otherwise``."""
    usual = shares[1]
    others = [f"{value_text(total)} when {join_words([str(k) for k in ks], 'or')} tie"
              for total, ks in _grouped(shares).items() if total != usual]
    return ", ".join([*others, f"{value_text(usual)} otherwise"])


def _grouped(by_key: dict[int | None, int] | dict[int, int]) -> dict[int, list]:
    grouped: dict[int, list] = {}
    for key, value in by_key.items():
        grouped.setdefault(value, []).append(key)
    return dict(sorted(grouped.items()))
