"""Bundled specs kept read in the user's cache (``barbu_dsl.language.spec_cache``,
``barbu_dsl.cache``): the kept model is the model read from the file; a
missing, stale, damaged or unreadable entry is read again from the spec and
never crashes a command nor gives another model; a cache that cannot be
written only costs time."""

from __future__ import annotations

import hashlib
import os
import pickle
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from barbu_dsl import cache
from barbu_dsl.language import loader, spec_cache
from barbu_dsl.language.model import Spec
from barbu_dsl.resources import bundled_spec_names

REFS = [*bundled_spec_names(), "tournament+ravage-city", "french-classic+all-or-nothing"]


def forget() -> None:
    """What this process remembers, forgotten: the next load reads the cache."""
    spec_cache._bundled.cache_clear()
    spec_cache._parsed.cache_clear()


@pytest.fixture
def kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty cache directory of this test's own."""
    root = tmp_path / "cache"
    monkeypatch.setenv("BARBU_CACHE", str(root))
    forget()
    yield root / "specs"
    forget()


def reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every spec read from its text from now on (not from the cache)."""
    read: list[str] = []
    real_load, real_parse = loader.load_spec, loader.parse_spec

    def load(ref: str) -> Spec:
        read.append(ref)
        return real_load(ref)

    def parse(text: str, file: str = "<spec>", default_name: str = "spec", *, reads_files: bool = True) -> Spec:
        read.append(file)
        return real_parse(text, file, default_name, reads_files=reads_files)

    monkeypatch.setattr(loader, "load_spec", load)
    monkeypatch.setattr(loader, "parse_spec", parse)
    return read


def only_entry(folder: Path) -> Path:
    (entry,) = folder.iterdir()
    return entry


@pytest.mark.parametrize("ref", REFS)
def test_the_kept_model_is_the_model_read_from_the_spec(kept: Path, ref: str) -> None:
    read_now = loader.load_spec(ref)
    assert spec_cache.load_spec(ref) == read_now  # read, and kept
    forget()
    from_cache = spec_cache.load_spec(ref)
    assert from_cache == read_now and from_cache is not read_now
    assert from_cache.full_name == ref


def test_a_kept_spec_is_read_once(kept: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    read = reads(monkeypatch)
    spec_cache.load_spec("tournament")
    forget()
    spec_cache.load_spec("tournament")
    spec_cache.load_spec("tournament")
    assert read == ["tournament"]


def test_files_and_unknown_names_are_never_kept(kept: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file is read every time (it may change); so is a name that is no
    bundled spec, and a bundled name is the bundled spec whatever file of
    that name lies in the working directory (docs/cli.md, "Naming a spec")."""
    (tmp_path / "club.yaml").write_text("name: club\ncontracts:\n  No tricks: −2 per trick\n", encoding="utf-8")
    (tmp_path / "tournament").write_text("name: impostor\ncontracts:\n  No tricks: −2 per trick\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    for ref in ("club.yaml", "./club.yaml", str(tmp_path / "club.yaml")):
        assert not spec_cache.is_bundled(ref)
        assert spec_cache.load_spec(ref).name == "club"
    assert spec_cache.load_spec("tournament").name == "tournament"
    assert [entry.name for entry in kept.iterdir()] == [only_entry(kept).name]  # the bundled one alone
    for ref in ("tournament+", "+tournament", "tournament\0", "nosuch", "tournament/x"):
        assert not spec_cache.is_bundled(ref)


def test_a_score_sheets_copy_of_its_spec_is_kept_unless_it_extends_another(kept: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    read = reads(monkeypatch)
    text = "name: club\ncontracts:\n  No tricks: −2 per trick\n"
    first = spec_cache.parse_kept(text, "club (spec_text)")
    forget()
    assert spec_cache.parse_kept(text, "club (spec_text)") == first == loader.parse_spec(text, "club (spec_text)")
    assert read.count("club (spec_text)") == 2  # once kept, once above as the reference
    house = "extends: tournament\nname: our-club\n"
    spec_cache.parse_kept(house, "house (spec_text)")
    forget()
    spec_cache.parse_kept(house, "house (spec_text)")
    assert read.count("house (spec_text)") == 2  # a house spec depends on its base: read every time


def write(path: Path, data: bytes) -> None:
    path.unlink()
    path.write_bytes(data)


def flip(data: bytes, at: int) -> bytes:
    return data[:at] + bytes([data[at] ^ 0x01]) + data[at + 1:]


def damage_cases() -> dict[str, Callable[[Path, Path], None]]:
    """Each way an entry (``path``) can be found damaged; ``folder`` holds it."""

    def same_key(content: bytes) -> Callable[[Path, Path], None]:
        def damage(path: Path, folder: Path) -> None:
            text = spec_cache.bundled_spec_text("tournament")
            made_from = f"spec\0tournament\0{hashlib.sha256(text.encode()).hexdigest()}"
            cache.write_entry(path, f"{made_from}\0{cache.code_fingerprint()}", content)
        return damage

    def other_specs_entry(path: Path, folder: Path) -> None:
        spec_cache.load_spec("hearts")
        other = next(entry for entry in folder.iterdir() if entry != path)
        write(path, other.read_bytes())

    def symlink(path: Path, folder: Path) -> None:
        spec_cache.load_spec("hearts")
        other = next(entry for entry in folder.iterdir() if entry != path)
        path.unlink()
        path.symlink_to(other)

    return {
        "missing": lambda path, folder: path.unlink(),
        "empty": lambda path, folder: write(path, b""),
        "cut short": lambda path, folder: write(path, path.read_bytes()[: len(path.read_bytes()) // 2]),
        "one byte of the model changed": lambda path, folder: write(path, flip(path.read_bytes(), -100)),
        "one byte of the header changed": lambda path, folder: write(path, flip(path.read_bytes(), 30)),
        "random bytes": lambda path, folder: write(path, os.urandom(len(path.read_bytes()))),
        "text": lambda path, folder: write(path, b"hello\n" * 100),
        "another spec's entry": other_specs_entry,
        "made by another barbu_dsl": lambda path, folder: cache.write_entry(
            path, "another key", path.read_bytes()[cache.HEADER_BYTES:]),
        "not a pickle": same_key(b"\x80\x05garbage"),
        "a pickle of something else": same_key(pickle.dumps({"name": "tournament"})),
        "a directory": lambda path, folder: (path.unlink(), path.mkdir(), (path / "x").write_text("x")),
        "a symbolic link to another entry": symlink,
        "a FIFO": lambda path, folder: (path.unlink(), os.mkfifo(path)),
        "too large": lambda path, folder: (path.unlink(), os.truncate(os.open(path, os.O_CREAT | os.O_WRONLY),
                                                                      cache.ENTRY_BYTES + 1)),
    }


@pytest.mark.parametrize("damage", list(damage_cases()))
def test_a_damaged_entry_is_read_again_from_the_spec(kept: Path, damage: str, monkeypatch: pytest.MonkeyPatch) -> None:
    reference = loader.load_spec("tournament")
    spec_cache.load_spec("tournament")
    path = only_entry(kept)
    damage_cases()[damage](path, kept)
    forget()
    read = reads(monkeypatch)
    assert spec_cache.load_spec("tournament") == reference
    assert read == ["tournament"]
    forget()
    assert spec_cache.load_spec("tournament") == reference
    rewritten = path.is_file() and not path.is_symlink()  # a directory or a link is left as it is
    assert read == ["tournament"] * (1 if rewritten else 2)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cuts=st.lists(st.tuples(st.integers(0, 9000), st.integers(0, 255), st.sampled_from(["set", "cut", "add"])),
                     min_size=1, max_size=4))
def test_any_change_to_an_entry_gives_the_same_model(kept: Path, cuts: list[tuple[int, int, str]]) -> None:
    reference = loader.load_spec("tournament+ravage-city")
    forget()
    spec_cache.load_spec("tournament+ravage-city")
    path = only_entry(kept)
    data = bytearray(path.read_bytes())
    for at, value, how in cuts:
        at %= len(data) + 1
        if how == "set" and at < len(data):
            data[at] = value
        elif how == "cut":
            del data[at:at + value]
        else:
            data[at:at] = bytes([value])
    write(path, bytes(data))
    forget()
    assert spec_cache.load_spec("tournament+ravage-city") == reference
    path.unlink()


def test_a_newer_barbu_reads_the_spec_again(kept: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    spec_cache.load_spec("hearts")
    read = reads(monkeypatch)
    forget()
    monkeypatch.setattr(spec_cache, "code_fingerprint", lambda: "another version")
    spec_cache.load_spec("hearts")
    forget()
    spec_cache.load_spec("hearts")
    assert read == ["hearts"]
    assert len(list(kept.iterdir())) == 1  # replaced, not added to


def test_a_cache_that_cannot_be_written_only_costs_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("mine", encoding="utf-8")
    monkeypatch.setenv("BARBU_CACHE", str(not_a_folder))
    forget()
    assert spec_cache.load_spec("tournament") == loader.load_spec("tournament")
    assert not_a_folder.read_text(encoding="utf-8") == "mine"
    forget()


def test_the_fingerprint_follows_every_source_file(tmp_path: Path) -> None:
    """An edit of any module (its size or its time), a new module or a
    grammar changes the fingerprint; bytecode and other files do not."""
    (tmp_path / "sub").mkdir()
    (tmp_path / "a.py").write_text("x = 1\n", encoding="utf-8")
    (tmp_path / "sub" / "b.py").write_text("y = 2\n", encoding="utf-8")
    first = cache.sources_fingerprint(tmp_path)
    assert cache.sources_fingerprint(tmp_path) == first
    (tmp_path / "__pycache__").mkdir()
    (tmp_path / "__pycache__" / "a.cpython-311.pyc").write_bytes(b"\0")
    (tmp_path / "notes.txt").write_text("n", encoding="utf-8")
    assert cache.sources_fingerprint(tmp_path) == first
    changes = [lambda: (tmp_path / "sub" / "b.py").write_text("y = 3\n", encoding="utf-8"),
               lambda: os.utime(tmp_path / "a.py", ns=(1, 1)),
               lambda: (tmp_path / "sub" / "c.py").write_text("", encoding="utf-8"),
               lambda: (tmp_path / "g.lark").write_text("start: x", encoding="utf-8")]
    seen = {first}
    for change in changes:
        change()
        seen.add(cache.sources_fingerprint(tmp_path))
    assert len(seen) == len(changes) + 1
    package = Path(cache.__file__).resolve().parent
    found = [path.relative_to(package).as_posix() for path, _ in cache._sources(package)]
    assert {"cli.py", "language/model.py", "engine/strong.py"} <= set(found)


def test_the_command_survives_a_damaged_cache(tmp_path: Path) -> None:
    env = {**os.environ, "BARBU_CACHE": str(tmp_path / "cache")}

    def verify() -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "barbu_dsl", "verify", "tournament+ravage-city"], env=env,
                              capture_output=True, text=True, timeout=120, check=False, cwd=tmp_path)

    first = verify()
    assert first.returncode == 1 and "Ravage City" in first.stdout and not first.stderr  # it misses zero
    entries = list((tmp_path / "cache" / "specs").iterdir())
    assert entries
    for entry in entries:
        entry.write_bytes(entry.read_bytes()[:-1] + b"\x00")
    damaged = verify()
    assert (damaged.returncode, damaged.stdout, damaged.stderr) == (1, first.stdout, "")
    shutil.rmtree(tmp_path / "cache")
    (tmp_path / "cache").write_text("", encoding="utf-8")  # not even a directory
    again = verify()
    assert (again.returncode, again.stdout, again.stderr) == (1, first.stdout, "")
