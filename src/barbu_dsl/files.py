"""Reading and writing the user's files: the one path every command takes.

:func:`read_text_file` reads a whole text file the same way for a spec, a
record file, a game file or a hand file: regular files only (a FIFO, a
device or a directory is refused before it is opened, so nothing blocks
or reads without end), at most a given size, UTF-8 with an optional BOM,
and a decoding error located at its line and column with a hint.

:func:`atomic_write` and :func:`atomic_stream` write a file so that it is
never seen half written: the text goes to a temporary file in the same
directory, is flushed to disk, and is renamed into place; on any failure
(or a kill) the target is untouched and the temporary file removed.  They
refuse an existing file unless asked to replace it, never write through a
symbolic link, and can be kept inside a directory (``within``), so that
nothing is written out of it through a link.

Every problem is a :class:`FileProblem`, a :class:`~barbu_dsl.errors.UsageError`
(exit 2) whose message names the file and says what is wrong in words,
not an ``[Errno N]``; a name longer than a file system takes
(:func:`check_name`) is refused before the system is asked.
"""

from __future__ import annotations

import codecs
import errno
import os
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

from .errors import UsageError
from .limits import FILE_NAME_BYTES, MIB, PATH_BYTES

UTF8_HINT = "save it as UTF-8 (in most editors: Save As, encoding UTF-8)"


class FileProblem(UsageError):
    """A file that cannot be read or written.  ``line`` and ``column``
    (1-based) locate a decoding error; ``exists`` says that the file was
    refused because it is already there."""

    def __init__(self, path: str | os.PathLike[str], reason: str, *, reading: bool = True,
                 line: int | None = None, column: int | None = None, hint: str | None = None,
                 exists: bool = False):
        self.path = str(path)
        self.reason = reason
        self.line = line
        self.column = column
        self.hint = hint
        self.exists = exists
        where = f" (line {line}, column {column})" if line is not None else ""
        verb = "read" if reading else "write"
        message = f"cannot {verb} {self.path}: {reason}{where}"
        super().__init__(message + (f"\n    hint: {hint}" if hint else ""))


def os_reason(error: OSError) -> str:
    """An OSError in words, lower case, without its number:
    ``[Errno 20] Not a directory`` is ``not a directory``."""
    text = error.strerror or str(error)
    return text[:1].lower() + text[1:]


def _kind(mode: int) -> str | None:
    """What a file that is not a regular file is, in words (None for a regular file)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "it is a directory"
    if stat.S_ISFIFO(mode):
        return "it is a pipe (FIFO), not a file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "it is a device, not a file"
    if stat.S_ISSOCK(mode):
        return "it is a socket, not a file"
    return "it is not a regular file"


def special_kind(path: str | os.PathLike[str]) -> str | None:
    """What ``path`` is when it exists but is not a regular file (a
    directory, a FIFO, a device...), in words; None for a regular file or
    nothing at all."""
    try:
        return _kind(os.stat(path).st_mode)
    except (OSError, ValueError):
        return None


# ---------------------------------------------------------------------------
# Reading.


def read_text_file(path: str | os.PathLike[str], *, limit: int) -> str:
    """The text of the regular file ``path``, at most ``limit`` bytes of
    UTF-8 (a leading BOM is dropped; line ends are kept as written).
    Raise :class:`FileProblem` for anything else."""
    try:
        mode = os.stat(path).st_mode
    except OSError as error:
        raise FileProblem(path, os_reason(error)) from None
    except ValueError:  # a NUL or an unencodable character in the name
        raise FileProblem(path, "no file can have that name") from None
    kind = _kind(mode)
    if kind is not None:
        raise FileProblem(path, kind)
    try:
        # O_NONBLOCK: a file swapped for a FIFO after the check cannot block the open.
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as error:
        raise FileProblem(path, os_reason(error)) from None
    with os.fdopen(handle, "rb") as stream:
        try:
            kind = _kind(os.fstat(stream.fileno()).st_mode)
            if kind is not None:
                raise FileProblem(path, kind)
            data = stream.read(limit + 1)
        except OSError as error:
            raise FileProblem(path, os_reason(error)) from None
    if len(data) > limit:
        raise FileProblem(path, f"it is larger than {_size(limit)}, the most barbu reads of such a file")
    return decode_text(data, path)


def decode_text(data: bytes, path: str | os.PathLike[str] = "<input>") -> str:
    """``data`` as UTF-8 text without its BOM; a :class:`FileProblem` that
    locates the first byte that is not UTF-8, with a hint."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        raise FileProblem(path, "it is saved as UTF-16", hint=UTF8_HINT)
    data = data.removeprefix(codecs.BOM_UTF8)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line_start = data.rfind(b"\n", 0, error.start) + 1
        line = data.count(b"\n", 0, error.start) + 1
        column = len(data[line_start:error.start].decode("utf-8", "replace")) + 1
        byte = data[error.start]
        guess = ""
        try:
            data.decode("cp1252")
            guess = "; it looks like Latin-1 (Windows-1252)"
        except UnicodeDecodeError:
            pass
        raise FileProblem(path, f"not UTF-8 text: byte 0x{byte:02X}{guess}", line=line, column=column,
                          hint=UTF8_HINT) from None


