"""Fixtures for the generator tests: generated packages in temporary
directories and the checked-in ``generated/`` tree, each imported under a
name of its own so both can be loaded in one process."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from barbu_dsl.generator import generate_files
from barbu_dsl.generator.naming import package_name
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


class Packages:
    """Generates a spec's package once per test session and imports it."""

    def __init__(self, root: Path, prefix: str, generate: bool) -> None:
        self.root, self.prefix, self.generate = root, prefix, generate

    def __call__(self, ref: str) -> ModuleType:
        name = package_name(load_spec(ref).full_name)
        if self.generate and not (self.root / name).is_dir():
            write(self.root, generate_files(ref, conformance=False))
        return load_package(self.root / name, self.prefix + name)


@pytest.fixture(scope="session")
def packages(tmp_path_factory: pytest.TempPathFactory) -> Packages:
    """``packages("tournament+ravage-city")``: that spec's package, freshly generated."""
    return Packages(tmp_path_factory.mktemp("generated"), "fresh_", generate=True)


@pytest.fixture(scope="session")
def checked_in() -> Packages:
    """``checked_in("tournament")``: the package checked in under ``generated/``."""
    if not (GENERATED / "README.md").is_file():
        pytest.skip("generated/ is not in this checkout")
    return Packages(GENERATED, "checked_in_", generate=False)
