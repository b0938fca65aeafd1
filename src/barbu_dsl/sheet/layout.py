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
    announced, the declarer's name, the doubles by name (or ""), each
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
                totals: Sequence[int], winners: Sequence[int], t: Translator, checked: bool = False) -> None:
    """Print the sheet as wide as it needs, or compact when that is wider
    than ``console`` (``checked``: a column of check marks, every hand
    having added up to its contract's total)."""
    from rich.measure import Measurement

    wide = _wide(title, names, rows, totals, winners, t, checked)
    needed = Measurement.get(console, console.options.update_width(10_000), wide).maximum
    if needed <= console.width:
        console.print(wide, soft_wrap=False)  # the caption wraps to the terminal's width too
        return
    for line in _compact(title, names, rows, totals, winners, t, checked, console.width):
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


def _wide(title: str, names: Sequence[str], rows: Sequence[SheetRow], totals: Sequence[int],
          winners: Sequence[int], t: Translator, checked: bool) -> Table:
    from rich import box
    from rich.table import Table

    caption = t("sheet_cli.caption.checked" if checked else "sheet_cli.caption")
    table = Table(title=_cell(title), box=box.SIMPLE_HEAD, caption=caption, caption_justify="left")
    table.add_column(t("sheet_cli.col.hand"), justify="right", no_wrap=True)
    table.add_column(t("sheet_cli.col.contract"))
    table.add_column(t("sheet_cli.col.declarer"))
    table.add_column(t("sheet_cli.col.doubles"))
    for name in names:
        table.add_column(_cell(name), justify="right", no_wrap=True)
    if checked:
        table.add_column("✓", justify="center", no_wrap=True)
    for name in names:
        table.add_column(_cell(t("sheet_cli.col.total", name=name)), justify="right", no_wrap=True)
    for row in rows:
        table.add_row(str(row.number), _cell(row.contract), _cell(row.declarer), _cell(row.doubles),
                      *(signed(v) for v in row.scores), *(["✓"] if checked else []),
                      *(total_text(v) for v in row.totals))
    table.add_section()
    table.add_row("", t("sheet_cli.row.total"), "", "", *([""] * len(names)), *([""] if checked else []),
                  *_total_cells(totals, winners))
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


