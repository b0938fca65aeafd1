"""The example in generated/README.md runs as printed against the checked-in
packages: it plays only legal cards of the seat to play, and the record it
builds replays to the scores of the hand it played."""

from __future__ import annotations

import ast
import re
import subprocess
import sys

import pytest

from .conftest import GENERATED


def readme_example() -> str:
    text = (GENERATED / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```python\n(.*?)^```$", text, flags=re.MULTILINE | re.DOTALL)
    assert len(blocks) == 1, "generated/README.md should hold one python example"
    return blocks[0]


def test_readme_example_runs(tmp_path) -> None:
    if not (GENERATED / "README.md").is_file():
        pytest.skip("generated/ is not in this checkout")
    # A separate, isolated interpreter: only the standard library and generated/.
    run = subprocess.run([sys.executable, "-I", "-S", "-c", f"import sys; sys.path.insert(0, {str(GENERATED)!r})\n"
                          + readme_example()], capture_output=True, text=True, cwd=tmp_path, check=False,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    raw, replayed, rollout = (ast.literal_eval(line) for line in run.stdout.splitlines())
    assert replayed["status"] == "complete"
    assert replayed["raw"] == raw
    assert sum(raw) == sum(rollout) == -30  # No hearts hands out all its points
