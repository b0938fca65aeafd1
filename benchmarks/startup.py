"""What a ``barbu`` command costs before and around its work: the CPU time of
whole processes, against ``python -c pass`` measured in the same run.

Each command is started as a user starts it (the ``barbu`` script beside
this interpreter, else ``python -m barbu_dsl``), and its CPU time (user and
system, with any process it waits for, such as ruff for ``generate``) is
read from the operating system when it ends.  The commands take turns,
round after round, and each figure is the best of its rounds, so that
whatever else the machine does counts as little as it can.  Read the
ratios to ``python -c pass``; the seconds depend on the machine.

The commands run with a fresh cache and data directory of their own
(``XDG_CACHE_HOME``, ``BARBU_DB``), warmed by one run each before the
rounds, as a user's are after their first command; that run also writes the
modules' bytecode (``__pycache__``), as ``pip install`` does, even where
``PYTHONDONTWRITEBYTECODE`` is set.  The ``cold cache`` commands have a
cache of their own, emptied before each of their runs: the price of the
first command after an upgrade.  ``sheet add`` adds the first hand to a
copy of the same one-game database each round; ``generate`` writes the
package of a one-contract spec into an empty directory.

``--against DIR`` times another copy of barbu_dsl in the same rounds (its
``DIR/src`` first on the path, run by the same ``barbu`` script), for
figures before and after a change measured side by side, e.g. the last
release::

    git archive v1 | tar -x -C /tmp/before
    python benchmarks/startup.py --against /tmp/before

``--tiny`` times one round (after the warming run).

    python benchmarks/startup.py [--rounds 9] [--against DIR] [--tiny]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from tiny import parse_args

ROOT = Path(__file__).resolve().parents[1]

ONE_CONTRACT = """\
name: one-contract
players: 4
contracts:
  No tricks: −2 per trick
