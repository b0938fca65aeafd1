"""The passing round of a hand: every seat gives its cards, then they are
exchanged at once (docs/rules.md section 6, Passing).  The dealer's discards
(``leftover: dealer discards``, section 6, Packs, decks and player counts)
are a round of the same kind, direction ``discard``: the dealer alone gives
its cards, to nobody.

A :class:`PassingRound` asks each seat in turn from the declarer for its
cards, one card a decision; nobody receives a card before every seat has
given its own.  Where the cards go is the runtime's
(:func:`~barbu_dsl.runtime.records.receiver`), which the record reader
uses too.
"""

from __future__ import annotations

from ..runtime.records import discard, exchange, receiver
from .deal import Deal


class PassingRound:
    """The seats' passes of one hand: ``count`` cards each, ``direction``
    (left, right or across), asked in turn from ``first`` (``step``: +1
    clockwise, -1 anticlockwise) out of the ``dealt`` hands."""

    def __init__(self, direction: str, count: int, dealt: Deal, first: int, step: int):
        players = len(dealt)
        self.direction = direction
        self.count = count
        self.dealt = dealt
        self.order = (first,) if direction == "discard" else tuple((first + step * k) % players
                                                                   for k in range(players))
        self.given: list[list[int]] = [[] for _ in range(players)]

    @classmethod
    def discards(cls, count: int, dealt: Deal, dealer: int) -> PassingRound:
        """The dealer's discards: ``count`` cards, given by ``dealer`` alone to nobody."""
        return cls("discard", count, dealt, dealer, 1)

    @property
    def discarding(self) -> bool:
        """Whether this round is the dealer's discards."""
        return self.direction == "discard"

    @property
    def seat(self) -> int | None:
        """The seat to give a card now, or None once every seat has given its cards."""
        return next((seat for seat in self.order if len(self.given[seat]) < self.count), None)

    def options(self, seat: int) -> tuple[int, ...]:
        """The cards ``seat`` may still give: those dealt to it not yet given, in card order."""
        given = self.given[seat]
        return tuple(card for card in self.dealt[seat] if card not in given)

    def give(self, seat: int, card: int) -> None:
        self.given[seat].append(card)

    def receiver(self, seat: int) -> int | None:
        """The seat ``seat``'s cards go to (None for discards: nobody)."""
        return None if self.discarding else receiver(seat, self.direction, len(self.dealt))

    def giver(self, seat: int) -> int:
        """The seat whose cards ``seat`` receives."""
        return next(other for other in range(len(self.dealt)) if self.receiver(other) == seat)

    def exchanged(self) -> Deal:
        """Every seat's cards after the exchange (or the discards), in card order."""
        if self.discarding:
            return tuple(tuple(cards) for cards in discard(self.dealt, self.given))
        return tuple(tuple(cards) for cards in exchange(self.dealt, self.given, self.direction))


__all__ = ["PassingRound"]