def _compact(title: str, names: Sequence[str], rows: Sequence[SheetRow], totals: Sequence[int],
             winners: Sequence[int], t: Translator, checked: bool, width: int) -> list[Text]:
    """The sheet in ``width`` cells, one column a player: in it each hand's
    score with the running total under it.  The contract and the declarer
    stand beside the players' columns when there is room, else above them;
    the doubles take a line across the sheet under their hand.  A player's
    name is broken only between its words, and only when the columns need
    it; when even the columns do not fit, a line a player."""
    from rich.cells import cell_len
    from rich.text import Text

    shown = [_cell(name) for name in names]
    numbers = [signed(v) for row in rows for v in row.scores] + [total_text(v) for row in rows for v in row.totals]
    number_width = max([cell_len(x) for x in [*numbers, *(total_text(v) for v in totals)]], default=1)
    hand_width = max(cell_len(t("sheet_cli.col.hand")), *(len(str(row.number)) for row in rows), 1)
    indent = 1 + hand_width + 2
    gap = 2

    def columns(whole_names: bool) -> list[int]:
        return [max(number_width, cell_len(name) if whole_names else max(cell_len(w) for w in name.split() or [""]))
                for name in shown]

    def span(widths: list[int]) -> int:
        return sum(widths) + gap * (len(widths) - 1)

    texts = [_cell(f"{row.contract}") for row in rows]
    contract_width = max([cell_len(t("sheet_cli.col.contract")), *(cell_len(w) for text in texts
                                                                  for w in text.split())], default=1)
    mode, widths = "lines", columns(True)
    for whole in (True, False):
        widths = columns(whole)
        room = width - indent - span(widths) - gap
        if room >= max(contract_width, 12):
            mode = "beside"
            break
        if width - indent >= span(widths):
            mode = "above"
            break
    lines: list[Text] = []
    body = width - indent
    side = width - indent - span(widths) - gap if mode == "beside" else 0

    def with_left(left: list[str], right: list[Text]) -> list[Text]:
        """Lines with ``left`` (hand number and contract) beside ``right`` (the players' columns)."""
        out = []
        start = indent + side + gap if side else indent
        for index in range(max(len(left), len(right))):
            lead = left[index] if index < len(left) else ""
            line = Text(lead + " " * max(start - cell_len(lead), 0))
            if index < len(right):
                line.append(right[index])
            line.rstrip()
            out.append(line)
        return out

    def cells_line(cells: Sequence[Text | str]) -> Text:
        line = Text()
        for number, (cell, cell_width) in enumerate(zip(cells, widths, strict=True)):
            if number:
                line.append(" " * gap)
            text = cell if isinstance(cell, Text) else Text(cell)
            line.append(" " * (cell_width - cell_len(text.plain)))
            line.append(text)
        return line

    def numbered(number: str, text: list[str]) -> list[str]:
        return [(" " + number.rjust(hand_width) + "  " if i == 0 else " " * indent) + part
                for i, part in enumerate(text)]

    total_cells = _total_cells(totals, winners)
    if mode == "lines":
        name_width = max(cell_len(name) for name in shown)
        for row in rows:
            lines += [Text(line) for line in numbered(str(row.number), wrap(f"{_cell(row.contract)}; {_cell(row.declarer)}", body))]
            lines += [Text(" " * indent + part) for part in wrap(_cell(row.doubles), body) if row.doubles]
            for name, score, total in zip(shown, row.scores, row.totals, strict=True):
                lines.append(Text(" " * indent + name.ljust(name_width) + "  " + signed(score).rjust(number_width)
                                  + "  " + total_text(total).rjust(number_width)))
        lines.append(Text(" " * indent + t("sheet_cli.row.total")))
        for name, total in zip(shown, total_cells, strict=True):
            line = Text(" " * indent + name.ljust(name_width) + "  " + " " * (number_width * 2 + 2 - len(total.plain)))
            lines.append(line.append(total))
    else:
        head = [wrap(name, cell_width, (" ",)) if cell_len(name) > cell_width else [name]
                for name, cell_width in zip(shown, widths, strict=True)]
        depth = max(len(h) for h in head)
        head = [[""] * (depth - len(h)) + h for h in head]  # the names' last lines on one line
        heading = [cells_line([h[i] for h in head]) for i in range(depth)]
        left = numbered(t("sheet_cli.col.hand"), [t("sheet_cli.col.contract")]) if mode == "beside" else numbered(t("sheet_cli.col.hand"), [""])
        lines += with_left([""] * (depth - 1) + left, heading)
        rule = indent + span(widths) + (side + gap if mode == "beside" else 0)
        lines.append(Text(" " + "─" * (rule - 1)))
        for row in rows:
            scores = cells_line([signed(v) for v in row.scores])
            running = cells_line([total_text(v) for v in row.totals])
            if mode == "beside":
                left = numbered(str(row.number), wrap(_cell(row.contract), side, (" ",)) + wrap(_cell(row.declarer), side, (" ",)))
                lines += with_left(left, [scores, running])
            else:
                lines += [Text(line) for line in numbered(str(row.number), wrap(f"{_cell(row.contract)}; {_cell(row.declarer)}", body))]
                lines += with_left([], [scores, running])
            lines += [Text(" " * indent + part) for part in wrap(_cell(row.doubles), body) if row.doubles]
        lines.append(Text(" " + "─" * (rule - 1)))
        lines += with_left(numbered("", [t("sheet_cli.row.total")]) if mode == "beside" else [""], [cells_line(total_cells)])
    caption = t("sheet_cli.caption.compact.checked" if checked else "sheet_cli.caption.compact")
    used = max(cell_len(line.plain) for line in lines)
    return [Text(_cell(title).center(used).rstrip()), Text(""), *lines, Text(""),
            *(Text(part) for part in wrap(caption, width, (" ",)))]


__all__ = ["SheetRow", "doubles_words", "print_or_lines", "print_sheet", "signed", "total_text", "wrap"]
