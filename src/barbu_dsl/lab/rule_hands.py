"""Hands of rule bots played in compiled code: the lab's native path for
games whose every seat is a rule bot.

A rule bot is deterministic: it chooses each card from the position alone
(:meth:`~barbu_dsl.engine.bots.RuleBot.choose_move`), drawing no random
number.  So a hand in which every seat is one can be played in one call
of :func:`~barbu_dsl.engine.compiled_playouts.recorded_run`, the rule
bot's policy compiled (``RULES``), instead of move by move: the same
moves, the same scores (a test plays games both ways and compares their
records).  The game around the hands (the contract, the trump, the
doubles, the settlement) stays with the game state and the bots.

:func:`rules_reason` says when a spec's hands cannot be played so: a widow
or the dealer's discards (the bot counts cards that no seat holds among
those it has not seen), or more seats than the compiled tables hold.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any, cast

import numpy as np

from ..engine.deal import Deal, Source
from ..engine.domino import DominoHand
from ..engine.hand import hand_for
from ..engine.state import PlayOut
from ..engine.tricks import TrickHand
from ..language import model as m
from ..runtime.cards import mask_of

MOST_MOVES = 1024
"""Room for a hand's moves (a domino's passes included)."""


def rules_reason(spec: m.Spec, players: int) -> str | None:
    """Why hands of ``spec`` between rule bots cannot be played in compiled code (None: they can)."""
    from ..engine.compiled_playouts import SEATS

    if spec.widow_size(players) or spec.discards(players):
        return "cards are left over"
    if players > SEATS:
        return "there are too many seats"
    return None


@cache
def rules_play_out(spec: m.Spec) -> PlayOut:
    """A :data:`~barbu_dsl.engine.state.PlayOut` that plays each hand of
    ``spec`` (:func:`rules_reason` allows it) between rule bots in one
    compiled call: its raw scores and its moves."""
    from ..engine.compiled_playouts import RULES, SEATS, pack_position, pack_table, recorded_run

    aim = spec.game.aim
    packed: dict[int, tuple[Any, tuple[np.ndarray, np.ndarray]]] = {}
    unused_generator = np.zeros(625, dtype=np.int64)  # the rule bot draws no random number

    def play(contract: m.Contract, hands: Deal, declarer: int, trump: int | None, start_rank: int | None,
             source: Source) -> tuple[list[int], list[int]]:
        hand = cast("TrickHand | DominoHand", hand_for(spec, contract, hands, declarer, trump=trump,
                                                         start_rank=start_rank))
        table = hand.table
        made = packed.get(id(table))
        if made is None or made[0] is not table:
            made = packed[id(table)] = (table, pack_table(table, aim, RULES))
        t, bad = made[1]
        masks = np.zeros(SEATS + 1, dtype=np.int64)
        masks[:len(hands)] = [mask_of(cards) for cards in hands]
        out = np.zeros(SEATS, dtype=np.int64)
        record = np.zeros(MOST_MOVES, dtype=np.int64)
        count = recorded_run(t, bad, pack_position(hand.position()), masks, unused_generator, out, record)
        assert count <= MOST_MOVES
        return out[:len(hands)].tolist(), record[:count].tolist()

    return play


def seats_all_rules(bots: Sequence[object]) -> bool:
    """Whether every seat is a plain rule bot (not a bot built on one)."""
    from ..engine.bots import RuleBot

    return all(type(bot) is RuleBot for bot in bots)


__all__ = ["rules_play_out", "rules_reason", "seats_all_rules"]
