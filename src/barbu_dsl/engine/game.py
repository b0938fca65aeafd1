"""Whole games played by bots: a driver over :class:`~.state.GameState`.

A player is anything that answers a :class:`~.state.Decision` from a
:class:`~.views.SeatView`: a bot (:mod:`.bots`, :mod:`.strong`), a
person at a table, a remote seat.  :func:`play` asks each pending decision
of its seat's player until the game is over; the game itself never calls
anyone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..language import model as m
from .results import GameResult, HandResult
from .state import Decision, GameState
from .views import SeatView

Player = Callable[[Decision, SeatView], Any]
"""Answers a decision (one of its options) from what the seat may know."""


def play(state: GameState, players: Sequence[Player], on_hand: Callable[[HandResult], None] | None = None) -> None:
    """Play ``state`` to its end, each decision answered by its seat's
    player; ``on_hand`` is told each hand as it is scored."""
    done = len(state.hands)
    while (decision := state.pending()) is not None:
        state.apply(players[decision.seat](decision, state.seat_view(decision.seat)))
        if on_hand is not None and state.number > done:
            for hand in state.hands[done:]:
                on_hand(hand)
            done = state.number


def play_game(spec: m.Spec, bots: Sequence[Player], seed: int | str = 0, players: int | None = None,
              on_hand: Callable[[HandResult], None] | None = None) -> GameResult:
    """A whole game of ``spec`` with one bot per seat (``players`` of them,
    by default one per bot)."""
    state = GameState.new(spec, players=len(bots) if players is None else players, seed=seed)
    if len(bots) != state.players:
        raise ValueError(f"{len(bots)} bots for {state.players} players")
    play(state, bots, on_hand)
    return state.result([getattr(bot, "name", "bot") for bot in bots])


__all__ = ["Player", "play", "play_game"]
