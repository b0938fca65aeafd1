"""``barbu sheet``: keep score of a real evening under any spec.

The command line of the score sheet, as a typer sub-app of ``barbu``.  The
games live in one SQLite database (:mod:`.store`; ``--db PATH`` or
``BARBU_DB`` for another); each command's work is in :mod:`.commands`,
imported only when a sheet command runs, so the other ``barbu`` commands
start as fast as before.  Exit codes and messages: :mod:`.session`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

app = typer.Typer(
    name="sheet",
    help="Keep score of a real table: start a game, enter each hand (who took what), "
         "show, undo, edit, export and import sheets.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)

DbOption = Annotated[Path | None, typer.Option(
    "--db", metavar="FILE", help="The database file (default: $BARBU_DB, else sheets.sqlite3 in the user's data directory).")]
LangOption = Annotated[str | None, typer.Option(
    "--lang", metavar="LANG", help="en, it, fr or pt (default: $BARBU_LANG, else the locale, else English).")]
GameArg = Annotated[int, typer.Argument(help="The game's id (barbu sheet list shows them).", metavar="GAME")]
NumberArg = Annotated[int, typer.Argument(help="The hand's number, from 1.", metavar="N")]
HandFile = Annotated[Path | None, typer.Option(
    "--hand", metavar="FILE", help="A hand object (docs/sheet.md) in a JSON file, or - for standard input; no questions.")]
RawOption = Annotated[bool, typer.Option("--raw", help="Enter each player's score instead of who took what.")]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON.")]


def _run(command: str, lang: str | None, db: Path | None, **args: Any) -> None:
    from . import commands
    from .session import session

    action: Callable[..., None] = getattr(commands, command)
    with session(lang, db) as s:
        action(s, **args)


@app.command()
def new(
    spec: Annotated[str, typer.Argument(help="NAME_OR_PATH[+VARIANT...], e.g. tournament+ravage-city", metavar="SPEC")],
    players: Annotated[str, typer.Option("--players", metavar="NAMES",
                                         help='The players in seat order: "Anna,Bea,Carla,Diana".')],
    db: DbOption = None, lang: LangOption = None,
) -> None:
    """Start a game; print its id."""
    _run("new", lang, db, spec=spec, players=players)


@app.command()
def add(game_id: GameArg, hand_file: HandFile = None, raw: RawOption = False, db: DbOption = None,
        lang: LangOption = None) -> None:
    """Add the next hand: asked question by question, or from --hand FILE."""
    _run("add", lang, db, game_id=game_id, hand_file=hand_file, raw=raw)


@app.command()
def show(game_id: GameArg, as_json: JsonOption = False, db: DbOption = None, lang: LangOption = None) -> None:
    """The sheet: every hand, its check mark, the running totals, whose turn, the doubles counter."""
    _run("show", lang, db, game_id=game_id, as_json=as_json)


@app.command()
def undo(game_id: GameArg, db: DbOption = None, lang: LangOption = None) -> None:
    """Take back the last hand."""
    _run("undo", lang, db, game_id=game_id)


@app.command()
def edit(game_id: GameArg, number: NumberArg, hand_file: HandFile = None, raw: RawOption = False,
         db: DbOption = None, lang: LangOption = None) -> None:
    """Enter hand N again (asked, or from --hand FILE); every later hand is checked again."""
    _run("edit", lang, db, game_id=game_id, number=number, hand_file=hand_file, raw=raw)


@app.command()
def delete(game_id: GameArg, number: NumberArg, db: DbOption = None, lang: LangOption = None) -> None:
    """Delete hand N; every later hand is checked again (refused if one no longer fits)."""
    _run("delete", lang, db, game_id=game_id, number=number)


@app.command("list")
def list_games(as_json: JsonOption = False, db: DbOption = None, lang: LangOption = None) -> None:
    """The games in the database."""
    _run("list_games", lang, db, as_json=as_json)


@app.command()
def export(
    game_id: GameArg,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write to this new file.",
                                                metavar="FILE")] = None,
    as_csv: Annotated[bool, typer.Option("--csv", help="CSV for a spreadsheet instead of the game file.")] = False,
    db: DbOption = None, lang: LangOption = None,
) -> None:
    """The game file of docs/sheet.md (or CSV), to standard output or a new file."""
    _run("export", lang, db, game_id=game_id, output=output, as_csv=as_csv)


@app.command("import")
def import_game(path: Annotated[Path, typer.Argument(help="A game file (docs/sheet.md), or - for standard input.",
                                                     metavar="FILE")],
                db: DbOption = None, lang: LangOption = None) -> None:
    """Import a game file as a new game; print its id.  A file with any
    impossible hand is refused whole."""
    _run("import_game", lang, db, path=path)


__all__ = ["app"]
