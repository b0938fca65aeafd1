"""``+10 for no trick`` (docs/rules.md section 6, scoring shorthand): a
value for each player who takes no trick at all.  Read, printed and
refused where it makes no sense; proved in the hand totals; played and
replayed by the engine; scored by the score sheet from the tricks each
seat took; generated (the package and its conformance suite agree with
the interpreter); explained."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from barbu_dsl.compiled import hand_totals
from barbu_dsl.compiled.entry import entry_plan
from barbu_dsl.engine import deal, hand_for, replay_record
from barbu_dsl.errors import SpecError
from barbu_dsl.explain import explain
from barbu_dsl.language import load_spec, parse_spec, print_spec
from barbu_dsl.language import model as m
from barbu_dsl.sheet.facts import score_took
from barbu_dsl.sheet.hand import score_hand

SPEC = str(Path(__file__).with_name("no_trick.yaml"))


def _spec(line: str) -> m.Spec:
    return parse_spec(f"name: t\nplayers: 4\ncontracts:\n  C: {line}\n", "t.yaml")


def test_the_clause_reads_and_prints_again() -> None:
    spec = _spec("−2 per trick, +10 for no trick")
    assert spec.contracts[0].rules.scoring.parts == (m.PerTrick(-2), m.NoTrick(10))
    assert "C: −2 per trick, +10 for no trick" in print_spec(spec)
    assert parse_spec(print_spec(spec), "again.yaml") == spec


@pytest.mark.parametrize(("line", "message"), [
    ("domino, placings +10 0 0 −10, +10 for no trick", "'+10 for no trick' scores tricks, but domino has none"),
    ("−2 per trick, +10 for no trick, all or nothing", "'all or nothing' cannot apply to '+10 for no trick'"),
    ("−2 per trick, +10 for no trick, +5 for no trick", "'+5 for no trick' contradicts '+10 for no trick'"),
    ("−2 per trick, 0 for no trick", "'0 for no trick' scores nothing"),
])
def test_the_clause_is_refused_where_it_makes_no_sense(line: str, message: str) -> None:
    with pytest.raises(SpecError) as caught:
        _spec(line)
    assert message in str(caught.value)


def test_the_hand_total_depends_on_how_many_take_no_trick() -> None:
    """From one seat taking every trick (three with none) to every seat
    taking one (none without): −26 + 10·k for k = 0..3."""
    rules = _spec("−2 per trick, +10 for no trick").contracts[0].rules
    totals = hand_totals(rules, 4, range(52))
    assert totals.totals == (-26, -16, -6, 4)
    assert "depends on how many tricks each player takes" in totals.notes[0]
    few = hand_totals(rules, 4, [c for c in range(52) if c % 13 >= 10])  # 3 tricks: a seat at least takes none
    assert few.totals == (-6 + 10, -6 + 20, -6 + 30)


def test_a_player_who_takes_no_trick_scores_it() -> None:
    """Every seat's raw score is −2 a trick it took, +10 if it took none
    (the hand plays to its last trick)."""
    spec = load_spec(SPEC)
    for seed in range(20):
        hand = hand_for(spec, "Clean", deal(spec, 4, seed), seed % 4)
        while not hand.is_over:
            hand.play(hand.legal_moves()[0])
        taken = [sum(1 for trick in hand.tricks if trick.winner == seat) for seat in range(4)]
        assert hand.tricks_played == 13
        assert hand.raw_scores() == [-2 * t + (10 if t == 0 else 0) for t in taken]


def test_the_score_sheet_asks_for_the_tricks_and_scores_the_prize() -> None:
    spec = load_spec(SPEC)
    rules = spec.contract("Hearts").rules_for(4)
    plan = entry_plan(rules, 4, tuple(spec.deck_for(4)))
    assert plan.keys == ("tricks", "cards")
    scores, problems = score_took(plan, {"tricks": [0, 5, 8, 0], "cards": {"H": [0, 4, 9, 0]}})
    assert problems == [] and scores == [10, -4, -9, 10]
    scored, problems = score_hand(spec, 4, {"contract": "Hearts", "declarer": 0, "took": {"cards": {"H": [0, 4, 9, 0]}}})
    assert scored is None and [p.code for p in problems] == ["missing_key"]


def test_the_generated_package_and_its_suite_agree_with_the_interpreter(tmp_path: Path) -> None:
    from generator.conftest import load_package, write

    from barbu_dsl.generator import generate_files

    spec = load_spec(SPEC)
    write(tmp_path, generate_files(spec))
    package = load_package(tmp_path / "no_trick", "no_trick_suite")
    lines = (tmp_path / "conformance" / "no_trick" / "cases.jsonl").read_text(encoding="utf-8").splitlines()
    cases = [json.loads(line) for line in lines[1:]]
    complete = [case for case in cases if case["expected"].get("status") == "complete"]
    assert len(complete) > 5
    for case in cases:
        assert replay_record(spec, case["record"]) == case["expected"], case["name"]
        assert package.replay(case["record"]) == case["expected"], case["name"]
    assert package.score_hand({"contract": "Clean", "declarer": 0, "took": {"tricks": [13, 0, 0, 0]}})["raw"] == [
        -26, 10, 10, 10]
    assert package.CONTRACTS["Clean"].totals == {3: (-34, -14), 4: (-26, 4)}


def test_the_clause_is_explained() -> None:
    text = explain(load_spec(SPEC))
    assert "−2 for each trick taken, +10 for a player who takes no trick" in text


@pytest.mark.parametrize(("language", "points", "note"), [
    ("en", "+10 for a player who takes no trick", "depends on how many tricks each player takes: 0, +10, +20 or +30"),
    ("it", "+10 a chi non prende nessuna presa", "dipende da quante prese fa ciascun giocatore: 0, +10, +20 o +30"),
    ("fr", "+10 pour un joueur qui ne fait aucun pli",
     "dépend du nombre de plis que fait chaque joueur : 0, +10, +20 ou +30"),
    ("pt", "+10 para quem não faz nenhuma vaza", "depende de quantas vazas faz cada jogador: 0, +10, +20 ou +30"),
])
def test_the_narrator_says_the_clause_in_each_language(language: str, points: str, note: str) -> None:
    """The one narrator of the rules says the clause and what it does to
    the hand total in the four languages: in ``barbu explain --lang`` and
    at the table, where a person asks to ``describe`` a contract."""
    from barbu_dsl.i18n import Translator
    from barbu_dsl.table.describe import describe
    from barbu_dsl.table.speech import Speech, seat_names

    spec = load_spec(SPEC)
    t = Translator(language)
    text = explain(spec, language=language)
    assert points in text and note in text
    said = "\n".join(describe(spec, spec.contract("Clean"), 4, Speech(t, seat_names(4, t), 0)))
    assert points in said and note in said
