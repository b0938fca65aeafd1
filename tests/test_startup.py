"""Commands that answer at once: each command loads only what its work
needs (never pydantic, typer, or a parser for a spec already read), its
help is laid out as it always was, and shell completion works through
click.  How fast they start is measured by ``benchmarks/startup.py``, not
here: these tests check what is loaded, which a slower machine does not
change."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import assert_golden

from barbu_dsl.cli import app
from barbu_dsl.fuzzing import invoke

GOLDEN = Path(__file__).parent / "golden" / "help"

PROBE = """
import json, sys
from barbu_dsl.cli import run
code = run(sys.argv[1:])
sys.stdout.flush()
print("\\nMODULES " + json.dumps(sorted(sys.modules)))
sys.exit(code)
"""

NEVER = {"pydantic", "typer"}
READING = {"lark", "yaml", "barbu_dsl.language.loader", "barbu_dsl.language.reader", "barbu_dsl.language.settings",
           "barbu_dsl.language.parser", "barbu_dsl.language.source"}
GENERATING = {"jinja2", "barbu_dsl.generator"}


def loaded(args: list[str], cwd: Path, env: dict[str, str]) -> set[str]:
    """The modules loaded by ``barbu ARGS`` in a fresh process."""
    run = subprocess.run([sys.executable, "-c", PROBE, *args], cwd=cwd, env=env, capture_output=True, text=True,
                         timeout=120, check=False)
    assert run.returncode in (0, 1), run.stderr
    return set(json.loads(run.stdout.rsplit("\nMODULES ", 1)[1]))


@pytest.fixture
def warm(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A working directory with a score sheet of one game, and a cache in
    which the bundled spec and the sheet's copy of it are already read."""
    env = {**os.environ, "BARBU_CACHE": str(tmp_path / "cache"), "BARBU_DB": str(tmp_path / "sheets.sqlite3"),
           "BARBU_LANG": "en"}
    hand = {"contract": "No tricks", "declarer": 0, "took": {"tricks": [4, 3, 3, 3]}}
    (tmp_path / "hand.json").write_text(json.dumps(hand), encoding="utf-8")
    for args in (["sheet", "new", "tournament", "--players", "A,B,C,D"], ["verify", "tournament"],
                 ["sheet", "show", "1"]):
        subprocess.run([sys.executable, "-m", "barbu_dsl", *args], cwd=tmp_path, env=env, capture_output=True,
                       timeout=120, check=True)
    return tmp_path, env


@pytest.mark.parametrize(("args", "absent"), [
    (["--version"], NEVER | READING | GENERATING | {"rich", "sqlite3", "barbu_dsl.language.model",
                                                     "barbu_dsl.engine"}),
    (["--help"], NEVER | READING | GENERATING | {"rich", "sqlite3", "barbu_dsl.language.model", "barbu_dsl.engine"}),
    (["verify", "tournament"], NEVER | READING | GENERATING | {"rich", "sqlite3", "barbu_dsl.engine"}),
    (["sheet", "add", "1", "--hand", "hand.json"], NEVER | READING | GENERATING | {"rich"}),
    (["sheet", "show", "1"], NEVER | READING | GENERATING),
])
def test_each_command_loads_only_what_it_uses(warm: tuple[Path, dict[str, str]], args: list[str],
                                              absent: set[str]) -> None:
    modules = loaded(args, *warm)
    found = {name for name in modules for top in absent if name == top or name.startswith(top + ".")}
    assert not found, f"barbu {' '.join(args)} loads {sorted(found)}"


def test_a_spec_not_yet_read_is_read(tmp_path: Path) -> None:
    """The other side of the test above: a cold cache reads the spec."""
    env = {**os.environ, "BARBU_CACHE": str(tmp_path / "cache")}
    assert {"lark", "yaml"} <= loaded(["verify", "tournament"], tmp_path, env)


def help_pages() -> list[list[str]]:
    pages = [[]]
    for name, command in app.commands.items():
        pages.append([name])
        pages.extend([name, sub] for sub in getattr(command, "commands", {}))
    return pages


