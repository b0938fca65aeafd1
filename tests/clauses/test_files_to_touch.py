"""docs/architecture.md, "Files to touch": the files it names for a new
scoring clause are the files that match every kind of scoring part by
name, and the files it names for a clause scoring a new kind of element
are the files that read ``PartFacts.by_tricks`` (the last such element
added).  A match site added or removed makes this fail until the passage
is recounted."""

from __future__ import annotations

import re
import typing
from pathlib import Path

from barbu_dsl.language import model as m

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src" / "barbu_dsl"
PASSAGE = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8").split("## Files to touch")[1]
CLAUSE = PASSAGE.split("**A new scoring clause**")[1].split("A clause that scores a **new kind of element**")[0]
ELEMENT = PASSAGE.split("A clause that scores a **new kind of element**")[1].split("**A new language")[0]


def code_files() -> dict[Path, str]:
    return {path: path.read_text(encoding="utf-8") for path in SRC.rglob("*")
            if path.suffix in (".py", ".j2", ".js") and path.is_file()}


def named(text: str) -> set[Path]:
    """The code files a passage names (``language/rules.py``, ``trick_rules.j2``, ``grammar/barbu.lark``),
    message catalogs (``i18n/``) apart."""
    found = set()
    for name in re.findall(r"`([\w/.]+\.(?:py|j2|js|lark))`", text):
        if name.startswith("i18n/"):
            continue  # a message catalog, not code
        if name == "grammar/barbu.lark":
            found.add(ROOT / name)
            continue
        matches = [path for path in code_files() if path.as_posix().endswith("/" + name)]
        assert len(matches) == 1, f"docs/architecture.md names {name}: {len(matches)} files match"
        found.add(matches[0])
    return found


def count(text: str) -> int:
    return int(re.search(r"\*\*(\d+)\s+code files\*\*", text).group(1))


def match_sites() -> set[Path]:
    """The code files that name every kind of scoring part, and the grammar."""
    parts = [kind.__name__ for kind in typing.get_args(m.Part)]
    files = code_files()
    sites = {path for path, text in files.items() if all(re.search(rf"\b{name}\b", text) for name in parts)}
    return sites | {ROOT / "grammar" / "barbu.lark"}


def readers() -> set[Path]:
    """The code files that read ``by_tricks``, a field of ``PartFacts``."""
    return {path for path, text in code_files().items() if re.search(r"\bby_tricks\b", text)}


def test_a_new_clause_touches_the_files_the_passage_names() -> None:
    listed = named(CLAUSE.split("Everything else follows")[0])
    assert listed == match_sites(), (sorted(map(str, listed - match_sites())), sorted(map(str, match_sites() - listed)))
    assert count(CLAUSE) == len(listed)


def test_a_new_element_reaches_the_files_the_passage_names() -> None:
    listed = named(ELEMENT.split("`tests/clauses/test_files_to_touch.py`")[0])
    sites = match_sites()
    assert listed == readers() - sites, (sorted(map(str, listed ^ (readers() - sites))))
    assert count(ELEMENT) == len(sites) + len(listed)
