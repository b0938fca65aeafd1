"""Helpers for the score-sheet tests: hands the engine played, read off as
a scorer enters them (docs/sheet.md), and the answers a person types to
enter them in ``barbu sheet add``."""

from __future__ import annotations

from typing import Any

from barbu_dsl import cards as C
from barbu_dsl.bots import make_bots
from barbu_dsl.compiled.entry import entry_plan
from barbu_dsl.engine import HandResult, play_game
from barbu_dsl.engine.doubling import doubling_round, hand_terms
from barbu_dsl.language import model as m
from barbu_dsl.sheet.game import SheetGame
from barbu_dsl.sheet.played import sheet_hand

PLAYERS = ["Anna", "Bea", "Carla", "Diana"]
SEED_EXAMPLE = {"contract": "No queens", "declarer": 0, "trump": None, "start_rank": None,
                "took": {"cards": {"Q": [1, 0, 1, 2]}}, "doubles": [[1, 0], [1, 2], [1, 3], [2, 0], [0, 2]]}
"""docs/rules.md section 2, the worked example: Anna −12, Bea +24, Carla −12, Diana −24."""


def evening(spec: m.Spec, seed: int = 11, players: int = 4) -> list[tuple[HandResult, dict[str, Any]]]:
    """A whole game the rule-based bots played, each hand with its sheet hand."""
    result = play_game(spec, make_bots(["rules"], players, seed=seed), seed=seed, players=players)
    return [(hand, sheet_hand(spec, hand)) for hand in result.hands]


def answers(game: SheetGame, hand: dict[str, Any]) -> list[str]:
    """The lines a person types in ``barbu sheet add`` (English) to enter
    ``hand`` as the next hand of ``game``, in the order of the questions."""
    names, n = game.players, len(game.players)
    turn = game.next_turn()
    lines = []
    if turn.declarer is None:
        lines.append(names[hand["declarer"]])
    if len(turn.options) > 1:
        lines.append(hand["contract"])
    contract = game.spec.contract(hand["contract"])
    rules = contract.rules_for(n)
    if isinstance(rules.play, m.TrickPlay) and rules.play.trumps is not None and rules.play.trumps.suit is None:
        lines.append(C.SUIT_SYMBOLS[C.parse_suit(hand["trump"])])
    if isinstance(rules.play, m.DominoPlay) and rules.play.start == "chosen":
        lines.append(str(C.rank_str(C.parse_rank(str(hand["start_rank"])))))
    deck = tuple(sorted(game.spec.deck_for(n)))
    trump = C.parse_suit(hand["trump"]) if hand.get("trump") else None
    terms = hand_terms(game.spec, rules, n, deck, trump)
    doubles_first = game.spec.doubling.undoubled == "not-played" and not terms.positive
    grid = _grid(game, hand, terms.positive)
    if doubles_first:
        lines += grid
    took = hand.get("took")
    if took is not None:
        plan = entry_plan(rules, n, deck, trump)
        if "tricks" in plan.keys:
            lines.append(" ".join(map(str, took["tricks"])))
        for counted in plan.sets:
            lines.append(" ".join(map(str, took["cards"][counted.name])))
        for single in plan.singles:
            lines.append(names[took["card"][single.name]])
        for number, _ in plan.positions:
            lines.append(names[took["trick"][str(number)]])
        if "placings" in plan.keys:
            lines.append(" ".join(names[s] for s in took["placings"]))
        if "longest" in plan.keys:
            lines.append(" ".join(map(str, took["longest"])))
    if not doubles_first:
        lines += grid
    return lines


def _grid(game: SheetGame, hand: dict[str, Any], positive: bool) -> list[str]:
    """The answers of the doubling questions, in the order of the doubling
    round (engine.doubling.doubling_round)."""
    names, n, declarer = game.players, len(game.players), hand["declarer"]
    pairs = [tuple(p) for p in hand.get("doubles") or []]
    lines: list[str] = []

    def choose(seat: int, targets: tuple[int, ...], cover_all: bool, made: tuple[tuple[int, int], ...]) -> list[int]:
        chosen = [b for a, b in pairs if a == seat and b in targets and (seat, b) not in made]
        lines.append(" ".join(names[b] for b in chosen))
        return chosen

    doubling_round(game.spec.doubling, declarer, n, game.spec.game.direction, positive, choose)
    return lines
