"""Jinja templates compiled once and kept in the user's cache.

Compiling a template (parsing it and generating Python) costs far more
than rendering it; ``barbu generate`` would compile its seventeen templates
in every process.  :class:`KeptTemplates` is Jinja's bytecode cache on
:mod:`barbu_dsl.cache` (``templates/``): a template's compiled code is kept
under a key made of the template's name, the checksum Jinja takes of its
text, Jinja's version and :func:`~barbu_dsl.cache.code_fingerprint` (the
environment's settings and filters are barbu_dsl's code).  An entry that is
missing, stale or damaged (one that Jinja's own check of its bytes
refuses) is compiled again and written anew; one that cannot be written
only costs the time.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import jinja2
from jinja2.bccache import Bucket

from .cache import cache_root, code_fingerprint, read_entry, write_entry


class KeptTemplates(jinja2.BytecodeCache):
    """Jinja's bytecode cache in ``templates/`` of barbu's cache directory."""

    def load_bytecode(self, bucket: Bucket) -> None:
        content = read_entry(*self._entry(bucket))
        if content is None:
            return
        try:
            bucket.bytecode_from_string(content)
        except Exception:  # noqa: BLE001 -- an entry Jinja cannot read is compiled again
            bucket.reset()

    def dump_bytecode(self, bucket: Bucket) -> None:
        write_entry(*self._entry(bucket), bucket.bytecode_to_string())

    @staticmethod
    def _entry(bucket: Bucket) -> tuple[Path, str]:
        key = f"template\0{bucket.key}\0{bucket.checksum}\0{jinja2.__version__}\0{code_fingerprint()}"
        name = hashlib.sha256(bucket.key.encode("utf-8", "surrogatepass")).hexdigest()[:32]
        return cache_root() / "templates" / f"{name}.jinja", key


__all__ = ["KeptTemplates"]
