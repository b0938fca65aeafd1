"""The JSON Schema of spec files (``barbu schema``; docs/spec.schema.json):
a Draft 2020-12 schema that accepts every bundled spec and house file the
project ships, and rejects the typical mistakes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator

from barbu_dsl.resources import bundled_spec_names, bundled_spec_text
from barbu_dsl.schema import schema_text, spec_schema

ROOT = Path(__file__).resolve().parents[1]
VALIDATOR = Draft202012Validator(spec_schema())


def as_json(text: str) -> Any:
    """A spec file's YAML as the JSON an editor's language server sees (keys as text)."""
    return json.loads(json.dumps(yaml.safe_load(text), ensure_ascii=False))


def errors(data: Any) -> list[str]:
    return [error.message for error in VALIDATOR.iter_errors(data)]


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    Draft202012Validator.check_schema(spec_schema())
    assert spec_schema()["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_docs_copy_is_the_schema(tmp_path: Path) -> None:
    assert (ROOT / "docs" / "spec.schema.json").read_text(encoding="utf-8") == schema_text(), \
        "docs/spec.schema.json is stale: barbu schema > docs/spec.schema.json"


def test_barbu_schema_prints_it() -> None:
    result = subprocess.run([sys.executable, "-m", "barbu_dsl", "schema"], capture_output=True, text=True,
                            timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout == schema_text()
    assert json.loads(result.stdout)["$defs"]["game"]["properties"]["direction"]["enum"] == ["clockwise",
                                                                                             "anticlockwise"]


@pytest.mark.parametrize("name", bundled_spec_names())
def test_every_bundled_spec_is_valid(name: str) -> None:
    assert errors(as_json(bundled_spec_text(name))) == []


SPEC_FILES = [*sorted((ROOT / "tests" / "house_specs").glob("*.yaml")),
              *sorted((ROOT / "tests" / "generator").glob("*.yaml"))]


@pytest.mark.parametrize("path", SPEC_FILES, ids=lambda p: p.name)
def test_the_project_spec_files_are_valid(path: Path) -> None:
    """House files (``extends``) and the generator's test specs."""
    if path.name == "broken-variant.yaml":
        pytest.skip("a house file whose shape is right but whose variant no longer applies")
    assert errors(as_json(path.read_text(encoding="utf-8"))) == []


GOOD = "name: x\nplayers: 4\ncontracts:\n  A: −2 per trick\n"


@pytest.mark.parametrize(("text", "why"), [
    ("name: x\n", "neither contracts nor extends"),
    ("name: x\nplayer: 4\ncontracts:\n  A: −2 per trick\n", "a misspelt key"),
    ("players: 12\ncontracts:\n  A: −2 per trick\n", "more than ten players"),
    ("players: [1, 4]\ncontracts:\n  A: −2 per trick\n", "fewer than two players"),
    ("players: three\ncontracts:\n  A: −2 per trick\n", "players in words"),
    ("game: {chooser: rotate}\ncontracts:\n  A: −2 per trick\n", "a chooser that does not exist"),
    ("game: {aim: high}\ncontracts:\n  A: −2 per trick\n", "an aim that does not exist"),
    ("game: {direction: left}\ncontracts:\n  A: −2 per trick\n", "a direction that does not exist"),
    ("game: {hands: many}\ncontracts:\n  A: −2 per trick\n", "hands that are not a number"),
    ("game: {teams: 2}\ncontracts:\n  A: −2 per trick\n", "an unknown game key"),
    ("game: {target: 0}\ncontracts:\n  A: −2 per trick\n", "a target of 0 (docs/rules.md section 6)"),
    ("game: {target: a hundred}\ncontracts:\n  A: −2 per trick\n", "a target that is not a number"),
    ("doubling: yes please\ncontracts:\n  A: −2 per trick\n", "doubling that is neither false nor a mapping"),
    ("doubling: {redouble: sometimes}\ncontracts:\n  A: −2 per trick\n", "a redouble that does not exist"),
    ("decks: {12: [2♣]}\ncontracts:\n  A: −2 per trick\n", "a deck for twelve players"),
    ("deck: tarot\ncontracts:\n  A: −2 per trick\n", "a pack that does not exist"),
    ("contracts: [No tricks, No hearts]\n", "contracts as a list"),
    ("contracts:\n  A: {rule: −2 per trick}\n", "a contract mapping without rules"),
    ("contracts:\n  A: {rules: −2 per trick, times: 0}\n", "times of zero"),
    ("contracts:\n  A: −2\n  B: 12\n", "a rule line that is a number"),
    ("partners: [[0, 2], [1, 3]]\ncontracts:\n  A: −2 per trick\n", "a partnership"),
    ("variants:\n  v: {contract: {A: null}}\ncontracts:\n  A: −2 per trick\n", "a misspelt overlay key"),
])
def test_typical_mistakes_are_rejected(text: str, why: str) -> None:
    assert errors(as_json(text)), why


def test_a_minimal_spec_and_section_6_settings_are_accepted() -> None:
    """docs/rules.md section 6: schedules, seating, packs and redoubles."""
    assert errors(as_json(GOOD)) == []
    text = ("players: 3-4\ndeck: piquet\ndecks: {3: highest 10 each, 4: [7-8]}\n"
            "game: {chooser: rotating, lists: shared, direction: anticlockwise, first_lead: right, "
            "first_declarer: holder of 7♥, hands: {3: 15, 4: 32}}\ndoubling: {redouble: anyone}\n"
            "contracts:\n  A: {rules: −2 per trick, times: 12}\n  B: {rules: −2 per ♥, times: 1 each}\n")
    assert errors(as_json(text)) == []
    for target in ("100", "−100", "-100"):  # a target score, either sign
        assert errors(as_json(f"game: {{aim: lowest, target: {target}}}\ncontracts:\n  A: +1 per ♥\n")) == []
