"""The work of each ``barbu sheet`` command, given its :class:`~.session.Session`.

Each command loads its game with every hand checked again, makes at most
one change, in one transaction, checked against the sheet it was worked
out from (:meth:`Store.append`, :meth:`Store.replace`), and says what it
did.  Hands are stored as the exchange format writes them (docs/sheet.md).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from ..language import load_spec
from ..safe_text import for_terminal
from .export import csv_text, game_file_text, show_json
from .game import SheetError, SheetFileError, SheetGame
from .session import Failed, Session, confirm, next_hand, print_state, read_json, refused, write_file
from .views import games_lines, games_table, hand_announcement, print_game, scores_text


def new(s: Session, spec: str, players: str) -> None:
    names = [name.strip() for name in players.split(",")]
    if not all(names):
        s.tell(s.t("sheet_cli.bad_players"))
        raise Failed(2)
    game = SheetGame.new(spec, names, load_spec(spec))
    game_id = s.store.create(game)
    s.tell(s.t("sheet_cli.started", game=game_id, spec=game.spec.full_name, players=", ".join(game.players)))
    s.say(str(game_id))


def add(s: Session, game_id: int, hand_file: Path | None, raw: bool) -> None:
    stored = s.store.game_file(game_id)
    game = s.load(game_id, stored)
    scored = next_hand(s, game, game_id, hand_file, raw)
    game.scored.append(scored)
    number = s.store.append(game_id, scored.entry, stored["hands"])
    names = game.players
    s.say(s.t("sheet_cli.saved", game=game_id, number=number, contract=hand_announcement(game, scored, s.t),
              declarer=names[scored.declarer], scores=scores_text(names, scored.final)))
    print_state(s, game)


def show(s: Session, game_id: int, as_json: bool) -> None:
    game = s.load(game_id)
    if as_json:
        s.say(json.dumps(show_json(game), ensure_ascii=False))
        return
    print_game(s.out.console, game, game_id, s.t)
    print_state(s, game)


def undo(s: Session, game_id: int, yes: bool = False) -> None:
    stored = s.store.game_file(game_id)
    hands = stored["hands"]
    game = s.load(game_id, stored)
    if not game.scored:
        game.undo()  # says there is none
    last = game.scored[-1]
    question = s.t("sheet_cli.confirm.undo", number=last.number + 1, contract=hand_announcement(game, last, s.t),
                   declarer=game.players[last.declarer])
    if not confirm(s, question, yes):
        s.say(s.t("sheet_cli.unchanged", game=game_id))
        return
    removed = game.undo()
    s.store.replace(game_id, hands[:-1], hands)
    s.say(s.t("sheet_cli.undone", game=game_id, number=removed.number + 1,
              contract=hand_announcement(game, removed, s.t), declarer=game.players[removed.declarer]))
    print_state(s, game)


def edit(s: Session, game_id: int, number: int, hand_file: Path | None, raw: bool) -> None:
    stored = s.store.game_file(game_id)
    hands = list(stored["hands"])
    _check_number(number, hands)
    earlier = s.load(game_id, {**stored, "hands": hands[:number - 1]})
    if hand_file is None:
        s.tell(s.t("sheet_cli.editing", game=game_id, number=number))
    old = hands[number - 1] if isinstance(hands[number - 1], dict) else None
    hand = next_hand(s, earlier, game_id, hand_file, raw, old)
    changed = hands[:number - 1] + [hand.entry] + hands[number:]
    game = _checked(s, stored, changed, game_id, earlier)
    s.store.replace(game_id, changed, hands)
    s.say(s.t("sheet_cli.edited", game=game_id, number=number))
    print_state(s, game)


def delete(s: Session, game_id: int, number: int, yes: bool = False) -> None:
    stored = s.store.game_file(game_id)
    hands = list(stored["hands"])
    _check_number(number, hands)
    current = s.load(game_id, stored)
    removed = current.scored[number - 1]
    names = current.players
    what = {"number": number, "contract": hand_announcement(current, removed, s.t),
            "declarer": names[removed.declarer]}
    changed = hands[:number - 1] + hands[number:]
    try:
        game = SheetGame.from_json({**stored, "hands": changed})
    except SheetError as error:  # name each hand by its number on the sheet as it is
        again = SheetError([(n + 1 if n is not None and n >= number else n, found) for n, found in error.problems])
        raise refused(s, "sheet_cli.refused_delete", again, current, game=game_id, number=number) from None
    if not confirm(s, s.t("sheet_cli.confirm.delete", **what), yes):
        s.say(s.t("sheet_cli.unchanged", game=game_id))
        return
    s.store.replace(game_id, changed, hands)
    s.say(s.t("sheet_cli.deleted", game=game_id, **what))
    print_state(s, game)


def _check_number(number: int, hands: list[Any]) -> None:
    if not 1 <= number <= len(hands):
        raise SheetFileError("no_such_hand", number=number, hands=len(hands))


def _checked(s: Session, stored: dict[str, Any], hands: list[Any], game_id: int, game: SheetGame) -> SheetGame:
    """The game with ``hands`` instead of its own, every hand checked
    (``game``: the players and rules the refusal is said with)."""
    try:
        return SheetGame.from_json({**stored, "hands": hands})
    except SheetError as error:
        raise refused(s, "sheet_cli.refused_change", error, game, game=game_id) from None


def list_games(s: Session, as_json: bool) -> None:
    rows = s.store.games()
    states: list[str] = []
    items: list[dict[str, Any]] = []
    for row in rows:
        try:
            game = s.store.load(row.id)
        except (SheetError, SheetFileError):
            states.append(s.t("sheet_cli.state.bad"))
            items.append({"over": None, "next": None, "totals": None, "winners": []})
            continue
        turn = game.next_turn()
        states.append(s.t("sheet_cli.state.over") if turn.over else
                      game.flow.placed(s.t, "sheet_cli.state.next", number=turn.number + 1))
        items.append({"over": turn.over, "next": None if turn.over else turn.number + 1,
                      "totals": list(game.totals), "winners": list(game.winners) if turn.over else []})
    if as_json:
        s.say(json.dumps([{"id": row.id, "spec": row.spec_ref, "players": row.players, "hands": row.hands,
                           "created": row.created, "changed": row.changed, **item}
                          for row, item in zip(rows, items, strict=True)], ensure_ascii=False))
    elif not rows:
        s.tell(s.t("sheet_cli.no_games", db=s.store.path))
    else:
        from .layout import print_or_lines

        print_or_lines(s.out.console, games_table(rows, states, s.t), games_lines(rows, states, s.t))


def export(s: Session, game_id: int, output: Path | None, as_csv: bool) -> None:
    game = s.load(game_id)
    text = csv_text(game, s.t) if as_csv else game_file_text(game)
    if output is None:  # the data as it is, but never raw escapes on a terminal
        sys.stdout.write(for_terminal(text) if sys.stdout.isatty() else text)
        return
    write_file(s, output, text)
    s.tell(s.t("sheet_cli.exported", game=game_id, path=output))


def import_game(s: Session, path: Path) -> None:
    data = read_json(s, path)
    try:
        game = SheetGame.from_json(data)
    except SheetError as error:
        raise refused(s, "sheet_cli.refused_file", error, path=path) from None
    game_id = s.store.create(game)
    s.tell(s.t("sheet_cli.imported", game=game_id, path=path, hands=len(game.scored)))
    s.say(str(game_id))


__all__ = ["add", "delete", "edit", "export", "import_game", "list_games", "new", "show", "undo"]
