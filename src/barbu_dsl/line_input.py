"""One line typed at a prompt, with line editing and history where the
terminal has them.

Every question ``barbu`` asks a person (the score sheet's, the table's)
reads its answer here.  On a terminal, with Python's ``readline`` at hand,
the arrow keys move in the line and through the answers given before
(the history of this run), and an answer can be offered ready-typed
(``prefill``: the answer a hand already has, when it is edited).
Elsewhere — a script, a pipe, a test — the prompt is written and one line
is read as it comes; ``prefill`` is then said after the prompt in
brackets, and an empty answer keeps it.
"""

from __future__ import annotations

import sys
from typing import Any, TextIO

_readline: Any = None
_loaded = False


def _line_editing() -> Any:
    """Python's readline module, loaded once, or None where there is none."""
    global _readline, _loaded
    if not _loaded:
        _loaded = True
        try:
            import readline
        except ImportError:  # no readline on this platform: plain lines
            readline = None  # type: ignore[assignment]
        _readline = readline
    return _readline


def interactive(inp: TextIO, out: TextIO) -> bool:
    """Whether ``inp`` and ``out`` are this process's terminal (where
    ``input()`` edits the line)."""
    try:
        return inp is sys.stdin and out is sys.stdout and inp.isatty() and out.isatty()
    except (AttributeError, ValueError):
        return False


def read_line(prompt: str, inp: TextIO, out: TextIO, prefill: str | None = None) -> str | None:
    """The line typed after ``prompt`` (without its line end), ``prefill``
    for an empty line when one is given, or None at the end of the input.
    Ctrl-C raises :class:`KeyboardInterrupt` as always."""
    if interactive(inp, out) and _line_editing() is not None:
        readline = _line_editing()
        if prefill:
            readline.set_startup_hook(lambda: readline.insert_text(prefill))
        try:
            return input(prompt)
        except EOFError:
            return None
        finally:
            if prefill:
                readline.set_startup_hook(None)
    if prefill:
        prompt = f"{prompt}[{prefill}] "
    out.write(prompt)
    out.flush()
    line = inp.readline()
    if not line:
        return None
    answer = line.rstrip("\r\n")
    return prefill if prefill and not answer.strip() else answer


__all__ = ["interactive", "read_line"]
