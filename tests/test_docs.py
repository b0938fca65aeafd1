"""docs/: the formats are the public interfaces unchanged, and the rules page
keeps the section numbers that code and tests cite."""

from __future__ import annotations

import re
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
    "table.md": ("formats/TABLE.md", [
        ("RECORDS.md: a card is", "[records.md](records.md): a card is"),
        ("hand records (RECORDS.md) that", "hand records ([records.md](records.md)) that"),
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


def test_rules_keep_their_section_numbers() -> None:
    """Code, specs and tests cite "docs/rules.md section N" and "variant N"."""
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    headings = [line for line in text.splitlines() if line.startswith("## ")]
    assert headings == ["## 1. Common ground", "## 2. Tournament Barbu", "## 3. The French family",
                        "## 4. Hearts", "## 5. Rulings not in the sources",
                        "## 6. The wider family"]
    tournament = text.split("## 2. ")[1].split("## 3. ")[0]
    variants = tournament.split("### Variants and scales")[1]
    for number in range(1, 10):
        assert f"\n{number}. **" in variants, f"variant {number} is missing from section 2"


def _slug(heading: str) -> str:
    """The anchor a heading gets when the page is shown (GitHub's rule)."""
    kept = "".join(ch for ch in heading.strip().lower() if ch.isalnum() or ch in " -_")
    return kept.replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    return {_slug(line.lstrip("#")) for line in path.read_text(encoding="utf-8").splitlines()
            if line.startswith("#")}


PAGES = [CHECKOUT / "README.md", CHECKOUT / "benchmarks" / "README.md", *sorted(DOCS.glob("*.md"))]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(CHECKOUT)))
def test_links_lead_somewhere(page: Path) -> None:
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.DOTALL)
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if "://" in target:
            continue
        file, _, anchor = target.partition("#")
        linked = (page.parent / file).resolve() if file else page
        assert linked.exists(), f"{page.name} links to {target}, which does not exist"
        if anchor:
            assert anchor in _anchors(linked), f"{page.name} links to {target}: no such heading"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(CHECKOUT)))
def test_pages_send_nobody_elsewhere(page: Path) -> None:
    """The README and the pages point at docs/, not at files an installed
    user does not have."""
    text = page.read_text(encoding="utf-8")
    for stale in ("shared folder", "RULES.md", "formats/RECORDS.md", "formats/SHEET.md", "(coming)"):
        assert stale not in text, stale


def test_readme_leads_into_docs() -> None:
    """The README links the rules, the formats and every page the
    reference moved to."""
    text = (CHECKOUT / "README.md").read_text(encoding="utf-8")
    for name in ("docs/rules.md", "docs/records.md", "docs/sheet.md", "docs/language.md", "docs/cli.md",
                 "docs/scoresheet.md", "docs/play.md", "docs/online.md", "docs/lab.md", "docs/python.md",
                 "docs/generated.md", "docs/scorer-phone.png", "docs/server-table.png"):
        assert f"]({name})" in text, name


SHIPPED = ("src/barbu_dsl", "specs", "docs", "generated")
"""What the package and the generated suites carry to a user."""


TEXT_SUFFIXES = {".py", ".md", ".yaml", ".yml", ".json", ".jsonl", ".lark", ".j2", ".js", ".html", ".css", ".txt",
                 ".toml", ".svg"}
"""What a shipped text file is named: caches that tools leave beside the
sources (``.mypy_cache``, numba's ``__pycache__``) are neither shipped nor text."""


def _shipped_texts() -> list[tuple[Path, str]]:
    texts = []
    for top in SHIPPED:
        for path in sorted((CHECKOUT / top).rglob("*")):
            hidden = any(part.startswith(".") or part == "__pycache__" for part in path.relative_to(CHECKOUT).parts)
            if path.is_file() and not hidden and path.suffix in TEXT_SUFFIXES:
                texts.append((path, path.read_text(encoding="utf-8")))
    return texts


def test_shipped_files_cite_docs_rules() -> None:
    """A user has docs/rules.md, not the shared RULES.md it was written
    from: nothing the package or the generated suites ship cites RULES.md,
    and every "rules.md section N" they cite is a section of docs/rules.md."""
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    sections = {m.group(1) for m in re.finditer(r"^## (\d+)\. ", text, re.MULTILINE)}
    texts = _shipped_texts()
    assert len(texts) > 100, "the shipped files were not found"
    for path, content in texts:
        where = path.relative_to(CHECKOUT)
        assert "RULES.md" not in content, f"{where} cites RULES.md: cite docs/rules.md section N"
        for cited in re.findall(r"rules\.md,? sections? (\d+)", content):
            assert cited in sections, f"{where} cites docs/rules.md section {cited}, which does not exist"


def test_ci_runs_the_readme_test_command() -> None:
    """.ci/run runs exactly the README's command that sets up and runs the whole suite."""
    root = Path(__file__).resolve().parents[1]
    readme = (root / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)```", readme, re.DOTALL)
    command = next(block.strip() for block in blocks if "pytest" in block)
    assert "\n" not in command, "the test command is one line"
    assert command in (root / ".ci" / "run").read_text(encoding="utf-8").splitlines()


def test_spec_examples_read(tmp_path: Path) -> None:
    """Every whole spec the README and the pages show (a YAML block with
    its own contracts: the language reference's, docs/language.md, and the
    README's tour) reads without a problem; the house files read on top of
    the bundled spec they extend."""
    import yaml

    from barbu_dsl.language import load_spec

    whole = []
    for page in PAGES:
        blocks = re.findall(r"```yaml\n(.*?)```", page.read_text(encoding="utf-8"), re.DOTALL)
        found = [block for block in blocks if "contracts" in yaml.safe_load(block)]
        if page.name == "language.md":
            assert len(found) >= 5, "docs/language.md's spec examples"
        if page.name == "README.md" and page.parent == CHECKOUT:
            assert len(found) >= 2, "the README's spec examples"
        whole += found
    for number, block in enumerate(whole):
        path = tmp_path / f"example-{number}.yaml"
        path.write_text(block, encoding="utf-8")
        assert load_spec(str(path)).contracts, block
