"""Compiled templates kept in the user's cache (``barbu_dsl.template_cache``):
a template is compiled once, and a damaged, stale or unwritable entry only
means compiling it again: the generated files are the same bytes."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import jinja2
import pytest
from jinja2.bccache import bc_magic

from barbu_dsl import cache
from barbu_dsl.generator.plan import plan
from barbu_dsl.generator.render import environment, render_package
from barbu_dsl.language import parse_spec
from barbu_dsl.template_cache import KeptTemplates

SPEC = parse_spec("name: one\nplayers: 4\ncontracts:\n  No tricks: −2 per trick\n  Barbu: K♥ −20, no ♥ lead\n")


@pytest.fixture
def kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty cache of this test's own; the environment made afresh."""
    monkeypatch.setenv("BARBU_CACHE", str(tmp_path / "cache"))
    environment.cache_clear()
    yield tmp_path / "cache" / "templates"
    environment.cache_clear()


def compiles(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the templates compiled from now on."""
    names: list[str] = []
    real = jinja2.Environment.compile

    def compile(self: jinja2.Environment, source: str, name: str | None = None, filename: str | None = None,
                raw: bool = False, defer_init: bool = False) -> object:
        names.append(str(name))
        return real(self, source, name, filename, raw, defer_init)

    monkeypatch.setattr(jinja2.Environment, "compile", compile)
    return names


def rendered() -> dict[str, str]:
    environment.cache_clear()
    return render_package(plan(SPEC))


def test_a_template_is_compiled_once(kept: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    compiled = compiles(monkeypatch)
    first = rendered()
    assert "contract.py.j2" in compiled and len(list(kept.iterdir())) == len(set(compiled))
    compiled.clear()
    assert rendered() == first
    assert compiled == []


@pytest.mark.parametrize("damage", ["empty", "cut short", "one byte changed", "random bytes", "stale",
                                    "not Jinja's", "a directory"])
def test_a_damaged_entry_is_compiled_again(kept: Path, damage: str, monkeypatch: pytest.MonkeyPatch) -> None:
    environment.cache_clear()
    reference = rendered()
    for entry in kept.iterdir():
        data = entry.read_bytes()
        if damage == "a directory":
            entry.unlink()
            entry.mkdir()
            continue
        changed = {"empty": b"", "cut short": data[: len(data) // 2], "random bytes": os.urandom(len(data)),
                   "one byte changed": data[:-10] + bytes([data[-10] ^ 0x20]) + data[-9:]}.get(damage)
        if changed is not None:
            entry.write_bytes(changed)
        elif damage == "stale":  # made for another key: another template text, Jinja or barbu_dsl
            cache.write_entry(entry, "another key", data[cache.HEADER_BYTES:])
        else:  # made for this key, but what follows Jinja's first bytes is not its checksum and code
            cache.write_entry(entry, _key_of(entry), bc_magic + b"\x80not a checksum")
    compiled = compiles(monkeypatch)
    assert rendered() == reference
    assert compiled  # compiled again, not read
    if damage != "a directory":
        compiled.clear()
        assert rendered() == reference and compiled == []  # and written anew


def _key_of(entry: Path) -> str:
    """The key the entry ``entry`` was written for (found by trying each template's)."""
    env = environment()
    assert env.loader is not None
    for name in env.loader.list_templates():
        source, filename, _ = env.loader.get_source(env, name)
        bucket = env.bytecode_cache.get_bucket(env, name, filename, source)  # type: ignore[union-attr]
        path, key = KeptTemplates._entry(bucket)
        if path == entry:
            return key
    raise AssertionError(f"no template is kept in {entry}")


def test_a_cache_that_cannot_be_written_changes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "file").write_text("", encoding="utf-8")
    monkeypatch.setenv("BARBU_CACHE", str(tmp_path / "cache"))
    reference = rendered()
    monkeypatch.setenv("BARBU_CACHE", str(tmp_path / "file"))
    assert rendered() == reference
    environment.cache_clear()
