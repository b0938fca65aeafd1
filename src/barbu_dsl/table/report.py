"""A finished game for people and for programs: the plain score sheet
(one fact a line, in the player's language) and the JSON object of
``barbu play --json``.

The JSON object: ``spec``, ``players``, ``seed``, ``bots`` (one name a
seat), ``hands`` (each with ``number``, ``contract``, ``declarer``,
``trump`` and ``start_rank`` as records write them or null, ``doubles`` as
``[doubler, doubled]`` pairs, ``status``, ``raw``, ``transfers``,
``final``, ``totals``), ``totals`` and ``winners``.
"""

from __future__ import annotations

from typing import Any

from .. import cards as C
from ..engine.results import GameResult, HandResult
from .speech import Speech


def game_json(result: GameResult) -> dict[str, Any]:
    """The whole game as one JSON object (see the module docstring)."""
    return {
        "spec": result.spec,
        "players": result.players,
        "seed": result.seed,
        "bots": list(result.bots),
        "aim": result.aim,
        "hands": [hand_json(hand) for hand in result.hands],
        "totals": list(result.totals),
        "winners": list(result.winners),
    }


def hand_json(hand: HandResult) -> dict[str, Any]:
    return {
        "number": hand.number + 1,
        "contract": hand.contract,
        "declarer": hand.declarer,
        "trump": None if hand.trump is None else C.SUIT_LETTERS[hand.trump],
        "start_rank": None if hand.start_rank is None else C.RANK_LETTERS[hand.start_rank],
        "doubles": [list(pair) for pair in hand.doubles],
        "status": hand.status,
        "raw": list(hand.raw),
        "transfers": list(hand.transfers),
        "final": list(hand.final),
        "totals": list(hand.totals),
    }


def announced(hand: HandResult, say: Speech) -> str:
    """The contract as announced, in words: ``Trumps, hearts``."""
    if hand.trump is not None:
        return say("table.sheet.with_trumps", contract=hand.contract, suit=say.suit(hand.trump))
    if hand.start_rank is not None:
        return say("table.sheet.with_start", contract=hand.contract, rank=say.rank(hand.start_rank))
    return hand.contract


def sheet_lines(result: GameResult, say: Speech) -> list[str]:
    """The score sheet, a line a hand, then the totals and the winner."""
    lines = [say("table.sheet.title", spec=result.spec, players=result.players, seed=result.seed)]
    for hand in result.hands:
        parts = [say("table.sheet.hand", number=hand.number + 1, contract=announced(hand, say),
                     declarer=say.seat(hand.declarer))]
        if hand.status == "not_played":
            parts.append(say("table.sheet.not_played"))
        if hand.doubles:
            parts.append(", ".join(say.doubles("table.sheet.doubler", hand.doubles)))
        parts.append(say("table.sheet.scores", scores=say.scores(hand.final)))
        parts.append(say("table.sheet.totals", scores=say.scores(hand.totals)))
        lines.append("; ".join(parts) + ".")
    lines.extend(ending_lines(result, say))
    return lines


def ending_lines(result: GameResult, say: Speech) -> list[str]:
    """The final totals and who won."""
    lines = [say("table.final_totals", hands=len(result.hands), scores=say.scores(result.totals))]
    winners = result.winners
    best = say.points(result.totals[winners[0]]) if winners else "0"
    if len(winners) == 1:
        lines.append(say.about("table.wins_game", winners[0], total=best))
    else:
        lines.append(say("table.tie", seats=say.seats(winners), total=best))
    lines.append(say(f"table.aim.{result.aim}"))
    return lines
