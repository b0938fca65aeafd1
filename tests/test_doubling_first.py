"""A declarer who doubles first (docs/rules.md section 6, Doubling):
``doubling: {first: declarer}`` read, printed and checked where written;
the doubling round asks the declarer first, then the others, then the
declarer again to redouble; the set of doubles is valid whatever its
order, so hand records, replay, the score sheet and the page take it as
pairs; the generated package agrees; explained in four languages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from barbu_dsl.bots import make_bots
from barbu_dsl.engine import check_doubles, play_game, replay_record
from barbu_dsl.engine.doubling import DoublingRound, doubling_round, legal_targets
from barbu_dsl.errors import RecordError, SpecError
from barbu_dsl.explain import explain
from barbu_dsl.language import load_spec, parse_spec, print_spec
from barbu_dsl.language import model as m

SPEC = str(Path(__file__).with_name("doubling_first.yaml"))
FIRST = m.Doubling(first="declarer")


def _spec(doubling: str) -> m.Spec:
    return parse_spec(f"name: t\nplayers: 4\ndoubling: {doubling}\ncontracts:\n  No tricks: −2 per trick\n"
                      "  Trumps: trumps, +5 per trick\n", "t.yaml")


def test_the_setting_reads_and_prints_again() -> None:
    spec = _spec("{first: declarer}")
    assert spec.doubling.first == "declarer"
    assert "first: declarer" in print_spec(spec)
    assert parse_spec(print_spec(spec), "again.yaml").doubling == spec.doubling
    assert _spec("{first: next}").doubling == m.Doubling()


@pytest.mark.parametrize("doubling, column, message", [
    ("{whom: declarer-only, first: declarer}", 40, "'first: declarer' does nothing with 'whom: declarer-only'"),
    ("{first: dealer}", 19, "first cannot be 'dealer'"),
    ("{allowed: false, first: declarer}", 11, "with 'allowed: false' there is no doubling"),
])
def test_combinations_that_make_no_sense_are_refused_at_the_line(doubling: str, column: int, message: str) -> None:
    with pytest.raises(SpecError) as caught:
        _spec(doubling)
    text = str(caught.value)
    assert f"t.yaml:3:{column}" in text and message in text, text


def test_the_declarer_may_double_anyone_first_in_a_negative_contract() -> None:
    """Section 6 ruling: the declarer's doubles need not answer anyone's;
    in a positive contract only the declarer may be doubled, so there the
    declarer still only redoubles.  The set is valid in any order."""
    check_doubles(FIRST, 0, [(0, 1), (0, 2), (1, 0), (3, 2)], positive=False)
    check_doubles(FIRST, 0, [(1, 0), (3, 2), (0, 2), (0, 1)], positive=False)
    with pytest.raises(RecordError):
        check_doubles(m.Doubling(), 0, [(0, 1)], positive=False)
    with pytest.raises(RecordError) as caught:
        check_doubles(FIRST, 0, [(0, 1)], positive=True)
    assert caught.value.details["reason"] == "the declarer may only double players who doubled them"
    check_doubles(m.Doubling(first="declarer", positive_declarer_only=False), 0, [(0, 1)], positive=True)
    assert legal_targets(FIRST, 0, 0, [], False, 4) == ((1, 2, 3), False)
    assert legal_targets(FIRST, 0, 0, [(2, 0)], True, 4) == ((2,), False)


def test_the_round_asks_the_declarer_first_and_last() -> None:
    """Section 6 ruling: the declarer first, then each other player in turn
    from the declarer's next, then the declarer again for those who doubled
    them and whom they have not doubled (a redouble)."""
    asked: list[tuple[int, tuple[int, ...], bool]] = []
    round_ = DoublingRound(FIRST, 1, 4, "clockwise", False)
    answers = {1: [[2]], 2: [[1, 3]], 3: [[1]], 0: [[]]}
    while round_.seat is not None:
        asked.append((round_.seat, round_.targets, round_.redouble))
        round_.answer(answers[round_.seat].pop(0) if answers[round_.seat] else [3])
    assert asked == [(1, (0, 2, 3), False), (2, (0, 1, 3), False), (3, (0, 1, 2), False), (0, (1, 2, 3), False),
                     (1, (3,), True)]  # seat 2 was doubled back already: only seat 3 is left to answer
    assert round_.doubles == [(1, 2), (2, 1), (2, 3), (3, 1), (1, 3)]
    anticlockwise = doubling_round(FIRST, 1, 4, "anticlockwise", False, lambda seat, targets, _all, _made: [])
    assert anticlockwise == []
    seen: list[int] = []
    doubling_round(FIRST, 1, 4, "anticlockwise", False,
                   lambda seat, targets, _all, _made: seen.append(seat) or ([1] if seat != 1 else []))
    assert seen == [1, 0, 3, 2, 1]
    positive: list[int] = []
    doubling_round(FIRST, 1, 4, "clockwise", True, lambda seat, t, _a, _m: positive.append(seat) or [])
    assert positive == [2, 3, 0]  # in a positive contract the declarer has nobody to double first
    silent = doubling_round(m.Doubling(first="declarer", redouble=False), 1, 4, "clockwise", False,
                            lambda seat, targets, _all, _made: [1] if seat != 1 else [])
    assert silent == [(2, 1), (3, 1), (0, 1)]  # without redoubles the declarer speaks only first


def test_with_redouble_anyone_the_doubled_players_answer_after_the_declarer() -> None:
    doubling = m.Doubling(first="declarer", redouble="anyone")
    order: list[tuple[int, tuple[int, ...]]] = []

    def choose(seat: int, targets: tuple[int, ...], _all: bool, made: tuple) -> list[int]:
        order.append((seat, targets))
        return [2] if seat == 0 else [3] if seat == 1 and (1, 3) not in made else []

    doubles = doubling_round(doubling, 0, 4, "clockwise", False, choose)
    assert doubles == [(0, 2), (1, 3)]
    assert order[-1] == (3, (1,))  # seat 3, doubled by seat 1, may double back; seat 2 may answer the declarer
    assert (2, (0,)) in order[4:]


@pytest.mark.parametrize("bots", ["random", "rules", pytest.param("strong", marks=pytest.mark.slow)])
def test_games_play_and_their_records_replay(bots: str) -> None:
    """The engine plays the round with the declarer first; every hand
    record replays to the game's scores (docs/records.md: doubles are
    pairs, whatever the order they were made in)."""
    spec = load_spec(SPEC)
    opened = 0
    for players in spec.players:
        result = play_game(spec, make_bots([bots], players, seed=3), seed=3, players=players)
        for hand in result.hands:
            replayed = replay_record(spec, hand.record)
            assert replayed["final"] == list(hand.final), hand.record
            doubles = [tuple(pair) for pair in hand.record.get("doubles", [])]
            opened += any(a == hand.declarer and (b, a) not in doubles for a, b in doubles)
            reordered = {**hand.record, "doubles": sorted(hand.record.get("doubles", []), reverse=True)}
            assert replay_record(spec, reordered) == replayed
    assert opened or bots == "strong"


def test_the_generated_package_and_its_suite_agree_with_the_interpreter(tmp_path: Path) -> None:
    """The generated package checks and settles the declarer's doubles made
    first as the interpreter does: its conformance suite holds such a hand."""
    from generator.conftest import load_package, write

    from barbu_dsl.generator import generate_files

    spec = load_spec(SPEC)
    write(tmp_path, generate_files(spec))
    package = load_package(tmp_path / "doubling_first", "doubling_first_suite")
    lines = (tmp_path / "conformance" / "doubling_first" / "cases.jsonl").read_text(encoding="utf-8").splitlines()
    cases = [json.loads(line) for line in lines[1:]]
    opening = 0
    for case in cases:
        assert replay_record(spec, case["record"]) == case["expected"], case["name"]
        assert package.replay(case["record"]) == case["expected"], case["name"]
        record = case["record"]
        if isinstance(record, dict) and "error" not in case["expected"]:
            doubles = [tuple(p) for p in record.get("doubles") or []]
            opening += any(a == record["declarer"] and (b, a) not in doubles for a, b in doubles)
    assert opening
    assert "first=\"declarer\"" in (tmp_path / "doubling_first" / "settings.py").read_text(encoding="utf-8")


@pytest.mark.parametrize("language, words", [
    ("en", "the declarer has the first chance to double"),
    ("it", "il dichiarante ha la prima occasione per contrare"),
    ("fr", "le déclarant a la première occasion de contrer"),
    ("pt", "tem a primeira ocasião de contrar"),
])
def test_the_round_is_explained_in_four_languages(language: str, words: str) -> None:
    text = explain(load_spec(SPEC), language=language)
    assert words in text, text


@pytest.mark.slow
def test_the_table_asks_the_declarer_first_then_for_a_redouble() -> None:
    """At the terminal table a person who declares is asked first whom
    they double (anyone), and told "you double"; at the end of the round
    only those who doubled them and whom they have not doubled are offered
    as a redouble."""
    from table.helpers import session

    text, _, _, code = session([None] * 400, spec=SPEC, seed=3, plain=True, human=True, players=4)
    assert code == 0
    lines = text.splitlines()
    first = lines.index("Double whom? 1 East, 2 South, 3 West, all, nobody: 1")
    assert lines[first + 1] == "You double: East."
    answer = next(i for i, line in enumerate(lines) if line.startswith("Redouble whom?"))
    assert answer > first and "East" not in lines[answer]  # East doubled back already
    assert "You redouble: South." in lines[answer:answer + 2]
