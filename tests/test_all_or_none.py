"""Taking all or none (docs/rules.md section 6, "Taking all or none"): a
value for taking none of some cards (``+5 for no ♥``, ``+3 for no
points``), a slam bonus (``+20 for all tricks``) and a slam that replaces
the hand's scores (``+30 for all tricks instead``).  Read, printed and
refused where they make no sense; proved in the hand totals; played by the
engine; scored by the score sheet from what a scorer enters; generated (the
package and its conformance suite agree with the interpreter); explained
and said at the table."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from barbu_dsl import cards as C
from barbu_dsl.compiled import hand_totals
from barbu_dsl.compiled.entry import entry_plan
from barbu_dsl.engine import deal, hand_for, replay_record
from barbu_dsl.errors import SpecError
from barbu_dsl.explain import explain
from barbu_dsl.language import load_spec, parse_spec, print_spec
from barbu_dsl.language import model as m
from barbu_dsl.sheet.facts import score_took
from barbu_dsl.verifier import verify

SPEC = str(Path(__file__).with_name("all_or_none.yaml"))
HEARTS = [c for c in range(52) if C.suit_of(c) == C.HEARTS]
SPADES = [c for c in range(52) if C.suit_of(c) == C.SPADES]


def _spec(line: str) -> m.Spec:
    return parse_spec(f"name: t\nplayers: 4\ncontracts:\n  C: {line}\n", "t.yaml")


def _slam_deal() -> list[list[int]]:
    """Seat 0 holds every spade and leads: it takes every trick."""
    rest = [c for c in range(52) if c not in SPADES]
    return [SPADES, rest[0:13], rest[13:26], rest[26:39]]


def _played(spec: m.Spec, contract: str, hands: list[list[int]], declarer: int = 0):
    hand = hand_for(spec, contract, hands, declarer)
    while not hand.is_over:
        hand.play(hand.legal_moves()[0])
    return hand


@pytest.mark.parametrize(("line", "parts"), [
    ("−1 per ♥, +5 for no ♥", (m.PerCard(-1, m.SuitCards(C.HEARTS)), m.NoCards(5, m.SuitCards(C.HEARTS)))),
    ("−1 per ♥, +3 for no points", (m.PerCard(-1, m.SuitCards(C.HEARTS)), m.NoCards(3, m.PointCards()))),
    ("−2 per trick, +20 for all tricks", (m.PerTrick(-2), m.AllTricks(20))),
    ("−2 per trick, +30 for all tricks instead", (m.PerTrick(-2), m.AllTricks(30, instead=True))),
    ("−2 per trick, 0 for all tricks instead", (m.PerTrick(-2), m.AllTricks(0, instead=True))),
])
def test_the_clauses_read_and_print_again(line: str, parts: tuple[m.Part, ...]) -> None:
    """Section 6, taking all or none: each written form is read, printed
    as written and read back alike (a slam that cancels the hand may be 0)."""
    spec = _spec(line)
    assert spec.contracts[0].rules.scoring.parts == parts
    assert f"C: {line}" in print_spec(spec)
    assert parse_spec(print_spec(spec), "again.yaml") == spec


@pytest.mark.parametrize(("line", "message"), [
    ("−1 per ♥, +5 for no ♥, shoot the moon", "'shoot the moon' cannot apply to '+5 for no ♥'"),
    ("−2 per trick, +20 for all tricks, all or nothing", "'all or nothing' cannot apply to '+20 for all tricks'"),
    ("−2 per trick, +20 for all tricks, shoot the moon", "'shoot the moon' cannot apply to '+20 for all tricks'"),
    ("−2 per trick; +20 for all tricks; +30 for all tricks instead",
     "'+20 for all tricks' contradicts '+30 for all tricks instead'"),
    ("−2 per trick; +30 for all tricks instead; +10 for all tricks instead",
     "'+10 for all tricks instead' contradicts '+30 for all tricks instead'"),
    ("−2 per trick, +5 for no points", "'+5 for no points' needs cards that score"),
    ("+5 for no card, −1 per trick", "a player who takes no card takes no trick"),
    ("trumps, +5 per trick, +5 for no trumps", "not expressible in barbu_dsl: '+5 for no trump'"),
    ("+5 per trick, +5 for no trumps", "'for no trump' needs 'trumps'"),
    ("−1 per ♥, +5 for no ♥, +3 for no ♥", "'+3 for no ♥' contradicts '+5 for no ♥'"),
    ("−1 per ♥, 0 for no ♥", "'0 for no ♥' scores nothing"),
    ("−2 per trick, 0 for all tricks", "'0 for all tricks' scores nothing"),
    ("domino, placings +10 0 0 −10, +20 for all tricks", "'+20 for all tricks' scores tricks, but domino has none"),
])
def test_the_clauses_are_refused_where_they_make_no_sense(line: str, message: str) -> None:
    """Section 6, taking all or none: the contradictions and the clauses
    that could never apply are refused where they are written."""
    with pytest.raises(SpecError) as caught:
        _spec(line)
    assert message in str(caught.value)


def test_a_value_for_cards_all_removed_always_applies_and_is_refused() -> None:
    """Section 6, taking all or none: ``+5 for no 2`` with every 2 out of
    the pack would score every player, always."""
    text = "name: t\nplayers: 4\ndecks: {4: [2♣, 2♦, 2♥, 2♠]}\ncontracts:\n  C: −1 per ♥, +5 for no 2\n"
    with pytest.raises(SpecError) as caught:
        parse_spec(text, "t.yaml")
    assert "'+5 for no two' always applies: every card it counts is removed from the deck" in str(caught.value)


def test_the_hand_totals_count_every_way_of_taking_none() -> None:
    """Section 6: as many players as take no heart, from none to all but one."""
    rules = _spec("−1 per ♥, +5 for no ♥").contracts[0].rules
    totals = hand_totals(rules, 4, range(52))
    assert totals.totals == (-13, -8, -3, 2)
    assert "take none of some cards" in totals.notes[0]


def test_the_hand_totals_of_a_slam_bonus() -> None:
    """Section 6: a slam bonus adds its value to the hand when one player
    takes every trick."""
    totals = hand_totals(_spec("−2 per trick, +20 for all tricks").contracts[0].rules, 4, range(52))
    assert totals.totals == (-26, -6)


def test_the_hand_totals_of_a_slam_instead() -> None:
    """Section 6: the hands without a slam (at most two players with no
    trick: the third would leave one player every trick), and the slam's
    own total."""
    rules = _spec("−2 per trick, +10 for no trick, +30 for all tricks instead").contracts[0].rules
    totals = hand_totals(rules, 4, range(52))
    assert totals.totals == (-26, -16, -6, 30)
    assert any("+30 when one player takes every trick" in note for note in totals.notes)


def test_verify_proves_a_zero_sum_scale_with_a_slam_bonus_and_reports_the_miss() -> None:
    """Section 6: a slam bonus moves the hand total off zero only when
    someone takes every trick; verify says the game is not fixed."""
    zero = parse_spec("name: t\nplayers: 4\ncontracts:\n  A: −2 per trick\n  B: +2 per ♥\n", "t.yaml")
    assert verify(zero).ok
    slam = parse_spec("name: t\nplayers: 4\ncontracts:\n  A: −2 per trick, +20 for all tricks\n"
                      "  B: +2 per ♥\n", "t.yaml")
    report = verify(slam).count(4)
    assert not report.zero_sum
    hands = report.hands // 2  # each contract is played as often
    assert (report.sum_min, report.sum_max) == (0, 20 * hands)


def test_the_engine_scores_a_slam() -> None:
    """Section 6: seat 0 takes every trick.  The bonus adds to its tricks;
    instead, it scores the slam and everyone else 0 (the +10 for no trick
    of the others does not count); none of the hearts taken by the others."""
    spec = load_spec(SPEC)
    assert _played(spec, "Slam bonus", _slam_deal()).raw_scores() == [-26 + 20, 0, 0, 0]
    assert _played(spec, "Slam", _slam_deal()).raw_scores() == [30, 0, 0, 0]
    assert _played(spec, "No hearts", _slam_deal()).raw_scores() == [-13, 5, 5, 5]


@settings(max_examples=25, deadline=None, database=None)
@given(seed=st.integers(0, 2**32 - 1), declarer=st.integers(0, 3))
def test_random_hands_score_as_the_rules_say(seed: int, declarer: int) -> None:
    """Section 6: every hand plays to its last trick, and every seat scores
    what the clauses give it, counted from its tricks alone."""
    spec = load_spec(SPEC)
    hands = [list(h) for h in deal(spec, 4, seed)]
    for name in ("No hearts", "No queens", "Slam"):
        hand = _played(spec, name, hands, declarer)
        assert hand.tricks_played == 13
        won = [[c for trick in hand.tricks if trick.winner == seat for c in trick.cards] for seat in range(4)]
        taken = [sum(1 for trick in hand.tricks if trick.winner == seat) for seat in range(4)]
        if name == "No hearts":
            hearts = [sum(C.suit_of(c) == C.HEARTS for c in cards) for cards in won]
            expected = [-h + (5 if h == 0 else 0) for h in hearts]
        elif name == "No queens":
            expected = [-2 * t + (6 if not any(C.rank_of(c) == C.QUEEN for c in cards) else 0)
                        + (4 if C.parse_card("KH") not in cards else 0) for t, cards in zip(taken, won, strict=True)]
        else:
            expected = ([30 if t == 13 else 0 for t in taken] if 13 in taken
                        else [-2 * t + (10 if t == 0 else 0) for t in taken])
        assert hand.raw_scores() == expected, name
        assert min(hand_totals(spec.contract(name).rules, 4, range(52)).totals) <= sum(expected)
        assert sum(expected) in hand_totals(spec.contract(name).rules, 4, range(52)).totals


def test_the_score_sheet_reads_what_the_scorer_already_enters() -> None:
    """Section 6: ``+5 for no ♥`` beside ``−1 per ♥`` reads the hearts each
    seat took, nothing more; a slam reads the tricks."""
    spec = load_spec(SPEC)
    plan = entry_plan(spec.contract("No hearts").rules_for(4), 4, tuple(spec.deck_for(4)))
    assert plan.keys == ("cards",)
    assert score_took(plan, {"cards": {"H": [0, 4, 9, 0]}}) == ([5, -4, -9, 5], [])
    slam = entry_plan(spec.contract("Slam").rules_for(4), 4, tuple(spec.deck_for(4)))
    assert slam.keys == ("tricks",)
    assert score_took(slam, {"tricks": [13, 0, 0, 0]}) == ([30, 0, 0, 0], [])
    assert score_took(slam, {"tricks": [12, 1, 0, 0]}) == ([-24, -2, 10, 10], [])


def test_the_score_sheet_asks_for_the_cards_a_value_for_none_names() -> None:
    """Section 6: ``+6 for no Q`` in a contract that does not count queens
    asks how many each seat took (worth nothing in themselves); ``+3 for no
    points`` reads the counted hearts and who took the Q♠."""
    spec = load_spec(SPEC)
    plan = entry_plan(spec.contract("No queens").rules_for(4), 4, tuple(spec.deck_for(4)))
    assert plan.keys == ("tricks", "cards")
    assert {s.name: s.value for s in plan.sets} == {"Q": 0, "KH": 0}
    took = {"tricks": [13, 0, 0, 0], "cards": {"Q": [4, 0, 0, 0], "KH": [1, 0, 0, 0]}}
    assert score_took(plan, took) == ([-26, 10, 10, 10], [])
    took = {"tricks": [5, 4, 4, 0], "cards": {"Q": [1, 3, 0, 0], "KH": [0, 0, 1, 0]}}
    assert score_took(plan, took) == ([-10 + 4, -8 + 4, -8 + 6, 10], [])
    points = entry_plan(spec.contract("No points").rules_for(4), 4, tuple(spec.deck_for(4)))
    took = {"cards": {"H": [0, 13, 0, 0]}, "card": {"QS": 2}}
    assert score_took(points, took) == ([3, -13, -13, 3], [])
    free = entry_plan(spec.contract("Free ace").rules_for(4), 4, tuple(spec.deck_for(4)))
    took = {"cards": {"H": [1, 12, 0, 0]}, "card": {"AH": 0}}  # seat 0 took the A♥ alone, which scores nothing
    assert score_took(free, took) == ([-2 + 2 + 5, -24, 5, 5], [])


def test_the_generated_package_and_its_suite_agree_with_the_interpreter(tmp_path: Path) -> None:
    """Section 6: the generated code plays and scores the clauses as the
    interpreter does, conformance cases and score sheet alike."""
    from generator.conftest import load_package, write

    from barbu_dsl.generator import generate_files

    spec = load_spec(SPEC)
    write(tmp_path, generate_files(spec))
    package = load_package(tmp_path / "all_or_none", "all_or_none_suite")
    lines = (tmp_path / "conformance" / "all_or_none" / "cases.jsonl").read_text(encoding="utf-8").splitlines()
    cases = [json.loads(line) for line in lines[1:]]
    assert sum(case["expected"].get("status") == "complete" for case in cases) > 5
    for case in cases:
        assert replay_record(spec, case["record"]) == case["expected"], case["name"]
        assert package.replay(case["record"]) == case["expected"], case["name"]
    assert package.score_hand({"contract": "Slam", "declarer": 0, "took": {"tricks": [13, 0, 0, 0]}})["raw"] == [
        30, 0, 0, 0]
    assert package.score_hand({"contract": "No hearts", "declarer": 0,
                               "took": {"cards": {"H": [0, 4, 9, 0]}}})["raw"] == [5, -4, -9, 5]
    assert package.CONTRACTS["Slam"].totals == {3: (-34, 30), 4: (-26, 30)}  # the least and the most
    hands = _slam_deal()
    for name, raw in (("Slam", [30, 0, 0, 0]), ("Slam bonus", [-6, 0, 0, 0]), ("No hearts", [-13, 5, 5, 5])):
        hand = _played(spec, name, hands)
        record = {"contract": name, "declarer": 0, "hands": [[C.card_str(c) for c in h] for h in hands],
                  "plays": [C.card_str(c) for trick in hand.tricks for c in trick.cards]}
        assert replay_record(spec, record)["raw"] == raw, name
        assert package.replay(record)["raw"] == raw, name


def test_the_clauses_are_explained() -> None:
    text = explain(load_spec(SPEC))
    assert "−1 for each heart taken, +5 for a player who takes no heart" in text
    assert "+3 for a player who takes no card that scores" in text
    assert "+4 for a player who does not take the K♥" in text
    assert "+20 for a player who takes every trick, besides what the tricks give" in text
    assert "a player who takes every trick scores +30 instead, and every other player 0" in text


@pytest.mark.parametrize("language", ["en", "it", "fr", "pt"])
def test_the_clauses_are_said_at_the_table(language: str) -> None:
    """Section 6: a person at the table hears each clause in their language,
    in the narrator's words (the same as ``barbu explain --lang``)."""
    from barbu_dsl.explain.words import RuleWords
    from barbu_dsl.i18n import Translator
    from barbu_dsl.table.describe import describe
    from barbu_dsl.table.speech import Speech, seat_names

    spec = load_spec(SPEC)
    t = Translator(language)
    say = Speech(t, seat_names(4, t), 0)
    w = RuleWords(language)
    said = {c.name: "\n".join(describe(spec, c, 4, say)) for c in spec.contracts}
    assert w("part.no_kind", value=w.value(5), **w.selection(m.SuitCards(C.HEARTS))) in said["No hearts"]
    assert w("part.no_trick", value=w.value(10)) in said["Slam"]
    assert w("part.all_tricks.instead", value=w.value(30)) in said["Slam"]
    assert w("part.all_tricks", value=w.value(20)) in said["Slam bonus"]
    if language != "en":
        english = RuleWords("en")
        assert english("part.all_tricks", value=english.value(20)) not in said["Slam bonus"]
    assert all("{" not in text for text in said.values())


@pytest.mark.native
def test_the_native_playouts_agree_with_the_python_ones() -> None:
    """Section 6: the numba playouts score the clauses as the Python
    playouts do, random hands and a slam alike."""
    from generator.conftest import fresh_package
    from generator.test_native import check_package

    package = fresh_package(SPEC)
    check_package(package)
    native = package.load_native()
    for name, raw in (("Slam", [30, 0, 0, 0]), ("Slam bonus", [-6, 0, 0, 0]), ("No hearts", [-13, 5, 5, 5]),
                      ("No queens", [-26, 10, 10, 10])):
        python = package.rollout(name, random.Random(1), hands=_slam_deal(), declarer=0, moves=[])
        compiled = native.rollout(name, random.Random(1), hands=_slam_deal(), declarer=0, moves=[])
        assert python == compiled == raw, name
