"""Python identifiers for the generated code, derived from spec text.

Spec text (spec, variant and contract names) is never trusted as code: an
identifier is made only of the ASCII letters, digits and underscores left
after folding a name (``Ravage City`` → ``ravage_city``), so whatever a name
holds (quotes, newlines, statements) nothing of it can reach the code but
those characters.  Names that fold to nothing, to a keyword or to a name the
package already uses get a numbered fallback.

A package name must also import as itself from the directory it is
generated into: never the name of a standard-library module (``json``,
``random``: the package would shadow it, or be shadowed) nor of what its
conformance suite runs with (``pytest``).  It is kept short; a name cut to
fit ends in a hash of the whole spec name, so that a spec and its
``+variant`` never share a package.
"""

from __future__ import annotations

import hashlib
import keyword
import re
import sys
import unicodedata
from collections.abc import Iterable

PACKAGE_LENGTH = 40
"""The longest package name; a longer one is cut and ends in a hash."""

RESERVED_PACKAGES = frozenset(sys.stdlib_module_names) | {
    "barbu_dsl", "conformance", "pytest", "_pytest", "pluggy", "iniconfig", "packaging", "py",
    "setuptools", "pip", "site", "sitecustomize", "usercustomize", "test", "tests",
}
"""Names a generated package may not take (the standard library's modules,
and what the generated suite imports or Python imports at start-up)."""

_NOT_WORD = re.compile(r"[^a-z0-9]+")


def slug(text: str) -> str:
    """``text`` folded to lower-case ASCII words joined by ``_`` (may be empty)."""
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()
    return _NOT_WORD.sub("_", folded).strip("_")


def package_name(full_name: str) -> str:
    """The generated package's name for ``name+variant+...``: a valid
    identifier such as ``tournament_ravage_city``, at most PACKAGE_LENGTH
    characters, no keyword and no reserved module name (then ``spec_``
    comes first: ``spec_json``)."""
    name = slug(full_name)
    if len(name) > PACKAGE_LENGTH:
        digest = hashlib.sha256(full_name.encode("utf-8", "surrogatepass")).hexdigest()[:8]
        name = f"{name[:PACKAGE_LENGTH - len(digest) - 1].strip('_')}_{digest}"
    if not name or name[0].isdigit() or keyword.iskeyword(name) or name in RESERVED_PACKAGES:
        name = f"spec_{name}".strip("_")
    return name


def module_names(names: Iterable[str], reserved: Iterable[str] = ()) -> list[str]:
    """One distinct module name per contract name, in order (``c_`` prefixed,
    so it never shadows a module of the package or the standard library)."""
    taken = set(reserved)
    out = []
    for index, name in enumerate(names):
        base = slug(name)[:40].strip("_")
        first = f"c_{base}" if base else f"c_contract_{index}"
        candidate, suffix = first, 1
        while candidate in taken:
            suffix += 1
            candidate = f"{first}_{suffix}"
        taken.add(candidate)
        out.append(candidate)
    return out
