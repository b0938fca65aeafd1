"""The generator: a spec's rules and scoring as a standalone Python package.

``barbu generate SPEC -o DIR`` writes ``DIR/<package>/`` (the rules of every
contract written out as code; standard library only) and, beside it,
``DIR/conformance/<package>/`` (hand records with their expected results in
JSON Lines, and a pytest file that runs them against the package).

* :mod:`.plan` — the model turned into the facts the templates write out;
* :mod:`.render` — the jinja2 templates (``templates/``) and their filters;
* :mod:`.conformance` — the conformance cases;
* :mod:`.output` — writing a tree, and ``--check``: stale and orphan files.
"""

from __future__ import annotations

from .output import BUNDLED_TARGETS, check_tree, generate_files, write_tree
from .plan import GENERATOR_VERSION

__all__ = ["BUNDLED_TARGETS", "GENERATOR_VERSION", "check_tree", "generate_files", "write_tree"]
