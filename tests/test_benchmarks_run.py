"""The benchmarks run: each one's ``--tiny`` mode, which goes through every
part of it in seconds, exits 0 and prints its table, so that a benchmark
does not rot between the runs that measure (benchmarks/RESULTS.md)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.server
def test_serve_load_runs_every_part() -> None:
    """benchmarks/serve_load.py --tiny: busy and human-pace levels of 1 and 2
    tables on servers of their own, each checked for lost answers after a
    kill -9 and a restart; the table, the ratios, the aims and the profile
    (or why there is none) are printed."""
    result = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "serve_load.py"), "--tiny"], cwd=ROOT,
                            capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    header = next(n for n, line in enumerate(lines) if line.startswith("kind ") and "ans/s" in line and "kept" in line)
    rows = [line.split() for line in lines[header + 1:header + 5]]
    assert [(row[0].rstrip("*"), row[1]) for row in rows] == [("busy", "1"), ("busy", "2"), ("human", "1"),
                                                              ("human", "2")], result.stdout
    assert all(row[-1] == f"{row[1]}/{row[1]}" for row in rows), result.stdout  # every table kept its answers
    assert any(line.startswith("aims (") for line in lines), result.stdout
    assert any(line.startswith("busy* 2, profile") for line in lines), result.stdout
