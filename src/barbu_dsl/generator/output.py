"""Generated trees: render them, write them, check them for freshness.

A generated tree is a mapping of relative paths to text, its Python
formatted by ruff (:mod:`.formatting`).  Writing it never
touches a file that does not carry the generator's "DO NOT EDIT" header;
checking it regenerates in memory and lists stale (different), missing and
orphan (generated here before, no longer produced) files.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from ..language import load_spec
from ..language import model as m
from .formatting import format_python
from .plan import plan
from .render import environment, render_package, tidy

BUNDLED_TARGETS = (
    "tournament",
    "french-classic",
    "bouillabaisse",
    "hearts",
    "king",
    "leaver-3p",
    "french-32",
    "tournament+ravage-city+ace-low-domino",
    "tournament+brader+undoubled-not-played",
)
"""What ``generated/`` holds: every bundled spec and two variant combinations."""

MARK = "DO NOT EDIT"


def generate_files(spec: m.Spec | str, *, conformance: bool = True) -> dict[str, str]:
    """The files generated for ``spec`` (a model or ``NAME[+VARIANT...]``):
    relative path → text, in path order.  The Python files, the package's
    and the conformance test, are formatted in one ruff run
    (:func:`.formatting.format_python`)."""
    model = load_spec(spec) if isinstance(spec, str) else spec
    facts = plan(model)
    files = render_package(facts)
    if conformance:
        from .conformance import render_conformance

        files.update(render_conformance(model, facts))
    return dict(sorted(format_python(files).items()))


def _is_generated(path: Path) -> bool:
    try:
        with path.open(encoding="utf-8") as handle:
            head = handle.read(600)
    except (OSError, UnicodeDecodeError):
        return False
    return MARK in head


def _tree_files(root: Path, tops: Iterable[str]) -> list[str]:
    """The files under ``root/top`` for each top directory (caches left out)."""
    found = []
    for top in tops:
        base = root / top
        if not base.is_dir():
            continue
        for path in sorted(base.rglob("*")):
            if path.is_file() and not _ignored(path.relative_to(root)):
                found.append(path.relative_to(root).as_posix())
    return found


def _tops(files: Iterable[str]) -> list[str]:
    """The directories a tree owns: each package and its conformance suite."""
    tops = set()
    for name in files:
        parts = name.split("/")
        tops.add("/".join(parts[:2]) if parts[0] == "conformance" else parts[0])
    return sorted(tops)


def write_tree(root: Path, files: dict[str, str]) -> list[str]:
    """Write ``files`` under ``root``; remove generated files of the same
    packages that are no longer produced.  Refuse (ValueError) to overwrite
    or remove a file without the generator's header.  Return the paths
    written or removed."""
    changed = []
    tops = _tops(files)
    for name in _tree_files(root, tops):
        if name not in files and not _is_generated(root / name):
            raise ValueError(f"{root / name} was not generated; remove it or choose another directory")
    for name in files:
        path = root / name
        if path.exists() and not _is_generated(path):
            raise ValueError(f"{path} exists and was not generated; barbu generate never overwrites it")
    for name in _tree_files(root, tops):
        if name not in files:
            (root / name).unlink()
            changed.append(name)
    for name, text in files.items():
        path = root / name
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", newline="\n")
        changed.append(name)
    return changed


def check_tree(root: Path, files: dict[str, str], everything: bool = False) -> list[str]:
    """Problems of ``root`` against freshly generated ``files``: ``stale``,
    ``missing`` and ``orphan`` lines.  ``everything``: any file under
    ``root`` not generated is an orphan (the whole ``generated/`` tree);
    else only those in the directories ``files`` own."""
    problems = []
    for name, text in files.items():
        path = root / name
        if not path.is_file():
            problems.append(f"missing: {name}")
        elif path.read_text(encoding="utf-8") != text:
            problems.append(f"stale: {name}")
    present = _all_files(root) if everything else _tree_files(root, _tops(files))
    problems.extend(f"orphan: {name}" for name in present if name not in files)
    return problems


def _all_files(root: Path) -> list[str]:
    if not root.is_dir():
        return []
    return [path.relative_to(root).as_posix() for path in sorted(root.rglob("*"))
            if path.is_file() and not _ignored(path.relative_to(root))]


def _ignored(relative: Path) -> bool:
    """Caches and hidden files are never part of a generated tree."""
    return (relative.suffix == ".pyc" or "__pycache__" in relative.parts
            or any(part.startswith(".") for part in relative.parts))


def index_files(targets: Sequence[str]) -> dict[str, str]:
    """``README.md`` of a directory of generated packages: what each one is."""
    facts = [plan(load_spec(target)) for target in targets]
    text = environment().get_template("index.md.j2").render(specs=facts, version=facts[0].version if facts else "")
    return {"README.md": tidy(text)}
