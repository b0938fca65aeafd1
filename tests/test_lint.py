"""The project's own code passes its linters, and so does the code it
generates: ruff (the pinned release, with the rules of pyproject.toml:
pycodestyle, pyflakes, bugbear, isort, pyupgrade, simplify and a
complexity of at most 12) on src, tests, benchmarks and generated; mypy
with --check-untyped-defs on src and on every generated package.  A
function more complex than that, or longer than 60 lines, says why in a
comment on its ``def`` line (``# noqa: C901 -- why``) or just above it
(``# long: why``)."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GENERATED = ROOT / "generated"
LONGEST = 60
REASON = re.compile(r"#\s*(noqa: C901 -- \S|long: \S)")


def test_ruff_is_clean() -> None:
    from ruff.__main__ import find_ruff_bin

    result = subprocess.run([find_ruff_bin(), "check", "--no-cache", "src", "tests", "benchmarks", "generated"],
                            cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.slow
def test_mypy_is_clean() -> None:
    result = subprocess.run([sys.executable, "-m", "mypy", "--check-untyped-defs", "src"], cwd=ROOT,
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout


@pytest.mark.slow
@pytest.mark.parametrize("package", sorted(path.parent.name for path in GENERATED.glob("*/__init__.py")))
def test_mypy_is_clean_on_the_generated_packages(package: str) -> None:
    result = subprocess.run([sys.executable, "-m", "mypy", "--check-untyped-defs", "--no-incremental", package],
                            cwd=GENERATED, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout


def test_long_or_complex_functions_say_why() -> None:
    """Every function of src over 60 lines, and every complexity waiver,
    carries its reason."""
    unexplained = []
    for path in sorted((ROOT / "src").rglob("*.py")):
        lines = path.read_text(encoding="utf-8").split("\n")
        for number, line in enumerate(lines, 1):
            if "noqa: C901" in line and not REASON.search(line):
                unexplained.append(f"{path.relative_to(ROOT)}:{number}: a complexity waiver without a reason")
        for node in ast.walk(ast.parse("\n".join(lines))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.end_lineno is not None:
                length = node.end_lineno - node.lineno + 1
                nearby = lines[node.lineno - 1] + (lines[node.lineno - 2] if node.lineno > 1 else "")
                if length > LONGEST and not REASON.search(nearby):
                    unexplained.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.name} is {length} lines")
    assert not unexplained, "\n".join(unexplained)
