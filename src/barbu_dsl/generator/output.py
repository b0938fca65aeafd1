"""Generated trees: render them, write them, check them for freshness.

A generated tree is a mapping of relative paths to text, its Python
formatted by ruff (:mod:`.formatting`).  Writing it (:func:`write_tree`):

* replaces or removes only the files this generator made for the same
  package of the same spec, proven by their exact header and package id
  (:func:`.identity.owner`); an empty file where a file is to be written
  (what a killed run of an older writer left) holds nothing to lose and is
  replaced too;
* writes each file atomically (:func:`barbu_dsl.files.atomic_write`), so a
  kill leaves whole files, old or new, and the temporary files it leaves
  are removed by the next run, which so repairs the tree;
* never follows a symbolic link below the output directory.

Checking it regenerates in memory and lists stale (different), missing and
orphan (generated here before, no longer produced) files.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path

from ..errors import UsageError
from ..files import atomic_write, is_leftover
from ..language import load_spec
from ..language import model as m
from .formatting import format_python
from .identity import HEAD_BYTES, INDEX, header_owner, owner, package_id
from .naming import package_name
from .plan import plan
from .render import copied_runtime, environment, render_package, tidy

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


def generate_files(spec: m.Spec | str, *, conformance: bool = True, reference: str | None = None) -> dict[str, str]:
    """The files generated for ``spec`` (a model or ``NAME[+VARIANT...]``):
    relative path → text, in path order.  The Python files, the package's
    and the conformance test, are formatted in one ruff run
    (:func:`.formatting.format_python`).  ``reference``: how the spec was
    named (for a spec that is not bundled, the header's "Regenerate with:")."""
    if isinstance(spec, str):
        reference = spec if reference is None else reference
        spec = load_spec(spec)
    facts = plan(spec, reference)
    files = render_package(facts)
    copied = frozenset(copied_runtime(facts))
    if conformance:
        from .conformance import render_conformance

        files.update(render_conformance(spec, facts))
    return dict(sorted(format_python(files, keep=copied).items()))


def package_of(spec: m.Spec) -> tuple[str, str]:
    """The package a spec generates into, and its id."""
    package = package_name(spec.full_name)
    return package, package_id(package, spec.full_name)


def check_targets(specs: Sequence[m.Spec]) -> None:
    """Refuse (UsageError) specs of one run that would generate into the
    same package."""
    seen: dict[str, str] = {}
    for spec in specs:
        package, _ = package_of(spec)
        if package in seen and seen[package] != spec.full_name:
            raise UsageError(f"'{seen[package]}' and '{spec.full_name}' would both be generated as package "
                             f"{package}; rename one of them")
        seen[package] = spec.full_name


def _walk(root: Path, top: str) -> list[str]:
    """The files under ``root/top``, relative to ``root``, links not followed
    (a link is listed, as a file, so that it is refused)."""
    base = root / top
    if base.is_symlink():
        return [top]
    found = []
    for directory, folders, names in os.walk(base):
        for folder in list(folders):
            if Path(directory, folder).is_symlink():
                folders.remove(folder)
                names.append(folder)
        for name in names:
            found.append(Path(directory, name).relative_to(root).as_posix())
    return sorted(found)


def _tree_files(root: Path, tops: Iterable[str]) -> list[str]:
    """The files under ``root/top`` for each top directory (caches and
    hidden files left out)."""
    return [name for top in tops for name in _walk(root, top) if not _ignored(Path(name))]


def _tops(files: Iterable[str]) -> dict[str, str]:
    """The directories a tree owns, each package and its conformance suite,
    with the package id of their files (``index`` for the index README)."""
    tops: dict[str, str] = {}
    for name in files:
        parts = name.split("/")
        if len(parts) == 1:
            continue
        package = parts[1] if parts[0] == "conformance" else parts[0]
        tops["/".join(parts[:2]) if parts[0] == "conformance" else parts[0]] = package
    return tops


def write_tree(root: Path, files: dict[str, str], ids: dict[str, str] | None = None) -> list[str]:
    """Write ``files`` under ``root``; remove the files of the same
    packages that are no longer produced.  ``ids``: each package's id (by
    default read from the files' own headers).  Refuse (UsageError) to
    replace or remove a file this generator did not make for that package,
    or to write through a link.  Return the paths written or removed."""
    if root.exists() and not root.is_dir():
        raise UsageError(f"{root} is not a directory")
    tops = _tops(files)
    ids = ids if ids is not None else _ids(files, tops)
    expected = {name: _expected_owner(name, tops, ids) for name in files}
    present = _tree_files(root, tops)
    for name in present:
        path = root / name
        if path.is_symlink():
            raise UsageError(f"{path} is a symbolic link; barbu generate does not write through links")
        wanted = expected.get(name) or _expected_owner(name, tops, ids)
        if owner(path) != wanted and not (name in files and _is_empty(path)):
            what = "was generated for another spec" if owner(path) is not None else "was not generated"
            raise UsageError(f"{path} {what}; barbu generate never overwrites or removes it "
                             "(remove it, or choose another directory)")
    if (root / INDEX).exists() and INDEX in files and owner(root / INDEX) != "index":
        raise UsageError(f"{root / INDEX} was not generated; barbu generate never overwrites it")
    changed = []
    for name in present:
        if name not in files:
            (root / name).unlink()
            changed.append(name)
    _remove_leftovers(root, tops)
    for name, text in files.items():
        path = root / name
        if path.is_file() and _same(path, text):
            continue
        _make_directories(root, Path(name).parent)
        atomic_write(path, text, overwrite=True, within=root)
        changed.append(name)
    return changed


def _ids(files: dict[str, str], tops: dict[str, str]) -> dict[str, str]:
    """Each package's id, as its generated files state it."""
    ids: dict[str, str] = {}
    for name, text in files.items():
        top = _top_of(name)
        if top in tops and tops[top] not in ids and name.endswith((".py", ".jsonl")):
            found = header_owner(Path(name), text[:HEAD_BYTES])
            if found is not None:
                ids[tops[top]] = found
    return ids


def _top_of(name: str) -> str:
    parts = name.split("/")
    return "/".join(parts[:2]) if parts[0] == "conformance" else parts[0]


def _expected_owner(name: str, tops: dict[str, str], ids: dict[str, str]) -> str | None:
    if name == INDEX:
        return "index"
    return ids.get(tops.get(_top_of(name), ""))


def _is_empty(path: Path) -> bool:
    return path.is_file() and not path.is_symlink() and path.stat().st_size == 0


def _same(path: Path, text: str) -> bool:
    try:
        return path.read_bytes() == text.encode("utf-8")
    except OSError:
        return False


def _make_directories(root: Path, relative: Path) -> None:
    """Make the directories of ``relative`` under ``root``, refusing a link."""
    step = root
    root.mkdir(parents=True, exist_ok=True)
    for part in relative.parts:
        step = step / part
        if step.is_symlink():
            raise UsageError(f"{step} is a symbolic link; barbu generate does not write through links")
        if step.exists() and not step.is_dir():
            raise UsageError(f"{step} is not a directory")
        step.mkdir(exist_ok=True)


def _remove_leftovers(root: Path, tops: Iterable[str]) -> None:
    """Remove the temporary files a killed run left in the tree's directories."""
    for top in tops:
        for name in _walk(root, top):
            path = root / name
            if is_leftover(path.name) and path.is_file() and not path.is_symlink():
                path.unlink()


def check_tree(root: Path, files: dict[str, str], everything: bool = False) -> list[str]:
    """Problems of ``root`` against freshly generated ``files``: ``stale``,
    ``missing`` and ``orphan`` lines.  ``everything``: any file under
    ``root`` not generated is an orphan (the whole ``generated/`` tree);
    else only those in the directories ``files`` own."""
    problems = []
    for name, text in files.items():
        path = root / name
        if path.is_symlink() or not path.is_file():
            problems.append(f"missing: {name}")
        elif not _same(path, text):
            problems.append(f"stale: {name}")
    present = _all_files(root) if everything else _tree_files(root, _tops(files))
    problems.extend(f"orphan: {name}" for name in present if name not in files)
    return problems


def _all_files(root: Path) -> list[str]:
    if not root.is_dir():
        return []
    return [name for name in _walk(root, ".") if not _ignored(Path(name))]


def _ignored(relative: Path) -> bool:
    """Caches and hidden files are never part of a generated tree."""
    return (relative.suffix == ".pyc" or "__pycache__" in relative.parts
            or any(part.startswith(".") for part in relative.parts))


def index_files(targets: Sequence[str]) -> dict[str, str]:
    """``README.md`` of a directory of generated packages: what each one is."""
    facts = [plan(load_spec(target), target) for target in targets]
    text = environment().get_template("index.md.j2").render(specs=facts, version=facts[0].version if facts else "")
    return {INDEX: tidy(text)}
