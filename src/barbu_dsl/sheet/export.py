"""A sheet as files: the game file of docs/sheet.md, CSV for a spreadsheet,
and the JSON of ``barbu sheet show --json``.

Files are written by :func:`barbu_dsl.files.atomic_write`: only where
none exists, and atomically, so a reader never sees half a file and no
file is ever overwritten.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from .. import cards as C
from ..i18n import Translator
from ..i18n.cards import rank_letter
from ..safe_text import for_spreadsheet
from .game import SheetGame
from .layout import doubles_words


def game_file_text(game: SheetGame) -> str:
    """The docs/sheet.md game object, as JSON text."""
    return json.dumps(game.to_json(), ensure_ascii=False, indent=2) + "\n"


def show_json(game: SheetGame) -> dict[str, Any]:
    """What ``barbu sheet show --json`` prints: the players, each hand with
    its scores (``raw``, ``transfers``, ``final``) and running ``totals``,
    the game's totals, the next turn (None once over) and the winners
    (seats; empty until the game is over), and once it is over in a game
    that pays by place, ``payouts``; in a game with a pot each hand has
    ``pot``, what the pot holds after it."""
    hands = []
    for hand in game.scored:
        item: dict[str, Any] = {"number": hand.number + 1, **hand.entry, "status": hand.status,
                                "raw": list(hand.raw), "transfers": list(hand.transfers), "final": list(hand.final),
                                "totals": list(hand.totals), "against_declarer": list(hand.against)}
        if game.spec.game.pot:  # docs/rules.md section 6, "A pot"
            item["pot"] = hand.pot
        hands.append(item)
    turn = game.next_turn()
    declarer, counts = game.against_declarer()
    following = None if turn.over else {
        "number": turn.number + 1, "declarer": turn.declarer, "options": [c.name for c in turn.options],
        "doubles_against_declarer": list(counts) if declarer is not None else None,
    }
    return {"spec": game.spec_ref, "players": list(game.players), "hands": hands, "totals": list(game.totals),
            "hands_in_game": game.flow.plan.known_hands, **_target(game), "next": following, "over": turn.over,
            "winners": list(game.winners) if turn.over else [], "aim": game.spec.game.aim,
            **_payouts(game, turn.over), "minimum_doubles": game.spec.doubling.minimum}


def _payouts(game: SheetGame, over: bool) -> dict[str, Any]:
    """``{"payouts": [3, 1, −1, −3]}`` once a game that pays by place is
    over: what each seat receives (docs/rules.md section 6, "Payments by
    place")."""
    paid = game.spec.game.payouts(game.totals) if over else ()
    return {"payouts": list(paid)} if paid else {}


def _target(game: SheetGame) -> dict[str, Any]:
    """``{"target": 100}`` for a game to a target score (docs/rules.md section 6)."""
    target = game.spec.game.target
    return {} if target is None else {"target": target}


def csv_text(game: SheetGame, t: Translator) -> str:
    """One row per hand: its number, contract (by its name in the table's
    language), declarer, trump, starting rank (in the language's letters),
    doubles (in words, redoubles said so, as ``show`` writes them), status,
    then for each player the score from play, the doubles' transfer and
    the hand's score, then each player's running total; headers in the
    table's language.  Cells are separated as a spreadsheet in that
    language reads them by default (``,`` in English, ``;`` in Italian,
    French and Portuguese, whose decimal separator is the comma; the
    scores are whole numbers).  The text starts with a byte-order mark, so
    a spreadsheet reads it as UTF-8 (names such as Joël stay whole).
    Scores are numbers; a text that starts as a formula does (``=cmd|...``,
    ``-2+3``) is kept as text (:func:`~barbu_dsl.safe_text.for_spreadsheet`)."""
    names = game.players
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=t("sheet_cli.csv.delimiter"), lineterminator="\n")

    def row(cells: list[object]) -> None:  # text a spreadsheet would run is written as text
        writer.writerow([for_spreadsheet(cell) if isinstance(cell, str) else cell for cell in cells])

    row([t("sheet_cli.csv.hand"), t("sheet_cli.csv.contract"), t("sheet_cli.csv.declarer"),
         t("sheet_cli.csv.trump"), t("sheet_cli.csv.start_rank"), t("sheet_cli.csv.doubles"),
         t("sheet_cli.csv.status"),
         *(t(f"sheet_cli.csv.{part}", name=name) for part in ("raw", "transfers", "final", "running")
           for name in names)])
    for hand in game.scored:
        doubles = doubles_words(hand.doubles, names, t)
        contract = game.contract_name(hand.contract, t.language)
        row([hand.number + 1, contract, names[hand.declarer],
             "" if hand.trump is None else C.SUIT_SYMBOLS[hand.trump],
             "" if hand.start_rank is None else rank_letter(hand.start_rank, t.language),
             doubles, t(f"sheet_cli.status.{hand.status}"), *hand.raw, *hand.transfers, *hand.final, *hand.totals])
    return BOM + buffer.getvalue()


BOM = "\ufeff"
"""The byte-order mark a CSV file starts with, so that a spreadsheet reads it as UTF-8."""


__all__ = ["csv_text", "game_file_text", "show_json"]
