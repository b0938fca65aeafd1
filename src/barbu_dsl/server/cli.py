"""``barbu serve`` and ``barbu join``.

``barbu serve [--host 127.0.0.1] [--port 8000] [--db PATH] [--trust-proxy
ADDRESS] [--allow-origin ORIGIN] [--shard K/N]`` starts the table server: it binds to
the loopback address unless told otherwise, reads back every table its
database holds, and serves the lobby at ``/``; it takes changes only from
its own pages and the origins allowed (:mod:`.guard`).
``barbu join URL`` sits at a server's seat from the terminal
(:mod:`.join`).  ``barbu tables list|remove`` are the server's
operator's (:mod:`.operator`).  They are registered on the ``barbu`` app
by :mod:`barbu_dsl.cli`, and import their work inside the command.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import click

from ..commandline import LANG_HELP, WHOLE_NUMBER, Command, Group, argument


@click.command("serve", cls=Command)
@click.option("--host", default="127.0.0.1", show_default=True, metavar="ADDRESS",
              help="The address to listen on; any but the loopback one opens the server to the network (put a "
                   "proxy with TLS in front of it).")
@click.option("--port", default=8000, show_default=True, type=WHOLE_NUMBER, metavar="PORT",
              help="The port to listen on (0: any free port, which is printed).")
@click.option("--db", type=click.Path(path_type=Path), metavar="PATH",
              help="The tables' database (default: tables.sqlite3 in the user's data directory).")
@click.option("--trust-proxy", "trust_proxies", multiple=True, metavar="ADDRESS",
              help="A reverse proxy's address (or network, 10.0.0.0/8) whose X-Forwarded-Proto, -Host and -For "
                   "headers say where a request came from; repeatable (docs/server.md, 'On an open address').")
@click.option("--allow-origin", "allow_origins", multiple=True, metavar="ORIGIN",
              help="An origin (https://club.example.org) whose pages may also make tables and sit at them; "
                   "repeatable. The server's own pages always may.")
@click.option("--shard", metavar="K/N",
              help="This worker is shard K (from 0) of N behind a proxy that routes tables by their ids' first "
                   "character, which names the shard (docs/server.md, 'Past one process').")
def serve(host: str, port: int, db: Path | None, trust_proxies: tuple[str, ...],
          allow_origins: tuple[str, ...], shard: str | None) -> None:
    """Start the table server: people play from their browsers (or with
    barbu join), bots fill the empty seats, every table is kept in the
    database and comes back after a restart."""
    from .run import run

    run(host, port, db, allow_origins, trust_proxies, shard)


@click.command("join", cls=Command)
@argument("url", metavar="URL", help="A seat's link, as the table's owner sent it (http://HOST:PORT/t/ID?token=...).")
@click.option("--plain", is_flag=True, help="Plain text, one fact a line: no colour.")
@click.option("--lang", metavar="LANG", help=f"Language: {LANG_HELP}")
def join(url: str, plain: bool, lang: str | None) -> None:
    """Sit at a barbu serve table from the terminal: the table's narration,
    prompts and commands (type help at any prompt), in your language.
    quit leaves the table; the same link takes the seat back."""
    from .join import join as run_join

    code = run_join(url, plain, lang)
    if code:
        raise click.exceptions.Exit(code)


@click.group("tables", cls=Group, no_args_is_help=True)
def tables() -> None:
    """The server's operator: list the tables a barbu serve database holds, and remove tables, while the
    server runs or not (a running server closes a removed table's connections within seconds)."""


def _db_and_lang(command: Callable[..., None]) -> Callable[..., None]:
    """The options every tables command takes: --db and --lang."""
    command = click.option("--lang", metavar="LANG", help=LANG_HELP)(command)
    return click.option("--db", type=click.Path(path_type=Path), metavar="PATH",
                        help="The tables' database (default: tables.sqlite3 in the user's data directory, as "
                             "barbu serve's).")(command)


@tables.command("list")
@click.option("--all", "everything", is_flag=True, help="The tables that are over too (kept 30 days after they end).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON: a list of tables.")
@_db_and_lang
def list_command(everything: bool, as_json: bool, db: Path | None, lang: str | None) -> None:
    """The tables in play (waiting or playing), oldest first: id, status, spec, players, when made, when last
    touched (or ended), answers, and the address that made it."""
    from .operator import list_tables

    list_tables(lang, db, everything, as_json)


@tables.command("remove")
@argument("table_ids", nargs=-1, required=True, metavar="ID", help="The tables' ids (barbu tables list shows them).")
@_db_and_lang
def remove_command(table_ids: tuple[str, ...], db: Path | None, lang: str | None) -> None:
    """Delete tables, their answers and seats: every one named, or none. A server running on the database
    tells each of their connections and closes it."""
    from .operator import remove_tables

    remove_tables(lang, db, table_ids)


__all__ = ["join", "serve", "tables"]
