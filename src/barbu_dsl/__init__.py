"""barbu_dsl: write down the rules of Barbu and its family of trick-taking
games, then check, verify, explain, play, replay and generate code from them.

The pieces, each in its own place:

* :mod:`barbu_dsl.language` — the rules language: grammar, parser, the one
  model, the loader with its checks, the printer;
* :mod:`barbu_dsl.verifier` and :mod:`barbu_dsl.explain` — what the model
  says: contract totals, zero sums, plain-English descriptions;
* :mod:`barbu_dsl.engine` — dealing, legal moves, tricks, domino, scoring,
  doubling, replaying hand records;
* :mod:`barbu_dsl.cli` — the ``barbu`` command.

The language's functions are imported from :mod:`barbu_dsl.language` when
first used, so that importing the package (as every ``barbu`` command does)
loads no parser.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import BarbuError, RecordError, SpecError, ToolError, UsageError

if TYPE_CHECKING:
    from .language import load_spec, parse_spec, print_file, print_spec

__version__ = "0.1.0"

_LANGUAGE = ("load_spec", "parse_spec", "print_file", "print_spec")


def __getattr__(name: str) -> Any:
    if name in _LANGUAGE:
        from . import language

        return getattr(language, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = ["BarbuError", "RecordError", "SpecError", "ToolError", "UsageError", "__version__", "load_spec",
           "parse_spec", "print_file", "print_spec"]
