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


def doubles_words(doubles: Sequence[tuple[int, int]], names: Sequence[str]) -> str:
    """``Bea→Anna, Carla, Diana; Anna→Carla``: each doubler, in the order
    they spoke, with whom they doubled."""
    by_doubler: dict[int, list[int]] = {}
    for doubler, doubled in doubles:
        by_doubler.setdefault(doubler, []).append(doubled)
    return "; ".join(f"{names[d]}→{', '.join(names[s] for s in sorted(them))}" for d, them in by_doubler.items())


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
    table = wide if needed <= console.width else _compact(title, names, rows, totals, winners, t, checked, doubling)
    console.print(table, soft_wrap=False)  # the caption wraps to the terminal's width too


def print_wide(console: Console, table: Table) -> None:
    """Print ``table`` as wide as it needs, never wrapping a row (a list of
    games: a row is one game)."""
    from rich.console import Console as RichConsole
    from rich.measure import Measurement

    needed = Measurement.get(console, console.options.update_width(10_000), table).maximum
    if needed <= console.width:
        console.print(table)
    else:  # a console prints no wider than itself: use a wider one on the same stream
        RichConsole(file=console.file, width=needed, markup=False, emoji=False, highlight=False,
                    force_terminal=console.is_terminal, no_color=console.no_color).print(table)


def _cell(text: str) -> str:
    """Text from a spec or a player, shown as text (escapes visible)."""
    return for_terminal(text)


def _total_cells(totals: Sequence[int], winners: Sequence[int]) -> list[Text]:
    from rich.text import Text

    return [Text(total_text(v), style="bold" if seat in winners else "") for seat, v in enumerate(totals)]


def _caption(key: str, t: Translator, checked: bool, doubling: bool) -> str:
    return t(key + (".checked" if checked else "") + ("" if doubling else ".no_doubles"))


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
    if doubling:
        table.add_column(t("sheet_cli.col.doubles"))
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


def _compact(title: str, names: Sequence[str], rows: Sequence[SheetRow], totals: Sequence[int],
             winners: Sequence[int], t: Translator, checked: bool, doubling: bool) -> Table:
    from rich import box
    from rich.table import Table

    caption = _caption("sheet_cli.caption.compact", t, checked, doubling)
    table = Table(title=_cell(title), box=box.SIMPLE_HEAD, caption=caption, caption_justify="left", padding=(0, 1))
    table.add_column(t("sheet_cli.col.hand"), justify="right", no_wrap=True)
    table.add_column(t("sheet_cli.col.contract"), overflow="fold", ratio=1)
    for name in names:
        table.add_column(_cell(name), justify="right", overflow="fold")
    for row in rows:
        who = "; ".join(part for part in (row.declarer, row.doubles) if part)
        table.add_row(str(row.number), _cell(f"{row.contract}\n{who}" if who else row.contract),
                      *(f"{signed(v)}\n{total_text(total)}" for v, total in zip(row.scores, row.totals, strict=True)))
    table.add_section()
    table.add_row("", t("sheet_cli.row.total"), *_total_cells(totals, winners))
    return table


__all__ = ["SheetRow", "doubles_words", "print_sheet", "print_wide", "signed", "total_text"]
