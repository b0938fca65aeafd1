"""The generated code is honest code: every file headed with its source
(spec, variants, generator version, sha256 of the canonical spec text) and
"do not edit"; no timestamps; tidy (4-space indents, no tabs or trailing
spaces, lines of at most 120 characters); lint-clean;
CONTRACTS carries the verifier's totals."""

from __future__ import annotations

import ast
import hashlib
import re
import subprocess
from pathlib import Path

import pytest

from barbu_dsl.generator import BUNDLED_TARGETS, GENERATOR_VERSION, generate_files
from barbu_dsl.generator.formatting import SETTINGS, ruff_binary
from barbu_dsl.language import load_spec, print_spec
from barbu_dsl.verifier import verify

from .conftest import ROOT, write


@pytest.mark.parametrize("target", BUNDLED_TARGETS)
def test_headers(target: str) -> None:
    spec = load_spec(target)
    digest = hashlib.sha256(print_spec(spec).encode("utf-8")).hexdigest()
    for name, text in generate_files(spec, conformance=True).items():
        head = "\n".join(text.splitlines()[:8])
        assert "DO NOT EDIT" in head, name
        assert digest in head, name
        assert f"generator {GENERATOR_VERSION}" in head, name
        if name.endswith(".py"):
            assert repr(spec.name) in head, name
            for variant in spec.applied:
                assert repr(variant) in head, name
        assert not re.search(r"20\d\d-\d\d-\d\d|\d\d:\d\d:\d\d", text), name  # no timestamps


@pytest.mark.parametrize("target", ["tournament+ravage-city+shed-when-safe", "french-classic", "hearts"])
def test_tidy(target: str) -> None:
    for name, text in generate_files(target, conformance=False).items():
        for number, line in enumerate(text.splitlines(), 1):
            assert "\t" not in line and line == line.rstrip(), (name, number)
            assert len(line) <= 120, (name, number, len(line))
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.stmt):
                assert node.col_offset % 4 == 0, (name, node.lineno)
        assert "\n\n\n\n" not in text and text.endswith("\n") and not text.endswith("\n\n")


def test_ruff_clean(tmp_path: Path) -> None:
    for target in ("tournament+ravage-city+shed-when-safe+no-forced-ruff", "french-classic+all-or-nothing",
                   "hearts", "tournament+declarer-sets-domino+dealer-chooses"):
        write(tmp_path, generate_files(target))
    run = subprocess.run([ruff_binary(), "check", "--select", "E,F,W", *SETTINGS, str(tmp_path)], check=False,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr


def test_contracts_carry_the_verifier_totals(packages) -> None:
    spec = load_spec("french-classic")
    package = packages("french-classic")
    report = verify(spec, explain_miss=False)
    for count in report.counts:
        for total in count.contracts:
            assert package.CONTRACTS[total.name].totals[count.players] == (total.min, total.max)
    assert list(package.CONTRACTS) == [c.name for c in spec.contracts]
    assert package.CONTRACTS["Trumps"].trumps == "named"
    assert package.FULL_NAME == "french-classic" and package.SOURCE_SHA256 == hashlib.sha256(
        print_spec(spec).encode("utf-8")).hexdigest()


def test_rules_are_written_out() -> None:
    """Specialised, not interpreted: No hearts' lead ban is a mask
    operation, its card values a literal expression; Trumps inlines the
    overtrump rule; Domino knows its placings."""
    files = generate_files("tournament", conformance=False)
    no_hearts = files["tournament/c_no_hearts.py"]
    assert "LEAD_BAN = 0x0007FFC000000  # hearts" in no_hearts
    assert "cand = cand & ~LEAD_BAN or cand" in no_hearts
    assert "gained -= 6 * (taken >> 38 & 1)  # AH" in no_hearts
    trumps = files["tournament/c_trumps.py"]
    assert "higher = cand & ~(2 * win - 1)" in trumps
    assert "    4: (45, 20, 5, -5)," in files["tournament/c_domino.py"]
    assert not any("barbu_dsl" in line for text in files.values() for line in text.splitlines()
                   if line.startswith(("import", "from")))


def test_checked_in_readme_lists_the_packages() -> None:
    readme = (ROOT / "generated" / "README.md").read_text(encoding="utf-8")
    for target in BUNDLED_TARGETS:
        assert repr(target) in readme
