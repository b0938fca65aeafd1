"""House specs behave (docs/rules.md section 2, variants 8 and 9: scales need
not sum to zero, and a verifier says by how much they miss): ``barbu check``
names the inherited variants and scales a house file's changes break, at the
house's own line; ``barbu verify`` compares a house file with what it
extends and says what would restore the zero sum.  Golden transcripts of
both commands are in house_specs/NAME.check.txt and NAME.verify.txt."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import assert_golden
from test_cli import barbu

HOUSE = Path(__file__).parent / "house_specs"


def transcript(*args: str) -> str:
    result = barbu(*args, cwd=HOUSE)
    return f"$ barbu {' '.join(args)}\n{result.stdout}{result.stderr}exit {result.returncode}\n"


@pytest.mark.parametrize("name", ["changed-king", "dearer-hearts", "broken-variant"])
def test_check_transcript(name: str) -> None:
    assert_golden(transcript("check", f"{name}.yaml"), HOUSE / f"{name}.check.txt")


def test_applying_a_scale_the_house_broke_points_at_the_house() -> None:
    """The error is the house file's line that caused it; the bundled line
    of the scale is a note."""
    assert_golden(transcript("check", "changed-king.yaml+scale-15-40"), HOUSE / "changed-king.apply.txt")


@pytest.mark.parametrize("name", ["dearer-hearts", "changed-king", "no-single-fix"])
def test_verify_transcript(name: str) -> None:
    """A house file is compared with what it extends; every count that
    misses says which contracts changed and by how much, and the one
    changes that make it zero (or that there is none)."""
    assert_golden(transcript("verify", f"{name}.yaml"), HOUSE / f"{name}.verify.txt")


def test_verify_a_variant_of_a_house_file_compares_with_the_house() -> None:
    """NAME+VARIANT is compared with NAME, here a house file."""
    assert_golden(transcript("verify", "changed-king.yaml+ravage-city"), HOUSE / "changed-king.ravage.verify.txt")
