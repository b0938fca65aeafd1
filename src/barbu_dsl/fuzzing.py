"""Driving the ``barbu`` command in-process on hostile input, for the fuzz
tests (``tests/test_fuzz.py``) and the nightly-sized run
(``benchmarks/fuzz_cli.py``).

:func:`invoke` runs one command line the way the ``barbu`` executable
does (:func:`barbu_dsl.cli.run`) with standard input, output and error
captured, in a given directory, and reports the outcome: the exit code,
the output, and the traceback of any exception that escaped (the one
thing that must never happen).  :func:`mutate_text` and
:func:`mutate_record` make the hostile input: bundled specs and valid
records changed a little, which reaches far deeper than random text;
:func:`mutated_json_text` damages any JSON file (a saved game, the web
page's stored games) without knowing its format, :func:`damage_database`
a score-sheet database, and :func:`simulate_args` makes ``barbu
simulate`` command lines.
"""

from __future__ import annotations

import io
import json
import os
import random
import traceback
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path
from typing import Any

EXPECTED_CODES = (0, 1, 2)
"""Every outcome of a command: ok, a finding, unusable input."""


@dataclass(frozen=True)
class Outcome:
    """What one command line came to."""

    args: tuple[str, ...]
    code: int
    out: str
    err: str
    traceback: str | None = None

    @property
    def clean(self) -> bool:
        """An expected exit code, and no traceback anywhere."""
        return (self.traceback is None and self.code in EXPECTED_CODES
                and "Traceback (most recent call last)" not in self.out + self.err)


@contextmanager
def _directory(path: Path | None) -> Iterator[None]:
    if path is None:
        yield
        return
    before = os.getcwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(before)


def invoke(args: Sequence[str], cwd: Path | None = None, stdin: str = "") -> Outcome:
    """Run ``barbu ARGS`` in this process (in ``cwd``), capturing its streams."""
    import sys

    from .cli import run

    out, err = io.StringIO(), io.StringIO()
    saved_stdin = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with _directory(cwd), redirect_stdout(out), redirect_stderr(err):
            try:
                code = run(list(args))
            except SystemExit as leave:  # a command may still leave this way
                code = leave.code if isinstance(leave.code, int) else 1
            except BaseException:  # noqa: BLE001 -- reporting it is the point
                return Outcome(tuple(args), -1, out.getvalue(), err.getvalue(), traceback.format_exc())
    finally:
        sys.stdin = saved_stdin
    return Outcome(tuple(args), code, out.getvalue(), err.getvalue())


# ---------------------------------------------------------------------------
# Hostile input.

HOSTILE_PIECES = (
    "\x1b]0;pwned\x07", "\x1b[2J", ":smile:", "[bold]x[/bold]", "\ud800", "\u202e", "\u2028", "\x85", "\x00",
    "\ufeff", "../../../../tmp/x", "json", "os", "No tricks", "no-tricks", "DO NOT EDIT", "<script>", "|", "`",
    "9" * 40, "9" * 4400, "[" * 200, "{" * 100, "&a", "*a", "!!python/object:os.system", "'", '"', "\t", "\r\n",
    "−", "²-7", "3-999999999", "-0", "1e999", "NaN", "~", "null", "yes", "2♣", "A♥", "♥️", "x" * 300,
)


def mutate_text(text: str, rng: random.Random, steps: int = 3) -> str:
    """``text`` with a few random changes: a piece deleted, repeated,
    swapped with another line, or a hostile piece put in."""
    for _ in range(rng.randint(1, steps)):
        if not text:
            text = rng.choice(HOSTILE_PIECES)
            continue
        at = rng.randrange(len(text))
        kind = rng.randrange(6)
        if kind == 0:
            text = text[:at] + text[at + rng.randint(1, 8):]
        elif kind == 1:
            piece = text[at:at + rng.randint(1, 30)]
            text = text[:at] + piece * rng.randint(2, 4) + text[at:]
        elif kind == 2:
            lines = text.split("\n")
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
        elif kind == 3:
            text = text[:at] + rng.choice(HOSTILE_PIECES) + text[at:]
        elif kind == 4:
            value = rng.choice(("0", "-1", "1000001", "13", "52", "7", "8", "2", "999999999999"))
            digits = [i for i, ch in enumerate(text) if ch.isdigit()]
            if digits:
                i = rng.choice(digits)
                text = text[:i] + value + text[i + 1:]
        else:
            text = text[:at] + chr(rng.randrange(0x20, 0x3000)) + text[at:]
    return text


