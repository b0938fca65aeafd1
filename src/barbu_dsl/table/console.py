"""How the table talks to people: lines out, answers in.

Everything is said line by line, one fact a line, in the order things
happen, and every question is one prompt line that ends with its choices.
That is what screen readers and braille displays follow well; nothing is
ever repainted, hidden or animated.

* **Plain mode** prints text and nothing else: no colour, no escape
  sequences, no box drawing, no progress bars.  It is chosen with
  ``--plain``, and on its own when ``NO_COLOR`` is set, ``TERM`` is
  ``dumb`` or the output is not a terminal (:func:`wants_plain`).
* **Rich mode** (a terminal) prints the same lines through rich, with some
  colour and emphasis, and the final score sheet as tables.

At a terminal, answers are typed with line editing and the history of
the answers given (:mod:`barbu_dsl.line_input`).  When they do not come
from a terminal (a script, a test), each answer read is echoed after its
prompt, so a transcript reads like the session it records.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TextIO

from rich.console import Console as RichConsole
from rich.text import Text

from ..line_input import interactive, read_line
from ..safe_text import for_terminal


class Leave(Exception):
    """The person stops the game: ``quit``, the end of the input, or an
    interrupt (Ctrl-C).  The table saves the game."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason  # "quit", "eof" or "interrupt"


def wants_plain(explicit: bool, environ: Mapping[str, str], stream: TextIO) -> bool:
    """Whether to speak in plain mode: asked for, ``NO_COLOR`` set (any
    value but empty), ``TERM=dumb``, or ``stream`` not a terminal."""
    if explicit or environ.get("NO_COLOR") or environ.get("TERM") == "dumb":
        return True
    isatty = getattr(stream, "isatty", None)
    return not (isatty and isatty())


class Console:
    """Lines to ``out``, answers from ``inp``; plain or rich (see the module docstring)."""

    def __init__(self, out: TextIO, inp: TextIO, plain: bool, echo: bool | None = None):
        self.out = out
        self.inp = inp
        self.plain = plain
        isatty = getattr(inp, "isatty", None)
        self.echo = (not (isatty and isatty())) if echo is None else echo
        self._rich = None if plain else RichConsole(file=out, markup=False, highlight=False, emoji=False,
                                                    soft_wrap=True)

    def say(self, text: str, style: str | None = None) -> None:
        """One line (the names and titles in it from a spec: escapes shown as text)."""
        text = for_terminal(text)
        if self._rich is None:
            self.out.write(text + "\n")
            self.out.flush()
        else:
            self._rich.print(Text(text, style=style or ""))

    def ask(self, prompt: str) -> str:
        """The answer to ``prompt``, stripped (a blank answer asks again).
        Raise :class:`Leave` at the end of the input or on an interrupt."""
        prompt = for_terminal(prompt)
        while True:
            try:
                if interactive(self.inp, self.out):
                    line = read_line(prompt + " ", self.inp, self.out)
                else:
                    self._prompt(prompt)
                    line = self.inp.readline() or None
            except KeyboardInterrupt:
                self.out.write("\n")
                raise Leave("interrupt") from None
            if line is None:
                self.out.write("\n")
                self.out.flush()
                raise Leave("eof")
            answer = line.strip()
            if self.echo:
                self.out.write(for_terminal(answer) + "\n")
                self.out.flush()
            if answer:
                return answer

    def _prompt(self, prompt: str) -> None:
        if self._rich is None:
            self.out.write(prompt + " ")
            self.out.flush()
        else:
            self._rich.print(Text(prompt + " ", style="bold"), end="")

    @property
    def rich(self) -> RichConsole | None:
        """The rich console of rich mode (None in plain mode)."""
        return self._rich
