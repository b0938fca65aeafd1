"""The installed package carries the grammar and the bundled specs, so it
works from any directory, not only from the checkout."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

import barbu_dsl

CHECKOUT = Path(__file__).resolve().parents[1]


def _packaged(name: str):
    entry = resources.files("barbu_dsl") / name
    if not entry.is_dir():
        pytest.skip("barbu_dsl is not installed from a wheel here (editable or source checkout)")
    return entry


def test_packaged_grammar_is_the_checkout_grammar() -> None:
    packaged = _packaged("grammar") / "barbu.lark"
    assert packaged.read_bytes() == (CHECKOUT / "grammar" / "barbu.lark").read_bytes()


def test_packaged_specs_are_the_checkout_specs() -> None:
    packaged = _packaged("specs")
    names = sorted(p.name for p in (CHECKOUT / "specs").glob("*.yaml"))
    assert sorted(e.name for e in packaged.iterdir() if e.name.endswith(".yaml")) == names
    for name in names:
        assert (packaged / name).read_bytes() == (CHECKOUT / "specs" / name).read_bytes()


def test_tests_run_against_the_installed_package() -> None:
    """CI installs the project; the tests must not import the source tree."""
    location = Path(barbu_dsl.__file__).resolve()
    if CHECKOUT / "src" in location.parents:
        pytest.skip("running against the source tree")
    assert "site-packages" in str(location)


def test_console_script_runs_from_any_directory(tmp_path: Path) -> None:
    import subprocess
    import sys

    script = Path(sys.executable).parent / "barbu"
    if not script.exists():
        pytest.skip("no barbu console script beside this Python (not installed with pip)")
    result = subprocess.run([str(script), "check", "tournament"], capture_output=True, text=True, cwd=tmp_path,
                            check=False, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("ok: tournament")
