"""What barbu keeps in the user's cache directory so that it answers faster.

* ``specs/``: the bundled specs, read (:mod:`barbu_dsl.language.spec_cache`);
* ``generated/``: the packages the balance lab generates and runs
  (:mod:`barbu_dsl.lab.backend`);
* ``declarer-averages/``: what an average declarer scores in a contract,
  which the strong bot weighs its contract choice against
  (:func:`barbu_dsl.engine.strong.declarer_average`).

The directory is platformdirs' user cache directory for barbu_dsl
(``~/.cache/barbu_dsl`` on Linux), or ``$BARBU_CACHE``.  Everything in it is
made again when it is missing, stale or damaged, so it is safe to delete at
any time; a cache that cannot be read or written only makes barbu slower.

An entry of ``specs/`` (or ``declarer-averages/``) is one file: a first line naming the format, the
key it was made for (what it was made from: :func:`code_fingerprint` and
the caller's own), the sha256 of the content, then the content.
:func:`read_entry` gives the content back only when all three match, so a
stale entry, a file cut short or changed by a single byte reads as missing;
:func:`write_entry` replaces an entry atomically (:mod:`barbu_dsl.files`),
so a reader never sees half an entry.
"""

from __future__ import annotations

import hashlib
import os
import stat
import sys
from functools import lru_cache
from pathlib import Path

from .errors import BarbuError

MAGIC = b"barbu_dsl cache entry 1\n"
HEADER_BYTES = len(MAGIC) + 2 * 65
"""The first line, then the key's and the content's sha256 in hex, a line each."""
ENTRY_BYTES = 16 * 1024 * 1024
"""The largest entry read; a larger file reads as damaged."""


ENV_CACHE = "BARBU_CACHE"
"""The environment variable that names another cache directory."""


def cache_root() -> Path:
    """The cache directory (``BARBU_CACHE`` overrides)."""
    override = os.environ.get(ENV_CACHE)
    if override:
        return Path(override)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("barbu_dsl"))


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """What the installed barbu_dsl is: its version, the Python version, and
    the size and modification time of each of its source files and of its
    grammar.  An upgrade, and any edit of a checkout, changes it."""
    from . import __version__
    from .resources import grammar_text

    digest = hashlib.sha256(f"{__version__}\0{sys.version_info[:2]}\0".encode())
    digest.update(hashlib.sha256(grammar_text().encode("utf-8")).digest())
    digest.update(sources_fingerprint(Path(__file__).resolve().parent).encode())
    return digest.hexdigest()


def sources_fingerprint(root: Path) -> str:
    """A hash of the name, size and modification time of every Python file
    and grammar below ``root``."""
    digest = hashlib.sha256()
    for path, status in _sources(root):
        digest.update(f"{path.relative_to(root).as_posix()}\0{status.st_size}\0{status.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def _sources(folder: Path) -> list[tuple[Path, os.stat_result]]:
    """The Python files and grammars below ``folder``, in a fixed order."""
    found = []
    with os.scandir(folder) as entries:
        for entry in sorted(entries, key=lambda e: e.name):
            if entry.is_dir(follow_symlinks=False) and entry.name != "__pycache__":
                found.extend(_sources(Path(entry.path)))
            elif entry.name.endswith((".py", ".lark")) and entry.is_file(follow_symlinks=False):
                found.append((Path(entry.path), entry.stat()))
    return found


def _header(key: str, content: bytes) -> bytes:
    return MAGIC + hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest().encode() + b"\n" \
        + hashlib.sha256(content).hexdigest().encode() + b"\n"


def read_entry(path: Path, key: str) -> bytes | None:
    """The content of the entry ``path`` made for ``key``; None when there is
    none, it was made for another key, or it is damaged or unreadable."""
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    try:
        status = os.fstat(handle)
        if not stat.S_ISREG(status.st_mode) or status.st_size > ENTRY_BYTES:
            return None
        with os.fdopen(handle, "rb", closefd=False) as stream:
            data = stream.read(ENTRY_BYTES + 1)
    except OSError:
        return None
    finally:
        os.close(handle)
    content = data[HEADER_BYTES:]
    return content if data[:HEADER_BYTES] == _header(key, content) else None


def write_entry(path: Path, key: str, content: bytes) -> None:
    """Make ``content`` the entry ``path`` for ``key``, atomically; a cache
    that cannot be written is left as it is, and said nothing of."""
    from .files import atomic_path

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with atomic_path(path, overwrite=True) as temporary:
            temporary.write_bytes(_header(key, content) + content)
    except (OSError, BarbuError):  # barbu_dsl.files says why as a FileProblem
        return


__all__ = ["ENTRY_BYTES", "HEADER_BYTES", "cache_root", "code_fingerprint", "read_entry", "sources_fingerprint",
           "write_entry"]
