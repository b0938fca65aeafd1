"""Perft for hands: the number of legal move sequences of a given depth.

As in python-chess, a position that is over before the depth is reached
counts 0 (it has no moves), a leaf at exactly the depth counts 1.  The
counts of tests/engine/perft.json were checked by hand at depths 1 and 2
(and more for the small positions, see the ``checked`` field) before the
deeper ones were generated; ``python -m tests.engine.perft`` regenerates
them (run from the checkout with ``PYTHONPATH=src``) after a deliberate
change.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from barbu_dsl.engine import Hand, move_str, start_hand

from .helpers import cards, rules

PERFT_FILE = Path(__file__).with_name("perft.json")


def perft(hand: Hand, depth: int) -> int:
    if depth == 0:
        return 1
    if hand.is_over:
        return 0
    moves = hand.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        child = hand.copy()
        child.play(move)
        total += perft(child, depth - 1)
    return total


def divide(hand: Hand, depth: int) -> dict[str, int]:
    """The count below each first move (python-chess's per-move breakdown)."""
    out = {}
    for move in hand.legal_moves():
        child = hand.copy()
        child.play(move)
        out[move_str(move)] = perft(child, depth - 1)
    return out


def position_hand(position: dict[str, Any]) -> Hand:
    hand = start_hand(rules(position["rules"]), [cards(h) for h in position["hands"]], position["declarer"],
                      trump=position.get("trump"), start_rank=position.get("start_rank"),
                      direction=position.get("direction", "clockwise"))
    for word in position.get("moves", "").split():
        hand.play(cards(word)[0])
    return hand


def regenerate() -> None:
    data = json.loads(PERFT_FILE.read_text(encoding="utf-8"))
    for position in data:
        hand = position_hand(position)
        checked = position["checked"]
        counts = [perft(hand, d) for d in range(1, position["depth"] + 1)]
        assert counts[:checked] == position["counts"][:checked], (position["name"], counts)
        position["counts"] = counts
    lines = ",\n".join(" " + json.dumps(position, ensure_ascii=False) for position in data)
    PERFT_FILE.write_text("[\n" + lines + "\n]\n", encoding="utf-8")


if __name__ == "__main__":
    regenerate()
