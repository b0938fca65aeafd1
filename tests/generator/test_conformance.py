"""The conformance suites in generated/ run against both implementations:
the checked-in generated packages and the interpreter (docs/records.md: every
key and value but an error's reason must match)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from conftest import UPDATE

from barbu_dsl.engine import replay_record
from barbu_dsl.generator import BUNDLED_TARGETS
from barbu_dsl.generator.naming import package_name
from barbu_dsl.language import load_spec

from .conftest import GENERATED


def without_reason(result: dict[str, Any]) -> dict[str, Any]:
    result = copy.deepcopy(result)
    if isinstance(result.get("error"), dict):
        result["error"].pop("reason", None)
    return result


def suite(target: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    path = GENERATED / "conformance" / package_name(load_spec(target).full_name) / "cases.jsonl"
    if not path.is_file():
        pytest.skip(f"{path} is missing (barbu generate)")
    header, *cases = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    return header, cases


@pytest.mark.parametrize("target", BUNDLED_TARGETS)
def test_suite_against_the_interpreter(target: str) -> None:
    spec = load_spec(target)
    _, cases = suite(target)
    failures = [case["name"] for case in cases
                if without_reason(replay_record(spec, case["record"])) != without_reason(case["expected"])]
    assert not failures, failures


@pytest.mark.parametrize("target", BUNDLED_TARGETS)
def test_suite_against_the_generated_package(target: str, checked_in) -> None:
    package = checked_in(target)
    _, cases = suite(target)
    failures = []
    for case in cases:
        result = package.replay(case["record"])
        if without_reason(result) != without_reason(case["expected"]):
            failures.append(case["name"])
        elif "error" in result and result["error"]["kind"] in ("illegal_play", "illegal_double", "bad_record"):
            assert result["error"]["reason"], case["name"]
    assert not failures, failures


@pytest.mark.parametrize("target", BUNDLED_TARGETS)
def test_suites_cover_the_spec(target: str) -> None:
    """Hand-checked cases are in every suite; every contract has complete,
    doubled, in-progress, broken-rule and after-the-end cases."""
    header, cases = suite(target)
    spec = load_spec(target)
    assert header["spec"] == spec.name and header["variants"] == list(spec.applied)
    assert "DO NOT EDIT" in header["header"]
    sources = {case["source"] for case in cases}
    assert sources == {"hand-checked", "interpreter"}
    names = [case["name"] for case in cases]
    assert len(names) == len(set(names))
    for contract in spec.contracts:
        mine = [case for case in cases
                if isinstance(case["record"], dict) and case["record"].get("contract") == contract.name]
        statuses = {case["expected"].get("status") or case["expected"]["error"]["kind"] for case in mine}
        assert {"complete", "in_progress", "illegal_play", "after_end"} <= statuses, (contract.name, statuses)
    kinds = {case["expected"]["error"]["kind"] for case in cases if "error" in case["expected"]}
    assert {"illegal_play", "illegal_double", "bad_record", "after_end"} <= kinds


def test_tournament_suite_holds_the_shared_examples() -> None:
    _, cases = suite("tournament")
    names = {case["name"] for case in cases if case["source"] == "hand-checked"}
    for example in ("seed-doubling-example", "domino-with-passes", "trumps-in-progress", "no-hearts-illegal-lead"):
        assert f"hand-checked: shared example {example}" in names


def test_variant_suites_exercise_their_switches() -> None:
    """undoubled-not-played gives not_played results; ace-low-domino and
    ravage-city have hand-checked cases of their own."""
    _, brader = suite("tournament+brader+undoubled-not-played")
    assert any(case["expected"].get("status") == "not_played" for case in brader)
    _, ravage = suite("tournament+ravage-city+ace-low-domino")
    names = " ".join(case["name"] for case in ravage if case["source"] == "hand-checked")
    assert "aces low" in names and "Ravage City" in names
    assert any("tied" in case["name"] for case in ravage)


def test_hand_checked_copies_of_the_shared_examples_are_current() -> None:
    """The generator's hand-checked cases carry the shared examples
    (tests/engine/examples holds copies of shared/examples): unchanged."""
    from importlib import resources

    examples = GENERATED.parent / "tests" / "engine" / "examples"
    entry = resources.files("barbu_dsl.generator") / "cases" / "tournament.jsonl"
    cases = {case["name"]: case for case in map(json.loads, entry.read_text(encoding="utf-8").splitlines())}
    for name in ("seed-doubling-example", "domino-with-passes", "trumps-in-progress", "no-hearts-illegal-lead"):
        case = cases[f"shared example {name}"]
        assert case["record"] == json.loads((examples / f"{name}.json").read_text(encoding="utf-8"))
        assert case["expected"] == json.loads((examples / f"{name}.expected.json").read_text(encoding="utf-8"))


def test_hand_checked_cases_carry_the_hashes_of_their_specs() -> None:
    """Each hand-checked case names the specs it holds for with the sha256
    of each one's canonical text, which is how a suite finds it: a hash
    gone stale (a bundled spec or the printer changed) would drop the case
    from every suite.  ``BARBU_UPDATE_GOLDEN=1`` writes the hashes anew."""
    from barbu_dsl.generator import conformance
    from barbu_dsl.generator.identity import canonical_sha256

    stale = []
    for name, cases in conformance.hand_checked_files().items():
        for case in cases:
            for full_name, sha in case["specs"].items():
                current = canonical_sha256(load_spec(full_name))
                if sha != current:
                    stale.append(f"{name}: {case['name']}: {full_name}")
                    case["specs"][full_name] = current
        if UPDATE:
            path = Path(conformance.__file__).parent / "cases" / name
            path.write_text("".join(json.dumps(case, ensure_ascii=False) + "\n" for case in cases), encoding="utf-8")
    assert UPDATE or not stale, ("stale spec hashes in the hand-checked cases:\n" + "\n".join(stale)
                                 + "\nupdate with: BARBU_UPDATE_GOLDEN=1 python -m pytest "
                                 "tests/generator/test_conformance.py -k hashes")


def test_every_hand_checked_case_says_why() -> None:
    from importlib import resources

    for entry in (resources.files("barbu_dsl.generator") / "cases").iterdir():
        for line in entry.read_text(encoding="utf-8").splitlines():
            case = json.loads(line)
            assert case["why"] and case["specs"], case["name"]
            assert set(case["specs"]) <= set(BUNDLED_TARGETS), case["name"]


def test_exotic_spec_suite_against_both(tmp_path) -> None:
    """A spec with the mechanics the bundled specs do not use: its generated
    suite passes against the interpreter and the generated package."""
    from barbu_dsl.generator import generate_files

    from .conftest import load_package, write

    ref = str(GENERATED.parent / "tests" / "generator" / "exotic.yaml")
    spec = load_spec(ref)
    write(tmp_path, generate_files(spec))
    package = load_package(tmp_path / "exotic", "exotic_suite")
    lines = (tmp_path / "conformance" / "exotic" / "cases.jsonl").read_text(encoding="utf-8").splitlines()
    cases = [json.loads(line) for line in lines[1:]]
    assert len(cases) > 100
    for case in cases:
        expected = without_reason(case["expected"])
        assert without_reason(replay_record(spec, case["record"])) == expected, case["name"]
        assert without_reason(package.replay(case["record"])) == expected, case["name"]
