"""A score sheet as people read it, in the table's language (``barbu sheet show``, ``list``).

The sheet is a rich table in the style of ``barbu play``'s
(:mod:`.tables`): one row per hand — the contract as announced, the
declarer, the doubles, each player's score for the hand (play plus the
doubling settlement), the check mark of a hand that adds up to its
contract's total, and the running totals.  Under it: whose turn it is and
what they may choose, or the winner by the spec's aim once the game is
over; and the advisory count of doubles each player has made against the
declarer of the next hand (docs/rules.md section 2: shown, never enforced).
The tables load rich when drawn: a command that prints only lines does not.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..i18n import Translator
from ..safe_text import for_rich
from .game import ScoredHand, SheetGame
from .prompts import announcement
from .store import GameRow

if TYPE_CHECKING:
    from rich.table import Table


def signed(value: int) -> str:
    """``+24``, ``−12``, ``0``."""
    return f"{value:+d}".replace("-", "−") if value else "0"


def scores_text(names: Sequence[str], scores: Sequence[int], sign: bool = True) -> str:
    """``Anna −12, Bea +24``."""
    return ", ".join(f"{name} {signed(v) if sign else str(v).replace('-', '−')}"
                     for name, v in zip(names, scores, strict=True))


def doubles_words(hand: ScoredHand, names: Sequence[str]) -> str:
    """``Bea→Anna,Carla,Diana Carla→Anna Anna→Carla``: each doubler with whom they doubled."""
    by_doubler: dict[int, list[int]] = {}
    for doubler, doubled in hand.doubles:
        by_doubler.setdefault(doubler, []).append(doubled)
    return " ".join(f"{names[d]}→{','.join(names[s] for s in sorted(t))}" for d, t in by_doubler.items())


def hand_announcement(hand: ScoredHand, t: Translator) -> str:
    text = announcement(hand.contract, hand.trump, hand.start_rank, t)
    return text + (f" ({t('sheet_cli.not_played')})" if hand.status == "not_played" else "")


def sheet_table(game: SheetGame, game_id: int, t: Translator) -> Table:
    """The hand-by-hand sheet."""
    from rich import box
    from rich.table import Table

    names = game.players
    table = Table(title=for_rich(t("sheet_cli.sheet_title", game=game_id, spec=game.spec_ref)), box=box.SIMPLE_HEAD,
                  caption=for_rich(t("sheet_cli.caption")), caption_justify="left")
    table.add_column(t("sheet_cli.col.hand"), justify="right")
    table.add_column(for_rich(t("sheet_cli.col.contract")))
    table.add_column(for_rich(t("sheet_cli.col.declarer")))
    table.add_column(for_rich(t("sheet_cli.col.doubles")))
    for name in names:
        table.add_column(for_rich(name), justify="right")
    table.add_column("✓", justify="center")
    for name in names:
        table.add_column(for_rich(t("sheet_cli.col.total", name=name)), justify="right")
    for hand in game.scored:
        table.add_row(str(hand.number + 1), for_rich(hand_announcement(hand, t)), for_rich(names[hand.declarer]),
                      for_rich(doubles_words(hand, names)), *(signed(v) for v in hand.final), "✓",
                      *(str(v).replace("-", "−") for v in hand.totals))
    table.add_section()
    over = game.over
    winners = set(game.winners) if over and game.scored else set()
    table.add_row("", for_rich(t("sheet_cli.row.total")), "", "", *([""] * len(names)), "",
                  *((f"[bold]{v}[/bold]" if seat in winners else str(v)).replace("-", "−")
                    for seat, v in enumerate(game.totals)))
    return table


def state_lines(game: SheetGame, t: Translator) -> list[str]:
    """Under the sheet: the totals, whose turn it is (or the winner), and
    the advisory doubles counter against the next declarer."""
    names = game.players
    lines = [t("sheet_cli.totals", totals=scores_text(names, game.totals, sign=False))]
    turn = game.next_turn()
    hands = game.flow.plan.hands
    aim = t(f"sheet_cli.aim.{game.spec.game.aim}")
    if turn.over:
        lines.append(t("sheet_cli.over", hands=hands))
        winners = game.winners
        key = "sheet_cli.winner" if len(winners) == 1 else "sheet_cli.winners"
        lines.append(t(key, names=", ".join(names[s] for s in winners), total=game.totals[winners[0]], aim=aim))
        return lines
    if turn.declarer is None:
        lines.append(t("sheet_cli.next_first", number=turn.number + 1, hands=hands))
        return lines
    lines.append(t("sheet_cli.next", number=turn.number + 1, hands=hands, name=names[turn.declarer],
                   options=", ".join(c.name for c in turn.options)))
    if game.spec.doubling.allowed:
        counts = game.counts_against(turn.declarer)
        text = ", ".join(f"{names[s]} {counts[s]}" for s in range(len(names)) if s != turn.declarer)
        lines.append(t("sheet_cli.counter", declarer=names[turn.declarer], counts=text,
                       minimum=game.spec.doubling.minimum))
    return lines


def games_table(rows: Sequence[GameRow], states: Sequence[str], t: Translator) -> Table:
    """``barbu sheet list``: one row per game."""
    from rich import box
    from rich.table import Table

    table = Table(box=box.SIMPLE_HEAD)
    for key, justify in (("id", "right"), ("spec", "left"), ("players", "left"), ("hands", "right"),
                         ("state", "left"), ("changed", "left")):
        table.add_column(for_rich(t(f"sheet_cli.col.{key}")), justify=justify)  # type: ignore[arg-type]
    for row, state in zip(rows, states, strict=True):
        table.add_row(str(row.id), for_rich(row.spec_ref), for_rich(", ".join(row.players)), str(row.hands),
                      for_rich(state), row.changed.replace("T", " ").split("+")[0])
    return table


__all__ = ["doubles_words", "games_table", "scores_text", "sheet_table", "signed", "state_lines"]
