"""The page scores ``+10 for no trick`` (docs/rules.md section 6) as the
Python sheet does: the tricks each seat took are entered, and each seat
with none scores the prize."""

from __future__ import annotations

from pathlib import Path

from barbu_dsl.language import load_spec
from barbu_dsl.sheet.hand import score_hand

SPEC = Path(__file__).resolve().parents[1] / "no_trick.yaml"

SCORE = """([hand, players]) => {
  try { return window.barbuSheet.scoreHand(hand, players); }
  catch (error) { return {error: error.message}; }
}"""


def test_the_page_scores_the_prize_for_no_trick(pages) -> None:
    page = pages.open("no-trick", spec_path=SPEC)
    spec = load_spec(str(SPEC))
    hands = [
        ({"contract": "Hearts", "declarer": 0, "took": {"tricks": [0, 5, 8, 0], "cards": {"H": [0, 4, 9, 0]}}}, 4),
        ({"contract": "Clean", "declarer": 1, "took": {"tricks": [13, 0, 0, 0]}}, 4),
        ({"contract": "Trumps", "declarer": 2, "trump": "S", "took": {"tricks": [6, 6, 5]}}, 3),
    ]
    for hand, players in hands:
        scored, problems = score_hand(spec, players, hand)
        assert scored is not None, problems
        assert page.evaluate(SCORE, [hand, players]) == scored.to_json(), hand
    missing = {"contract": "Hearts", "declarer": 0, "took": {"cards": {"H": [0, 4, 9, 0]}}}
    assert "took.tricks" in page.evaluate(SCORE, [missing, 4])["error"]
    assert pages.errors() == []
