"""Package data: the grammar, the bundled specs and the documentation.

A wheel carries ``grammar/``, ``specs/`` and ``docs/`` inside the package (see
``pyproject.toml``), so an installed barbu_dsl works from any directory.  In
an editable install of a checkout they are read from the checkout's top
level instead.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable


def _data_dir(name: str) -> Traversable:
    here = Path(__file__).resolve().parent
    if (here / name).is_dir():  # installed: the package's own folder
        return here / name
    checkout = here.parents[1] / name
    if checkout.is_dir():
        return checkout
    from importlib import resources  # a package that is not a folder (in a zip file)

    packaged = resources.files("barbu_dsl") / name
    if packaged.is_dir():
        return packaged
    raise FileNotFoundError(f"barbu_dsl is installed without its {name}/ data")


def grammar_text() -> str:
    """The rule-line grammar, ``grammar/barbu.lark``."""
    return (_data_dir("grammar") / "barbu.lark").read_text(encoding="utf-8")


def doc_text(name: str) -> str:
    """The text of ``docs/<name>``: ``rules.md`` (the rules and rulings),
    ``records.md`` (hand records), ``sheet.md`` (score sheets),
    ``table.md`` (the table protocol), ``game.md`` (the game state),
    ``language.md`` (the rules language), ``cli.md`` (the commands) or
    ``README.md`` (the index of them all); the ``.md`` may be left off.  KeyError when there is no
    such page."""
    docs = _data_dir("docs")
    file = name if name.endswith(".md") else f"{name}.md"
    if file not in {entry.name for entry in docs.iterdir()}:
        raise KeyError(name)
    return (docs / file).read_text(encoding="utf-8")


def bundled_spec_names() -> list[str]:
    """Names of the bundled specs (``tournament``, ``hearts``, ...), sorted."""
    return list(_bundled_names())


@lru_cache(maxsize=1)
def _bundled_names() -> tuple[str, ...]:
    return tuple(sorted(
        entry.name.removesuffix(".yaml")
        for entry in _data_dir("specs").iterdir()
        if entry.name.endswith(".yaml")
    ))


def bundled_spec_text(name: str) -> str:
    """The text of the bundled spec ``name``; KeyError when there is none."""
    if name not in bundled_spec_names():
        raise KeyError(name)
    return (_data_dir("specs") / f"{name}.yaml").read_text(encoding="utf-8")


BUNDLED_PREFIX = "<bundled>/"


def bundled_spec_path(name: str) -> str:
    """How error messages name the bundled spec ``name``."""
    return f"{BUNDLED_PREFIX}{name}.yaml"


def read_spec_source(file: str) -> str:
    """The text of a spec named in an error message: a bundled spec or a
    file (read as :func:`barbu_dsl.files.read_text_file` reads a spec)."""
    from .files import read_text_file
    from .limits import SPEC_FILE_BYTES

    if file.startswith(BUNDLED_PREFIX):
        return bundled_spec_text(file.removeprefix(BUNDLED_PREFIX).removesuffix(".yaml"))
    return read_text_file(file, limit=SPEC_FILE_BYTES)
