"""What barbu tables (the table server's operator) says, in English."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "tables.no_db": "there is no tables' database at {path}",
    "tables.cannot": "cannot use {path}: {error}",
    "tables.none": "No table in play in {path}.",
    "tables.none_all": "No table in {path}.",
    "tables.no_table": "there is no table '{table}' in {path}; nothing was removed",
    "tables.removed": "Removed table {table} ({spec}, {status}).",
    "tables.removed_running": "A server running on this database tells their connections and closes them within seconds.",
    "tables.col.table": "table",
    "tables.col.status": "status",
    "tables.col.spec": "spec",
    "tables.col.players": "players",
    "tables.col.made": "made",
    "tables.col.last": "last",
    "tables.col.answers": "answers",
    "tables.col.client": "made from",
    "tables.status.waiting": "waiting",
    "tables.status.playing": "playing",
    "tables.status.over": "over",
    "tables.status.abandoned": "abandoned",
}
