"""``barbu serve`` and ``barbu join``.

``barbu serve [--host 127.0.0.1] [--port 8000] [--db PATH] [--trust-proxy
ADDRESS] [--allow-origin ORIGIN] [--shard K/N]`` starts the table server: it binds to
the loopback address unless told otherwise, reads back every table its
database holds, and serves the lobby at ``/``; it takes changes only from
its own pages and the origins allowed (:mod:`.guard`).
``barbu join URL`` sits at a server's seat from the terminal
(:mod:`.join`).  Both are registered on the ``barbu`` app by
:mod:`barbu_dsl.cli`, and import their work inside the command.
"""

from __future__ import annotations

from pathlib import Path

import click

from ..commandline import WHOLE_NUMBER, Command, argument


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
@click.option("--lang", metavar="LANG",
              help="Language: en, it, fr, pt (default: BARBU_LANG, else the locale).")
def join(url: str, plain: bool, lang: str | None) -> None:
    """Sit at a barbu serve table from the terminal: the table's narration,
    prompts and commands (type help at any prompt), in your language.
    quit leaves the table; the same link takes the seat back."""
    from .join import join as run_join

    code = run_join(url, plain, lang)
    if code:
        raise click.exceptions.Exit(code)


__all__ = ["join", "serve"]
