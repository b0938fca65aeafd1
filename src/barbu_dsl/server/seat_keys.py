"""The seat keys ``barbu join`` keeps, so that the invite a person was sent
takes their seat back after the invite has claimed it.

A table's first connection with a seat's invite claims the seat and is
given the seat's key (docs/table.md); from then on only the key opens the
seat.  ``barbu join`` writes the key to a file of its own, named by a
digest of the server, the table and the invite (so the file name tells
nothing of them), in ``seat-keys/`` of the data directory
(``BARBU_DATA_DIR``, else the user's data directory), a folder only its
owner may read.  The same invite later opens the seat with its key.  Each
file is written atomically; one that cannot be read is ignored (the
invite is then tried, and refused with the reason if the seat is claimed).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping
from pathlib import Path

from ..files import atomic_write

FOLDER = "seat-keys"


def default_folder(environ: Mapping[str, str]) -> Path:
    """Where the keys are kept unless told otherwise."""
    import platformdirs

    return Path(environ.get("BARBU_DATA_DIR") or platformdirs.user_data_dir("barbu_dsl")) / FOLDER


class SeatKeys:
    """The keys of the seats this person has claimed, one file a seat."""

    def __init__(self, folder: Path):
        self.folder = folder

    def _file(self, server: str, table: str, invite: str) -> Path:
        digest = hashlib.sha256("\n".join((server, table, invite)).encode("utf-8", "surrogatepass")).hexdigest()
        return self.folder / f"{digest[:32]}.json"

    def key(self, server: str, table: str, invite: str) -> str | None:
        """The key kept for the seat this invite claimed, if any."""
        try:
            data = json.loads(self._file(server, table, invite).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        key = data.get("key") if isinstance(data, dict) else None
        return key if isinstance(key, str) and 0 < len(key) <= 200 else None

    def keep(self, server: str, table: str, invite: str, key: str) -> None:
        """Keep ``key`` for the seat ``invite`` claimed (OSError when the folder cannot be written)."""
        self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        os.chmod(self.folder, 0o700)  # the keys are secrets: only their owner reads the folder
        text = json.dumps({"format": "barbu_dsl seat key", "server": server, "table": table, "key": key}) + "\n"
        atomic_write(self._file(server, table, invite), text, overwrite=True)

    def forget(self, server: str, table: str, invite: str) -> None:
        """The key no longer opens the seat (the owner freed it)."""
        self._file(server, table, invite).unlink(missing_ok=True)


__all__ = ["FOLDER", "SeatKeys", "default_folder"]
