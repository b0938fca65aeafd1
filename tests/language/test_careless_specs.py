"""What ``check`` says of specs a careless club might write: settings that
do nothing or contradict each other are refused at their line with a hint,
and following each hint gives a spec that checks (docs/rules.md sections
2, 3 and 6); names a player cannot tell apart are one name; every deck and
variant problem shows in one run; messages speak of the line as written."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from barbu_dsl.compiled.advice import plan_warnings
from barbu_dsl.errors import SpecError
from barbu_dsl.explain import explain
from barbu_dsl.language import parse_spec


def problems(text: str) -> list:
    with pytest.raises(SpecError) as caught:
        parse_spec(text, "club.yaml", "club")
    return caught.value.diagnostics


def only(text: str):
    (problem,) = problems(text)
    return problem


TWO = "contracts:\n  A: −2 per trick\n  B: trumps, +2 per trick\n"


# --------------------------------------------------------------------------
# Settings that do nothing or cannot be met, and hints that mend them.

def quoted(hint: str) -> str:
    """The setting a hint tells the user to write, as it quotes it."""
    return re.search(r"'([^']+)'", hint).group(1)


CASES = {
    # rules.md 2, variant 3: with doubles only against the declarer, 'positive: anyone' has nothing to widen
    "positive anyone with declarer-only": (
        "players: 4\ndoubling: {whom: declarer-only, positive: anyone}\n" + TWO,
        lambda text, hint: text.replace(", positive: anyone", "")),
    # rules.md 6: 'redouble: anyone' lets every doubled player double back; only the declarer is doubled here
    "redouble anyone with declarer-only": (
        "players: 4\ndoubling: {whom: declarer-only, redouble: anyone}\n" + TWO,
        lambda text, hint: text.replace("redouble: anyone", quoted(hint))),
    # rules.md 2, Doubling: at most one double a hand against a declarer, who declares two hands in a series
    "a minimum no series reaches": (
        "players: 4\ndoubling: {minimum: 50}\n" + TWO,
        lambda text, hint: text.replace("50", re.search(r"at most (\d+)", hint).group(1))),
    # rules.md 2, variant 2: a fixed order with 'hands' is played once
    "a fixed order with more hands than contracts": (
        "players: 4\ndoubling: false\ngame: {chooser: fixed-order, hands: 5}\n" + TWO,
        lambda text, hint: text.replace("hands: 5", "hands: " + re.search(r"to (\d+)", hint).group(1))),
    # rules.md 3 and 6: a deck must deal evenly
    "an uneven deck": (
        "players: [4, 5]\ndecks: {5: [2♣]}\n" + TWO,
        lambda text, hint: text.replace("decks: {5: [2♣]}", quoted(hint))),
    "a deck of fewer cards than players": (
        "players: [4, 10]\ndecks: {10: highest 5}\n" + TWO,
        lambda text, hint: text.replace("decks: {10: highest 5}", quoted(hint))),
    # rules.md 6: a short pack has no 2s, so '−5 per 2' would never score
    "a part that counts only cards out of the pack": (
        "players: 4\ndeck: piquet\ncontracts:\n  A: −1 per trick, −5 per 2\n  B: trumps, +2 per trick\n",
        lambda text, hint: text.replace(", " + "−5 per 2", "")),
    # rules.md 1: a hand of 13 tricks has no 14th
    "a trick a hand does not have": (
        "players: 4\ncontracts:\n  A: −2 trick 14\n  B: trumps, +2 per trick\n",
        lambda text, hint: text.replace("trick 14", "trick " + re.search(r"the (\d+)th", hint).group(1))),
}


@pytest.mark.parametrize("name", CASES)
def test_a_refused_setting_has_a_hint_that_mends_it(name: str) -> None:
    text, mend = CASES[name]
    problem = only(text)
    assert problem.hint, name
    assert problem.line > 1 and problem.source_line.strip(), name  # at the user's line, not the top
    parse_spec(mend(text, problem.hint), "club.yaml", "club")  # checks


def test_each_refusal_says_why() -> None:
    assert "only the declarer may be doubled" in only(CASES["positive anyone with declarer-only"][0]).message
    assert "cannot be reached" in only(CASES["a minimum no series reaches"][0]).message
    assert "plays its order once: 2 contracts make at most 2 hands, not 5" in \
        only(CASES["a fixed order with more hands than contracts"][0]).message
    assert only(CASES["a part that counts only cards out of the pack"][0]).message == \
        "A, 4 players: '−5 per two' scores nothing: every card it counts is removed from the deck"


def test_trick_positions_are_said_as_written() -> None:
    # rules.md 6: tricks counted from the end
    problem = only("players: [4, 6]\ncontracts:\n  A: −10 9th from last trick, −2 per trick\n  B: trumps, +2 per trick\n")
    assert problem.message == ("A, 6 players: '−10 9th from last trick' scores a trick that a hand of 8 tricks "
                               "does not have")
    assert "-9" not in problem.message


def test_a_line_for_a_player_count_is_blamed_at_that_line() -> None:
    text = ("players: [4, 6]\ncontracts:\n  A:\n    rules: −2 per trick\n    players: {6: \"−2 per trick, −5 trick 9\"}\n"
            "  B: trumps, +2 per trick\n")
    problem = only(text)
    assert problem.line == 5 and "trick 9" in problem.source_line and problem.column > 15


def test_a_variant_patching_a_player_count_line_names_it(tmp_path: Path) -> None:
    house = tmp_path / "five.yaml"
    house.write_text("extends: tournament\nname: five\nplayers: [4, 5]\ncontracts:\n"
                     "  Domino: {rules: \"domino, placings +45 +20 +5 −5\", "
                     "players: {5: \"domino, placings +45 +20 +5 −5 −10\"}}\n", encoding="utf-8")
    from barbu_dsl.language import load_spec

    with pytest.raises(SpecError) as caught:
        load_spec(f"{house}+brader")
    (problem,) = caught.value.diagnostics
    assert problem.message == ("with the scale 'brader': "
                               "'placings +45 +20 +5 −5' is not a clause of 'Domino' with 5 players")
    assert problem.source_line.index("players: {5:") < problem.column


def test_the_end_of_a_line_cut_short_is_blamed_not_its_last_word() -> None:
    problem = only("players: 4\ncontracts:\n  A: −1 per ♥, no ♥ lead until\n  B: trumps, +2 per trick\n")
    assert problem.message == "unexpected end of the line; expected 'broken'"
    assert problem.column == len("  A: −1 per ♥, no ♥ lead until") + 1


# --------------------------------------------------------------------------
# Names a player cannot tell apart.

@pytest.mark.parametrize(("first", "second"), [("Les cœurs", "Les coeurs"), ("Rıfkı", "Rifki"),
                                               ("Équipe", "equipe"), ("SANS CŒUR", "sans coeur")])
def test_names_that_sound_the_same_are_one_name(first: str, second: str) -> None:
    problem = only(f"players: 4\ncontracts:\n  {first}: −2 per trick\n  {second}: −6 per queen\n"
                   "  T: trumps, +2 per trick\n")
    assert problem.line == 4 and problem.notes[0].line == 3  # both lines
    assert first in problem.message and second in problem.message


def test_names_that_differ_only_in_case_or_hyphens_are_the_same_contract() -> None:
    problem = only("players: 4\ncontracts:\n  Sans Dame: −2 per trick\n  sans-dame: −6 per queen\n"
                   "  T: trumps, +2 per trick\n")
    assert problem.message == "contract 'sans-dame' is listed twice" and problem.hint == "it is first listed on line 3"


def test_names_that_differ_are_kept() -> None:
    parse_spec("players: 4\ncontracts:\n  Les cœurs: −2 per ♥\n  Les carreaux: −2 per ♦\n  T: trumps, +2 per trick\n")


# --------------------------------------------------------------------------
# Every problem in one run.

def test_every_deck_problem_and_a_variants_own_problem_in_one_run(tmp_path: Path) -> None:
    path = tmp_path / "decks.yaml"
    path.write_text("name: decks\nplayers: 3-10\ndecks:\n  5: [2X]\n  6: [2♣, 2♦, 3♣]\n  7: [2♣, 2♦, 2♦]\n" + TWO
                    + "variants:\n  v:\n    decks: {8: [2♣]}\n", encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "barbu_dsl", "check", str(path)], capture_output=True, text=True, check=False)
    assert result.returncode == 2
    errors = [line for line in result.stderr.splitlines() if ": error: " in line]
    assert [e.split(": error: ")[1] for e in errors] == [
        "unknown card '2X'",
        "a deck of 49 cards does not deal evenly to 6 players",
        "2♦ is removed twice",
        "with the variant 'v': a deck of 51 cards does not deal evenly to 8 players",  # while the base has errors
    ]
    assert result.stderr.rstrip().endswith("4 errors")


# --------------------------------------------------------------------------
# Hands that cut a series, rubber or order short: a warning.

@pytest.mark.parametrize(("game", "words"), [
    ("{hands: 9}", "stops 1 hand into a declarer's series of 2"),
    ("{chooser: rotating, lists: shared, hands: 7}", "stops 1 hand into a rubber of 2"),
    ("{chooser: fixed-order, hands: 1}", "stops after 1 of the order's 2 contracts"),
])
def test_hands_that_cut_a_series_rubber_or_order_are_a_warning(game: str, words: str) -> None:
    spec = parse_spec(f"players: 4\ndoubling: false\ngame: {game}\n" + TWO, "club.yaml", "club")
    (warning,) = plan_warnings(spec)
    assert warning.severity == "warning" and words in warning.message and warning.line == 3


def test_whole_series_are_no_warning() -> None:
    assert plan_warnings(parse_spec("players: 4\ngame: {hands: 16}\n" + TWO)) == []


# --------------------------------------------------------------------------
# explain agrees with the deck and with itself.

def test_a_piquet_domino_runs_down_to_the_7_section_6() -> None:
    text = explain(parse_spec("players: 4\ndeck: piquet\ncontracts:\n  A: −1 per trick\n"
                              "  D: domino, placings +10 +5 −5 −10\n"))
    assert "down to the 7." in text and "down to the 2" not in text


def test_who_leads_is_said_once_for_a_card_that_leads_section_4() -> None:
    from barbu_dsl.language import load_spec

    text = explain(load_spec("hearts"))
    assert "The chooser leads to the first trick" not in text
    assert "Whoever holds the 2♣ leads it to the first trick." in text


def test_single_cards_that_replace_a_value_follow_one_but() -> None:
    text = explain(parse_spec("players: 4\ncontracts:\n  B: −1 per card, A♥ −6, K♥ −20, Q♠ −13\n"
                              "  T: trumps, +2 per trick\n"), "B")
    assert "Points: −1 for each card taken, but the A♥ −6, the K♥ −20 and the Q♠ −13." in text


def test_one_contract_is_one_contract() -> None:
    spec = parse_spec("players: 4\ngame: {chooser: rotating, mode: random, contracts_per_game: 1}\n" + TWO)
    assert "Random mode: 1 contract drawn" in explain(spec)


def test_shoot_the_moon_over_groups_is_the_whole_contract_section_3() -> None:
    # rules.md 3, rulings (all or nothing): the switches concern the contract as a whole, every group
    text = explain(parse_spec("players: 4\ncontracts:\n  H: +5 per trick; −1 per ♥, Q♠ −13, shoot the moon\n"
                              "  T: trumps, +2 per trick\n"), "H")
    assert "a player who takes every scoring element of every group scores 0" in text
