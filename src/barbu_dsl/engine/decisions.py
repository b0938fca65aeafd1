"""What a game asks and what it tells: decisions, refused answers, events.

A :class:`Decision` is what a :class:`~.state.GameState` is waiting for:
a seat, a kind (:data:`KINDS`) and the options it may answer, written as
the table protocol writes them (docs/game.md, docs/table.md).  An answer
that is not one of them raises :class:`AnswerError`.  An :class:`Event` is
something that happened, with the seats that may know it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any, NamedTuple

from ..compiled import cards_of
from ..errors import BarbuError
from .views import card_texts

KINDS = ("contract", "trump", "start_rank", "give", "double", "card")
"""The kinds of decision: the contract, the trump suit, the domino starting
rank, a card to pass before play, a player's doubles, a card (or a domino
pass)."""




class Decision:
    """A decision pending in a game: ``seat`` is to decide, ``kind`` is one
    of :data:`KINDS`, ``options`` are the answers it may give (JSON values:
    contract names in the schedule's order; suit letters ``C D H S``; rank
    letters ``2``…``9 T J Q K A``; cards as ``QH`` and ``pass``, in the
    records' card order; for doubles, lists of the seats to double, fewest
    first, ``[]`` for none)."""

    __slots__ = ("_from", "_make", "_options", "kind", "seat")

    def __init__(self, seat: int, kind: str, make: Callable[..., tuple[Any, ...]], *made_from: Any):
        self.seat = seat
        self.kind = kind
        self._make = make  # the options are made when first read: make(*made_from)
        self._from = made_from
        self._options: tuple[Any, ...] | None = None

    @property
    def options(self) -> tuple[Any, ...]:
        if self._options is None:
            self._options = self._make(*self._from)
        return self._options

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "options": list(self.options)}

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Decision) and (self.seat, self.kind, self.options)
                == (other.seat, other.kind, other.options))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Decision(seat={self.seat}, kind={self.kind!r}, options={list(self.options)!r})"


class AnswerError(BarbuError, ValueError):
    """An answer that is not one of the pending decision's options (or an
    answer once the game is over).  It names the decision, what was given
    and, for a card, the rule it breaks; the game is unchanged."""

    def __init__(self, decision: Decision | None, answer: Any, reason: str | None = None):
        self.decision = decision
        self.answer = answer
        self.reason = reason
        given = json.dumps(answer, ensure_ascii=False, default=repr)
        if decision is None:
            text = f"the game is over: no decision takes {given}"
        else:
            options = decision.options
            shown = ", ".join(json.dumps(option, ensure_ascii=False) for option in options[:16])
            more = f", … ({len(options)} in all)" if len(options) > 16 else ""
            why = f" ({reason})" if reason else ""
            text = (f"{given} is not an option of seat {decision.seat}'s {decision.kind} decision{why}; "
                    f"the options: {shown}{more}")
        super().__init__(text)


class GameFileError(BarbuError, ValueError):
    """A game's JSON that cannot be loaded: not a game, another version, a
    spec that does not read, or answers that do not replay."""


class Event(NamedTuple):
    """Something that happened: ``n`` counts the game's events from 1,
    ``seats`` may know it, ``event`` says what (a JSON object with a
    ``type``: docs/game.md)."""

    n: int
    seats: tuple[int, ...]
    event: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"n": self.n, "seats": list(self.seats), "event": self.event}


EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    "hand_begins": ("hand", "hands", "declarer", "dealer", "target"),
    "deal": ("seat", "cards"),
    "redeal": ("seat", "reason"),
    "contract": ("seat", "contract", "trump", "start_rank"),
    "passing": ("direction", "cards"),
    "give": ("seat", "card"),
    "exchange": ("seat", "given", "received"),
    "double": ("seat", "doubled"),
    "play_begins": ("seat",),
    "card": ("seat", "card"),
    "trick": ("number", "winner", "points", "cards"),
    "widow": ("seat", "cards"),
    "out": ("seat", "place"),
    "early_end": (),
    "hand_ends": ("hand", "contract", "declarer", "status", "doubles", "raw", "transfers", "final", "totals"),
    "game_ends": ("totals", "winners"),
}
"""Each event's fields after its ``type``, in order."""


def card_options(legal: int, may_stop: bool = False) -> tuple[str, ...]:
    """The answers to a card decision whose legal cards are the mask
    ``legal``: the cards in record order, or ``pass`` when none fits; and
    ``pass`` after them when the seat ``may_stop`` playing on."""
    cards = tuple(card_texts(cards_of(legal)))
    return (*cards, "pass") if may_stop else cards or ("pass",)


def double_options(targets: Sequence[int], cover_all: bool) -> tuple[list[int], ...]:
    """Every answer to a doubling decision: the sets of ``targets``, fewest
    seats first (``[]``, each seat alone, the pairs, ...); with ``cover_all``
    none or all of them."""
    if cover_all:
        return [], list(targets)
    return tuple(list(chosen) for size in range(len(targets) + 1) for chosen in combinations(targets, size))


__all__ = ["EVENT_FIELDS", "KINDS", "AnswerError", "Decision", "Event", "GameFileError", "card_options",
           "double_options"]
