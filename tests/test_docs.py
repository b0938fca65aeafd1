"""docs/: the formats are the public interfaces unchanged, and the rules page
keeps the section numbers that code and tests cite."""

from __future__ import annotations

from pathlib import Path

import pytest

CHECKOUT = Path(__file__).resolve().parents[1]
DOCS = CHECKOUT / "docs"

# The only differences from the originals: their links to files beside them
# point at the project's own copies.
FORMATS = {
    "records.md": ("formats/RECORDS.md", [
        ("Examples are in `../examples/`.",
         "Examples are in [`tests/engine/examples/`](../tests/engine/examples/)."),
        ("(RULES.md, early end", "([rules.md](rules.md), early end"),
    ]),
    "sheet.md": ("formats/SHEET.md", [
        ("(RECORDS.md):", "([records.md](records.md)):"),
        ("(RECORDS.md, RULES.md)", "([records.md](records.md), [rules.md](rules.md))"),
    ]),
}


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_formats_are_the_shared_originals(shared_dir: Path, name: str) -> None:
    original, links = FORMATS[name]
    expected = (shared_dir / original).read_text(encoding="utf-8")
    for old, new in links:
        assert expected.count(old) == 1, f"{original} no longer says {old!r}: update FORMATS"
        expected = expected.replace(old, new)
    actual = (DOCS / name).read_text(encoding="utf-8")
    assert actual == expected, f"docs/{name} differs from {original} (copy it again and re-point its links)"
