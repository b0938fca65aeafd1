"""What a game leaves behind: each hand's result and the whole game's.

A :class:`HandResult` holds what was chosen, the doubles and the scores of
one hand, with its hand record (docs/records.md) that
:func:`~.replay.replay_record` replays to the same raw and final scores; a
:class:`GameResult` the hands of a game with the bots that played it, for
the score sheet and the JSON of ``barbu play``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import cards as C
from ..language import model as m
from ..runtime.scoring import payouts
from .doubling import Pair


@dataclass(frozen=True)
class HandResult:
    """One hand of a game: what was chosen, the doubles, the scores."""

    number: int  # 0-based
    contract: str
    declarer: int
    dealer: int
    trump: int | None
    start_rank: int | None
    doubles: tuple[Pair, ...]
    status: str  # "complete" or "not_played"
    raw: tuple[int, ...]
    transfers: tuple[int, ...]
    final: tuple[int, ...]
    totals: tuple[int, ...]  # running totals after this hand
    against_declarer: tuple[int, ...]  # per seat: doubles made against this declarer in their series so far
    record: dict[str, Any]
    options: tuple[str, ...] = ()  # the contracts the declarer could choose from

    @property
    def announcement(self) -> str:
        """The contract as announced: ``Trumps ♠``, ``Domino from J``."""
        if self.trump is not None:
            return f"{self.contract} {C.suit_symbol(self.trump)}"
        if self.start_rank is not None:
            return f"{self.contract} from {C.rank_str(self.start_rank)}"
        return self.contract


def best_seats(totals: tuple[int, ...], aim: m.Aim) -> tuple[int, ...]:
    """The seats with the best total (highest or lowest by the aim)."""
    best = (max if aim == "highest" else min)(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)


@dataclass(frozen=True)
class GameResult:
    """A whole game."""

    spec: str
    players: int
    seed: int | str
    bots: tuple[str, ...]
    aim: m.Aim
    doubling: bool  # whether the spec has doubling at all
    minimum: int  # the advisory number of doubles against each declarer
    hands: tuple[HandResult, ...]
    target: int | None = None  # the score that ended the game (docs/rules.md section 6)
    payout: tuple[int, ...] = ()  # what each place receives at the end (docs/rules.md section 6)

    @property
    def totals(self) -> tuple[int, ...]:
        return self.hands[-1].totals if self.hands else (0,) * self.players

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the best total (highest or lowest by the aim)."""
        return best_seats(self.totals, self.aim)

    @property
    def payouts(self) -> tuple[int, ...]:
        """What each seat receives (or pays) by its place at the end of the
        game (empty without payments; docs/rules.md section 6, "Payments
        by place")."""
        return payouts(self.totals, self.payout, self.aim == "lowest") if self.payout else ()

    def records(self) -> list[dict[str, Any]]:
        return [hand.record for hand in self.hands]


__all__ = ["GameResult", "HandResult", "best_seats"]
