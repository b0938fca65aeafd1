"""The seat keys ``barbu join`` keeps, so that the invite a person was sent
takes their seat back after the invite has claimed it.

A table's first connection with a seat's invite claims the seat and is
given the seat's key (docs/table.md); from then on only the key opens the
seat.  ``barbu join`` writes the key to a file of its own, named by a
digest of the server, the table and the invite (so the file name tells
nothing of them), in ``seat-keys/`` of the data directory
(``BARBU_DATA_DIR``, else the user's data directory): a folder only its
owner may open (0700), files only their owner may read (0600), each
written atomically (:func:`~barbu_dsl.files.atomic_write`).  The same
invite later opens the seat with its key.

Nothing here stops a game: a file that cannot be read, or is not a key of
this seat, is no key (the invite is then tried, and refused with the
reason if the seat is claimed); a key that cannot be forgotten stays until
the server refuses it; :meth:`SeatKeys.keep` alone raises, so that the
person can be told to keep their own link.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Mapping
from pathlib import Path

from ..errors import BarbuError
from ..files import atomic_write, read_text_file

FOLDER = "seat-keys"

KEY_FILE_BYTES = 4096
"""A key file is a few hundred bytes; anything larger is not one."""

FORMAT = "barbu_dsl seat key"


def default_folder(environ: Mapping[str, str]) -> Path:
    """Where the keys are kept unless told otherwise."""
    import platformdirs

    return Path(environ.get("BARBU_DATA_DIR") or platformdirs.user_data_dir("barbu_dsl")) / FOLDER


class SeatKeys:
    """The keys of the seats this person has claimed, one file a seat."""

    def __init__(self, folder: Path):
        self.folder = folder

    def file_for(self, server: str, table: str, invite: str) -> Path:
        """The file that keeps the key of the seat this invite claimed."""
        digest = hashlib.sha256("\n".join((server, table, invite)).encode("utf-8", "surrogatepass")).hexdigest()
        return self.folder / f"{digest[:32]}.json"

    @staticmethod
    def _read(path: Path) -> dict[str, str] | None:
        """A key file's fields, or None for anything that is not one (a
        damaged file, a directory, a pipe, a file that cannot be read)."""
        try:
            data = json.loads(read_text_file(path, limit=KEY_FILE_BYTES))
        except (OSError, ValueError, BarbuError):
            return None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            return None
        fields = {name: value for name in ("server", "table", "key") if isinstance(value := data.get(name), str)}
        key = fields.get("key", "")
        if len(fields) < 3 or not 0 < len(key) <= 200 or not key.isprintable() or any(c.isspace() for c in key):
            return None
        return fields

    def key(self, server: str, table: str, invite: str) -> str | None:
        """The key kept for the seat this invite claimed, if any."""
        fields = self._read(self.file_for(server, table, invite))
        if fields is None or fields["server"] != server or fields["table"] != table:
            return None
        return fields["key"]

    def keep(self, server: str, table: str, invite: str, key: str) -> None:
        """Keep ``key`` for the seat ``invite`` claimed (OSError or
        :class:`~barbu_dsl.errors.BarbuError` when it cannot be written)."""
        self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        os.chmod(self.folder, 0o700)  # the keys are secrets: only their owner opens the folder
        text = json.dumps({"format": FORMAT, "server": server, "table": table, "key": key}) + "\n"
        atomic_write(self.file_for(server, table, invite), text, overwrite=True, private=True)

    def forget(self, server: str, table: str, key: str) -> None:
        """The seat's ``key`` no longer opens it (the owner freed the seat,
        or the server refuses it): forget it, whichever invite it was kept for."""
        try:
            paths = sorted(self.folder.glob("*.json"))
        except OSError:
            return
        for path in paths:
            fields = self._read(path)
            if fields is not None and (fields["server"], fields["table"], fields["key"]) == (server, table, key):
                with contextlib.suppress(OSError):  # else refused again next time, and then forgotten
                    path.unlink(missing_ok=True)


__all__ = ["FOLDER", "FORMAT", "KEY_FILE_BYTES", "SeatKeys", "default_folder"]
