"""Tables spread over several ``barbu serve`` processes (docs/server.md,
"Past one process").

A table lives in one process: its game, its bots and clocks, and the
seats' connections are in that process's memory, and its answers in that
process's database.  Every address of a table names it (``/t/ID``,
``/ws/ID``, ``/api/tables/ID/...``), and a seat's connection is to one
table, so a proxy in front of several processes can send each request to
the process that holds the table, if the id says which one that is.
``barbu serve --shard K/N`` makes table ids whose first character is
shard K's mark (:data:`MARKS`: ``0`` to ``9``, then ``a`` to ``z``); the
proxy routes on it (docs/deploy/nginx-shards.conf), and sends a request
that names no table (the lobby, a new table, a check) to any worker.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

MARKS = "0123456789abcdefghijklmnopqrstuvwxyz"
"""Each shard's mark, the first character of its tables' ids: at most 36 shards."""


@dataclass(frozen=True)
class Shard:
    """Shard ``index`` of ``count`` (from 0)."""

    index: int
    count: int

    @property
    def mark(self) -> str:
        """The first character of this shard's table ids."""
        return MARKS[self.index]

    def holds(self, table_id: str) -> bool:
        """Whether the proxy sends ``table_id``'s requests to this shard's worker."""
        return table_id[:1] == self.mark

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "of": self.count}

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"


def read_shard(text: str) -> Shard:
    """``K/N`` as a shard; ValueError, saying what is expected, when it is not one."""
    index, slash, count = text.strip().partition("/")
    if not (slash and index.isdigit() and count.isdigit() and 0 <= int(index) < int(count) <= len(MARKS)):
        raise ValueError(f"--shard is K/N, this worker's shard K from 0 to N-1 of N from 1 to {len(MARKS)} "
                         f"(0/2 and 1/2 for two workers), not '{text}'")
    return Shard(int(index), int(count))


__all__ = ["MARKS", "Shard", "read_shard"]
