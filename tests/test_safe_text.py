"""The one place user text is made safe to show (:mod:`barbu_dsl.safe_text`),
checked character by character against Unicode's categories (issue 9,
defect 10): every control, format, separator and surrogate character is
made visible for a terminal and escaped in JSON, and nothing else is
(but characters that later Unicode versions made formats)."""

from __future__ import annotations

import io
import json
import sys
import unicodedata
from contextlib import redirect_stdout

from hypothesis import given, settings
from hypothesis import strategies as st

from barbu_dsl.safe_text import Terminal, for_html, for_markdown, for_rich, for_terminal, json_line

UNSAFE_CATEGORIES = {"Cc", "Cf", "Zl", "Zp", "Cs"}


def test_the_unsafe_characters_are_exactly_unicodes_controls_and_formats() -> None:
    wrong = []
    for code in range(sys.maxunicode + 1):
        char = chr(code)
        unsafe = unicodedata.category(char) in UNSAFE_CATEGORIES
        shown = for_terminal(char, one_line=True) != char
        if shown != unsafe and not (shown and unicodedata.category(char) == "Cn"):  # a format in later Unicode
            wrong.append(f"U+{code:04X} {unicodedata.category(char)}")
    assert wrong == [], wrong[:20]


def test_a_terminal_sees_escapes_as_text() -> None:
    assert for_terminal("a\x1b[2Jb\x07\u202e") == "a\\x1b[2Jb\\x07\\u202e"
    assert for_terminal("a\nb\tc") == "a\nb\tc"
    assert for_terminal("a\nb", one_line=True) == "a\\x0ab"
    assert for_terminal("\ud800") == "\ufffd"


def test_json_lines_escape_the_same_characters_and_keep_the_value() -> None:
    value = {"reason": "a\x1b[2J\u2028:smile: ♥"}
    line = json_line(value)
    assert "\x1b" not in line and "\u2028" not in line and "♥" in line
    assert json.loads(line) == value


def test_markdown_html_and_rich_cells() -> None:
    assert for_markdown("a\nb <i>") == "a b &lt;i&gt;"
    assert for_html('<a href="x">') == "&lt;a href=&quot;x&quot;&gt;"
    cell = for_rich("[bold]x[/bold] :smile: \x1b")
    assert cell.plain == "[bold]x[/bold] :smile: \\x1b" and not cell.spans


@settings(max_examples=300, deadline=None)
@given(texts=st.lists(st.text(), max_size=3), terminal=st.booleans())
def test_a_terminal_writes_text_as_rich_would(texts: list[str], terminal: bool) -> None:
    """``Terminal.print`` writes plain text itself (rich is slow to load):
    the same characters as the rich console it stood on before, on a
    terminal or not."""
    from rich.console import Console

    expected = io.StringIO()
    Console(file=expected, markup=False, emoji=False, highlight=False, soft_wrap=True,
            force_terminal=terminal).print(*(for_terminal(text) for text in texts))
    written = io.StringIO()
    with redirect_stdout(written):
        Terminal().print(*texts)
    assert written.getvalue() == expected.getvalue()


def test_the_console_behind_a_terminal_makes_text_safe_too() -> None:
    """Whatever prints straight to the rich console (a report's lines, a
    table) gets the same treatment as the terminal's own text."""
    written = io.StringIO()
    with redirect_stdout(written):
        Terminal(width=200, soft_wrap=False).console.print("x\x1b]0;pwned\x07 [bold]b[/bold] :smile:", style="dim")
    assert written.getvalue() == "x\\x1b]0;pwned\\x07 [bold]b[/bold] :smile:\n"
