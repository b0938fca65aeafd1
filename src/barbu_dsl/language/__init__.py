"""The rules language: grammar, parser, model, loader, printer.

``load_spec("tournament+ravage-city")`` reads a bundled spec or a file and
applies named variants and scales; ``print_spec`` writes a model back as
canonical spec text, ``print_file`` a house spec as the file it is.

Each name is imported from its module when first used: a command that
reads only the model of a bundled spec (kept read by :mod:`.spec_cache`)
never loads the parser, YAML or the checks.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .loader import apply_overlays, load_file, parse_spec
    from .model import Contract, Rules, Spec
    from .printer import print_file, print_spec
    from .spec_cache import load_spec

_HOMES = {"apply_overlays": "loader", "load_file": "loader", "parse_spec": "loader", "Contract": "model",
          "Rules": "model", "Spec": "model", "print_file": "printer", "print_spec": "printer",
          "load_spec": "spec_cache"}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


__all__ = ["Contract", "Rules", "Spec", "apply_overlays", "load_file", "load_spec", "parse_spec", "print_file",
           "print_spec"]
