"""``barbu scorer SPEC -o FILE.html``: write the web scorer of a spec.

The command is registered on the ``barbu`` app by :mod:`barbu_dsl.cli`.
It never overwrites a file (exit 2) and writes with
:func:`barbu_dsl.files.atomic_write`, so a page is never half written.
"""

from __future__ import annotations

from pathlib import Path

import click

from ..commandline import Command, argument
from ..i18n import LANGUAGE_CHOICES


@click.command("scorer", cls=Command)
@argument("spec", metavar="SPEC", help="NAME_OR_PATH[+VARIANT...], e.g. tournament+ravage-city")
@click.option("--output", "-o", required=True, type=click.Path(path_type=Path), metavar="FILE",
              help="The HTML file to write (a new file).")
@click.option("--lang", metavar="LANG",
              help=f"The page's language until its reader picks one: {LANGUAGE_CHOICES} (default: the browser's).")
def scorer(spec: str, output: Path, lang: str | None) -> None:
    """Write the web scorer of SPEC: one HTML file that keeps score sheets in a
    browser, from file:// or any web server, with no network.

    Its games export to and import from the score-sheet format of
    docs/sheet.md, the same files as barbu sheet.  What it says is in
    the page's language, else in the one barbu speaks (BARBU_LANG, the
    locale)."""
    from ..errors import UsageError
    from ..files import atomic_write, check_writable
    from ..i18n import Translator, choose_language
    from ..language import load_spec
    from .page import render_page

    language = None
    if lang is not None:
        try:
            language = choose_language(lang)
        except ValueError as error:
            raise UsageError(str(error)) from None
    check_writable(output)
    model = load_spec(spec)
    html = render_page(spec, model, language)
    atomic_write(output, html)
    said = Translator(language or choose_language())
    click.echo(said("scorer.written", path=output, title=model.title_in(said.language) or model.full_name,
                    spec=spec, size=len(html.encode("utf-8")) // 1024))


__all__ = ["scorer"]
