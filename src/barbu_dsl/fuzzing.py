"""Driving the ``barbu`` command in-process on hostile input, for the fuzz
tests (``tests/test_fuzz.py``) and the nightly-sized run
(``benchmarks/fuzz_cli.py``).

:func:`invoke` runs one command line the way the ``barbu`` executable
does (:func:`barbu_dsl.cli.run`) with standard input, output and error
captured, in a given directory, and reports the outcome: the exit code,
the output, and the traceback of any exception that escaped (the one
thing that must never happen).  :func:`mutate_text` and
:func:`mutate_record` make the hostile input: bundled specs and valid
records changed a little, which reaches far deeper than random text.
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


__all__ = ["EXPECTED_CODES", "HOSTILE_PIECES", "Outcome", "invoke", "mutate_record", "mutate_text", "record_text"]
