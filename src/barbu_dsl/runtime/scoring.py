"""Small pieces of scoring that every reader of the rules shares.

* :func:`position_index` and :func:`position_values` — trick positions
  (``−20 last trick``: position 1 is the first trick, -1 the last) as trick
  indices and as points per trick (docs/rules.md sections 2 and 3), values
  at one trick adding up (section 1, values that add up);
* :func:`last_scoring_index` — the last trick that scores by its
  position, which decides when a hand can end early (section 1);
* :func:`round_half_away` — the rounding of a share that is not whole
  (an unplayed hand's split, section 2 variant 4; a spread's share,
  section 6; a Ravage City tie rounded to the nearest, variant 9);
* :func:`target_reached` — whether a game played to a target score is
  over (section 6, "A target score");
* :func:`add_hand` — the running totals after a hand, with the spec's
  resets (section 6, "Running totals");
* :func:`payouts` — what each player receives or pays at the end of the
  game by their place (section 6, "Payments by place");
* :func:`from_pot` — what the players who take no points collect from a
  pot after a hand, and what is left in it (section 6, "A pot").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def position_index(position: int, tricks: int) -> int | None:
    """The 0-based index of trick ``position`` (from 1 for the first, from
    -1 for the last) in a hand of ``tricks`` tricks, or None when the hand
    has no such trick (it then never scores)."""
    index = position - 1 if position > 0 else tricks + position
    return index if 0 <= index < tricks else None


def position_values(positions: Iterable[tuple[int, int]], tricks: int) -> tuple[int, ...]:
    """Points for taking each trick of a hand of ``tricks`` tricks, by
    index, from ``(position, points)`` pairs; a position the hand does not
    have never scores."""
    values = [0] * tricks
    for position, value in positions:
        index = position_index(position, tricks)
        if index is not None:
            values[index] += value
    return tuple(values)


def last_scoring_index(values: Iterable[int]) -> int:
    """The index of the last trick that scores by its position, -1 if none."""
    return max((index for index, value in enumerate(values) if value), default=-1)


def round_half_away(numerator: int, denominator: int) -> int:
    """``numerator / denominator`` (a positive denominator) rounded to the
    nearest integer, halves away from zero."""
    magnitude = (2 * abs(numerator) + denominator) // (2 * denominator)
    return magnitude if numerator >= 0 else -magnitude


def target_reached(target: int | None, totals: Iterable[int]) -> bool:
    """Whether some running total reaches ``target``: at least it when it is
    positive, at most it when it is negative (docs/rules.md section 6, "A
    target score"); never when there is no target."""
    if target is None:
        return False
    return any(total >= target for total in totals) if target > 0 else any(total <= target for total in totals)


def add_hand(totals: Sequence[int], final: Sequence[int], resets: Iterable[tuple[int, int]] = ()) -> tuple[int, ...]:
    """The running totals after a hand that scored ``final``: each total
    plus its score, then a total equal to the first number of a reset
    ``(exactly, to)`` becomes its second (docs/rules.md section 6, "Running
    totals"; once per hand, never chained)."""
    after = dict(resets)
    return tuple(after.get(total + score, total + score) for total, score in zip(totals, final, strict=True))


def resets_made(
    totals: Sequence[int], final: Sequence[int], resets: Iterable[tuple[int, int]] = ()
) -> tuple[tuple[int, int, int], ...]:
    """The resets a hand that scored ``final`` makes: ``(seat, reached,
    becomes)`` for each total that the hand brings to a reset's number."""
    after = dict(resets)
    return tuple(
        (seat, total + score, after[total + score])
        for seat, (total, score) in enumerate(zip(totals, final, strict=True))
        if total + score in after
    )


def payouts(totals: Sequence[int], amounts: Sequence[int], lowest_wins: bool) -> tuple[int, ...]:
    """What each seat receives (or pays, when negative) at the end of a game
    with these final ``totals``: the place's amount from ``amounts`` (first
    place first), players with equal totals sharing the amounts of the
    places they fill equally, rounded half away from zero (docs/rules.md
    section 6, "Payments by place")."""
    order = sorted(range(len(totals)), key=lambda seat: totals[seat] if lowest_wins else -totals[seat])
    paid = [0] * len(totals)
    place = 0
    while place < len(order):
        tied = [seat for seat in order[place:] if totals[seat] == totals[order[place]]]
        share = round_half_away(sum(amounts[place : place + len(tied)]), len(tied))
        for seat in tied:
            paid[seat] = share
        place += len(tied)
    return tuple(paid)


def from_pot(pot: int, final: Sequence[int]) -> tuple[tuple[int, ...], int]:
    """After a hand that scored ``final`` (every score 0 or less) in a game
    with a pot holding ``pot``: what each seat collects, and the pot left.
    What the hand took from the players goes into the pot; the players who
    scored 0 share it in whole points, what does not divide staying in it;
    when nobody did, it is carried to the next hand (docs/rules.md section
    6, "A pot")."""
    pot -= sum(final)
    takers = [seat for seat, score in enumerate(final) if score == 0]
    if not takers:
        return (0,) * len(final), pot
    share = pot // len(takers)
    return tuple(share if score == 0 else 0 for score in final), pot - share * len(takers)
