"""Format the generated Python with ruff: imports sorted, then ``ruff format``.

The templates lay code out readably; ruff gives it the layout a reviewer
expects of any Python file (isort's import blocks, black's wrapping and
quotes).  For the output to stay the same bytes on every machine, nothing
that varies is let in:

* the ruff binary is the one of the installed ``ruff`` package, whose
  version barbu_dsl pins (:data:`RUFF_VERSION`, the same as in
  pyproject.toml); another version may lay code out differently, so it is
  refused;
* no configuration file is read (``--isolated``); line length, target
  version and isort's source roots are given on the command line (no source
  root: a directory beside the files never turns an import first-party);
* the files are written to a fresh temporary directory, named one by one
  on the command line (no exclusion pattern can skip one), and ruff runs
  there.

All files of one generation go through one ``ruff check --fix`` and one
``ruff format`` run: starting ruff per file costs several times more.
Formatting never touches comments, so each file's header stays as written;
that is checked.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from functools import lru_cache
from pathlib import Path

from ..errors import ToolError
from ..files import os_reason

RUFF_VERSION = "0.17.6"
"""The ruff release the generated code is formatted with (pinned in pyproject.toml)."""

LINE_LENGTH = 120
TARGET_VERSION = "py311"
SETTINGS = ("--isolated", "--no-cache", "--line-length", str(LINE_LENGTH), "--target-version", TARGET_VERSION)
"""What every ruff command is given: no configuration file, no cache, fixed settings."""
ISORT = ("--select", "I", "--config", "src = []")
"""Import sorting only, and no source root: no directory makes an import first-party."""

_INSTALL = f"barbu generate needs ruff {RUFF_VERSION} (pip install ruff=={RUFF_VERSION})"


@lru_cache(maxsize=1)
def ruff_binary() -> str:
    """The path of the installed ruff binary, once it is known to run and to
    be :data:`RUFF_VERSION`; else :class:`ToolError`."""
    try:
        from ruff.__main__ import find_ruff_bin
    except ImportError:
        raise ToolError(f"cannot format the generated code: ruff is not installed; {_INSTALL}") from None
    try:
        binary = find_ruff_bin()
    except FileNotFoundError:
        raise ToolError(f"cannot format the generated code: the ruff package has no binary; {_INSTALL}") from None
    version = _run([binary, "--version"]).split()
    if version[-1:] != [RUFF_VERSION]:
        raise ToolError(f"cannot format the generated code: found {' '.join(version) or 'an unknown ruff'} "
                        f"at {binary}; {_INSTALL}")
    return binary


def _run(command: list[str], cwd: str | None = None) -> str:
    """Run ruff; its standard output, or :class:`ToolError` saying why it failed."""
    try:
        run = subprocess.run(command, cwd=cwd, check=False, capture_output=True, text=True, encoding="utf-8",
                             timeout=300)
    except (OSError, subprocess.SubprocessError) as error:
        raise ToolError(f"cannot run ruff ({command[0]}): {error}; {_INSTALL}") from None
    if run.returncode != 0:
        detail = (run.stderr or run.stdout).strip() or f"exit status {run.returncode}"
        raise ToolError(f"ruff failed ({' '.join(command[1:3])}): {detail}")
    return run.stdout


def _header(text: str) -> str:
    """The comment lines a file starts with (the generator's header)."""
    lines = text.splitlines(keepends=True)
    end = next((i for i, line in enumerate(lines) if not line.startswith("#")), len(lines))
    return "".join(lines[:end])


def format_python(files: dict[str, str], keep: frozenset[str] = frozenset()) -> dict[str, str]:
    """``files`` (relative path → text) with every ``.py`` file's imports
    sorted and its code formatted, but those in ``keep`` (copied as they
    are); other files unchanged."""
    sources = sorted(name for name in files if name.endswith(".py") and name not in keep)
    if not sources:
        return dict(files)
    binary = ruff_binary()
    try:
        with tempfile.TemporaryDirectory(prefix="barbu-format-") as directory:
            return _format_in(Path(directory), binary, files, sources)
    except OSError as error:  # a full or read-only temporary directory, or none at all
        where = os.environ.get("TMPDIR") or "the temporary directory"
        raise ToolError(f"cannot format the generated code: {where} cannot hold it: {os_reason(error)} "
                        "(TMPDIR names another directory)") from None


def _format_in(root: Path, binary: str, files: dict[str, str], sources: list[str]) -> dict[str, str]:
    """:func:`format_python` in the fresh directory ``root``."""
    out = dict(files)
    directory = str(root)
    for name in sources:
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(files[name], encoding="utf-8", newline="\n")
    _run([binary, "check", "--fix-only", "--quiet", *ISORT, *SETTINGS, *sources], cwd=directory)
    _run([binary, "format", "--quiet", *SETTINGS, *sources], cwd=directory)
    for name in sources:
        text = (root / name).read_text(encoding="utf-8")
        if not text.startswith(_header(files[name])):
            raise AssertionError(f"ruff moved the header of {name}")
        out[name] = text
    return out
