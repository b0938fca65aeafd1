"""Generation is reproducible byte for byte, whatever PYTHONHASHSEED is:
no timestamps, no iteration of unordered things into the output."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys

import pytest

from .conftest import ROOT
from .test_hostile import HOSTILE

SCRIPT = r"""
import hashlib, json, sys
from barbu_dsl.generator import generate_files
from barbu_dsl.language import parse_spec
out = {}
for ref in sys.argv[1:]:
    spec = parse_spec(open(ref, encoding="utf-8").read(), ref) if ref.endswith(".yaml") else ref
    for name, text in generate_files(spec).items():
        out[name] = hashlib.sha256(text.encode("utf-8")).hexdigest()
print(json.dumps(out, sort_keys=True))
"""


def digests(seed: str, refs: list[str]) -> dict[str, str]:
    env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT / "src")}
    run = subprocess.run([sys.executable, "-c", SCRIPT, *refs], check=False, capture_output=True, text=True, env=env,
                         timeout=300, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


@pytest.mark.slow
def test_same_bytes_under_different_hash_seeds(tmp_path) -> None:
    hostile = tmp_path / "hostile.yaml"
    hostile.write_text(HOSTILE, encoding="utf-8")
    refs = ["tournament+ravage-city+ace-low-domino", "french-classic+all-or-nothing", "hearts", str(hostile)]
    first, second = digests("0", refs), digests("4242", refs)
    assert first == second
    assert len(first) > 40


def test_checked_in_tree_matches_a_fresh_generation(checked_in) -> None:
    """What is checked in is what the generator writes (see also
    test_cli_generate: ``barbu generate --check``)."""
    from barbu_dsl.generator import generate_files

    for name, text in generate_files("hearts").items():
        on_disk = (ROOT / "generated" / name).read_bytes()
        assert hashlib.sha256(on_disk).digest() == hashlib.sha256(text.encode("utf-8")).digest(), name
