"""The project's errors: one root, :class:`BarbuError`.

* :class:`SpecError` — a spec cannot be used.  It carries every
  :class:`Diagnostic` found in the file, each printed as
  ``FILE:LINE:COL: error: message``, the source line, a caret and a hint.
* :class:`RecordError` — a hand record breaks a rule or cannot be read
  (the four kinds of docs/records.md).  It and the root are the runtime's
  (:mod:`barbu_dsl.runtime.errors`): the generated packages raise them too.
* :class:`UsageError` — a command line asks for something that does not exist.
* :class:`ToolError` — a program barbu needs cannot be run (ruff, which
  formats generated code).

The CLI turns each into one clear message (:func:`message`) and a
documented exit code: 0 ok, 1 a finding (does not sum to zero, an illegal
play), 2 unusable input.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .runtime.errors import BarbuError, RecordError

__all__ = ["BarbuError", "Diagnostic", "RecordError", "SpecError", "ToolError", "UsageError", "message"]


@dataclass(frozen=True)
class Diagnostic:
    """One problem in a spec file, positioned at line and column (1-based).

    ``severity`` is ``error``, ``warning`` (the spec can be used, but
    something in it does not work) or ``note`` (a place that explains
    another diagnostic); ``notes`` are printed after it."""

    file: str
    line: int
    column: int
    message: str
    source_line: str = ""
    width: int = 1
    hint: str | None = None
    severity: str = "error"
    notes: tuple[Diagnostic, ...] = ()

    def format(self, words: Mapping[str, str] | None = None) -> str:
        """The diagnostic as barbu prints it; ``words``: the words for its
        severity and for ``hint`` in another language (the lobby's)."""
        said = words or {}
        text = f"{self.file}:{self.line}:{self.column}: {said.get(self.severity, self.severity)}: {self.message}"
        if self.source_line:
            shown, column, width = _window(self.source_line, self.column, max(1, self.width))
            text += f"\n    {shown}\n    {' ' * (column - 1)}{'^' * width}"
        if self.hint:
            text += f"\n    {said.get('hint', 'hint')}: {self.hint}"
        return "\n".join([text, *(note.format(words) for note in self.notes)])


SHOWN_LINE = 160
"""The most of a source line a diagnostic shows: a window around the column."""


def _window(line: str, column: int, width: int) -> tuple[str, int, int]:
    """The part of a long source line around ``column``, and the column and
    caret width within it (``...`` marks what is cut)."""
    if len(line) <= SHOWN_LINE:
        return line, column, width
    width = min(width, SHOWN_LINE // 2)
    start = max(0, min(column - 1 - SHOWN_LINE // 4, len(line) - SHOWN_LINE))
    shown = line[start:start + SHOWN_LINE]
    column -= start
    if start > 0:
        shown, column = "..." + shown, column + 3
    if start + SHOWN_LINE < len(line):
        shown += "..."
    return shown, column, width


class SpecError(BarbuError):
    """A spec that cannot be used; holds every problem found in it."""

    def __init__(self, diagnostics: list[Diagnostic], partial: Any = None):
        files = list(dict.fromkeys(d.file for d in diagnostics))
        self.diagnostics = sorted(diagnostics, key=lambda d: (files.index(d.file), d.line, d.column))
        self.partial = partial  # what could be read despite the problems (a spec and what it left unread), or None
        super().__init__(self.format())

    def format(self) -> str:
        count = len(self.diagnostics)
        summary = f"{count} error{'s' if count != 1 else ''}"
        return "\n".join([*(d.format() for d in self.diagnostics), summary])


class UsageError(BarbuError):
    """A command line that names something that does not exist."""


class ToolError(BarbuError):
    """A program barbu needs is missing, fails to start, or is not the
    version it needs; the message says which and how to install it."""


def message(error: BarbuError) -> str:
    """How the CLI shows an error: a spec's diagnostics as they are (each
    starts with its file and line, as compilers write them), anything else
    as one ``barbu: ...`` message."""
    if isinstance(error, SpecError):
        return error.format()
    return f"barbu: {error}"
