"""Python identifiers for the generated code, derived from spec text.

Spec text (spec, variant and contract names) is never trusted as code: an
identifier is made only of the ASCII letters, digits and underscores left
after folding a name (``Ravage City`` → ``ravage_city``), so whatever a name
holds (quotes, newlines, statements) nothing of it can reach the code but
those characters.  Names that fold to nothing, to a keyword or to a name the
package already uses get a numbered fallback.
"""

from __future__ import annotations

import keyword
import re
import unicodedata
from collections.abc import Iterable

_NOT_WORD = re.compile(r"[^a-z0-9]+")


def slug(text: str) -> str:
    """``text`` folded to lower-case ASCII words joined by ``_`` (may be empty)."""
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()
    return _NOT_WORD.sub("_", folded).strip("_")


def package_name(full_name: str) -> str:
    """The generated package's name for ``name+variant+...``: a valid
    identifier such as ``tournament_ravage_city``."""
    name = slug(full_name)[:80].strip("_")
    if not name or name[0].isdigit() or keyword.iskeyword(name):
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
