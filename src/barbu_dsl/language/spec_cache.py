"""Specs read once, and kept read in the user's cache.

``load_spec`` is :func:`barbu_dsl.language.loader.load_spec` for every
reference; for a bundled spec with its variants and scales
(``tournament+ravage-city``) the model comes from the cache
(:mod:`barbu_dsl.cache`, ``specs/``), so that a command on a bundled spec
does not read YAML, parse rule lines or run the checks again, nor even load
the modules that do.  ``parse_kept`` does the same for a spec text that a
program keeps and reads again at every command (a score sheet's copy of
its spec).

Such a model depends on nothing but the spec's text and barbu_dsl's code:
an entry's key is the reference (or the name the text is read under), the
sha256 of the text and :func:`~barbu_dsl.cache.code_fingerprint`.  A
missing, stale or damaged entry (one that does not hold a spec) is read
again from the text and written anew.  A text that extends another spec
depends on that spec too: it is read every time, never kept.

A reference is a bundled spec when it is not path-like and its first name
is a bundled spec's (the reference rules of :mod:`.loader`): the files of
the working directory play no part.
"""

from __future__ import annotations

import hashlib
import os
import pickle
from collections.abc import Callable
from functools import lru_cache
from types import ModuleType

from ..cache import cache_root, code_fingerprint, read_entry, write_entry
from ..resources import bundled_spec_names, bundled_spec_text
from .model import Spec


def load_spec(ref: str) -> Spec:
    """The spec ``NAME_OR_PATH[+OVERLAY...]`` (:func:`.loader.load_spec`)."""
    return _bundled(ref) if is_bundled(ref) else _loader().load_spec(ref)


def is_path_like(ref: str) -> bool:
    """Whether a reference names a file and only a file: it has a ``/``,
    starts with ``.`` or ends in ``.yaml`` or ``.yml``."""
    return "/" in ref or os.sep in ref or ref.startswith(".") or ref.endswith((".yaml", ".yml"))


def is_bundled(ref: str) -> bool:
    """Whether ``ref`` names a bundled spec, with or without overlays."""
    names = ref.split("+")
    return not is_path_like(ref) and "\0" not in ref and all(names) and names[0] in bundled_spec_names()


def parse_kept(text: str, file: str, *, reads_files: bool = True) -> Spec:
    """:func:`.loader.parse_spec` of ``text`` (named ``file`` in messages),
    kept in the cache unless it extends another spec (so ``reads_files``,
    which only matters to a spec that extends a file, is always heeded)."""
    return _parsed(text, file, reads_files)


@lru_cache(maxsize=64)
def _bundled(ref: str) -> Spec:
    """A bundled spec with its overlays: from the cache, else read (and kept)."""
    return _kept(f"spec\0{ref}", bundled_spec_text(ref.split("+")[0]), lambda: _loader().load_spec(ref))


@lru_cache(maxsize=16)
def _parsed(text: str, file: str, reads_files: bool) -> Spec:
    return _kept(f"text\0{file}", text, lambda: _loader().parse_spec(text, file, reads_files=reads_files))


def _loader() -> ModuleType:
    """The reader (YAML, the parser, the checks), loaded only when a spec is read."""
    from . import loader

    return loader


def _kept(name: str, text: str, read: Callable[[], Spec]) -> Spec:
    """The spec ``read()`` gives (read from ``text``), from the cache entry
    ``name`` when it holds one made from this text by this code."""
    made_from = f"{name}\0{hashlib.sha256(text.encode('utf-8', 'surrogatepass')).hexdigest()}"
    key = f"{made_from}\0{code_fingerprint()}"  # a newer barbu_dsl replaces the entry
    name_hash = hashlib.sha256(made_from.encode("utf-8", "surrogatepass")).hexdigest()[:32]
    path = cache_root() / "specs" / f"{name_hash}.pickle"
    content = read_entry(path, key)
    if content is not None:
        try:
            spec = pickle.loads(content)
        except Exception:  # noqa: BLE001 -- an entry that does not unpickle is read again from the text
            spec = None
        if isinstance(spec, Spec):
            return spec
    spec = read()
    if spec.extends is None or not spec.extends.is_house:
        write_entry(path, key, pickle.dumps(spec, protocol=pickle.HIGHEST_PROTOCOL))
    return spec


__all__ = ["is_bundled", "is_path_like", "load_spec", "parse_kept"]
