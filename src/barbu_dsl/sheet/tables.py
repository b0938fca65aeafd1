"""The score sheet of a game, as rich tables (the output of ``barbu play``).

One row per hand: the contract as announced (with the trump suit or the
domino starting rank), the declarer, the doubles (``1→0,2``: seat 1
doubled seats 0 and 2; a redouble is the pair the other way), each seat's
score for the hand (raw play plus the doubling settlement) and the running
totals.  Under it: the final totals, the winner by the game's aim, and the
advisory count of doubles each player made against each declarer in the
declarer's series (docs/rules.md section 2: the minimum is shown, never
enforced).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Console
from rich.measure import Measurement
from rich.table import Table

from ..engine.results import GameResult, HandResult
from ..safe_text import for_rich


def doubles_text(doubles: Sequence[tuple[int, int]]) -> str:
    """``1→0,2 0→1``: each doubler with the seats they doubled, in the order
    the doublers spoke."""
    by_doubler: dict[int, list[int]] = {}
    for doubler, doubled in doubles:
        by_doubler.setdefault(doubler, []).append(doubled)
    return " ".join(f"{d}→{','.join(map(str, sorted(t)))}" for d, t in by_doubler.items())


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def hand_line(hand: HandResult, total: int) -> str:
    """One line of progress for a finished hand."""
    doubles = doubles_text(hand.doubles) or "no doubles"
    status = " (not played)" if hand.status == "not_played" else ""
    scores = " ".join(_signed(v) for v in hand.final)
    return (f"hand {hand.number + 1}/{total}: {hand.announcement}{status}, declarer {hand.declarer}, "
            f"{doubles}; scores {scores}")


def score_table(result: GameResult) -> Table:
    """The hand-by-hand score sheet."""
    n = result.players
    table = Table(title=f"{for_rich(result.spec)} — {n} players, seed {result.seed}", box=box.SIMPLE_HEAD,
                  caption=f"S = the hand's score (play + doubles), T = running total; "
                          f"the {result.aim} total wins", caption_justify="left")
    table.add_column("#", justify="right")
    table.add_column("contract")
    table.add_column("decl", justify="right")
    table.add_column("doubles")
    for seat in range(n):
        table.add_column(f"S{seat}", justify="right")
    for seat in range(n):
        table.add_column(f"T{seat}", justify="right")
    for hand in result.hands:
        contract = hand.announcement + (" (not played)" if hand.status == "not_played" else "")
        table.add_row(str(hand.number + 1), for_rich(contract), str(hand.declarer), doubles_text(hand.doubles),
                      *(_signed(v) for v in hand.final), *(str(v) for v in hand.totals))
    table.add_section()
    winners = set(result.winners)
    table.add_row("", "total", "", "", *([""] * n),
                  *((f"[bold]{v}[/bold]" if seat in winners else str(v)) for seat, v in enumerate(result.totals)))
    return table


def doubles_table(result: GameResult) -> Table | None:
    """Doubles each player made against each declarer in the declarer's
    (last) series, with the advisory minimum; None without doubling."""
    if not result.doubling:
        return None
    last: dict[int, HandResult] = {}
    for hand in result.hands:
        last[hand.declarer] = hand
    title = "doubles against each declarer in their series"
    if result.minimum:
        title += f" (advisory minimum {result.minimum}, never enforced; * below it)"
    table = Table(title=title, box=box.SIMPLE_HEAD)
    table.add_column("declarer", justify="right")
    for seat in range(result.players):
        table.add_column(f"by {seat}", justify="right")
    current = result.hands[-1].declarer if result.hands else None
    for declarer in sorted(last):
        cells = []
        for seat, count in enumerate(last[declarer].against_declarer):
            if seat == declarer:
                cells.append("—")
            else:
                cells.append(f"{count}*" if count < result.minimum else str(count))
        label = f"{declarer} (current)" if declarer == current else str(declarer)
        table.add_row(label, *cells)
    return table


def summary(result: GameResult) -> str:
    """The final totals and the winner(s)."""
    totals = ", ".join(f"seat {seat} ({bot}) {total}"
                       for seat, (bot, total) in enumerate(zip(result.bots, result.totals, strict=True)))
    winners = result.winners
    who = ", ".join(f"seat {seat}" for seat in winners)
    best = result.totals[winners[0]] if winners else 0
    verb = "Winner" if len(winners) == 1 else "Winners (tied)"
    return f"Final totals: {totals}\n{verb}: {who} with {best} ({result.aim} total wins)"


def print_wide(console: Console, table: Table) -> None:
    """Print ``table`` as wide as it needs (never wrapping a row)."""
    needed = Measurement.get(console, console.options.update_width(1000), table).maximum
    if needed <= console.width:
        console.print(table)
    else:  # a console prints no wider than itself: use a wider one on the same stream
        Console(file=console.file, width=needed, markup=False, emoji=False, highlight=False,
                force_terminal=console.is_terminal, no_color=console.no_color).print(table)


def print_sheet(console: Console, result: GameResult) -> None:
    """Print the score sheet, the summary and the doubles count, as wide as
    the tables need (never wrapping a row)."""
    for table in (score_table(result), doubles_table(result)):
        if table is not None:
            print_wide(console, table)
    console.print(summary(result), markup=False)
