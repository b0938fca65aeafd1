"""The score sheet of a game played in the engine: who took what in each
hand, read off its record as a scorer would enter it (docs/sheet.md).

A table that was played card by card (``barbu serve``) keeps its hand
records; its sheet is the game file of docs/sheet.md, which ``barbu sheet
import`` and the web scorer open and score again to the same totals.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..compiled import mask_of
from ..compiled.entry import entry_plan
from ..engine.deal import widow_of
from ..engine.hand import start_hand
from ..engine.replay import read_record
from ..engine.results import HandResult
from ..language import model as m
from .facts import facts_of_hand
from .game import FORMAT


def sheet_hand(spec: m.Spec, result: HandResult) -> dict[str, Any]:
    """The docs/sheet.md hand of a hand the engine played: who took what."""
    record = result.record
    hand: dict[str, Any] = {"contract": result.contract, "declarer": result.declarer, "trump": record["trump"],
                            "start_rank": record["start_rank"], "doubles": record["doubles"]}
    if result.status == "not_played":
        return hand
    parsed = read_record(spec, record)
    # A widow the first trick takes is the cards of the deck in no hand (docs/rules.md section 6).
    widow = widow_of(spec, parsed.hands) if spec.leftover == "widow to first trick" else ()
    played = start_hand(parsed.rules, parsed.hands, parsed.declarer, trump=parsed.trump,
                        start_rank=parsed.start_rank, first_lead=spec.game.first_lead,
                        direction=spec.game.direction, widow=widow)
    for move in parsed.plays:
        played.play_recorded(move)
    # The plan the sheet scores it by (sheet.hand): the spec's deck, with the cards a widow or the dealer's
    # discards set aside, which nobody took (docs/rules.md section 6).
    players = len(parsed.hands)
    plan = entry_plan(parsed.rules, players, tuple(sorted(spec.deck_for(players))), parsed.trump, spec.aside(players))
    won = [mask_of(played.captured(seat)) for seat in range(played.players)]
    hand["took"] = facts_of_hand(plan, won, [t.winner for t in played.tricks], played.placings)
    return hand


def game_file(spec: m.Spec, reference: str, names: Sequence[str], hands: Sequence[HandResult]) -> dict[str, Any]:
    """The docs/sheet.md game file of the hands played so far."""
    from ..language import print_spec

    return {"format": FORMAT, "spec": reference, "spec_text": print_spec(spec), "players": list(names),
            "hands": [sheet_hand(spec, hand) for hand in hands]}


__all__ = ["game_file", "sheet_hand"]
