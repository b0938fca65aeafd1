"""The page enters a hand whose card with a value of its own lay in a
widow set aside (docs/rules.md section 6, Packs, decks and player counts):
its taker is left blank, as the question says, and the hand scores as the
Python sheet scores it; games played with a widow set aside or the
dealer's discards score in the page as in Python, hand by hand."""

from __future__ import annotations

from pathlib import Path

from barbu_dsl.bots import make_bots
from barbu_dsl.engine import GameState
from barbu_dsl.engine.game import play
from barbu_dsl.language import load_spec
from barbu_dsl.sheet.hand import score_hand
from barbu_dsl.sheet.played import game_file

from .ui import SheetPage

GENERATOR = Path(__file__).resolve().parents[1] / "generator"
ASIDE = Path(str(GENERATOR / "widow.yaml") + "+aside")
DISCARDS = GENERATOR / "discards.yaml"
NAMES = ["Anna", "Bea", "Carla", "Diana", "Ed"]

SCORE = """(cases) => cases.map(([hand, players]) => {
  try { return window.barbuSheet.scoreHand(hand, players); }
  catch (error) { return {error: error.message}; }
})"""


def test_a_card_set_aside_is_left_without_a_taker_on_the_page(pages) -> None:
    page = pages.open("widow+aside", spec_path=ASIDE)
    page.locator("#player-count").select_option("5")
    sheet = SheetPage(page)
    sheet.start(NAMES)
    hand = {"contract": "Hearts", "declarer": 0, "took": {"cards": {"H": [3, 3, 3, 2, 1]}}}
    sheet.enter(hand, NAMES, add=False)
    legend = "Who took Q♠? Leave it blank if it was set aside and nobody took it."
    assert sheet.group(legend).count() == 1
    page.get_by_role("button", name="Add the hand", exact=True).click()
    assert sheet.status().startswith("✓ Hand 1 added"), sheet.status()
    assert sheet.totals() == [-3, -3, -3, -2, -1]


def test_games_with_cards_set_aside_score_in_the_page_as_in_python(pages) -> None:
    untaken = 0
    for path, players in ((ASIDE, 5), (DISCARDS, 3)):
        spec = load_spec(str(path))
        cases, expected = [], []
        for seed in range(3):
            state = GameState.new(spec, players=players, seed=seed)
            play(state, make_bots(["random"], players, seed))
            for hand in game_file(spec, str(path), NAMES[:players], state.hands)["hands"]:
                scored, problems = score_hand(spec, players, hand)
                assert scored is not None, problems
                cases.append([hand, players])
                expected.append(scored.to_json())
                untaken += hand.get("took", {}).get("card") == {}
        page = pages.open(path.name, spec_path=path)
        assert page.evaluate(SCORE, cases) == expected
    assert untaken, "some hand had its Q♠ set aside"
