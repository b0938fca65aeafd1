"""Running totals that go back (docs/rules.md section 6, "Running
totals"): ``game: {reset: 100}`` sends a total of exactly 100 at the end
of a hand back to 0 (or to ``to``), once a hand, before the target is
looked at.  One function keeps the totals (``runtime.scoring.add_hand``),
used by the engine, the score sheet and, in JavaScript, the page; these
tests hold every reader to the ruling."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from barbu_dsl.bots import make_bots
from barbu_dsl.engine import play_game
from barbu_dsl.errors import SpecError
from barbu_dsl.explain import explain
from barbu_dsl.language import apply_overlays, load_spec, parse_spec, print_spec
from barbu_dsl.runtime.scoring import add_hand, resets_made, target_reached
from barbu_dsl.sheet.game import SheetGame
from barbu_dsl.verifier import render, verify

TINY = Path(__file__).parent / "table" / "tiny-reset.yaml"
HEARTS = ("name: h\nplayers: 4\ngame: {aim: lowest, chooser: rotating, target: 100, reset: 100}\n"
          "doubling: false\ncontracts:\n  Hearts: +1 per ♥, Q♠ +13\n")


def fold(finals: list[tuple[int, ...]], resets: tuple[tuple[int, int], ...]) -> list[tuple[int, ...]]:
    """The running totals after each hand, written out from the ruling."""
    totals, out = [0] * len(finals[0]), []
    for final in finals:
        totals = [t + f for t, f in zip(totals, final, strict=True)]
        totals = [dict(resets).get(t, t) for t in totals]  # once, never chained
        out.append(tuple(totals))
    return out


@given(st.lists(st.integers(-30, 30), min_size=4, max_size=4), st.lists(st.integers(-30, 30), min_size=4, max_size=4),
       st.lists(st.tuples(st.integers(-40, 40), st.integers(-40, 40)), max_size=3, unique_by=lambda r: r[0]))
def test_add_hand_resets_only_a_total_that_lands_exactly(totals, final, resets) -> None:
    """Section 6, running totals: a total equal to a reset's number after
    the hand becomes its second number; every other total is the sum."""
    after = add_hand(totals, final, resets)
    numbers = dict(resets)
    for before, score, now in zip(totals, final, after, strict=True):
        assert now == numbers.get(before + score, before + score)
    assert add_hand(totals, final) == tuple(t + f for t, f in zip(totals, final, strict=True))
    made = resets_made(totals, final, resets)
    assert [seat for seat, _, _ in made] == [s for s in range(4) if totals[s] + final[s] in numbers]


def test_a_reset_is_not_chained() -> None:
    """Section 6, running totals: once a hand, never chained."""
    assert add_hand([90, 0], [10, 0], [(100, 50), (50, 0)]) == (50, 0)


def test_engine_games_keep_the_totals_the_ruling_gives_and_end_after_the_resets() -> None:
    """Section 6, running totals, with a target: resets first, then the
    target; a game's totals are the fold of its hands' scores."""
    spec = load_spec(str(TINY))
    resets_seen = 0
    for seed in range(30):
        result = play_game(spec, make_bots(["random"], 4, seed=seed), seed=seed)
        finals = [tuple(hand.final) for hand in result.hands]
        expected = fold(finals, spec.game.reset)
        assert [tuple(hand.totals) for hand in result.hands] == expected
        assert tuple(result.totals) == expected[-1]
        assert target_reached(12, expected[-1]) and not any(target_reached(12, t) for t in expected[:-1])
        resets_seen += sum(1 for before, hand in zip([(0,) * 4, *expected], result.hands, strict=False)
                           for seat in range(4) if before[seat] + hand.final[seat] != hand.totals[seat])
    assert resets_seen >= 10  # the games above do reset totals


def test_the_score_sheet_keeps_the_engines_totals() -> None:
    """Section 6, running totals: the sheet applies the same resets."""
    from sheet.helpers import sheet_hand

    spec = load_spec(str(TINY))
    for seed in range(6):
        result = play_game(spec, make_bots(["random"], 4, seed=seed), seed=seed)
        game = SheetGame.new(str(TINY), ["A", "B", "C", "D"], spec)
        for played in result.hands:
            assert game.add(sheet_hand(spec, played)).totals == tuple(played.totals)
        assert game.over and game.totals == tuple(result.totals)


def test_verify_proves_the_hands_and_says_the_totals_may_differ() -> None:
    report = verify(parse_spec(HEARTS, "h.yaml"))
    text = render(report)
    assert "exactly 100 becomes 0" in text and "need not add up" in text
    data = json.loads(json.dumps(report.to_json()))["counts"][0]
    assert data["reset"] == [[100, 0]] and "goes back" in data["reset_note"]
    without = verify(parse_spec(HEARTS.replace(", reset: 100", ""), "h.yaml")).to_json()["counts"][0]
    assert "reset" not in without and data["sum_min"] == without["sum_min"]


@pytest.mark.parametrize(("language", "words"), [
    ("en", "A player whose total is exactly 100 at the end of a hand goes back to 0."),
    ("it", "Un giocatore il cui totale è esattamente 100 alla fine di una mano torna a 0."),
    ("fr", "Un joueur dont le total vaut exactement 100 à la fin d'une donne revient à 0."),
    ("pt", "Um jogador cujo total é exatamente 100 no fim de uma mão volta a 0."),
])
def test_explain_says_the_reset(language: str, words: str) -> None:
    assert words in explain(parse_spec(HEARTS, "h.yaml"), language=language)


@pytest.mark.parametrize("written", ["100", "{exactly: 100}", "[100]", "{exactly: 100, to: 0}"])
def test_the_ways_to_write_a_reset_mean_the_same(written: str) -> None:
    spec = parse_spec(HEARTS.replace("reset: 100", f"reset: {written}"), "h.yaml")
    assert spec.game.reset == ((100, 0),)
    assert "  reset: 100\n" in print_spec(spec)


def test_fmt_keeps_several_resets_and_a_variant_turns_them_off() -> None:
    text = HEARTS.replace("reset: 100", "reset: [50, {exactly: 75, to: 20}]") + (
        "variants:\n  plain:\n    game: {reset: false}\n")
    spec = parse_spec(text, "h.yaml")
    assert spec.game.reset == ((50, 0), (75, 20))
    printed = print_spec(spec)
    assert "reset: [50, {exactly: 75, to: 20}]" in printed and "reset: false" in printed
    assert parse_spec(printed, "h.yaml") == spec
    assert apply_overlays(spec, ["plain"]).game.reset == ()


@pytest.mark.parametrize(("setting", "message"), [
    ("reset: 0", "a reset of a total of 0: every total starts at 0"),
    ("reset: {exactly: 50, to: 50}", "a reset of 50 to 50 changes nothing"),
    ("reset: [50, {exactly: 50, to: 10}]", "two resets of a total of 50"),
    ("reset: {exactly: 50, to: 120}", "a reset to 120 reaches the target of 100, so it would end the game"),
    ("reset: −50", "a total of −50 can never be reached: no hand of these contracts takes points from a player"),
    ("reset: {to: 5}", "a reset says which total it changes: 'exactly'"),
    ("reset: lots", "a reset is a total, or 'exactly' and 'to'"),
    ("reset: {exactly: 50, back: 0}", "back"),
])
def test_check_refuses_resets_at_their_line(setting: str, message: str) -> None:
    text = HEARTS.replace("reset: 100", setting)
    with pytest.raises(SpecError) as error:
        parse_spec(text, "h.yaml")
    described = str(error.value)
    assert message in described, described
    assert "h.yaml:3:" in described  # the game line


@pytest.mark.parametrize(("line", "hint"), [
    ("+1 per ♥, exactly 100 goes back to zero", "game: {reset: 100}"),
    ("+1 per ♥, reset at 100", "game: {reset: 100}"),
])
def test_a_reset_written_in_a_rule_line_says_where_it_goes(line: str, hint: str) -> None:
    text = HEARTS.replace("+1 per ♥, Q♠ +13", line)
    with pytest.raises(SpecError) as error:
        parse_spec(text, "h.yaml")
    assert "a total that goes back to zero is a game setting" in str(error.value)
    assert hint in str(error.value)


def test_a_reversal_is_still_not_expressible() -> None:
    text = HEARTS.replace("+1 per ♥, Q♠ +13", "+1 per ♥, reversal at 50")
    with pytest.raises(SpecError) as error:
        parse_spec(text, "h.yaml")
    assert "not expressible in barbu_dsl: rules that change how a player scores" in str(error.value)
