"""Playing out (docs/rules.md section 1): a contract that plays every trick never
ends early, so a complete Hearts hand from any Hearts program — all thirteen
tricks — replays as it was played."""

from __future__ import annotations

import json
from pathlib import Path

from barbu_dsl.engine import replay_record
from barbu_dsl.explain import explain
from barbu_dsl.language import load_spec, parse_spec

RECORD = json.loads((Path(__file__).parent / "records" / "hearts-played-out.json").read_text(encoding="utf-8"))


def test_a_complete_hearts_hand_replays_as_complete() -> None:
    assert len(RECORD["plays"]) == 52
    result = replay_record(load_spec("hearts"), RECORD)
    assert result == {"status": "complete", "tricks_played": 13, "raw": [20, 1, 5, 0],
                      "transfers": [0, 0, 0, 0], "final": [20, 1, 5, 0]}


def test_a_complete_hearts_hand_with_passes_replays_as_played() -> None:
    """docs/rules.md section 4 and section 6, Passing: the same hand as
    another program records it with the deal and the three cards each seat
    passed to the left: the replay makes the exchange and checks the 52
    plays against the hands after it, scoring as the hand was played."""
    passed = json.loads((Path(__file__).parent / "records" / "hearts-passed-left.json").read_text(encoding="utf-8"))
    assert passed["plays"] == RECORD["plays"] and passed["hands"] != RECORD["hands"]
    assert replay_record(load_spec("hearts"), passed) == replay_record(load_spec("hearts"), RECORD)
    unpassed = {key: value for key, value in passed.items() if key != "passes"}
    assert replay_record(load_spec("hearts+no-passing"), unpassed)["error"]["kind"] == "illegal_play"


def test_without_play_every_trick_the_hand_ends_when_nothing_can_score() -> None:
    """Section 1, early end: the same rules without the clause end after ten
    tricks, so the eleventh trick's first card comes after the end."""
    text = ("name: early-hearts\nplayers: 4\ndoubling: false\ncontracts:\n"
            "  Hearts: +1 per ♥, Q♠ +13, 2♣ leads, no points on first trick, no ♥ lead until broken, Q♠ breaks ♥,"
            " shoot the moon\n")
    result = replay_record(parse_spec(text), RECORD)
    assert result == {"error": {"kind": "after_end", "index": 40}}


def test_explain_says_every_trick_is_played() -> None:
    text = explain(load_spec("hearts"))
    assert "Every trick is played, even once no score can change any more." in text
    assert "Every trick is played: the last card can still change who has the most of one suit." in explain(
        load_spec("tournament+ravage-city"), "Ravage City")
