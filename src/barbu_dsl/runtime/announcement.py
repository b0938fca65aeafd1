"""What the declarer announces before a hand: a trump suit, a starting rank,
or nothing.

One fact per contract (and player count): a contract whose trumps have no
fixed suit needs the suit the declarer names (docs/rules.md section 2,
Trumps); a domino contract with a ``chosen`` start needs the rank the
declarer names (section 2, Domino).  A record names it (``trump``,
``start_rank``, docs/records.md), a game asks for it, a score sheet enters
it; a record may also repeat a fixed one, which must then agree.
"""

from __future__ import annotations

from typing import NamedTuple

TRUMP = "trump"
START_RANK = "start_rank"


class Announcement(NamedTuple):
    """What a hand of one contract needs named before play, and what its
    rules fix instead.

    ``trumps``: ``none`` (no trumps, or domino), ``named`` (the declarer
    names the suit) or ``fixed`` (``trump_suit``).  ``start``: None in
    trick play; in domino ``chosen`` (the declarer names the rank),
    ``first-card`` (the declarer's first card sets it) or ``fixed``
    (``start_rank``)."""

    trumps: str = "none"
    trump_suit: int | None = None
    start: str | None = None
    start_rank: int | None = None

    @property
    def names(self) -> str | None:
        """What the declarer announces: :data:`TRUMP`, :data:`START_RANK` or None."""
        if self.trumps == "named":
            return TRUMP
        if self.start == "chosen":
            return START_RANK
        return None

    @property
    def domino(self) -> bool:
        return self.start is not None
