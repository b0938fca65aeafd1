"""Shell completion for ``barbu``: ``--show-completion`` prints the script
for a shell, ``--install-completion`` puts it where the shell reads it.

The scripts are click's: the shell runs ``barbu`` with ``_BARBU_COMPLETE``
set, and click answers with the commands, options and arguments that fit
(:meth:`click.Command.main` does it before anything else).  The shell is
the one named, else the one ``$SHELL`` names.

Installing writes the script to a file of its own and, for bash and zsh,
adds one line to the shell's start-up file, only if that line is not
there yet: everything else in the file stays as it was, byte for byte, and
the file is replaced atomically (:mod:`barbu_dsl.files`), never written
through a symbolic link.
"""

from __future__ import annotations

import os
from pathlib import Path

import click

from .errors import UsageError
from .files import FileProblem, atomic_path, os_reason

PROGRAM = "barbu"
INSTALLED = ("bash", "zsh", "fish")
"""The shells --install-completion knows where to install for."""


def shell_name(given: str) -> str:
    """The shell asked for, else the user's login shell (``$SHELL``)."""
    shell = given.strip() or Path(os.environ.get("SHELL", "")).name
    if not shell:
        raise UsageError("cannot tell which shell you use; name it, e.g. --show-completion bash")
    return shell


def script(shell: str, command: click.Command) -> str:
    """The completion script of ``barbu`` for ``shell``."""
    from click.shell_completion import get_completion_class

    complete = get_completion_class(shell)
    if complete is None:
        raise UsageError(f"no completion for the shell '{shell}'; name bash, zsh or fish")
    return complete(command, {}, PROGRAM, f"_{PROGRAM.upper()}_COMPLETE").source()


def install(shell: str, command: click.Command, home: Path | None = None) -> Path:
    """Install the completion script for ``shell``; the file it is in."""
    home = home or Path.home()
    if shell not in INSTALLED:
        raise UsageError(f"barbu installs completion for {', '.join(INSTALLED)}, not '{shell}'; "
                         f"barbu --show-completion {shell} prints the script to install by hand")
    text = script(shell, command)
    if shell == "bash":
        path = home / ".bash_completions" / f"{PROGRAM}.sh"
        start_up: tuple[Path, str] | None = (home / ".bashrc", f"source '{path}'")
    elif shell == "zsh":
        path = home / ".zfunc" / f"_{PROGRAM}"
        start_up = (home / ".zshrc", "fpath+=~/.zfunc; autoload -Uz compinit; compinit")
    else:
        path = home / ".config" / "fish" / "completions" / f"{PROGRAM}.fish"
        start_up = None
    _replace(path, text.rstrip("\n").encode("utf-8") + b"\n")
    if start_up is not None:
        _add_line(*start_up)
    return path


def _add_line(path: Path, line: str) -> None:
    """Add ``line`` to the end of the file ``path`` unless it holds it."""
    try:
        content = path.read_bytes() if path.exists() else b""
    except OSError as error:
        raise FileProblem(path, os_reason(error)) from None
    wanted = line.encode("utf-8")
    if wanted in content.splitlines():
        return
    if content and not content.endswith(b"\n"):
        content += b"\n"
    _replace(path, content + wanted + b"\n")


def _replace(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically, its directory made if need be."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise FileProblem(path, os_reason(error), reading=False) from None
    with atomic_path(path, overwrite=True) as temporary:
        temporary.write_bytes(data)


__all__ = ["INSTALLED", "install", "script", "shell_name"]
