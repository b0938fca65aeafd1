"""The project's own code passes its linters: ruff (the pinned release, with
its default rules and the project's line length) on src, tests and
benchmarks, and mypy with --check-untyped-defs on src."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_is_clean() -> None:
    from ruff.__main__ import find_ruff_bin

    result = subprocess.run([find_ruff_bin(), "check", "--no-cache", "src", "tests", "benchmarks"], cwd=ROOT,
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_is_clean() -> None:
    result = subprocess.run([sys.executable, "-m", "mypy", "--check-untyped-defs", "src"], cwd=ROOT,
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout
