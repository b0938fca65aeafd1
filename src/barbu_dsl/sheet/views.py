"""A score sheet as people read it, in the table's language (``barbu sheet show``, ``list``).

The sheet is drawn by :mod:`.layout` to fit the terminal: one row per
hand — the contract as announced (by its name in the table's language),
the declarer, the doubles by name, each player's score for the hand (play
plus the doubling settlement), the check mark of a hand that adds up to
its contract's total, and the running totals.  Under it: whose turn it is
and what they may choose, or the winner by the spec's aim once the game is
over; and the advisory count of doubles each player has made against the
declarer of the next hand (docs/rules.md section 2: shown, never
enforced).  The tables load rich when drawn: a command that prints only
lines does not.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..compiled import nothing_chosen
from ..i18n import Translator
from ..runtime.scoring import target_reached
from ..safe_text import for_rich, for_terminal
from ..words import signed_text
from .game import ScoredHand, SheetGame
from .layout import SheetRow, doubles_words, print_sheet, signed
from .prompts import announcement
from .store import GameRow

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table


def scores_text(names: Sequence[str], scores: Sequence[int]) -> str:
    """``Anna −12, Bea +24, Carla 0``: a score or a total, its sign always said."""
    return ", ".join(f"{name} {signed(v)}" for name, v in zip(names, scores, strict=True))


def contract_name(game: SheetGame, name: str, t: Translator) -> str:
    """A contract of the game by its name in the table's language."""
    return game.contract_name(name, t.language)


def hand_announcement(game: SheetGame, hand: ScoredHand, t: Translator) -> str:
    text = announcement(contract_name(game, hand.contract, t), hand.trump, hand.start_rank, t)
    return text + (f" ({t('sheet_cli.not_played')})" if hand.status == "not_played" else "")


def print_game(console: Console, game: SheetGame, game_id: int, t: Translator) -> None:
    """The hand-by-hand sheet, fitted to ``console``."""
    names = game.players
    spec = game.spec
    declares = not nothing_chosen(spec)  # nobody declares in a one-contract game (Hearts): no declarer column
    rows = [SheetRow(hand.number + 1, hand_announcement(game, hand, t), names[hand.declarer] if declares else "",
                     doubles_words(hand.doubles, names, t), hand.final, hand.totals) for hand in game.scored]
    winners = game.winners if game.over and game.scored else ()
    print_sheet(console, t("sheet_cli.sheet_title", game=game_id, spec=spec.title_in(t.language)), names, rows,
                game.totals, winners, t, checked=True, doubling=spec.doubling.allowed)


def state_lines(game: SheetGame, t: Translator) -> list[str]:
    """Under the sheet: the totals, whose turn it is (or the winner), and
    the advisory doubles counter against the next declarer."""
    names = game.players
    lines = [t("sheet_cli.totals", totals=scores_text(names, game.totals))]
    if game.spec.game.pot:  # docs/rules.md section 6, "A pot"
        lines.append(t("sheet_cli.pot", pot=signed_text(game.scored[-1].pot if game.scored else 0)))
    turn = game.next_turn()
    flow = game.flow
    aim = t(f"sheet_cli.aim.{game.spec.game.aim}")
    if turn.over:
        target = flow.plan.target
        reached = [s for s in range(len(names)) if target_reached(target, (game.totals[s],))]
        if reached:  # a game to a target score (docs/rules.md section 6)
            lines.append(t("sheet_cli.over.to", hands=turn.number, target=signed_text(target or 0),
                           names=", ".join(names[s] for s in reached)))
        else:
            lines.append(t("sheet_cli.over", hands=flow.over_after(turn.number)))
        winners = game.winners
        key = "sheet_cli.winner" if len(winners) == 1 else "sheet_cli.winners"
        lines.append(t(key, names=", ".join(names[s] for s in winners), total=game.totals[winners[0]], aim=aim))
        paid = game.spec.game.payouts(game.totals)
        if paid:  # docs/rules.md section 6, "Payments by place"
            lines.append(t("sheet_cli.payouts", payouts=scores_text(names, paid)))
        return lines
    if turn.declarer is None:
        lines.append(flow.placed(t, "sheet_cli.next_first", number=turn.number + 1))
        return lines
    lines.append(flow.placed(t, "sheet_cli.next", number=turn.number + 1, name=names[turn.declarer],
                             options=", ".join(c.name_in(t.language) for c in turn.options)))
    if game.spec.doubling.allowed:
        counts = game.counts_against(turn.declarer)
        rubber = game.spec.doubling.per == "rubber"  # every seat's doubles of whoever declared in the rubber
        text = ", ".join(f"{names[s]} {counts[s]}" for s in range(len(names)) if rubber or s != turn.declarer)
        key = "sheet_cli.counter.rubber" if rubber else "sheet_cli.counter"
        lines.append(t(key, declarer=names[turn.declarer], counts=text,
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
                      for_rich(state), _changed(row))
    return table


def games_lines(rows: Sequence[GameRow], states: Sequence[str], t: Translator) -> list[list[str]]:
    """``barbu sheet list`` where its table is too wide: a few lines a game
    (its id and spec; its players; its hands, state and last change)."""
    return [[t("sheet_cli.list.game", game=row.id, spec=for_terminal(row.spec_ref, one_line=True)),
             for_terminal(", ".join(row.players), one_line=True),
             t("sheet_cli.list.state", hands=row.hands, state=for_terminal(state, one_line=True),
               changed=_changed(row))] for row, state in zip(rows, states, strict=True)]


def _changed(row: GameRow) -> str:
    """When a game last changed, to the minute: ``2026-12-07 23:06``."""
    return row.changed.replace("T", " ").split("+")[0][:16]


__all__ = ["contract_name", "games_lines", "games_table", "hand_announcement", "print_game", "scores_text",
           "state_lines"]
