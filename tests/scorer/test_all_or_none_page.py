"""The page scores taking all or none (docs/rules.md section 6, "Taking
all or none") as the Python sheet does: a value for a seat with none of a
counted set or of the cards that score, a slam bonus and a slam that
replaces the hand's scores, from what a scorer enters."""

from __future__ import annotations

from pathlib import Path

from barbu_dsl.language import load_spec
from barbu_dsl.sheet.hand import score_hand

SPEC = Path(__file__).resolve().parents[1] / "all_or_none.yaml"

SCORE = """([hand, players]) => {
  try { return window.barbuSheet.scoreHand(hand, players); }
  catch (error) { return {error: error.message}; }
}"""


def test_the_page_scores_taking_all_or_none(pages) -> None:
    page = pages.open("all-or-none", spec_path=SPEC)
    spec = load_spec(str(SPEC))
    hands = [
        ({"contract": "No hearts", "declarer": 0, "took": {"cards": {"H": [0, 4, 9, 0]}}}, 4),
        ({"contract": "No points", "declarer": 1, "took": {"cards": {"H": [0, 13, 0, 0]}, "card": {"QS": 2}}}, 4),
        ({"contract": "No queens", "declarer": 2,
          "took": {"tricks": [5, 4, 4, 0], "cards": {"Q": [1, 3, 0, 0], "KH": [0, 0, 1, 0]}}}, 4),
        ({"contract": "Free ace", "declarer": 0, "took": {"cards": {"H": [1, 12, 0, 0]}, "card": {"AH": 0}}}, 4),
        ({"contract": "Slam bonus", "declarer": 3, "took": {"tricks": [13, 0, 0, 0]}}, 4),
        ({"contract": "Slam", "declarer": 0, "took": {"tricks": [0, 17, 0]}}, 3),
        ({"contract": "Slam", "declarer": 0, "took": {"tricks": [12, 1, 0, 0]}}, 4),
        ({"contract": "Trumps", "declarer": 1, "trump": "S", "took": {"tricks": [0, 0, 13, 0]}}, 4),
    ]
    expected = [[5, -4, -9, 5], [3, -13, -13, 3], [-6, -4, -2, 10], [5, -24, 5, 5], [-6, 0, 0, 0], [0, 30, 0],
                [-24, -2, 10, 10], [0, 0, -40, 0]]
    for (hand, players), raw in zip(hands, expected, strict=True):
        scored, problems = score_hand(spec, players, hand)
        assert scored is not None, problems
        assert scored.to_json()["raw"] == raw, hand
        assert page.evaluate(SCORE, [hand, players]) == scored.to_json(), hand
    missing = {"contract": "No queens", "declarer": 0, "took": {"tricks": [13, 0, 0, 0], "cards": {"Q": [4, 0, 0, 0]}}}
    assert "KH" in page.evaluate(SCORE, [missing, 4])["error"]
    assert pages.errors() == []
