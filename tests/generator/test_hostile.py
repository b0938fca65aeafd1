"""Spec text can never become code: a spec whose names and descriptions
hold quotes, comment markers, control characters and Python statements
(descriptions line breaks too: a name is one line, tests/test_faults.py)
generates a package that imports and runs, keeps the text as data, and
runs nothing of it (the payloads would create files; none appears)."""

from __future__ import annotations

import ast
import io
import json
import re
import subprocess
import sys
import tokenize
from pathlib import Path

import pytest

from barbu_dsl.generator import generate_files
from barbu_dsl.generator.naming import package_name
from barbu_dsl.language import load_spec

from .conftest import write

HOSTILE = '''\
# Header """ \'\'\' with quotes
# __import__("os").system("touch PWNED_HEADER")
name: "evil\\"\'\'\' \\t__import__('os').system('touch PWNED_NAME')\\x1b#"
title: "t\\"\\"\\" \\traise SystemExit(3)"
description: "d\\n\\"\\"\\"\\nopen('PWNED_DESCRIPTION', 'w')"
players: 4
contracts:
  "No \'\'\'tricks\\"\\"\\"\\t__import__('os').system('touch PWNED_CONTRACT')  # ": −2 per trick
  "x\\\\\\t\\"; open('PWNED_X', 'w'); #":
    rules: K♥ −20, no ♥ lead
    description: "\\"\\"\\"\\nopen('PWNED_DOC', 'w')\\n\\"\\"\\""
  "if": −6 per queen
  "__init__": −5 per ♥
  "cards": domino, placings +45 +20 +5 −5
  "\\u202eopen('PWNED_LS', 'w')\\x00import os; os.system('touch PWNED_CR')":
    rules: trumps, +5 per trick
    description: "\\u2028open('PWNED_LS', 'w')\\r\\nimport os; os.system('touch PWNED_CR')"
variants:
  "v\\"\\x7f import os; os.system('touch PWNED_VARIANT')":
    description: "x\\"\\"\\"\\n import os; os.system('touch PWNED_VARIANT')"
    contracts: {"if": null}
'''

RUN = r"""
import json, random, sys
sys.path.insert(0, sys.argv[1])
import importlib
package = importlib.import_module(sys.argv[2])
names = list(package.CONTRACTS)
results = []
for name in names:
    info = package.CONTRACTS[name]
    hands = package.deal(1)
    record = {"contract": name, "declarer": 0, "hands": hands, "plays": [], "doubles": [[1, 0]]}
    if info.trumps == "named":
        record["trump"] = "S"
    if info.start == "chosen":
        record["start_rank"] = "7"
    results.append(package.replay(record))
    package.make_rollout(name)(random.Random(1))
print(json.dumps({"names": names, "full_name": package.FULL_NAME, "results": results}))
"""


def generate(tmp_path: Path, variant: bool) -> tuple[str, Path]:
    tmp_path.mkdir(parents=True, exist_ok=True)
    spec_file = tmp_path / "evil.yaml"
    spec_file.write_text(HOSTILE, encoding="utf-8")
    spec = load_spec(str(spec_file) + ("+" + load_spec(str(spec_file)).overlays[0].name if variant else ""))
    out = tmp_path / "out"
    write(out, generate_files(spec))
    return package_name(spec.full_name), out


def identifiers(tree: ast.AST) -> set[str]:
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            names.add(node.id)
        elif isinstance(node, ast.Attribute):
            names.add(node.attr)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.alias):
            names.add(node.asname or node.name)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
    return names


@pytest.mark.slow
def test_hostile_names_stay_data(tmp_path: Path) -> None:
    for variant in (False, True):
        name, out = generate(tmp_path / str(variant), variant)
        assert name.isidentifier()
        spec = load_spec(str(tmp_path / str(variant) / "evil.yaml")
                         + ("+" + load_spec(str(tmp_path / str(variant) / "evil.yaml")).overlays[0].name
                            if variant else ""))
        run = subprocess.run([sys.executable, "-I", "-S", "-c", RUN, str(out), name],
                             check=False, capture_output=True, text=True, cwd=out, timeout=120)
        assert run.returncode == 0, run.stderr
        result = json.loads(run.stdout)
        assert result["names"] == [c.name for c in spec.contracts]
        assert result["full_name"] == spec.full_name
        for outcome in result["results"]:
            assert outcome.get("status") == "in_progress", outcome
        assert not list(out.rglob("PWNED*")) and not list(tmp_path.rglob("PWNED*"))

        for path in out.rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            tree = ast.parse(text)
            # Names derived from spec text are slugs: lower-case ASCII words and digits.
            for identifier in identifiers(tree):
                if "pwned" in identifier.lower() or "system" in identifier.lower():
                    assert re.fullmatch(r"[a-z0-9_]+", identifier), (path, identifier)
            for node in ast.walk(tree):
                if isinstance(node, ast.Call):
                    func = node.func
                    called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                    assert called not in ("system", "__import__", "exec", "eval"), (path, called)
            # Spec text is in strings (repr) or in one-line comments (ascii), nowhere else.
            for token in tokenize.generate_tokens(io.StringIO(text).readline):
                if token.type == tokenize.COMMENT:
                    assert "\n" not in token.string and "\u2028" not in token.string
                elif "PWNED" in token.string:
                    assert token.type == tokenize.STRING, (path, token)
            constants = {node.value for node in ast.walk(tree)
                         if isinstance(node, ast.Constant) and isinstance(node.value, str)}
            if path.name == "registry.py":
                assert {c.name for c in spec.contracts} <= constants
                assert all((c.description in constants) for c in spec.contracts if c.description)
