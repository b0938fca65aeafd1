"""User text made safe for where it is shown: a terminal, JSON, Markdown, HTML.

Spec names, contract names, descriptions and record fields are free text,
and a hostile one may hold terminal escapes (``\\x1b]0;title\\a``,
``\\x1b[2J``), bidirectional overrides, lone surrogates (which cannot be
encoded at all), rich markup (``[bold]``) or emoji codes (``:smile:``).

* :func:`for_terminal` — control and format characters shown as ``\\x1b``,
  ``\\u202e``...; lone surrogates as U+FFFD; newlines and tabs kept (a
  command's own output has them) unless ``one_line``.
* :class:`Terminal` — standard output or error: every text through
  :func:`for_terminal`; tables and other renderables drawn by a rich
  console with markup, emoji codes and highlighting off.
* :func:`json_line` — one JSON value on one line that any terminal shows
  as it is: the characters above as ``\\uXXXX`` escapes (the same value).
* :func:`for_rich` — a rich table cell or title.
* :func:`for_markdown` and :func:`for_html` — for generated documents.
* :func:`for_spreadsheet` — a CSV cell that no spreadsheet runs as a formula.
"""

from __future__ import annotations

import html
import json
import re
import sys
from functools import cached_property
from typing import IO, TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.text import Text

    from .rich_console import SafeConsole

_SURROGATE = re.compile("[\ud800-\udfff]")


def pair_surrogates(text: str) -> str:
    """``text`` with each surrogate pair (``"\\ud83d\\ude00"`` written as two
    escapes) made the one character it stands for; lone surrogates stay."""
    if not _SURROGATE.search(text):
        return text
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")


def lone_surrogate(text: str) -> str | None:
    """The first lone surrogate in ``text`` (no character: it cannot be
    written to a file, a database or a terminal), or None."""
    found = _SURROGATE.search(text)
    return found.group(0) if found else None


def _visible(char: str) -> str:
    code = ord(char)
    if 0xD800 <= code <= 0xDFFF:
        return "\ufffd"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


# Unicode's control (Cc) and format (Cf: bidi overrides, zero-width
# characters) characters, the line and paragraph separators (Zl, Zp) and
# the surrogates (Cs); tests/test_safe_text.py checks the list against
# unicodedata.
_UNSAFE = re.compile(
    "[\x00-\x1f\x7f-\x9f\xad\u0600-\u0605\u061c\u06dd\u070f\u0890-\u0891\u08e2\u180e\u200b-\u200f"
    "\u2028-\u202e\u2060-\u2064\u2066-\u206f\ud800-\udfff\ufeff\ufff9-\ufffb\U000110bd\U000110cd"
    "\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f]"
)


def for_terminal(text: str, *, one_line: bool = False) -> str:
    """``text`` with every character a terminal would act on made visible."""
    def replace(match: re.Match[str]) -> str:
        char = match.group(0)
        if not one_line and char in "\n\t":
            return char
        return _visible(char)
    return _UNSAFE.sub(replace, text)


def json_line(value: Any) -> str:
    """``value`` as one line of JSON (UTF-8 kept readable), with the
    characters :func:`for_terminal` shows escaped instead (``\\u001b``)."""
    text = json.dumps(value, ensure_ascii=False)
    return _UNSAFE.sub(lambda match: f"\\u{ord(match.group(0)):04x}", text)


_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]|~])")


def for_markdown(text: str) -> str:
    """``text`` as literal Markdown inline text (a table cell): on one line,
    HTML escaped, and the punctuation that marks up inline text (emphasis,
    code, links, cells) backslashed."""
    flat = for_terminal(" ".join(text.split()), one_line=True)
    return _MARKDOWN_SPECIAL.sub(r"\\\1", html.escape(flat, quote=False))


def for_rich(text: str) -> Text:
    """User text for a rich table cell or title: on one line, made visible,
    and a :class:`~rich.text.Text`, which rich never reads as markup or
    emoji codes (whatever the console's settings)."""
    from rich.text import Text

    return Text(for_terminal(text, one_line=True))


def for_html(text: str) -> str:
    """``text`` as HTML text or an attribute value."""
    return html.escape(_SURROGATE.sub("\ufffd", text), quote=True)


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")
"""What a spreadsheet reads a cell as a formula (or a command) from, when
it starts the cell: the four signs, their full-width forms, a tab or a
carriage return (OWASP, "CSV injection")."""


def for_spreadsheet(text: str) -> str:
    """``text`` for a CSV cell a spreadsheet opens: one that a spreadsheet
    would run as a formula (``=HYPERLINK(...)``, ``+1+1``, ``@SUM(...)``)
    starts with an apostrophe, which spreadsheets read as "this is text"."""
    return "'" + text if text.startswith(_FORMULA_START) else text


class Terminal:
    """Standard output or standard error for barbu's messages: every text
    made safe (:func:`for_terminal`) first.  Text is written as it is;
    tables and other rich renderables are drawn by :attr:`console`, a rich
    console that makes text safe too, with markup, emoji codes and
    highlighting off (:mod:`barbu_dsl.rich_console`), made when first needed
    (rich takes longer to load than a short command takes to run).
    Both write to the stream in ``sys.stdout`` or ``sys.stderr`` at the
    time of writing.

    ``width`` fixes the console's width and ``soft_wrap=False`` lets it
    fold lines to it; by default lines are never folded."""

    def __init__(self, stderr: bool = False, *, width: int | None = None, soft_wrap: bool = True):
        self.stderr = stderr
        self.soft_wrap = soft_wrap
        self._width = width

    @property
    def file(self) -> IO[str]:
        return sys.stderr if self.stderr else sys.stdout

    @cached_property
    def console(self) -> SafeConsole:
        """The rich console on the same stream (it makes text safe too)."""
        from .rich_console import SafeConsole

        return SafeConsole(stderr=self.stderr, width=self._width, soft_wrap=self.soft_wrap)

    @property
    def is_terminal(self) -> bool:
        return self.console.is_terminal

    def print(self, *objects: Any, sep: str = " ", end: str = "\n", **options: Any) -> None:
        """Print like rich, each text made safe first; markup and emoji stay
        off.  Texts alone, unfolded, are written directly: what rich would
        write for them (rich turns tabs into spaces, so a tab goes to rich)."""
        shown = [for_terminal(o) if isinstance(o, str) else o for o in objects]
        if (self.soft_wrap and not options.keys() - {"markup", "emoji", "highlight"}
                and all(isinstance(o, str) and "\t" not in o for o in [*shown, sep, end])):
            self._write(sep.join(shown) + end)
            return
        self.console.print(*shown, sep=sep, end=end, **options)

    def show(self, text: str) -> None:
        """Write ``text`` as it is (its own newlines), made safe."""
        self._write(for_terminal(text))

    def _write(self, text: str) -> None:
        stream = self.file
        stream.write(text)
        stream.flush()


__all__ = ["Terminal", "for_html", "for_markdown", "for_rich", "for_spreadsheet", "for_terminal", "json_line",
           "lone_surrogate", "pair_surrogates"]
