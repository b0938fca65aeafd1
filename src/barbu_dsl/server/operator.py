"""``barbu tables``: the server's operator lists and removes tables from the
command line, through the database, whether or not a server is running.

* ``barbu tables list [--all] [--json] [--db PATH]`` — the tables in play
  (with ``--all`` the archived ones too): each table's id, status, spec,
  players, when it was made, when something last happened at it (or when
  it ended), its answers and the address that made it; in plain columns
  for people, or JSON (``--json``) for programs.
* ``barbu tables remove ID... [--db PATH]`` — delete tables: their
  answers, seats and rows, in one transaction, and a line in the store's
  ``removals`` for each, which a running server reads within seconds
  (:data:`~.lifecycle.REMOVALS_SECONDS`) to tell each connection
  ``removed`` and close it.

SQLite is what makes this safe beside a running server: the removal is
one transaction, which waits (up to :data:`~.store.READ_BUSY_SECONDS`)
for the server's writer to finish its own; the list reads a snapshot.
Exit codes: 0 done; 2 unusable input (no database at the path, another
program's, one it cannot read or write now, a table it does not hold).
Messages are in the person's language (``--lang``, ``BARBU_LANG``, the
locale).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.exceptions import Exit

from ..i18n import Translator, choose_language
from ..safe_text import Terminal, for_terminal
from .lifecycle import EXPIRE_SECONDS
from .store import StoreError, TableStore, iso, remove_rows, seconds


class Operator:
    """One command's language, output and database."""

    def __init__(self, lang: str | None, db: Path | None):
        from .store import default_path

        self.out = Terminal()
        self.err = Terminal(stderr=True)
        try:
            self.t = Translator(choose_language(lang))
        except ValueError as error:
            self.err.print(f"barbu: {error}", markup=False)
            raise Exit(2) from None
        self.path = db if db is not None else default_path()

    def fail(self, key: str, **fields: Any) -> Exit:
        self.err.print("barbu: " + self.t(key, **fields), markup=False)
        return Exit(2)

    def open(self) -> TableStore:
        """The database (brought up to date if it is of an earlier version); exit 2 when there is none to use."""
        if not self.path.is_file():
            raise self.fail("tables.no_db", path=self.path)
        try:
            return TableStore(self.path)
        except StoreError as error:
            raise self.fail("tables.cannot", path=self.path, error=str(error)) from None


def list_tables(lang: str | None, db: Path | None, everything: bool, as_json: bool) -> None:
    """``barbu tables list``."""
    op = Operator(lang, db)
    store = op.open()
    try:
        rows = _rows(store, everything)
    except StoreError as error:
        raise op.fail("tables.cannot", path=op.path, error=str(error)) from None
    finally:
        store.close()
    if as_json:
        op.out.print(json.dumps(rows, ensure_ascii=False), markup=False)
        return
    if not rows:
        op.out.print(op.t("tables.none_all" if everything else "tables.none", path=op.path), markup=False)
        return
    t = op.t
    header = [t(f"tables.col.{key}") for key in ("table", "status", "spec", "players", "made", "last", "answers",
                                                 "client")]
    lines = [[row["table"], t("tables.status.abandoned") if row["abandoned"] else t(f"tables.status.{row['status']}"),
              row["spec"], ", ".join(row["players"]), _day(row["created"]), _day(row["over_at"] or row["touched"]),
              str(row["answers"]), row["client"] or "-"] for row in rows]
    widths = [max(len(cells[column]) for cells in [header, *lines]) for column in range(len(header))]
    for cells in [header, *lines]:
        op.out.print(for_terminal("  ".join(cell.ljust(width) for cell, width in zip(cells, widths, strict=True))
                                  .rstrip(), one_line=True), markup=False)


def _rows(store: TableStore, everything: bool) -> list[dict[str, Any]]:
    """Each table as the list shows it, oldest first."""
    import sqlite3

    db = store.db
    try:
        answers = dict(db.execute("SELECT table_id, COUNT(*) FROM answers GROUP BY table_id").fetchall())
        names: dict[str, list[str]] = {}
        for table_id, name in db.execute("SELECT table_id, name FROM seats ORDER BY table_id, seat"):
            names.setdefault(table_id, []).append(name)
        where = "" if everything else " WHERE status != 'over'"
        tables = db.execute("SELECT id, spec_ref, status, created, touched, over_at, abandoned, ended, client"
                            f" FROM tables{where} ORDER BY created, rowid").fetchall()
    except sqlite3.Error as error:
        raise StoreError(str(error)) from None
    rows = []
    for table_id, spec, status, created, touched, over_at, abandoned, ended, client in tables:
        ended_at = seconds(over_at) if status == "over" else None
        rows.append({"table": table_id, "spec": spec, "status": status, "players": names.get(table_id, []),
                     "created": created, "touched": touched, "over_at": over_at if status == "over" else None,
                     "expires": iso(ended_at + EXPIRE_SECONDS) if ended_at is not None else None,
                     "ended": bool(ended), "abandoned": bool(abandoned), "client": client,
                     "answers": answers.get(table_id, 0)})
    return rows


def _day(when: str | None) -> str:
    """A stored time as people read it: ``2026-12-07 15:02`` (UTC)."""
    return "-" if not when else when.replace("T", " ")[:16]


def remove_tables(lang: str | None, db: Path | None, table_ids: tuple[str, ...]) -> None:
    """``barbu tables remove``: every table named, or none (exit 2, naming the one it does not hold)."""
    op = Operator(lang, db)
    store = op.open()
    removed: list[tuple[str, str, str]] = []
    try:
        with store.transaction() as transaction:
            for table_id in table_ids:
                found = transaction.execute("SELECT spec_ref, status FROM tables WHERE id = ?", (table_id,)).fetchone()
                if found is None:
                    raise op.fail("tables.no_table", table=table_id, path=op.path)
                remove_rows(transaction, table_id)
                transaction.execute("INSERT INTO removals (table_id, at) VALUES (?, ?)", (table_id, iso_now()))
                removed.append((table_id, found[0], found[1]))
    except StoreError as error:
        raise op.fail("tables.cannot", path=op.path, error=str(error)) from None
    finally:
        store.close()
    for table_id, spec, status in removed:
        op.out.print(for_terminal(op.t("tables.removed", table=table_id, spec=spec,
                                       status=op.t(f"tables.status.{status}")), one_line=True), markup=False)
    op.out.print(op.t("tables.removed_running"), markup=False)


def iso_now() -> str:
    import time

    return iso(time.time())


__all__ = ["list_tables", "remove_tables"]
