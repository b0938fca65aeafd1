"""What every hand state machine offers, and the errors a move can raise.

:class:`Hand` is the interface shared by trick play (:mod:`.tricks`) and
domino (:mod:`.domino`): whose turn it is, the legal moves in the fixed card
order, playing a move, and the scores, captured cards, tricks and placings
so far.  Moves are cards (ints ``0..51``, see :mod:`barbu_dsl.cards`) or
:data:`PASS` in domino.

A move that breaks a rule raises :class:`IllegalPlay`, a move after the end
of the hand :class:`PlayAfterEnd` (docs/rules.md section 1: plays after the end of
a hand are an error).  Both are :class:`~barbu_dsl.errors.RecordError` s of
the kinds docs/records.md defines, with the move's index in the hand, so
a replay reports them as they are.
"""

from __future__ import annotations

from typing import NamedTuple

from ..compiled import Broken
from ..runtime.cards import PASS, move_str
from ..runtime.errors import IllegalPlay, PlayAfterEnd, after_end, illegal

__all__ = ["PASS", "Hand", "IllegalPlay", "PlayAfterEnd", "Trick", "after_end", "illegal", "move_str"]


class Trick(NamedTuple):
    """A finished trick: who led, the cards in play order, who took it."""

    leader: int
    cards: tuple[int, ...]
    winner: int


class Hand:
    """One hand of one contract, from the deal to the end.

    Subclasses keep their state in flat lists of ints and card masks; this
    base class only fixes the interface.
    """

    __slots__ = ()

    players: int
    declarer: int
    to_play: int | None  # None once the hand is over
    moves: list[int]  # every move so far, passes included, in order
    _hands: list[int]  # per seat: the mask of the cards it holds

    @property
    def is_over(self) -> bool:
        return self.to_play is None

    def legal_moves(self) -> list[int]:
        """The legal moves of the seat to play, in card order; empty once over."""
        raise NotImplementedError

    def play(self, move: int) -> None:
        """Make ``move`` for the seat to play; raise :class:`IllegalPlay`
        or :class:`PlayAfterEnd`."""
        raise NotImplementedError

    def broken_rule(self, move: int) -> Broken | None:
        """The rule ``move`` would break (its code and message), or None
        when it is legal."""
        raise NotImplementedError

    def why_illegal(self, move: int) -> str | None:
        """The message of the rule ``move`` would break, or None when it is legal."""
        rule = self.broken_rule(move)
        return None if rule is None else rule.message

    def raw_scores(self) -> list[int]:
        """Each seat's score from play: final once over, else what is settled so far."""
        raise NotImplementedError

    def hand(self, seat: int) -> list[int]:
        """The cards ``seat`` still holds, in card order."""
        raise NotImplementedError

    def held(self, seat: int) -> int:
        """The cards ``seat`` still holds, as a mask."""
        return self._hands[seat]

    def legal_mask(self) -> int:
        """The legal cards of the seat to play as a mask (0 once over, and
        for a domino pass)."""
        raise NotImplementedError

    @property
    def may_stop(self) -> bool:
        """Whether the seat to play, having just played, may end its turn
        instead (a domino played on at will, docs/rules.md section 6)."""
        return False

    def implied_stop(self, move: int) -> bool:
        """Whether a hand record's next ``move`` shows that the seat to
        play ended its turn (never in trick play)."""
        return False

    def play_recorded(self, move: int) -> None:
        """Make ``move`` as a hand record gives it: a record keeps no
        stops, so a domino seat that may end its turn and whose next move
        is not a card it holds stopped first (docs/rules.md section 6)."""
        if self.implied_stop(move):
            self.play(PASS)
        self.play(move)

    def captured(self, seat: int) -> list[int]:
        """The cards ``seat`` has taken in tricks, in card order (none in domino)."""
        return []

    @property
    def tricks(self) -> list[Trick]:
        """The finished tricks, in order (none in domino)."""
        return []

    @property
    def tricks_played(self) -> int:
        return len(self.tricks)

    @property
    def placings(self) -> list[int]:
        """Domino: the seats in the order they went out (the last one too,
        once the hand is over).  Empty in trick play."""
        return []

    def copy(self) -> Hand:
        raise NotImplementedError
