"""The one "did you mean" (barbu_dsl.runtime.suggestion): which name a
misspelt one is taken for, and that every caller asks it."""

from __future__ import annotations

import ast
from pathlib import Path

from barbu_dsl.i18n.answers import did_you_mean as answer_meant
from barbu_dsl.runtime.entry import unknown_contract
from barbu_dsl.runtime.records import contract_key
from barbu_dsl.runtime.suggestion import CUTOFF, closest
from barbu_dsl.scorer.core import core_script

SRC = Path(__file__).resolve().parents[1] / "src" / "barbu_dsl"
CONTRACTS = ["Barbu", "No queens", "No hearts", "Mini", "Maxi", "Salade"]


def test_one_or_two_slips_are_suggested_and_a_far_word_is_not() -> None:
    assert closest("Barbou", CONTRACTS) == "Barbu"
    assert closest("No quens", CONTRACTS) == "No queens"
    assert closest("Mih", CONTRACTS) is None  # ratio 4/7 < 0.6
    assert closest("", CONTRACTS) is None


def test_names_are_compared_folded_and_the_first_of_those_folded_alike_is_given() -> None:
    assert closest("NO-QUEENZ", CONTRACTS) is None
    assert closest("NO-QUEENZ", CONTRACTS, contract_key) == "No queens"
    assert closest("noqueen", ["No queens", "no_queens"], contract_key) == "No queens"


def test_the_cutoff_is_the_one_of_every_caller() -> None:
    """0.6 alike passes, just below does not, wherever the suggestion is made."""
    assert CUTOFF == 0.6
    # "abcde" against "abcxy": 3 of 5 letters in order, ratio 0.6 exactly; "abzzz" 0.4
    assert closest("abcde", ["abcxy"]) == "abcxy"
    assert answer_meant("abcde", ["abcxy"]) == "abcxy"
    assert answer_meant("abzzz", ["abcxy"]) is None
    found: list = []
    unknown_contract("abcde", ["abcxy"], found)
    assert [(p.code, dict(p.fields)) for p in found] == [("contract_close", {"name": "abcde", "close": "abcxy"})]
    found = []
    unknown_contract("abzzz", ["abcxy"], found)
    assert [p.code for p in found] == ["contract_unknown"]
    assert f"const BarbuCloseCutoff = {CUTOFF!r};" in core_script()


def test_nothing_else_matches_names_with_difflib() -> None:
    users = sorted(str(path.relative_to(SRC)) for path in SRC.rglob("*.py")
                   if any(isinstance(node, (ast.Import, ast.ImportFrom))
                          and "difflib" in [getattr(node, "module", None)] + [alias.name for alias in node.names]
                          for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))))
    assert users == ["runtime/suggestion.py"], users
