"""Scoring: pure functions from what was taken to points.

Implements the scoring of docs/rules.md sections 2 and 3:

* per trick, by the number of tricks a seat took (``+10 for no trick``),
  per card (:func:`~barbu_dsl.language.rules.card_values`: a
  single card's value replaces the wider one inside its group, groups add
  up as in Salade), trick positions (``TrickAt``: 1-based, negative from the
  end) and domino placings;
* Ravage City (section 2, variant 9 and its ruling): each player's largest
  single-suit count of captured cards; the players with the highest count
  share the value (``split``, rounded as the spec declares, to the nearest
  when it declares nothing) or each take it whole (``full``);
* all or nothing (section 3): the player who takes every scoring element has
  their points negated; shoot the moon: that player scores 0 and everyone
  else the full total;
* taking all or none (section 6): a seat that took none of some cards
  (``+5 for no ♥``), a slam bonus (``+20 for all tricks``, through the
  number of tricks taken) and a slam that replaces the hand's scores
  (``+20 for all tricks instead``: its taker scores 20, every other seat 0);
* the early-end test of section 1 (:func:`can_still_score`), with the
  playing-out ruling: a contract that plays out never ends early.

What a hand of a contract adds up to is :mod:`barbu_dsl.compiled.totals`.

One function scores every finished hand a person sees:
:func:`hand_scores` reads the hand off as the facts a scorer enters on the
score sheet (docs/sheet.md) and scores them as the sheet does
(:func:`barbu_dsl.runtime.entry.score_facts`), so the engine, ``barbu
replay``, the score sheet, its page and every generated package agree by
construction.  :func:`finish_scores` is the fast twin over the compiled
:class:`~barbu_dsl.compiled.TrickTable`, kept for the playouts of the bots
and the lab (:mod:`.playouts`), where a hand is scored tens of thousands of
times a second and building the facts' dictionaries would cost several
times the playout itself; :func:`score_tricks` runs it over a hand's
tricks, and the tests hold the two equal.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..compiled import SUIT_MASKS, TrickTable
from ..compiled.tables import MostShares
from ..runtime.entry import EntryPlan, Facts, facts_of_hand, score_facts, score_took


def largest_suit_count(won: int) -> int:
    """The largest number of cards of one suit in the mask ``won``."""
    return max((won & suit_mask).bit_count() for suit_mask in SUIT_MASKS)


def most_of_one_suit(most: MostShares, won: Sequence[int]) -> list[int]:
    """Each seat's points from a Ravage City part, given the captured masks."""
    counts = [largest_suit_count(w) for w in won]
    top = max(counts)
    tied = [seat for seat, count in enumerate(counts) if count == top]
    value = most.shares[len(tied)]
    return [value if seat in tied else 0 for seat in range(len(won))]


def trick_points(table: TrickTable, index: int, cards: Sequence[int]) -> int:
    """Points for taking the trick at ``index`` (0-based) holding ``cards``."""
    points = table.per_trick + table.trick_at[index]
    for c in cards:
        points += table.values[c]
    return points


def sole_taker(table: TrickTable, won: Sequence[int], winners: Sequence[int]) -> int | None:
    """The seat that took every scoring element (scoring cards, every trick
    when tricks score, every scoring trick position), or None."""
    candidates = set(range(table.players))
    has_elements = False
    if table.scoring_mask:
        has_elements = True
        candidates &= {s for s in candidates if won[s] & table.scoring_mask == table.scoring_mask}
    if table.per_trick:
        has_elements = True
        candidates &= set(winners) if len(set(winners)) == 1 and len(winners) == table.tricks else set()
    for index, value in enumerate(table.trick_at):
        if value:
            has_elements = True
            candidates &= {winners[index]} if index < len(winners) else set()
    if not has_elements or len(candidates) != 1:
        return None
    return candidates.pop()


def finish_scores(table: TrickTable, points: Sequence[int], won: Sequence[int],
                  winners: Sequence[int]) -> list[int]:
    """Final raw scores of a finished trick hand from the points each seat
    took, adding Ravage City parts and applying all-or-nothing or
    shoot-the-moon."""
    scores = list(points)
    if table.by_tricks:  # by the number of tricks each seat took: each trick gave it one card a seat
        for seat, taken in enumerate(won):
            scores[seat] += table.by_tricks[taken.bit_count() // table.players]
    for mask, value in table.none_of:  # a seat that took none of these cards
        for seat, taken in enumerate(won):
            scores[seat] += 0 if taken & mask else value
    for part in table.most:
        for seat, value in enumerate(most_of_one_suit(part, won)):
            scores[seat] += value
    if table.all_or_nothing or table.shoot_the_moon:
        taker = sole_taker(table, won, winners)
        if taker is not None:
            if table.all_or_nothing:
                scores[taker] = -scores[taker]
            else:
                total = scores[taker]
                scores = [total] * table.players
                scores[taker] = 0
    if table.slam is not None:  # the taker of every trick scores the slam instead, every other seat 0
        # Every trick: a widow taken with the first one adds fewer cards than a trick holds.
        slammer = [seat for seat, taken in enumerate(won) if taken.bit_count() // table.players == table.tricks]
        if slammer:
            scores = [0] * table.players
            scores[slammer[0]] = table.slam
    return scores


def score_tricks(table: TrickTable, tricks: Sequence[tuple[Sequence[int], int]]) -> list[int]:
    """A finished hand's raw scores from its tricks (cards, winner) alone."""
    points = [0] * table.players
    won = [0] * table.players
    winners = []
    for index, (cards, winner) in enumerate(tricks):
        points[winner] += trick_points(table, index, cards)
        for c in cards:
            won[winner] |= 1 << c
        winners.append(winner)
    return finish_scores(table, points, won, winners)


def can_still_score(table: TrickTable, tricks_done: int, played: int) -> bool:
    """Whether any score can still change after ``tricks_done`` tricks with
    the cards of ``played`` gone (docs/rules.md section 1, early end).

    A contract that plays out (``play every trick``, per-trick and Ravage
    City scoring: :func:`barbu_dsl.compiled.plays_out`) never ends early.  Otherwise a
    score can change while a scoring card is still held or a scoring trick
    position is still to come.  All-or-nothing and shoot-the-moon need no
    test of their own: they depend only on who took the scoring elements,
    and once every element is taken that is settled.
    """
    if tricks_done >= table.tricks:
        return False
    if table.plays_out:
        return True
    return bool(table.scoring_mask & ~played) or table.last_scoring_trick >= tricks_done


def hand_scores(plan: EntryPlan, won: Sequence[int], winners: Sequence[int]) -> list[int]:
    """A finished trick hand's raw scores, from the facts a scorer would
    enter for it (``won``: the cards each seat took, as masks; ``winners``:
    the taker of each trick).  The engine's facts always pass the sheet's
    checks; a problem here is a bug, raised as one."""
    scores, problems = score_took(plan, facts_of_hand(plan, won, winners))
    if scores is None:
        raise AssertionError(f"the engine's facts of a hand fail the sheet's checks: {problems}")
    return scores


def domino_scores(plan: EntryPlan, placings: Sequence[int]) -> list[int]:
    """Domino: each seat's points for the places settled so far, as the
    score sheet reckons them."""
    return score_facts(plan, Facts(placings=list(placings)))


def placing_scores(values: Sequence[int], placings: Sequence[int], players: int) -> list[int]:
    """Domino: each seat's points for the places settled so far (the fast
    twin of :func:`domino_scores`, for the playouts)."""
    scores = [0] * players
    for place, seat in enumerate(placings):
        if place < len(values):
            scores[seat] += values[place]
    return scores
