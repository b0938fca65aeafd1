"""A plain install runs every command: the project installed exactly as
the README's first command says (``pip install .``, no extras) into a new
virtual environment that sees nothing of this one, then each command of
``barbu --help`` run once as a new user would, each ending with its
documented exit code and no traceback.  An optional part that is missing
(the extras ``plot``, ``fast``, ``cluster``) is named with the ``pip
install 'barbu_dsl[...]'`` that brings it (README, "Install"; docs/cli.md)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

CHECKOUT = Path(__file__).resolve().parents[1]
HAND = {"contract": "No queens", "declarer": 0, "trump": None, "start_rank": None,
        "took": {"cards": {"Q": [1, 0, 1, 2]}}, "doubles": [[1, 0], [1, 2], [1, 3], [2, 0], [0, 2]]}
"""docs/sheet.md, A hand: the hand its example enters."""


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bin directory of a new virtual environment holding the project
    installed by ``pip install .`` (README's first command), no extras."""
    if not (CHECKOUT / "pyproject.toml").is_file():
        pytest.skip("no pyproject.toml: not a checkout")
    home = tmp_path_factory.mktemp("venv")
    subprocess.run([sys.executable, "-m", "venv", str(home / "venv")], check=True, timeout=300)
    bin_dir = home / "venv" / "bin"
    install = subprocess.run([str(bin_dir / "python"), "-m", "pip", "install", "-q", "--disable-pip-version-check",
                              "."], cwd=CHECKOUT, capture_output=True, text=True, check=False, timeout=1800,
                             env=_clean_env(home))
    assert install.returncode == 0, install.stdout + install.stderr
    return bin_dir


def _clean_env(home: Path) -> dict[str, str]:
    """An environment of a new user: nothing of this venv, data and caches under ``home``."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME", "BARBU_DB", "BARBU_LANG", "BARBU_CACHE")
           and not key.startswith(("PYTEST", "COV_"))}
    env.update(HOME=str(home), XDG_DATA_HOME=str(home / "data"), XDG_CACHE_HOME=str(home / "cache"),
               XDG_CONFIG_HOME=str(home / "config"), LANG="C.UTF-8", LC_ALL="C.UTF-8")
    env.pop("LC_MESSAGES", None)
    return env


class User:
    """Runs ``barbu`` of the new environment in a working directory of its own."""

    def __init__(self, bin_dir: Path, home: Path) -> None:
        self.bin_dir, self.home = bin_dir, home
        self.env = _clean_env(home)
        self.env["PATH"] = f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"

    def __call__(self, *args: str, code: int = 0, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
        result = subprocess.run([str(self.bin_dir / "barbu"), *args], cwd=self.home, env=self.env, input=stdin,
                                capture_output=True, text=True, check=False, timeout=900)
        shown = f"barbu {' '.join(args)} → {result.returncode}\n{result.stdout[-2000:]}\n{result.stderr[-2000:]}"
        assert result.returncode == code, shown
        assert "Traceback" not in result.stdout + result.stderr, shown
        return result


def _commands(help_text: str) -> set[str]:
    section = help_text.split("Commands:", 1)[1]
    return {match.group(1) for match in re.finditer(r"^  (\w[\w-]*)\s", section, re.MULTILINE)}


def _has(bin_dir: Path, module: str) -> bool:
    return subprocess.run([str(bin_dir / "python"), "-c", f"import {module}"], capture_output=True,
                          check=False).returncode == 0


@pytest.mark.slow
def test_a_plain_install_runs_every_command(installed: Path, tmp_path: Path) -> None:
    barbu = User(installed, tmp_path)
    home = tmp_path
    ran: set[str] = set()

    def run(command: str, *args: str, code: int = 0, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
        ran.add(command)
        return barbu(command, *args, code=code, stdin=stdin)

    listed = _commands(barbu("--help").stdout)
    assert run("check", "tournament").stdout.startswith("ok: tournament")
    assert "sums to zero" in run("verify", "tournament").stdout
    assert "Barbu" in run("explain", "tournament").stdout
    assert "\nname: hearts\n" in run("fmt", "hearts").stdout
    assert "tournament" in run("specs").stdout
    assert json.loads(run("schema").stdout)["$schema"].startswith("https://json-schema.org/")
    played = run("play", "tournament", "--seed", "3", "--bots", "rules", "--plain", "--record", "game.jsonl")
    assert "\x1b[" not in played.stdout and (home / "game.jsonl").is_file()
    replayed = run("replay", "tournament", "game.jsonl")
    assert replayed.stdout.count("complete: raw") == 28
    example = CHECKOUT / "tests" / "engine" / "examples" / "seed-doubling-example.json"
    assert run("replay", "tournament", str(example)).stdout.startswith("complete: raw [-6, 0, -6, -12]")
    run("generate", "hearts", "-o", "gen")
    assert (home / "gen" / "hearts" / "__init__.py").is_file()
    run("scorer", "tournament", "-o", "scorer.html")
    assert (home / "scorer.html").read_text(encoding="utf-8").lstrip().lower().startswith("<!doctype html>")
    assert "tournament" in run("simulate", "tournament", "--games", "2").stdout

    db = str(home / "sheets.sqlite3")
    started = run("sheet", "new", "tournament", "--players", "Anna,Bea,Carla,Diana", "--db", db).stdout
    game = re.search(r"\d+", started).group(0)  # type: ignore[union-attr]
    (home / "hand.json").write_text(json.dumps(HAND), encoding="utf-8")
    run("sheet", "add", game, "--hand", "hand.json", "--db", db)
    assert "No queens" in run("sheet", "show", game, "--db", db).stdout
    assert json.loads(run("sheet", "export", game, "--db", db).stdout)["hands"][0]["contract"] == "No queens"
    assert "tournament" in run("sheet", "list", "--db", db).stdout

    assert "Usage: barbu serve" in run("serve", "--help").stdout
    assert "Usage: barbu join" in run("join", "--help").stdout
    assert "there is no tables' database" in run("tables", "list", "--db", str(home / "tables.sqlite3"),
                                                   code=2).stderr

    # Optional parts: each missing one named with the pip install that brings it.
    if not _has(installed, "matplotlib"):
        refused = run("simulate", "tournament", "--games", "2", "--plot", "plot.png", code=2)
        assert "pip install 'barbu_dsl[plot]'" in refused.stderr and "of 2 games" not in refused.stderr  # at once
    if not _has(installed, "numba"):
        noted = run("simulate", "tournament", "--games", "2", "--backend", "native")
        assert "pip install 'barbu_dsl[fast]'" in noted.stderr
    if not _has(installed, "distributed"):
        refused = run("simulate", "tournament", "--games", "2", "--scheduler", "tcp://127.0.0.1:1", code=2)
        assert "pip install 'barbu_dsl[cluster]'" in refused.stderr
    assert listed <= ran, f"commands of barbu --help not run here: {sorted(listed - ran)}"