"""

FIRST_HAND = {"contract": "No tricks", "declarer": 0, "took": {"tricks": [4, 3, 3, 3]}}


@dataclass(frozen=True)
class Command:
    """One command line to time: its label, its arguments, what it should
    exit with, the aim for its CPU seconds (if any), and what to do before
    each run (untimed)."""

    label: str
    args: tuple[str, ...]
    code: int = 0
    aim: float | None = None
    prepare: tuple[str, ...] = ()


def barbu() -> list[str]:
    """How a user runs barbu with this interpreter."""
    script = Path(sys.executable).parent / "barbu"
    return [str(script)] if script.is_file() else [sys.executable, "-m", "barbu_dsl"]


def cpu_seconds(argv: list[str], env: dict[str, str], cwd: Path, code: int) -> float:
    """Run ``argv`` to its end; the CPU seconds it (and whatever it waited
    for) used.  A run that exits otherwise than ``code`` stops the benchmark."""
    with tempfile.TemporaryFile() as errors:
        process = subprocess.Popen(argv, env=env, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                   stderr=errors)
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode != code:
            errors.seek(0)
            sys.exit(f"{' '.join(argv)} exited {process.returncode}, not {code}:\n"
                     + errors.read().decode("utf-8", "replace"))
    return usage.ru_utime + usage.ru_stime


class Bench:
    """The scratch directory of one run: its cache, its database, its files."""

    def __init__(self, root: Path):
        self.root = root
        self.cache = root / "cache"
        self.work = root / "work"
        self.work.mkdir()
        (self.work / "one.yaml").write_text(ONE_CONTRACT, encoding="utf-8")
        (self.work / "hand.json").write_text(json.dumps(FIRST_HAND), encoding="utf-8")
        self.env = {**os.environ, "XDG_CACHE_HOME": str(self.cache), "XDG_DATA_HOME": str(root / "data"),
                    "BARBU_DB": str(self.work / "sheet.sqlite3"), "BARBU_LANG": "en", "COLUMNS": "80"}
        for name in ("PYTHONPROFILEIMPORTTIME", "PYTHONDONTWRITEBYTECODE", "PYTHONPATH", "BARBU_CACHE"):
            self.env.pop(name, None)
        self.run(barbu() + ["sheet", "new", "tournament", "--players", "A,B,C,D", "--db",
                            str(self.root / "game.sqlite3")], 0)
        self.before(("fresh-db",))

    def before(self, steps: tuple[str, ...]) -> None:
        """The untimed steps before a run."""
        if "fresh-db" in steps:
            shutil.copyfile(self.root / "game.sqlite3", self.work / "sheet.sqlite3")
        if "cold-cache" in steps:
            shutil.rmtree(self.root / "cold-cache", ignore_errors=True)
        if "empty-output" in steps:
            shutil.rmtree(self.work / "out", ignore_errors=True)

    def run(self, argv: list[str], code: int, source: Path | None = None, steps: tuple[str, ...] = ()) -> float:
        env = dict(self.env)
        if source is not None:
            env["PYTHONPATH"] = str(source / "src")
        if "cold-cache" in steps:
            env["XDG_CACHE_HOME"] = str(self.root / "cold-cache")
        return cpu_seconds(argv, env, self.work, code)


def commands() -> list[Command]:
    return [
        Command("python -c pass", ()),
        Command("barbu --version", ("--version",), aim=0.08),
        Command("barbu --help", ("--help",), aim=0.08),
        Command("barbu verify tournament", ("verify", "tournament"), aim=0.15),
        Command("barbu verify tournament, cold cache", ("verify", "tournament"), prepare=("cold-cache",)),
        Command("barbu sheet add 1 --hand FILE", ("sheet", "add", "1", "--hand", "hand.json"), aim=0.15,
                prepare=("fresh-db",)),
        Command("barbu sheet show 1", ("sheet", "show", "1"), aim=0.15),
        Command("barbu generate (one contract)", ("generate", "one.yaml", "-o", "out"), aim=0.4,
                prepare=("empty-output",)),
        Command("barbu generate (one contract), cold cache", ("generate", "one.yaml", "-o", "out"),
                prepare=("empty-output", "cold-cache")),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=9, help="rounds; each figure is the best of them")
    parser.add_argument("--against", type=Path, help="another checkout of barbu_dsl to time in the same rounds")
    args = parse_args(parser, rounds=1)

    todo = commands()
    copies: list[Path | None] = [None] if args.against is None else [None, args.against.resolve()]
    best: dict[tuple[str, Path | None], float] = {}
    with tempfile.TemporaryDirectory(prefix="barbu-startup-") as scratch:
        bench = Bench(Path(scratch))

        def argv(command: Command) -> list[str]:
            return [sys.executable, "-c", "pass"] if not command.args else barbu() + list(command.args)

        def timed(command: Command, copy: Path | None) -> float:
            bench.before(command.prepare)
            return bench.run(argv(command), command.code, copy, command.prepare)

        for command in todo:  # warm: caches filled, bytecode written, files in the page cache
            for copy in copies:
                timed(command, copy)
        for _ in range(args.rounds):
            for command in todo:
                for copy in copies:
                    seconds = timed(command, copy)
                    best[command.label, copy] = min(best.get((command.label, copy), seconds), seconds)

    base = best["python -c pass", None]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"CPU seconds of each process, best of {args.rounds} interleaved rounds "
          f"(load average {load:.1f} on {os.cpu_count()} cores; {' '.join(barbu())})")
    if args.against is None:
        print(f"{'command':40} {'CPU s':>7} {'/ pass':>7} {'aim s':>6}")
    else:
        print(f"{'command':40} {'CPU s':>7} {'/ pass':>7} {'aim s':>10} {'against':>8} {'/ pass':>7} "
              f"{'this / against':>14}")
    for command in todo:
        seconds = best[command.label, None]
        aim = "" if command.aim is None else f"{command.aim:.2f}" + (" ok" if seconds <= command.aim else " MISSED")
        line = f"{command.label:40} {seconds:7.3f} {seconds / base:7.1f} {aim:>10}"
        if args.against is not None:
            other = best[command.label, copies[1]]
            line += f" {other:8.3f} {other / base:7.1f} {seconds / other:14.2f}"
        print(line)
    if args.against is not None:
        print(f"against: {args.against}")


if __name__ == "__main__":
    main()
