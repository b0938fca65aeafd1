"""Files the lab writes (plots, study pages), written whole or not at all:
into a temporary file beside the target, then moved into place."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from ..errors import UsageError


def write_atomically(path: Path, write: Callable[[Path], object], *, overwrite: bool = False) -> None:
    """Have ``write`` fill a temporary file beside ``path``, then move it to
    ``path``: replacing an older file when ``overwrite``, else refusing
    (:class:`UsageError`) if ``path`` exists, even if it appeared meanwhile."""
    directory = path.parent if str(path.parent) else Path(".")
    try:
        handle, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=path.suffix, dir=directory)
    except OSError as error:
        raise UsageError(f"cannot write {path}: {error}") from None
    os.close(handle)
    temporary = Path(name)
    try:
        write(temporary)
        os.chmod(temporary, 0o644)
        if overwrite:
            os.replace(temporary, path)
        else:
            os.link(temporary, path)  # fails if the name is taken: never overwrites
            temporary.unlink()
    except FileExistsError:
        temporary.unlink(missing_ok=True)
        raise UsageError(f"{path} exists; barbu simulate never overwrites a file") from None
    except OSError as error:
        temporary.unlink(missing_ok=True)
        raise UsageError(f"cannot write {path}: {error}") from None
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
