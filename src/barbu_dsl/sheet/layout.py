"""A score sheet drawn to fit the terminal (``barbu sheet show`` and the
final sheet of ``barbu play``).

One row per hand: its number, the contract as announced (in the players'
language), the declarer, the doubles by name, each player's score for the
hand and the running totals.  When that is wider than the terminal (a
28-hand evening of four players at 80 columns), the compact layout keeps
every fact in less room: the declarer and the doubles under the contract,
and in each player's column the hand's score with the running total under
it.  Nothing is cut: a long name or contract wraps in its cell.  The
winners' totals are in bold (a style, never markup: names are data).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..i18n import Translator
from ..safe_text import for_terminal

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text


@dataclass(frozen=True)
class SheetRow:
    """One hand on a sheet, in words: its number (from 1), the contract as
    announced, the declarer's name (or "" where nobody declares: then the
    sheet has no declarer column), the doubles by name (or ""), each
    player's score for the hand and the running totals after it."""

    number: int
    contract: str
    declarer: str
    doubles: str
    scores: tuple[int, ...]
    totals: tuple[int, ...]


def signed(value: int) -> str:
    """``+24``, ``−12``, ``0``."""
    return f"{value:+d}".replace("-", "−") if value else "0"


def total_text(value: int) -> str:
    """``24``, ``−12``, ``0``."""
    return str(value).replace("-", "−")


def doubles_words(doubles: Sequence[tuple[int, int]], names: Sequence[str], t: Translator) -> str:
    """``Bea→Anna, Carla, Diana; Carla→Anna; Anna→Carla (redoubled)``: each
    doubler, in the order they spoke, with whom they doubled, and apart
    whom they redoubled (a double of one who doubled them before,
    docs/rules.md section 2), said so in ``t``'s language; ``; `` between
    doublers, so a screen reader pauses there."""
    pairs = [(doubler, doubled) for doubler, doubled in doubles]
    groups: dict[tuple[int, bool], list[int]] = {}
    for index, (doubler, doubled) in enumerate(pairs):
        redouble = (doubled, doubler) in pairs[:index]
        groups.setdefault((doubler, redouble), []).append(doubled)
    return "; ".join(t("sheet_cli.doubles.redouble" if redouble else "sheet_cli.doubles.double", doubler=names[d],
                       players=", ".join(names[s] for s in sorted(them)))
                     for (d, redouble), them in groups.items())


def print_sheet(console: Console, title: str, names: Sequence[str], rows: Sequence[SheetRow],
                totals: Sequence[int], winners: Sequence[int], t: Translator, checked: bool = False,
                doubling: bool = True) -> None:
    """Print the sheet as wide as it needs, or compact when that is wider
    than ``console`` (``checked``: a column of check marks, every hand
    having added up to its contract's total; ``doubling`` False: a game
    without doubling, whose sheet has no doubles column and whose caption
    does not speak of doubles)."""
    from rich.measure import Measurement

    wide = _wide(title, names, rows, totals, winners, t, checked, doubling)
    needed = Measurement.get(console, console.options.update_width(10_000), wide).maximum
    if needed <= console.width:
        console.print(wide, soft_wrap=False)  # the caption wraps to the terminal's width too
        return
    for line in _compact(title, names, rows, totals, winners, t, checked, doubling, console.width):
        console.print(line, soft_wrap=True)


def print_or_lines(console: Console, table: Table, blocks: Sequence[Sequence[str]]) -> None:
    """Print ``table`` if it fits ``console`` unwrapped, else each of
    ``blocks`` as its lines, wrapped between list items (a name is never
    cut), the lines after the first indented, a blank line between blocks."""
    from rich.measure import Measurement

    if Measurement.get(console, console.options.update_width(10_000), table).maximum <= console.width:
        console.print(table)
        return
    for number, block in enumerate(blocks):
        if number:
            console.print("")
        for index, line in enumerate(block):
            lead = "" if index == 0 else "  "
            for part in wrap(line, console.width - len(lead)):
                console.print(lead + part, markup=False, highlight=False, emoji=False, soft_wrap=True)


def _cell(text: str) -> str:
    """Text from a spec or a player, shown as text (escapes visible)."""
    return for_terminal(text)


def _total_cells(totals: Sequence[int], winners: Sequence[int]) -> list[Text]:
    from rich.text import Text

    return [Text(total_text(v), style="bold" if seat in winners else "") for seat, v in enumerate(totals)]


def _caption(key: str, t: Translator, checked: bool, doubling: bool) -> str:
    return t(key + (".checked" if checked else "") + ("" if doubling else ".no_doubles"))


DOUBLES_WIDTH = 32
"""The widest the wide grid's doubles column grows (cells): longer lists wrap at their own breaks."""


