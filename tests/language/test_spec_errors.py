"""Bad specs get precise errors: every problem in the file, each with file,
line, column, the source line, a caret and a hint (golden messages)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import assert_golden

from barbu_dsl import SpecError
from barbu_dsl.language import load_file, load_spec, parse_spec

BAD = Path(__file__).parent / "bad_specs"
CASES = sorted(p.stem for p in BAD.glob("*.yaml"))


@pytest.mark.parametrize("name", CASES)
def test_bad_spec_message(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(BAD)
    with pytest.raises(SpecError) as caught:
        load_file(Path(f"{name}.yaml"))
    assert_golden(caught.value.format() + "\n", BAD / f"{name}.expected.txt")


def test_every_problem_is_reported_not_just_the_first() -> None:
    with pytest.raises(SpecError) as caught:
        parse_spec("contracts:\n  A: −2 per hertz\n  B: −2\n  C: must overtrump, −1 per trick\n", "x.yaml")
    lines = [(d.line, d.message) for d in caught.value.diagnostics]
    assert [line for line, _ in lines] == [2, 3, 4]


def test_diagnostic_format_has_position_caret_and_hint() -> None:
    with pytest.raises(SpecError) as caught:
        parse_spec("contracts:\n  Barbu: K♥ −20, no ♥ lead, −2 per hertz\n", "club.yaml")
    (diagnostic,) = caught.value.diagnostics
    text = diagnostic.format().splitlines()
    assert text[0] == "club.yaml:2:36: error: unknown suit, rank or card set 'hertz'"
    assert text[1] == "      Barbu: K♥ −20, no ♥ lead, −2 per hertz"
    assert text[2] == "    " + " " * 35 + "^^^^^"
    assert text[3].startswith("    hint: ")


def test_positions_survive_quoted_and_block_scalars() -> None:
    text = 'contracts:\n  A: "−2 per trick, −2 per hertz"\n  B: |\n    −2 per trick, ZH −6\n'
    with pytest.raises(SpecError) as caught:
        parse_spec(text, "q.yaml")
    positions = [(d.line, d.column) for d in caught.value.diagnostics]
    assert positions == [(2, 28), (4, 19)]


def test_yaml_tags_are_not_constructed() -> None:
    """Specs are read with safe-load safety: no Python objects."""
    with pytest.raises(SpecError):
        parse_spec("name: !!python/object/apply:os.system ['true']\ncontracts:\n  A: −2 per trick\n")


# Specs named on the command line whose overlays do not combine: golden
# messages in bad_refs/NAME.expected.txt.
BAD_REFS = Path(__file__).parent / "bad_refs"
REFS = {
    "ravage-city-before-fixed-order": "tournament+ravage-city+fixed-order",
    "doubling-options-without-doubling": "tournament+fixed-order+declarer-only-doubles",
}


@pytest.mark.parametrize("name", sorted(REFS))
def test_bad_combination_message(name: str) -> None:
    """docs/rules.md section 2 variant 2: a combination that would silently drop a
    contract is an error; so is a setting that does nothing."""
    with pytest.raises(SpecError) as caught:
        load_spec(REFS[name])
    assert_golden(caught.value.format() + "\n", BAD_REFS / f"{name}.expected.txt")