def mutate_record(record: Any, rng: random.Random) -> Any:
    """A hand record (a parsed JSON value) with one random change somewhere."""
    if rng.random() < 0.05:
        return rng.choice([None, [], {}, "x", 7, [[[[]]]], {"contract": "\ud800"}])
    if isinstance(record, dict) and record:
        key = rng.choice(sorted(record))
        copy: dict[Any, Any] = dict(record)
        roll = rng.random()
        if roll < 0.15:
            del copy[key]
        elif roll < 0.3:
            copy[key] = rng.choice([None, -1, 10 ** 40, "AS", ["AS"], [[0, 1]], True, 1.5, "x" * 50])
        else:
            copy[key] = mutate_record(record[key], rng)
        return copy
    if isinstance(record, list) and record:
        items = list(record)
        index = rng.randrange(len(items))
        roll = rng.random()
        if roll < 0.2:
            del items[index]
        elif roll < 0.35:
            items.insert(index, items[index])
        elif roll < 0.5:
            j = rng.randrange(len(items))
            items[index], items[j] = items[j], items[index]
        else:
            items[index] = mutate_record(items[index], rng)
        return items
    if isinstance(record, str):
        return rng.choice([record[:-1], record + "S", record.lower(), "10H", "pass", "", "♥A", "\u2028"])
    if isinstance(record, int) and not isinstance(record, bool):
        return rng.choice([record + 1, record - 1, -record, 0, 10 ** 30])
    return record


def record_text(record: Any, rng: random.Random) -> str:
    """A record as a file's text: one JSON object, or JSON Lines with a
    raw U+2028 kept inside a string now and then."""
    line = json.dumps(record, ensure_ascii=False)
    if rng.random() < 0.1:
        line = line.replace("\\u2028", "\u2028")
    return line + "\n" if rng.random() < 0.5 else (line + "\n") * rng.randint(2, 3)


def mutated_json_text(value: Any, rng: random.Random) -> str:
    """A JSON file's text (a saved game, the page's stored games) damaged
    without knowing its format: one random change to the value, or a few
    to the text itself."""
    if rng.random() < 0.6:
        return json.dumps(mutate_record(value, rng), ensure_ascii=False)
    return mutate_text(json.dumps(value, ensure_ascii=False), rng)


# ---------------------------------------------------------------------------
# barbu simulate's command line.

SIMULATE_ODD: dict[str, tuple[str, ...]] = {
    "--players": ("5", "0", "11", "-1", "x"),
    "--bots": ("human", "genius", "", ",", "random,rules"),
    "--seed": ("-5", "9" * 40, "x", "\u2028"),
    "--backend": ("gpu", ""),
    "--workers": ("0", "100000", "x"),
    "--scheduler": ("tcp://127.0.0.1:9", "nonsense://x", "not an address", "", "tcp://[::1"),
    "--plot": ("x.pdf", "x" * 300 + ".png", "missing/x.png"),
}
"""Values of ``barbu simulate``'s options that it must refuse."""

SIMULATE_FINE: dict[str, tuple[str | None, ...]] = {
    "--players": (None,),
    "--bots": ("random", "rules", "random,rules,random,rules"),
    "--seed": (None, "0", "7"),
    "--backend": (None, "python"),  # native compiles with numba: a minute, for the tests that need it
    "--workers": (None, None, None, None, "1", "2"),
    "--scheduler": (None,),
    "--plot": (None, None, None, "study.svg"),
}
"""Values it takes (a study it runs is of one or two games or hands)."""


def simulate_args(rng: random.Random) -> list[str]:
    """A ``barbu simulate`` command line: each part fine, or now and then
    odd or out of bounds; a study it does run is of one or two games (or
    hands) of random or rule bots, a few seconds at most."""
    odd = rng.random() < 0.7  # most command lines hold one odd part or more
    chance = 0.15 if odd else 0.0
    specs = rng.choice((["tournament"], ["tournament", "tournament+scale-15-40"], ["hearts"]))
    if rng.random() < chance:
        specs = rng.choice((["nope"], [], ["tournament", "hearts"]))
    unreadable = ("0", "-1", "1000000000000", "x", "9" * 40)
    count = rng.choice(("1", "2")) if rng.random() >= chance else rng.choice(unreadable)
    mode = 0 if rng.random() < 0.5 else 1
    if rng.random() < chance:
        mode = rng.choice((2, 3))
    args = ["simulate", *specs, *(
        ["--games", count], ["--contract", "No tricks", "--hands", count], ["--hands", count],
        ["--contract", "Barbu", "--games", count])[mode]]
    for option, fine in SIMULATE_FINE.items():
        value = rng.choice(SIMULATE_ODD[option]) if rng.random() < chance else rng.choice(fine)
        if value is not None:
            args += [option, value]
    if rng.random() < 0.3:
        args.append("--json")
    return args


# ---------------------------------------------------------------------------
# A damaged score-sheet database.

SHEET_READS = (("list",), ("list", "--json"), ("show", "2"), ("show", "2", "--json"), ("export", "2"),
               ("export", "2", "--csv"))
"""The sheet commands that only read, on a database of three games (game 2 with hands)."""

