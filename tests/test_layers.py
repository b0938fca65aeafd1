"""The package's import graph has layers (docs/architecture.md): a module
imports only from its own layer or the layers below, the graph of the
top-level units has no cycle, no module imports another module's private
names, and the runtime imports nothing but the standard library and itself
(the generator copies it into every package, which must stand alone)."""

from __future__ import annotations

import ast
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "src" / "barbu_dsl"

LAYERS: tuple[frozenset[str], ...] = (
    # 0. The code a generated package carries, standard library only.
    frozenset({"runtime"}),
    # 1. Tools every layer may use: cards and their notations, limits, errors,
    # files, safe text, the caches, the words of the four languages, reading
    # a line at a terminal, the stores' SQLite files.
    frozenset({"cards", "limits", "errors", "files", "safe_text", "resources", "cache", "template_cache",
               "bounded_json", "commandline", "completion", "i18n", "line_input", "database"}),
    # 2. The language: grammar, parser, loader, the model, and plain words
    # about rules.
    frozenset({"language", "words"}),
    # 3. Every fact the rules imply, worked out once.
    frozenset({"compiled"}),
    # 4. The game: hands, tricks, domino, doubling, replay, bots.
    frozenset({"engine"}),
    # 5. What reads the rules and the game: proofs, prose, code, statistics.
    frozenset({"verifier", "checking", "explain", "generator", "lab", "bots", "schema"}),
    # 6. Front ends: what people run.
    frozenset({"sheet", "scorer", "table", "server", "cli", "fuzzing", "__main__"}),
)

LAZY_HALVES = {"rich_console": "safe_text"}
"""Modules that are another unit's lazily imported half (rich is loaded
only when something is drawn): they count as that unit."""


def _unit(path: Path) -> str:
    first = path.relative_to(ROOT).with_suffix("").parts[0]
    return LAZY_HALVES.get(first, first)


def _module(path: Path) -> list[str]:
    parts = ["barbu_dsl", *path.relative_to(ROOT).with_suffix("").parts]
    return parts[:-1] if parts[-1] == "__init__" else parts


def _imports(path: Path) -> list[tuple[int, list[str], list[str]]]:
    """Each import of ``path`` inside barbu_dsl: (line, module path, names)."""
    is_package = path.name == "__init__.py"
    package = _module(path) if is_package else _module(path)[:-1]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - node.level + 1]
                target = base + (node.module.split(".") if node.module else [])
            elif node.module and node.module.split(".")[0] == "barbu_dsl":
                target = node.module.split(".")
            else:
                continue
            found.append((node.lineno, target, [alias.name for alias in node.names]))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "barbu_dsl":
                    found.append((node.lineno, alias.name.split("."), []))
    return found


def _targets(target: list[str], names: list[str]) -> list[str]:
    """The top-level units an import reaches: ``from .. import cards`` names
    the unit in ``names``; the root package itself (``__version__``) is none."""
    if len(target) > 1:
        return [LAZY_HALVES.get(target[1], target[1])]
    return [LAZY_HALVES.get(name, name) for name in names if (ROOT / name).exists() or (ROOT / f"{name}.py").exists()]


def _sources() -> list[Path]:
    return sorted(path for path in ROOT.rglob("*.py") if path.name != "__init__.py" or path.parent != ROOT)


def _layer(unit: str) -> int:
    return next(index for index, units in enumerate(LAYERS) if unit in units)


def test_every_unit_has_a_layer() -> None:
    units = {_unit(path) for path in _sources()}
    placed = set().union(*LAYERS)
    assert not units - placed, f"units with no layer: {sorted(units - placed)} (add them to LAYERS)"


def test_no_module_imports_from_a_higher_layer() -> None:
    upward = []
    for path in _sources():
        here = _unit(path)
        for line, target, names in _imports(path):
            for unit in _targets(target, names):
                if unit in set().union(*LAYERS) and _layer(unit) > _layer(here):
                    upward.append(f"{path.relative_to(ROOT)}:{line}: {here} (layer {_layer(here)}) imports "
                                  f"{unit} (layer {_layer(unit)})")
    assert not upward, "\n".join(upward)


def _cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """A cycle of the graph, or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt):], nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_the_units_import_each_other_without_a_cycle() -> None:
    edges: dict[str, set[str]] = defaultdict(set)
    for path in _sources():
        here = _unit(path)
        for _, target, names in _imports(path):
            edges[here].update(unit for unit in _targets(target, names) if unit != here)
    assert _cycle(edges) is None, " -> ".join(_cycle(edges) or [])


def test_no_module_imports_private_names() -> None:
    """A name with a leading underscore belongs to its module: nothing else
    imports it (nor a private module), here or from a library."""
    private = []
    for path in ROOT.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            modules: list[str] = []
            names: list[str] = []
            if isinstance(node, ast.ImportFrom):
                modules, names = [node.module or ""], [alias.name for alias in node.names]
            elif isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            for name in [*names, *(part for module in modules for part in module.split("."))]:
                if name.startswith("_") and not name.startswith("__"):
                    private.append(f"{path.relative_to(ROOT)}:{node.lineno}: {name}")
    assert not private, "\n".join(private)


def test_the_runtime_imports_only_the_standard_library_and_itself() -> None:
    outside = []
    for path in sorted((ROOT / "runtime").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                top = node.module.split(".")[0]
            elif isinstance(node, ast.ImportFrom):
                if node.level > 1 and path.parent == ROOT / "runtime":
                    outside.append(f"{path.name}:{node.lineno}: imports from outside the runtime")
                continue
            elif isinstance(node, ast.Import):
                top = node.names[0].name.split(".")[0]
            else:
                continue
            native = path.name == "native.py" and top in NATIVE_LIBRARIES
            if top not in sys.stdlib_module_names and not native:
                outside.append(f"{path.relative_to(ROOT)}:{node.lineno}: imports {top}")
    assert not outside, "\n".join(outside)


NATIVE_LIBRARIES = {"numba", "numpy", "llvmlite"}
"""The native playouts' compiler (the ``fast`` extra), imported only by
the runtime's ``native`` module."""