def split_lines(text: str) -> list[str]:
    """The lines of a text, split at ``\\n`` only, a ``\\r`` before it dropped
    (``str.splitlines`` also splits at U+0085, U+2028, U+2029 and more,
    which a spec value or a JSON string may hold).  As ``splitlines``, a
    final newline ends the last line rather than starting another."""
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return [line.removesuffix("\r") for line in lines]


def _size(limit: int) -> str:
    return f"{limit // MIB} MiB" if limit >= MIB and limit % MIB == 0 else f"{limit:,} bytes"


# ---------------------------------------------------------------------------
# Writing.


def check_name(path: str | os.PathLike[str], *, reading: bool = False) -> Path:
    """Refuse a path no file system takes, before any work is done: a part
    of more than :data:`~barbu_dsl.limits.FILE_NAME_BYTES` bytes, more than
    :data:`~barbu_dsl.limits.PATH_BYTES` in all, or a NUL.  Return the path."""
    target = Path(path)
    try:
        encoded = os.fsencode(target)
    except (UnicodeError, ValueError):
        raise FileProblem(target, "no file can have that name", reading=reading) from None
    if b"\0" in encoded:
        raise FileProblem(target, "no file can have that name", reading=reading)
    if any(len(os.fsencode(part)) > FILE_NAME_BYTES for part in target.parts):
        raise FileProblem(target, f"a name in it is longer than {FILE_NAME_BYTES} bytes, the most a file "
                          "system takes", reading=reading)
    if len(encoded) > PATH_BYTES:
        raise FileProblem(target, f"it is longer than {PATH_BYTES:,} bytes, the most a path may be",
                          reading=reading)
    return target


def check_writable(path: str | os.PathLike[str], *, overwrite: bool = False,
                   within: str | os.PathLike[str] | None = None) -> Path:
    """Refuse, before any work is done, a target :func:`atomic_write` would
    refuse: a name no file system takes, an existing file (unless
    ``overwrite``), a symbolic link, a directory, a missing directory or one
    that is not a directory, a directory the system will not show, or (with
    ``within``) a path that leaves that directory or goes through a link
    below it.  Return the path."""
    target = check_name(path)
    try:
        return _check_writable(target, overwrite, within)
    except OSError as error:  # a directory on the way that cannot be searched, and the like
        raise FileProblem(target, os_reason(error), reading=False) from None


def _check_writable(target: Path, overwrite: bool, within: str | os.PathLike[str] | None) -> Path:
    if within is not None:
        _check_within(target, Path(within))
    if target.is_symlink():
        raise FileProblem(target, "it is a symbolic link; barbu never writes through one", reading=False)
    if target.is_dir():
        raise FileProblem(target, "it is a directory", reading=False)
    if target.exists() and not overwrite:
        raise FileProblem(target, "it already exists; barbu never overwrites a file", reading=False, exists=True)
    parent = target.parent
    if not parent.exists():
        raise FileProblem(target, f"there is no directory {parent}", reading=False)
    if not parent.is_dir():
        raise FileProblem(target, f"{parent} is not a directory", reading=False)
    return target


