"""The pages' JavaScript (the table server's static/ and the scorer's
static/) is type-checked and linted: ``tsc`` reads every script with its
``// @ts-check`` and JSDoc types, each page's scripts together as the
browser runs them (tsconfig.json: the table server's pages;
tsconfig.scorer.json: the score sheet's page), and ``eslint`` applies
eslint.config.js (ESLint's recommended rules).  Both are the
exact releases of package.json and package-lock.json, which ``npm ci``
installs (README.md's test command, which CI runs, does so first); away
from CI a checkout without node_modules/ skips, saying so."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = ["src/barbu_dsl/server/static", "src/barbu_dsl/scorer/static", "eslint.config.js"]
PROJECTS = {"tsconfig.json": SCRIPTS[0], "tsconfig.scorer.json": SCRIPTS[1]}


def run(*command: str) -> subprocess.CompletedProcess[str]:
    """``npx --no-install COMMAND`` in the checkout: the tool as npm ci installed it, never fetched."""
    if not (ROOT / "node_modules" / ".bin").is_dir() or shutil.which("npx") is None:
        if os.environ.get("CI"):
            pytest.fail("CI: node_modules/ is missing: run `npm ci` first (README.md's test command does)")
        pytest.skip("the JavaScript tools are not installed: run `npm ci` in the checkout")
    return subprocess.run(["npx", "--no-install", *command], cwd=ROOT, capture_output=True, text=True, check=False)


@pytest.mark.slow
@pytest.mark.parametrize("project", sorted(PROJECTS))
def test_tsc_finds_no_type_error(project: str) -> None:
    result = run("tsc", "-p", "." if project == "tsconfig.json" else project)
    assert result.returncode == 0, result.stdout + result.stderr


def test_eslint_finds_nothing() -> None:
    result = run("eslint", "--max-warnings", "0", *SCRIPTS)
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_script_is_checked() -> None:
    """Each script of the pages starts with ``// @ts-check``, and each folder is a tsc project's."""
    for project, folder in PROJECTS.items():
        assert f'"{folder}/*.js"' in (ROOT / project).read_text(encoding="utf-8"), project
        scripts = sorted((ROOT / folder).glob("*.js"))
        assert scripts, folder
        for script in scripts:
            assert script.read_text(encoding="utf-8").startswith("// @ts-check\n"), script.name
