"""The minimum of two doubles counted per rubber (docs/rules.md section 2,
"The minimum of two doubles"): ``doubling: {minimum: 2, per: rubber}`` in a
game with a shared list counts each player's doubles of whoever declares,
rubber by rubber; read, printed and checked where written; the game, the
score sheet and the page keep the same count; explained in four languages;
never enforced."""

from __future__ import annotations

from pathlib import Path

import pytest

from barbu_dsl.bots import make_bots
from barbu_dsl.compiled import game_plan, plan_turn
from barbu_dsl.engine import play_game
from barbu_dsl.errors import SpecError
from barbu_dsl.explain import explain
from barbu_dsl.language import load_spec, parse_spec, print_spec
from barbu_dsl.sheet.game import SheetGame
from barbu_dsl.sheet.played import sheet_hand

SPEC = str(Path(__file__).with_name("minimum_per_rubber.yaml"))

SHARED = """name: t
players: 3
game: {chooser: rotating, lists: shared, hands: 21}
doubling: DOUBLING
contracts:
  No tricks: −2 per trick
  No queens: −6 per queen
  No hearts: −2 per ♥
  Barbu: K♥ −20, no ♥ lead
  No last two: −10 penultimate trick, −20 last trick
  Trumps: trumps, +5 per trick
  Domino: domino, placings +45 +15 −5
"""


def _spec(doubling: str, game: str | None = None) -> str:
    text = SHARED.replace("DOUBLING", doubling)
    return text.replace("{chooser: rotating, lists: shared, hands: 21}", game) if game else text


def test_the_setting_reads_and_prints_again() -> None:
    spec = parse_spec(_spec("{minimum: 2, per: rubber}"), "t.yaml")
    assert spec.doubling.per == "rubber"
    assert "per: rubber" in print_spec(spec)
    assert parse_spec(print_spec(spec), "again.yaml").doubling == spec.doubling
    assert game_plan(spec, 3).counted == "rubber"
    assert game_plan(load_spec("tournament"), 4).counted == "series"
    default = parse_spec(_spec("{minimum: 2}"), "t.yaml")
    assert game_plan(default, 3).counted == "game"  # a shared list counts per game by default
    assert game_plan(load_spec("leaver-3p"), 3).counted == "rubber"  # as Leaver's page asks


@pytest.mark.parametrize("doubling, game, where, message", [
    ("{minimum: 2, per: rubber}", "{chooser: declarer-series}", "4:29", "'per: rubber' needs rubbers"),
    ("{minimum: 2, per: rubber}", "{chooser: rotating}", "4:29", "'per: rubber' needs rubbers"),
    ("{minimum: 2, per: series}", None, "4:29", "'per: series' needs declarer series"),
    ("{per: rubber}", None, "4:17", "'per: rubber' does nothing without a minimum"),
    ("{minimum: 5, per: rubber}", None, "4:21", "a minimum of 5 doubles in each rubber cannot be reached"),
    ("{minimum: 2, per: hand}", None, "4:29", "per cannot be 'hand'"),
])
def test_a_count_with_nothing_to_count_over_is_refused_at_its_line(doubling: str, game: str | None, where: str,
                                                                     message: str) -> None:
    with pytest.raises(SpecError) as caught:
        parse_spec(_spec(doubling, game), "t.yaml")
    text = str(caught.value)
    assert f"t.yaml:{where}" in text and message in text, text


def test_per_series_says_the_default_aloud() -> None:
    tournament = load_spec("tournament")
    text = print_spec(tournament).replace("minimum: 2", "minimum: 2\n  per: series")
    spec = parse_spec(text, "t.yaml")
    assert spec.doubling.per == "series" and game_plan(spec, 4).counted == game_plan(tournament, 4).counted


def test_the_count_starts_again_with_every_rubber() -> None:
    spec = load_spec(SPEC)
    plan = game_plan(spec, 3)
    assert [plan.count_start(n) for n in (0, 6, 7, 13, 14, 20)] == [0, 0, 7, 7, 14, 14]
    hands = [("No tricks", 0)] * 8
    assert plan_turn(plan, hands).count_start == 7


def _expected(result, number: int) -> list[int]:
    """Each seat's doubles of whoever declared, over the rubber up to hand ``number``."""
    start = number - number % 7
    counts = [0, 0, 0]
    for hand in result.hands[start:number + 1]:
        for doubler, doubled in hand.doubles:
            if doubled == hand.declarer:
                counts[doubler] += 1
    return counts


@pytest.mark.parametrize("seed", [1, 2])
def test_the_game_and_the_score_sheet_count_the_doubles_of_every_declarer_in_the_rubber(seed: int) -> None:
    """Section 2: per rubber, each hand's count is of each player's doubles
    against whoever declared the rubber's hands so far; the sheet agrees."""
    spec = load_spec(SPEC)
    result = play_game(spec, make_bots(["rules"], 3, seed=seed), seed=seed, players=3)
    assert len(result.hands) == 21
    sheet = SheetGame.new(SPEC, ["Anna", "Bea", "Carla"], spec)
    for hand in result.hands:
        assert list(hand.against_declarer) == _expected(result, hand.number), hand.number
        scored = sheet.add(sheet_hand(spec, hand))
        assert scored.against == hand.against_declarer
    assert any(sum(hand.against_declarer) for hand in result.hands)


def test_the_counts_at_the_start_of_a_rubber_are_zero() -> None:
    spec = load_spec(SPEC)
    result = play_game(spec, make_bots(["random"], 3, seed=4), seed=4, players=3)
    sheet = SheetGame.new(SPEC, ["Anna", "Bea", "Carla"], spec)
    for hand in result.hands[:7]:
        sheet.add(sheet_hand(spec, hand))
    assert sheet.counts_against(result.hands[7].declarer) == (0, 0, 0)
    sheet.add(sheet_hand(spec, result.hands[7]))
    assert list(sheet.counts_against(result.hands[8].declarer)) == _expected(result, 7)


@pytest.mark.parametrize("language, words", [
    ("en", "at least twice in each rubber of the shared list"),
    ("it", "almeno due volte in ogni giro della lista comune"),
    ("fr", "dans chaque tour de la liste commune"),
    ("pt", "em cada volta da lista comum"),
])
def test_the_count_is_explained_in_four_languages(language: str, words: str) -> None:
    assert words in explain(load_spec(SPEC), language=language)
