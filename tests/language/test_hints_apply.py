"""Every hint of the language's messages for what people wrote while
writing published rule sets is one that, applied, checks: each case below
is a spec of tests/language/bad_specs (their golden messages are beside
them), the text its hint says to write, and what that text replaces.  An
idea the language does not build is answered by name, "not expressible in
barbu_dsl: …", with the nearest construct as the hint (docs/rules.md
section 6, Not expressible; docs/language.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from barbu_dsl import SpecError
from barbu_dsl.checking import check_spec
from barbu_dsl.language import load_file
from barbu_dsl.language.unexpressible import NOT_EXPRESSIBLE

BAD = Path(__file__).parent / "bad_specs"

# name: (what was written, what the hint says to write instead, whether the idea is out of the language's reach)
CASES = {
    "out-of-reach-per-pass": ("−1 per pass", "placings +45 +20 +5 −5", True),
    "out-of-reach-not-taken": ("+10 per trick not taken", "−10 per trick", True),
    "out-of-reach-all-of-a-suit": ("−8 for all ♥ instead", "shoot the moon", True),
    "out-of-reach-lead-before-trick": ("no ♥ lead before trick 3", "no ♥ lead until broken", True),
    "out-of-reach-left-in-hand": ("+1 per card left in hand", "ends at first out, placings +45 +20 +5 −5", True),
    "out-of-reach-turned-up": ("trumps turned up", "trumps", True),
    "choose-after-by-count": ("choose_after: {3: 6, 4: 5}", "choose_after: 5", True),
    "highest-too-many": ("highest 8 each", "highest 7 each", False),
    "fixed-order-one-contract": ("chooser: fixed-order", "chooser: rotating", False),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_hint_applied_checks(name: str, tmp_path: Path) -> None:
    written, instead, out_of_reach = CASES[name]
    text = (BAD / f"{name}.yaml").read_text(encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        load_file(BAD / f"{name}.yaml")
    (problem,) = caught.value.diagnostics
    assert problem.message.startswith(NOT_EXPRESSIBLE) == out_of_reach, problem.message
    assert problem.hint is not None and f"'{instead}'" in problem.hint, problem.hint
    assert text.count(written) == 1
    mended = tmp_path / f"{name}.yaml"
    mended.write_text(text.replace(written, instead), encoding="utf-8")
    report = check_spec(lambda: load_file(mended))
    assert report.spec is not None and report.errors == [], report.errors
    assert report.warnings == [], report.warnings


def test_a_variants_problem_names_the_variant(tmp_path: Path) -> None:
    """docs/rules.md section 2, variant 2: a variant that makes the base's
    'hands' too many for a fixed order is reported at the base's line, and
    says which variant, with a note at the variant; its hint, applied to
    the variant, checks."""
    text = ("name: deal-six\ntitle: One contract dealt six times\nplayers: 4\ngame: {hands: 6}\n"
            "contracts:\n  Hearts: −1 per ♥\nvariants:\n  in-order:\n    game: {chooser: fixed-order}\n")
    path = tmp_path / "deal-six.yaml"
    path.write_text(text, encoding="utf-8")
    report = check_spec(lambda: load_file(path))
    (error,) = report.errors
    lines = error.splitlines()
    assert lines[0].startswith(f"{path}:4:15: error: with the variant 'in-order': a fixed-order game with 'hands' "
                               "plays its order once: 1 contract makes at most 1 hand, not 6"), lines[0]
    assert f"{path}:8:3: note: the variant 'in-order' is written here" in lines
    assert "write 'chooser: rotating' instead of 'fixed-order'" in error
    path.write_text(text.replace("{chooser: fixed-order}", "{chooser: rotating}"), encoding="utf-8")
    report = check_spec(lambda: load_file(path))
    assert report.spec is not None and report.errors == [] and report.warnings == []
