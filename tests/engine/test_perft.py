"""Perft: exact counts of legal move sequences from fixed positions
(tests/engine/perft.json).  A mismatch prints the per-move breakdown, so
the faulty branch is found in seconds (python-chess style)."""

from __future__ import annotations

import json

import pytest

from .perft import PERFT_FILE, divide, perft, position_hand

POSITIONS = json.loads(PERFT_FILE.read_text(encoding="utf-8"))


@pytest.mark.parametrize("position", POSITIONS, ids=[p["name"] for p in POSITIONS])
def test_perft(position: dict) -> None:
    hand = position_hand(position)
    for depth, expected in enumerate(position["counts"], 1):
        count = perft(hand, depth)
        if count != expected:
            breakdown = "\n".join(f"  {move}: {n}" for move, n in divide(hand, depth).items())
            pytest.fail(f"{position['name']}: perft({depth}) = {count}, expected {expected}\n"
                        f"per first move:\n{breakdown}", pytrace=False)
