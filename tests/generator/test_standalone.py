"""The generated package is standalone: it imports only the standard
library and runs where barbu_dsl (and its dependencies) cannot be imported.
Proved in a subprocess started with ``python -I -S``: no site-packages, no
PYTHONPATH, nothing on ``sys.path`` but the standard library and the
directory holding the package."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from barbu_dsl.generator import generate_files

from .conftest import ROOT, write

EXAMPLES = ROOT / "tests" / "engine" / "examples"

SCRIPT = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
for forbidden in ("barbu_dsl", "jinja2", "lark", "yaml", "typer", "click"):
    try:
        __import__(forbidden)
    except ImportError:
        pass
    else:
        raise SystemExit(f"{forbidden} is importable: the test proves nothing")
import tournament
out = {"examples": [tournament.replay(json.loads(open(p, encoding="utf-8").read())) for p in sys.argv[2:]]}
cases = [json.loads(line) for line in open(sys.argv[1] + "/conformance/tournament/cases.jsonl", encoding="utf-8")][1:]
def strip(r):
    r = json.loads(json.dumps(r))
    if isinstance(r.get("error"), dict):
        r["error"].pop("reason", None)
    return r
out["conformance_failures"] = [c["name"] for c in cases if strip(tournament.replay(c["record"])) != strip(c["expected"])]
hand = tournament.new_hand(3, "No hearts", declarer=1)
out["legal"] = tournament.legal_moves(hand)
tournament.play(hand, out["legal"][0])
out["rollout"] = tournament.make_rollout("Domino")(__import__("random").Random(5))
foreign = sorted(name for name in sys.modules
                 if name.split(".")[0] not in (*sys.stdlib_module_names, "tournament", "__main__"))
out["foreign_modules"] = foreign
print(json.dumps(out))
"""


def test_runs_without_barbu_dsl(tmp_path: Path) -> None:
    write(tmp_path, generate_files("tournament"))
    names = ["seed-doubling-example", "domino-with-passes", "trumps-in-progress", "no-hearts-illegal-lead"]
    run = subprocess.run(
        [sys.executable, "-I", "-S", "-c", SCRIPT, str(tmp_path), *(str(EXAMPLES / f"{n}.json") for n in names)],
        check=False, capture_output=True, text=True, cwd=tmp_path, timeout=120,
    )
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    for name, result in zip(names, out["examples"]):
        expected = json.loads((EXAMPLES / f"{name}.expected.json").read_text(encoding="utf-8"))
        if "error" in expected:
            assert result["error"].pop("reason") and expected["error"].pop("reason")
        assert result == expected, name
    assert out["conformance_failures"] == []
    assert out["legal"] and len(out["rollout"]) == 4 and sum(out["rollout"]) == 65
    assert out["foreign_modules"] == []


def test_python_dash_m_replays_records(tmp_path: Path) -> None:
    """``python -m PACKAGE RECORD`` prints one JSON result per record and
    exits with the worst status, like ``barbu replay --json``."""
    write(tmp_path, generate_files("tournament", conformance=False))
    run = subprocess.run(
        [sys.executable, "-E", "-S", "-m", "tournament", str(EXAMPLES / "no-hearts-illegal-lead.json"),
         str(EXAMPLES / "seed-doubling-example.json")],
        check=False, capture_output=True, text=True, cwd=tmp_path, timeout=60,
    )
    assert run.returncode == 1 and not run.stderr, run.stderr
    first, second = (json.loads(line) for line in run.stdout.splitlines())
    assert first["error"]["kind"] == "illegal_play"
    assert second["final"] == [-12, 24, -12, -24]
