"""The rules language: grammar, parser, model, loader, printer.

``load_spec("tournament+ravage-city")`` reads a bundled spec or a file and
applies named variants and scales; ``print_spec`` writes a model back as
canonical spec text, ``print_file`` a house spec as the file it is.
"""

from __future__ import annotations

from .loader import apply_overlays, load_file, load_spec, parse_spec
from .model import Contract, Rules, Spec
from .printer import print_file, print_spec

__all__ = ["Contract", "Rules", "Spec", "apply_overlays", "load_file", "load_spec", "parse_spec", "print_file",
           "print_spec"]
