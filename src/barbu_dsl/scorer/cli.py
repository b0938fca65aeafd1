"""``barbu scorer SPEC -o FILE.html``: write the web scorer of a spec.

The command is registered on the ``barbu`` app by :mod:`barbu_dsl.cli`.
It never overwrites a file (exit 2) and writes through a temporary file in
the same directory, renamed into place, so a page is never half written.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Annotated

import typer

from ..errors import UsageError


def scorer(
    spec: Annotated[str, typer.Argument(help="NAME_OR_PATH[+VARIANT...], e.g. tournament+ravage-city")],
    output: Annotated[Path, typer.Option("--output", "-o", help="The HTML file to write (a new file).")],
    lang: Annotated[str | None, typer.Option(
        "--lang", help="The page's language until its reader picks one: en, it, fr or pt "
                       "(default: the browser's).")] = None,
) -> None:
    """Write the web scorer of SPEC: one HTML file that keeps score sheets in a
    browser, from file:// or any web server, with no network.

    Its games export to and import from the score-sheet format of
    docs/sheet.md, the same files as barbu sheet."""
    from ..i18n import choose_language
    from ..language import load_spec
    from .page import render_page

    language = None
    if lang is not None:
        try:
            language = choose_language(lang)
        except ValueError as error:
            raise UsageError(str(error)) from None
    model = load_spec(spec)
    if output.exists():
        raise UsageError(f"{output} already exists; barbu never overwrites a file")
    html = render_page(spec, model, language)
    write_new(output, html)
    typer.echo(f"{output}: the web scorer of {model.full_name} ({len(html.encode('utf-8')) // 1024} KB); "
               "open it in a browser")


def write_new(path: Path, text: str) -> None:
    """Write ``text`` to the new file ``path`` through a temporary file."""
    directory = path.parent if str(path.parent) else Path(".")
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    except OSError as error:
        raise UsageError(f"cannot write {path}: {error}") from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
        os.chmod(temporary, 0o644)
        if path.exists():
            raise UsageError(f"{path} already exists; barbu never overwrites a file")
        os.replace(temporary, path)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        raise UsageError(f"cannot write {path}: {error}") from None
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


__all__ = ["scorer", "write_new"]