def _check_within(target: Path, root: Path) -> None:
    """``target`` lies inside ``root`` and no directory between them is a link."""
    try:
        relative = target.relative_to(root)
    except ValueError:
        raise FileProblem(target, f"it is outside {root}", reading=False) from None
    if ".." in relative.parts:
        raise FileProblem(target, f"it is outside {root}", reading=False)
    step = root
    for part in relative.parts[:-1]:
        step = step / part
        if step.is_symlink():
            raise FileProblem(target, f"{step} is a symbolic link; barbu does not write through links",
                              reading=False)
        if step.exists() and not step.is_dir():
            raise FileProblem(target, f"{step} is not a directory", reading=False)


@contextmanager
def atomic_path(path: str | os.PathLike[str], *, overwrite: bool = False,
                within: str | os.PathLike[str] | None = None, private: bool = False) -> Iterator[Path]:
    """A temporary file beside ``path`` for a writer that wants a file name
    (matplotlib's ``savefig``); when the ``with`` block ends without an
    error it becomes ``path``, all at once; on an error (or a kill) ``path``
    is untouched and the temporary file is removed.  The same refusals as
    :func:`check_writable`, checked again at the end (a file that appeared
    meanwhile is not overwritten).  A ``private`` file (a secret) is read
    and written by its owner only (0600); any other is as the umask says."""
    target = check_writable(path, overwrite=overwrite, within=within)
    try:
        handle, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=TEMPORARY_SUFFIX, dir=target.parent)
    except OSError as error:
        raise FileProblem(target, os_reason(error), reading=False) from None
    os.close(handle)
    temporary = Path(name)
    try:
        yield temporary
        os.chmod(temporary, 0o600 if private else 0o666 & ~_umask())
        _put(temporary, target, overwrite)
    except OSError as error:
        temporary.unlink(missing_ok=True)
        raise FileProblem(target, os_reason(error), reading=False) from None
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


@contextmanager
def atomic_stream(path: str | os.PathLike[str], *, overwrite: bool = False,
                  within: str | os.PathLike[str] | None = None, private: bool = False) -> Iterator[IO[str]]:
    """A text stream (UTF-8, line ends as written) whose content becomes the
    file ``path`` as :func:`atomic_path` has it: whole, or not at all."""
    with atomic_path(path, overwrite=overwrite, within=within, private=private) as temporary, \
            open(temporary, "w", encoding="utf-8", newline="") as stream:
        yield stream
        stream.flush()
        os.fsync(stream.fileno())


def atomic_write(path: str | os.PathLike[str], text: str, *, overwrite: bool = False,
                 within: str | os.PathLike[str] | None = None, private: bool = False) -> None:
    """Write ``text`` (UTF-8, line ends as given) to ``path`` through
    :func:`atomic_stream`."""
    with atomic_stream(path, overwrite=overwrite, within=within, private=private) as stream:
        stream.write(text)


def _put(temporary: Path, target: Path, overwrite: bool) -> None:
    """Move the finished temporary file to ``target``: replace it when
    ``overwrite``, else link it so that a file that appeared meanwhile is
    never overwritten."""
    if target.is_symlink():
        raise FileProblem(target, "it is a symbolic link; barbu never writes through one", reading=False)
    if overwrite:
        os.replace(temporary, target)
        return
    try:
        os.link(temporary, target)
    except FileExistsError:
        raise FileProblem(target, "it already exists; barbu never overwrites a file", reading=False,
                          exists=True) from None
    except OSError as error:
        if error.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK, errno.ENOTSUP):
            raise
        if target.exists():  # a file system without hard links
            raise FileProblem(target, "it already exists; barbu never overwrites a file", reading=False,
                              exists=True) from None
        os.replace(temporary, target)
        return
    temporary.unlink()


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


TEMPORARY_SUFFIX = ".tmp"


def is_leftover(name: str) -> bool:
    """Whether a file name is one of :func:`atomic_stream`'s temporary files
    (``.NAME.XXXXXXXX.tmp``), which a killed run can leave behind."""
    return name.startswith(".") and name.endswith(TEMPORARY_SUFFIX) and name.count(".") >= 3


__all__ = [
    "UTF8_HINT",
    "FileProblem",
    "atomic_path",
    "atomic_stream",
    "atomic_write",
    "check_name",
    "check_writable",
    "decode_text",
    "is_leftover",
    "os_reason",
    "read_text_file",
    "special_kind",
    "split_lines",
]