def _wide(title: str, names: Sequence[str], rows: Sequence[SheetRow], totals: Sequence[int],
          winners: Sequence[int], t: Translator, checked: bool, doubling: bool) -> Table:
    from rich import box
    from rich.table import Table

    caption = _caption("sheet_cli.caption", t, checked, doubling)
    table = Table(title=_cell(title), box=box.SIMPLE_HEAD, caption=caption, caption_justify="left")
    table.add_column(t("sheet_cli.col.hand"), justify="right", no_wrap=True)
    table.add_column(t("sheet_cli.col.contract"))
    declarers = any(row.declarer for row in rows)  # none in a game where nobody declares (Hearts)
    if declarers:
        table.add_column(t("sheet_cli.col.declarer"))
    if doubling:  # a hand's doubles wrap in their column, so that a long list does not push the grid off the screen
        table.add_column(t("sheet_cli.col.doubles"), max_width=DOUBLES_WIDTH)
    for name in names:
        table.add_column(_cell(name), justify="right", no_wrap=True)
    if checked:
        table.add_column("✓", justify="center", no_wrap=True)
    for name in names:
        table.add_column(_cell(t("sheet_cli.col.total", name=name)), justify="right", no_wrap=True)
    for row in rows:
        table.add_row(str(row.number), _cell(row.contract), *([_cell(row.declarer)] if declarers else []),
                      *([_cell(row.doubles)] if doubling else []),
                      *(signed(v) for v in row.scores), *(["✓"] if checked else []),
                      *(total_text(v) for v in row.totals))
    table.add_section()
    table.add_row("", t("sheet_cli.row.total"), *([""] if declarers else []), *([""] if doubling else []),
                  *([""] * len(names)),
                  *([""] if checked else []), *_total_cells(totals, winners))
    return table


def wrap(text: str, width: int, breaks: Sequence[str] = ("; ", ", ", " ")) -> list[str]:
    """``text`` in lines of at most ``width`` cells, broken where a list
    breaks first (``; `` between doublers, then ``, `` between names, then
    a space), so a name (``Anna Lise``) is split only when it is wider than
    a line by itself, and a word only when it is."""
    from rich.cells import cell_len

    if cell_len(text) <= width or width < 1:
        return [text]
    if not breaks:  # one word wider than the line: cut it, cell by cell
        lines, line = [], ""
        for ch in text:
            if cell_len(line + ch) > width:
                lines.append(line)
                line = ""
            line += ch
        return [*lines, line] if line else lines
    separator, finer = breaks[0], breaks[1:]
    pieces = text.split(separator)
    pieces = [piece + separator for piece in pieces[:-1]] + pieces[-1:]
    lines, line = [], ""
    for piece in pieces:
        if line and cell_len((line + piece).rstrip()) > width:
            lines.append(line.rstrip())
            line = ""
        if not line and cell_len(piece.rstrip()) > width:
            *whole, line = wrap(piece.rstrip(), width, finer)
            lines += whole
            line += piece[len(piece.rstrip()):]
            continue
        line += piece
    return [*lines, line.rstrip()] if line.strip() else lines


GAP = 2
"""Cells between two players' columns in the compact layout."""


