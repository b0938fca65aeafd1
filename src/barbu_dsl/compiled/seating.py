"""Who sits after whom: the one place the turn order is worked out.

Seats are numbered 0 to n−1 going round clockwise, so seat i+1 sits on
seat i's left (docs/rules.md section 1).  Play, the deal, the choice of
contract and doubling all pass to the next seat in turn: the one on the
left when the game goes clockwise, the one on the right when it goes
anticlockwise (``game.direction``, section 6).  Every reader that moves a
turn on — the engine's tricks, domino and doubling round, the game's
schedule, the score sheet, the generated code and the web page — asks
here.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal, assert_never

from ..language import model as m

Side = Literal["left", "right"]


@lru_cache(maxsize=64)
def seat_after(players: int, direction: m.Direction = "clockwise") -> tuple[int, ...]:
    """For each seat, the seat whose turn comes next."""
    match direction:
        case "clockwise":
            step = 1
        case "anticlockwise":
            step = -1
        case _:
            assert_never(direction)
    return tuple((seat + step) % players for seat in range(players))


def next_seat(seat: int, players: int, direction: m.Direction = "clockwise") -> int:
    """The seat whose turn comes after ``seat``'s."""
    return seat_after(players, direction)[seat]


def seat_before(seat: int, players: int, direction: m.Direction = "clockwise") -> int:
    """The seat whose turn comes just before ``seat``'s."""
    return seat_after(players, "anticlockwise" if direction == "clockwise" else "clockwise")[seat]


@lru_cache(maxsize=256)
def in_turn(start: int, players: int, direction: m.Direction = "clockwise") -> tuple[int, ...]:
    """Every seat once, in turn order, from ``start``."""
    after = seat_after(players, direction)
    seats = [start]
    while len(seats) < players:
        seats.append(after[seats[-1]])
    return tuple(seats)


def beside(seat: int, players: int, side: Side) -> int:
    """The seat on ``seat``'s left or right, whichever way the game goes."""
    return (seat + (1 if side == "left" else -1)) % players


__all__ = ["Side", "beside", "in_turn", "next_seat", "seat_after", "seat_before"]
