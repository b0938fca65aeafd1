"""Fixtures for the generator tests: packages freshly generated into the
test session's cache and the checked-in ``generated/`` tree, each imported
under a name of its own so both can be loaded in one process."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

from barbu_dsl.generator.naming import package_name
from barbu_dsl.lab.backend import generated_package
from barbu_dsl.language import load_spec

ROOT = Path(__file__).resolve().parents[2]
GENERATED = ROOT / "generated"


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def load_package(directory: Path, alias: str) -> ModuleType:
    """Import the package in ``directory`` as ``alias``."""
    if alias in sys.modules:
        return sys.modules[alias]
    spec = importlib.util.spec_from_file_location(alias, directory / "__init__.py",
                                                  submodule_search_locations=[str(directory)])
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[alias] = module
    spec.loader.exec_module(module)
    return module


Packages = Callable[[str], ModuleType]


def fresh_package(ref: str) -> ModuleType:
    """The package of the spec ``ref`` (a name, a path, variants after ``+``),
    freshly generated: the balance lab's, generated once into the test
    session's cache (``tests/conftest.py``), where the test processes share
    numba's compiled code of it."""
    return generated_package(load_spec(ref))


@pytest.fixture(scope="session")
def packages() -> Packages:
    """``packages("tournament+ravage-city")``: that spec's package, freshly generated."""
    return fresh_package


@pytest.fixture(scope="session")
def checked_in() -> Packages:
    """``checked_in("tournament")``: the package checked in under ``generated/``."""
    if not (GENERATED / "README.md").is_file():
        pytest.skip("generated/ is not in this checkout")

    def load(ref: str) -> ModuleType:
        name = package_name(load_spec(ref).full_name)
        return load_package(GENERATED / name, "checked_in_" + name)

    return load