@pytest.mark.parametrize("words", help_pages(), ids=lambda words: "-".join(words) or "barbu")
def test_help_pages(words: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Every help page as it was: arguments listed with their help before
    the options, each option's default; golden files in tests/golden/help."""
    monkeypatch.setenv("COLUMNS", "80")
    result = invoke([*words, "--help"])
    assert result.clean and result.code == 0
    assert_golden(result.out, GOLDEN / f"{'-'.join(words) or 'barbu'}.txt")


def completion(words: str, env: dict[str, str] | None = None) -> list[str]:
    """What the shell gets offered after ``words`` (bash's protocol)."""
    parts = words.split(" ")
    run = subprocess.run([sys.executable, "-m", "barbu_dsl"], capture_output=True, text=True, timeout=60,
                         check=False, env={**os.environ, **(env or {}), "_BARBU_COMPLETE": "bash_complete",
                                           "COMP_WORDS": words, "COMP_CWORD": str(len(parts) - 1)})
    assert run.returncode == 0, run.stderr
    return [line.split(",", 1)[1] for line in run.stdout.splitlines()]


def test_completion_offers_commands_and_options() -> None:
    assert completion("barbu ver") == ["verify"]
    assert completion("barbu sheet ex") == ["export"]
    assert "--players" in completion("barbu verify tournament --")


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_show_completion_prints_the_shells_script(shell: str) -> None:
    result = invoke(["--show-completion", shell])
    assert result.clean and result.code == 0
    assert "_BARBU_COMPLETE" in result.out and "complete" in result.out


def test_show_completion_names_the_login_shell_or_asks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHELL", "/usr/bin/zsh")
    assert "#compdef barbu" in invoke(["--show-completion"]).out
    monkeypatch.delenv("SHELL")
    result = invoke(["--show-completion"])
    assert result.code == 2 and result.err == ("barbu: cannot tell which shell you use; name it, "
                                               "e.g. --show-completion bash\n")
    result = invoke(["--show-completion", "tcsh"])
    assert result.code == 2 and "no completion for the shell 'tcsh'" in result.err


def test_install_completion_adds_one_line_and_keeps_the_rest(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    rc = tmp_path / ".bashrc"
    mine = b"# my settings\nexport PS1='\\xe9> '\nalias ll='ls -l'"  # no newline at the end, not even UTF-8
    rc.write_bytes(mine)
    for _ in range(2):
        result = invoke(["--install-completion", "bash"])
        assert result.clean and result.code == 0, result.err
    script = tmp_path / ".bash_completions" / "barbu.sh"
    assert result.out == f"bash completion installed in {script}\nCompletion will take effect once you restart the " \
                         "terminal\n"
    assert rc.read_bytes() == mine + f"\nsource '{script}'\n".encode()
    assert "_BARBU_COMPLETE=bash_complete" in script.read_text(encoding="utf-8")
    assert invoke(["--install-completion", "fish"]).code == 0
    assert (tmp_path / ".config" / "fish" / "completions" / "barbu.fish").is_file()
    assert invoke(["--install-completion", "zsh"]).code == 0
    assert "fpath+=~/.zfunc" in (tmp_path / ".zshrc").read_text(encoding="utf-8")


def test_install_completion_never_writes_through_a_link(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / "dotfiles").mkdir()
    (tmp_path / "dotfiles" / "bashrc").write_text("# kept in git\n", encoding="utf-8")
    (tmp_path / ".bashrc").symlink_to(tmp_path / "dotfiles" / "bashrc")
    result = invoke(["--install-completion", "bash"])
    assert result.clean and result.code == 2
    assert "it is a symbolic link; barbu never writes through one" in result.err
    assert (tmp_path / "dotfiles" / "bashrc").read_text(encoding="utf-8") == "# kept in git\n"
    result = invoke(["--install-completion", "tcsh"])
    assert result.code == 2 and "barbu installs completion for bash, zsh, fish, not 'tcsh'" in result.err