SHEET_WRITES = (("add", "1", "--hand", "hand.json"), ("undo", "2"), ("edit", "2", "1", "--hand", "hand.json"),
                ("delete", "2", "2"), ("import", "game.json"), ("new", "hearts", "--players", "A,B,C,D"))
"""The sheet commands that change it (``hand.json`` a hand, ``game.json`` a game file)."""

HOSTILE_VALUES: tuple[object, ...] = (
    None, 0, -1, 7, 2**62, 1.5, float("nan"), "", "x", "null", "[]", "{}", "[[[[]]]]", '"\\ud800"', "9" * 40,
    '{"format": 1}', '["A", 7]', b"", b"\xff\xfe\x00", b"{}", "\u2028", "[" * 300, "x" * 70_000,
)
"""What a damaged row may hold in any column: SQLite keeps any type in any column."""


def damage_database(path: Path, rng: random.Random) -> str:
    """Damage the SQLite file ``path`` one way, as a disk, a crash or another
    program might: bytes changed, cut short or added, rows given values of
    any type or deleted, the schema or its version changed.  What was done,
    in words."""
    kind = rng.randrange(4)
    if kind == 0:
        return _damage_bytes(path, rng)
    import sqlite3

    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("PRAGMA ignore_check_constraints = ON")
        if kind == 1:
            return _damage_rows(db, rng)
        if kind == 2:
            return _damage_schema(db, rng)
        pragma = rng.choice(("user_version", "application_id"))
        value = rng.choice((0, 1, 3, 99, -1, 2**31 - 1))
        db.execute(f"PRAGMA {pragma} = {value}")
        return f"PRAGMA {pragma} = {value}"
    except sqlite3.Error as error:  # already too damaged for this: damaged enough
        return f"{kind}: {error}"
    finally:
        db.close()


def _damage_bytes(path: Path, rng: random.Random) -> str:
    for suffix in ("-wal", "-shm"):  # the damage is to the file itself
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    data = bytearray(path.read_bytes())
    how = rng.randrange(4)
    if how == 0 and data:
        cut = rng.randrange(len(data))
        path.write_bytes(bytes(data[:cut]))
        return f"cut to {cut} bytes"
    if how == 1:
        data += bytes(rng.randrange(256) for _ in range(rng.randint(1, 5000)))
        path.write_bytes(bytes(data))
        return "bytes added"
    if how == 2 and len(data) > 4096:
        page = rng.randrange(len(data) // 4096)
        data[page * 4096:(page + 1) * 4096] = bytes(4096)
        path.write_bytes(bytes(data))
        return f"page {page + 1} zeroed"
    places = [rng.randrange(100) if rng.random() < 0.4 else rng.randrange(len(data)) for _ in range(rng.randint(1, 8))]
    for place in places:
        if place < len(data):
            data[place] = rng.randrange(256)
    path.write_bytes(bytes(data))
    return f"bytes changed at {sorted(places)}"


def _damage_rows(db: Any, rng: random.Random) -> str:
    done = []
    for _ in range(rng.randint(1, 3)):
        table, columns = rng.choice((("games", ("id", "spec_ref", "spec_text", "players", "created", "changed")),
                                     ("hands", ("game_id", "number", "hand"))))
        if rng.random() < 0.2:
            db.execute(f"DELETE FROM {table} WHERE rowid IN (SELECT rowid FROM {table} ORDER BY random() LIMIT 1)")
            done.append(f"a row of {table} deleted")
            continue
        column, value = rng.choice(columns), rng.choice(HOSTILE_VALUES)
        try:
            db.execute(f"UPDATE {table} SET {column} = ? WHERE rowid IN "
                       f"(SELECT rowid FROM {table} ORDER BY random() LIMIT 1)", (value,))
        except Exception as error:  # noqa: BLE001 -- a NOT NULL or a key refused this one
            done.append(f"{table}.{column} = {str(value)[:20]!r} refused: {error}")
            continue
        done.append(f"{table}.{column} = {str(value)[:20]!r}")
    return "; ".join(done)


def _damage_schema(db: Any, rng: random.Random) -> str:
    change = rng.choice((
        "DROP TABLE hands", "DROP TABLE games", "ALTER TABLE games DROP COLUMN changed",
        "ALTER TABLE games RENAME TO old_games", "ALTER TABLE hands RENAME COLUMN hand TO facts",
        "CREATE TABLE notes (x)", "CREATE VIEW v AS SELECT 1",
    ))
    db.execute(change)
    return change


__all__ = ["EXPECTED_CODES", "HOSTILE_PIECES", "HOSTILE_VALUES", "SHEET_READS", "SHEET_WRITES", "SIMULATE_FINE",
           "SIMULATE_ODD", "Outcome",
           "damage_database", "invoke", "mutate_record", "mutate_text", "mutated_json_text", "record_text",
           "simulate_args"]