class _Compact:
    """The sheet in ``width`` cells, one column a player: in it each hand's
    score with the running total under it.  The contract and the declarer
    stand ``beside`` the players' columns when there is room, else
    ``above`` them; the doubles take a line across the sheet under their
    hand.  A player's name is broken only between its words, and only
    when the columns need it; when even the columns do not fit, a line a
    player (``lines``)."""

    def __init__(self, names: Sequence[str], rows: Sequence[SheetRow], totals: Sequence[int], t: Translator,
                 width: int):
        from rich.cells import cell_len

        self.names, self.rows, self.t, self.width = [_cell(name) for name in names], rows, t, width
        numbers = [*(signed(v) for row in rows for v in row.scores), *(total_text(v) for v in totals),
                   *(total_text(v) for row in rows for v in row.totals)]
        self.number_width = max((cell_len(x) for x in numbers), default=1)
        self.hand_width = max([cell_len(t("sheet_cli.col.hand")), *(len(str(row.number)) for row in rows)])
        self.indent = 1 + self.hand_width + 2
        longest_word = max((cell_len(w) for row in rows for w in _cell(row.contract).split()), default=1)
        contract_width = max(cell_len(t("sheet_cli.col.contract")), longest_word, 12)
        self.mode, self.widths, self.side = "lines", self._columns(True), 0
        for whole in (True, False):
            self.widths = self._columns(whole)
            room = width - self.indent - self._span() - GAP
            if room >= contract_width:
                self.mode, self.side = "beside", room
                break
            if width - self.indent >= self._span():
                self.mode = "above"
                break

    def _columns(self, whole_names: bool) -> list[int]:
        """Each player's column: its numbers, and its name whole or its longest word."""
        from rich.cells import cell_len

        return [max(self.number_width, cell_len(name) if whole_names else max(map(cell_len, name.split() or [""])))
                for name in self.names]

    def _span(self) -> int:
        return sum(self.widths) + GAP * (len(self.widths) - 1)

    def numbered(self, number: str, parts: Sequence[str]) -> list[str]:
        """``parts`` as lines after the hand's ``number``."""
        return [(" " + number.rjust(self.hand_width) + "  " if i == 0 else " " * self.indent) + part
                for i, part in enumerate(parts)]

    def cells(self, cells: Sequence[Text | str]) -> Text:
        """One line of the players' columns, each cell at the right of its column."""
        from rich.cells import cell_len
        from rich.text import Text

        line = Text()
        for number, (cell, cell_width) in enumerate(zip(cells, self.widths, strict=True)):
            text = cell if isinstance(cell, Text) else Text(cell)
            line.append(" " * ((GAP if number else 0) + cell_width - cell_len(text.plain)))
            line.append(text)
        return line

    def beside(self, left: Sequence[str], right: Sequence[Text]) -> list[Text]:
        """Lines with ``left`` (the hand's number, contract, declarer) beside
        ``right`` (the players' columns)."""
        from rich.cells import cell_len
        from rich.text import Text

        start = self.indent + self.side + GAP if self.side else self.indent
        out = []
        for index in range(max(len(left), len(right))):
            lead = left[index] if index < len(left) else ""
            line = Text(lead + " " * max(start - cell_len(lead), 0))
            if index < len(right):
                line.append(right[index])
            line.rstrip()
            out.append(line)
        return out

    def across(self, text: str, number: str | None = None) -> list[Text]:
        """``text`` on lines across the sheet, after the hand's ``number``, or indented."""
        from rich.text import Text

        parts = wrap(text, self.width - self.indent)
        return [Text(line) for line in (self.numbered(number, parts) if number is not None
                                        else [" " * self.indent + part for part in parts])]

    def body(self, totals: Sequence[Text]) -> list[Text]:
        return self._lines(totals) if self.mode == "lines" else self._columns_body(totals)

    def _columns_body(self, totals: Sequence[Text]) -> list[Text]:
        from rich.text import Text

        t, beside = self.t, self.mode == "beside"
        head = [wrap(name, w, (" ",)) for name, w in zip(self.names, self.widths, strict=True)]
        depth = max(len(h) for h in head)
        head = [[""] * (depth - len(h)) + h for h in head]  # the names' last lines on one line
        left = self.numbered(t("sheet_cli.col.hand"), [t("sheet_cli.col.contract") if beside else ""])
        lines = self.beside([""] * (depth - 1) + left, [self.cells([h[i] for h in head]) for i in range(depth)])
        rule = Text(" " + "─" * (self.indent + self._span() + (self.side + GAP if beside else 0) - 1))
        lines.append(rule)
        for row in self.rows:
            scores = [self.cells([signed(v) for v in row.scores]), self.cells([total_text(v) for v in row.totals])]
            if beside:
                words = wrap(_cell(row.contract), self.side, (" ",)) + wrap(_cell(row.declarer), self.side, (" ",))
                lines += self.beside(self.numbered(str(row.number), words), scores)
            else:
                lines += self.across(f"{_cell(row.contract)}; {_cell(row.declarer)}", str(row.number))
                lines += self.beside([], scores)
            lines += self.across(_cell(row.doubles)) if row.doubles else []
        lines.append(rule.copy())
        return lines + self.beside(self.numbered("", [t("sheet_cli.row.total")]) if beside else [""],
                                   [self.cells(totals)])

    def _lines(self, totals: Sequence[Text]) -> list[Text]:
        """A line a player: each hand's score and the running total after the name."""
        from rich.text import Text

        name_width = max(len(name) for name in self.names)
        lines: list[Text] = []
        for row in self.rows:
            lines += self.across(f"{_cell(row.contract)}; {_cell(row.declarer)}", str(row.number))
            lines += self.across(_cell(row.doubles)) if row.doubles else []
            for name, score, total in zip(self.names, row.scores, row.totals, strict=True):
                lines.append(Text(" " * self.indent + name.ljust(name_width) + "  " + signed(score).rjust(
                    self.number_width) + "  " + total_text(total).rjust(self.number_width)))
        lines.append(Text(" " * self.indent + self.t("sheet_cli.row.total")))
        for name, cell in zip(self.names, totals, strict=True):
            lines.append(Text(" " * self.indent + name.ljust(name_width) + " " * (
                2 + self.number_width * 2 + 2 - len(cell.plain))).append(cell))
        return lines


def _compact(title: str, names: Sequence[str], rows: Sequence[SheetRow], totals: Sequence[int],
             winners: Sequence[int], t: Translator, checked: bool, doubling: bool,
             width: int) -> list[Text]:
    """The compact sheet (:class:`_Compact`) with its title and caption, as lines."""
    from rich.cells import cell_len
    from rich.text import Text

    lines = _Compact(names, rows, totals, t, width).body(_total_cells(totals, winners))
    caption = _caption("sheet_cli.caption.compact", t, checked, doubling)
    used = max(cell_len(line.plain) for line in lines)
    return [Text(_cell(title).center(used).rstrip()), Text(""), *lines, Text(""),
            *(Text(part) for part in wrap(caption, width, (" ",)))]


__all__ = ["SheetRow", "doubles_words", "print_or_lines", "print_sheet", "signed", "total_text", "wrap"]
