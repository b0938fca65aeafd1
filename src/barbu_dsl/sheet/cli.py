"""``barbu sheet``: keep score of a real evening under any spec.

The command line of the score sheet, a group of ``barbu`` commands.  The
games live in one SQLite database (:mod:`.store`; ``--db PATH`` or
``BARBU_DB`` for another); each command's work is in :mod:`.commands`,
imported only when a sheet command runs, so the other ``barbu`` commands
start as fast as before.  Exit codes and messages: :mod:`.session`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
from click.core import ParameterSource

from ..commandline import LANG_HELP, WHOLE_NUMBER, Group, argument


def _db_and_lang(command: Callable[..., None]) -> Callable[..., None]:
    """The options every sheet command takes: --db and --lang (also before
    the command's name, ``barbu sheet --lang it show 1``)."""
    command = click.option("--lang", metavar="LANG", help=LANG_HELP)(command)
    return click.option("--db", type=click.Path(path_type=Path), metavar="FILE",
                        help="The database file (default: $BARBU_DB, else sheets.sqlite3 in the user's data "
                             "directory).")(command)


@click.group(cls=Group, name="sheet", no_args_is_help=True)
@_db_and_lang
@click.pass_context
def sheet(ctx: click.Context, db: Path | None, lang: str | None) -> None:
    """Keep score of a real table: start a game, enter each hand (who took what), show, undo, edit, export and
    import sheets."""
    ctx.meta[_SHEET_OPTIONS] = {"db": db, "lang": lang}


_SHEET_OPTIONS = "barbu.sheet.options"
"""Where the group keeps --db and --lang given before the command's name."""


game_argument = argument("game_id", type=WHOLE_NUMBER, metavar="GAME",
                         help="The game's id (barbu sheet list shows them).")
number_argument = argument("number", type=WHOLE_NUMBER, metavar="N", help="The hand's number, from 1.")
hand_option = click.option("--hand", "hand_file", type=click.Path(path_type=Path), metavar="FILE",
                           help="A hand object (docs/sheet.md) in a JSON file, or - for standard input; "
                                "no questions.")
raw_option = click.option("--raw", is_flag=True, help="Enter each player's score instead of who took what.")
json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON.")
yes_option = click.option("--yes", "-y", "yes", is_flag=True,
                          help="Do not ask first (at a terminal the change is confirmed with yes).")


def _run(command: str, lang: str | None, db: Path | None, **args: Any) -> None:
    from . import commands
    from .session import session

    action: Callable[..., None] = getattr(commands, command)
    ctx = click.get_current_context()
    before = ctx.meta.get(_SHEET_OPTIONS, {})  # the command's own option wins, then the group's, then barbu's
    if lang is None or ctx.get_parameter_source("lang") is ParameterSource.DEFAULT_MAP:
        lang = before.get("lang") or lang
    db = db if db is not None else before.get("db")
    with session(lang, db) as s:
        action(s, **args)


@sheet.command()
@argument("spec", metavar="SPEC", help="NAME_OR_PATH[+VARIANT...], e.g. tournament+ravage-city")
@click.option("--players", required=True, metavar="NAMES", help='The players in seat order: "Anna,Bea,Carla,Diana".')
@_db_and_lang
def new(spec: str, players: str, db: Path | None, lang: str | None) -> None:
    """Start a game; print its id."""
    _run("new", lang, db, spec=spec, players=players)


@sheet.command()
@game_argument
@hand_option
@raw_option
@_db_and_lang
def add(game_id: int, hand_file: Path | None, raw: bool, db: Path | None, lang: str | None) -> None:
    """Add the next hand: asked question by question, or from --hand FILE."""
    _run("add", lang, db, game_id=game_id, hand_file=hand_file, raw=raw)


@sheet.command()
@game_argument
@json_option
@_db_and_lang
def show(game_id: int, as_json: bool, db: Path | None, lang: str | None) -> None:
    """The sheet: every hand, its check mark, the running totals, whose turn, the doubles counter."""
    _run("show", lang, db, game_id=game_id, as_json=as_json)


@sheet.command()
@game_argument
@yes_option
@_db_and_lang
def undo(game_id: int, yes: bool, db: Path | None, lang: str | None) -> None:
    """Take back the last hand (asked first at a terminal)."""
    _run("undo", lang, db, game_id=game_id, yes=yes)


@sheet.command()
@game_argument
@number_argument
@hand_option
@raw_option
@_db_and_lang
def edit(game_id: int, number: int, hand_file: Path | None, raw: bool, db: Path | None, lang: str | None) -> None:
    """Enter hand N again (asked, each answer offered as it is, or from --hand FILE); every later hand is checked
    again."""
    _run("edit", lang, db, game_id=game_id, number=number, hand_file=hand_file, raw=raw)


@sheet.command()
@game_argument
@number_argument
@yes_option
@_db_and_lang
def delete(game_id: int, number: int, yes: bool, db: Path | None, lang: str | None) -> None:
    """Delete hand N (asked first at a terminal); every later hand is checked again (refused if one no longer
    fits)."""
    _run("delete", lang, db, game_id=game_id, number=number, yes=yes)


@sheet.command("list")
@json_option
@_db_and_lang
def list_games(as_json: bool, db: Path | None, lang: str | None) -> None:
    """The games in the database."""
    _run("list_games", lang, db, as_json=as_json)


@sheet.command()
@game_argument
@click.option("--output", "-o", type=click.Path(path_type=Path), metavar="FILE", help="Write to this new file.")
@click.option("--csv", "as_csv", is_flag=True, help="CSV for a spreadsheet instead of the game file.")
@_db_and_lang
def export(game_id: int, output: Path | None, as_csv: bool, db: Path | None, lang: str | None) -> None:
    """The game file of docs/sheet.md (or CSV), to standard output or a new file."""
    _run("export", lang, db, game_id=game_id, output=output, as_csv=as_csv)


@sheet.command("import")
@argument("path", type=click.Path(path_type=Path), metavar="FILE",
          help="A game file (docs/sheet.md), or - for standard input.")
@_db_and_lang
def import_game(path: Path, db: Path | None, lang: str | None) -> None:
    """Import a game file as a new game; print its id.  A file with any
    impossible hand is refused whole."""
    _run("import_game", lang, db, path=path)


__all__ = ["sheet"]
