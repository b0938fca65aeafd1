"""The page takes the doubles of a declarer who doubles first (docs/rules.md
section 6, Doubling) as pairs, in any order, and scores them as the Python
sheet does; in a positive contract the declarer still only redoubles."""

from __future__ import annotations

from pathlib import Path

from barbu_dsl.language import load_spec
from barbu_dsl.sheet.hand import score_hand

SPEC = Path(__file__).resolve().parents[1] / "doubling_first.yaml"

SCORE = """([hand, players]) => {
  try { return window.barbuSheet.scoreHand(hand, players); }
  catch (error) { return {error: error.message}; }
}"""


def test_the_page_scores_the_declarers_doubles_made_first(pages) -> None:
    page = pages.open("doubling-first", spec_path=SPEC)
    spec = load_spec(str(SPEC))
    took = {"tricks": [1, 4, 4, 4]}
    for doubles in ([[0, 1], [0, 2], [3, 0]], [[3, 0], [0, 2], [0, 1]], [[2, 0], [0, 2], [0, 3], [1, 3]]):
        hand = {"contract": "No tricks", "declarer": 0, "took": took, "doubles": doubles}
        scored, problems = score_hand(spec, 4, hand)
        assert scored is not None, problems
        assert page.evaluate(SCORE, [hand, 4]) == scored.to_json(), doubles
    positive = {"contract": "Trumps", "declarer": 0, "trump": "S", "took": took, "doubles": [[0, 1]]}
    scored, problems = score_hand(spec, 4, positive)
    assert scored is None and problems
    assert "error" in page.evaluate(SCORE, [positive, 4])
    assert pages.errors() == []
