"""Nightly-sized fuzzing of the ``barbu`` command, in-process.

Specs (the bundled ones, mutated: pieces deleted, repeated, swapped, hostile
text put in) go through ``check``, ``verify`` (and ``--json``), ``explain``,
``fmt`` (to standard output and ``-o`` a new file), ``scorer`` (to a new
file), ``sheet new``, ``play --record``, ``simulate`` and ``generate`` (into a temporary
directory).  Each record number makes a hand record (a valid record of a
bundled spec, mutated the same way) for ``replay`` (and ``--json``), a
score-sheet hand (who took what in a hand the bots played) for ``sheet add
--hand`` (then ``sheet undo``) and a game file of such hands for ``sheet
import``, all mutated; ``sheet show --json`` and ``sheet list`` now and
then (in a temporary database).  Every
outcome must be exit 0, 1 or 2 with no traceback, within a time limit per
command; the script prints the count of each exit code, the tracebacks,
the hangs and the unexpected codes, and exits 1 if there is any.

Faults and the other files a user has: each sheet number damages a copy
of a score-sheet database (bytes, rows, schema or version:
:func:`barbu_dsl.fuzzing.damage_database`) and runs every sheet command
on it, a command that reads (or fails) having to leave the file as it
was; each save number damages a real saved game without knowing its
format for ``play --resume``; each simulation number is an odd ``barbu
simulate`` command line; each page number damages the web page's stored
games and reloads the page in Chromium (Playwright; skipped without it),
which must open without a script error and keep what it cannot read.

    python benchmarks/fuzz_cli.py                      # 20,000 specs and records, 2,000 of the rest
    python benchmarks/fuzz_cli.py --specs 500 --records 500 --sheets 100 --saves 100 --simulations 100 --pages 100
    python benchmarks/fuzz_cli.py --generate-every 10 --play-every 10  # the slowest commands on one spec in ten
    python benchmarks/fuzz_cli.py --workers 2          # on two processes
    python benchmarks/fuzz_cli.py --tiny               # 2 specs, records, simulations; 1 of the rest

The seed makes a run reproducible; a failing case is printed with its
command line and input, to be replayed by hand.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import signal
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from types import FrameType

from tiny import parse_args

from barbu_dsl.fuzzing import (
    SHEET_READS,
    SHEET_WRITES,
    Outcome,
    damage_database,
    invoke,
    mutate_record,
    mutate_text,
    mutated_json_text,
    record_text,
    simulate_args,
)
from barbu_dsl.language import load_spec
from barbu_dsl.resources import bundled_spec_names, bundled_spec_text


class Hang(Exception):
    """A command ran past its time limit."""


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise Hang


def run_one(args: list[str], cwd: Path, seconds: int, stdin: str = "") -> Outcome:
    """One command line with a time limit (SIGALRM: the command runs in this thread)."""
    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(seconds)
    try:
        return invoke(args, cwd=cwd, stdin=stdin)
    except Hang:
        return Outcome(tuple(args), -2, "", "", "hang")
    finally:
        signal.alarm(0)


def valid_records() -> list[tuple[str, object]]:
    """The conformance cases' records of every bundled spec: valid hands,
    hands in progress, broken rules, unreadable records; with their spec."""
    from barbu_dsl.generator.conformance import build_cases

    return [(name, case["record"]) for name in bundled_spec_names() for case in build_cases(load_spec(name))]


CHANGED = "changed the user's file"
"""What a failure says when a command left a file it should not have changed."""


class Tally:
    def __init__(self) -> None:
        self.codes: Counter[tuple[str, int]] = Counter()
        self.failures: list[tuple[Outcome, str]] = []

    def add(self, outcome: Outcome, given: str) -> None:
        command = outcome.args[0] if outcome.args[0] != "sheet" else "sheet " + outcome.args[1]
        self.codes[(command, outcome.code)] += 1
        if not outcome.clean:
            self.failures.append((outcome, given))

    def report(self, elapsed: float) -> int:
        print(f"fuzz run: {elapsed:.0f} s")
        commands = sorted({command for command, _ in self.codes})
        for command in commands:
            counts = {code: n for (c, code), n in self.codes.items() if c == command}
            shown = ", ".join(f"exit {code}: {n}" for code, n in sorted(counts.items()) if code >= 0)
            print(f"  {command:14} {shown}")
        hangs = [f for f in self.failures if f[0].code == -2]
        changed = [f for f in self.failures if f[0].traceback == CHANGED]
        tracebacks = [f for f in self.failures if f[0].traceback not in (None, "hang", CHANGED)]
        unexpected = [f for f in self.failures if f not in hangs and f not in tracebacks and f not in changed]
        print(f"tracebacks: {len(tracebacks)}, hangs: {len(hangs)}, files changed: {len(changed)}, "
              f"unexpected exit codes: {len(unexpected)}")
        for outcome, given in self.failures[:20]:
            print("---", " ".join(outcome.args), f"(exit {outcome.code})")
            print(given[:2000])
            print((outcome.traceback or outcome.err)[-3000:])
        return 1 if self.failures else 0


def fuzz_specs(first: int, count: int, seed: int, timeout: int, generate_every: int, play_every: int) -> Tally:
    """Specs ``first`` to ``first + count`` (each seeded by its number) through every command."""
    tally = Tally()
    texts = [bundled_spec_text(name) for name in bundled_spec_names()]
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        db = str(work / "sheets.sqlite3")
        for index in range(first, first + count):
            rng = random.Random(f"{seed}/spec/{index}")
            text = mutate_text(rng.choice(texts), rng)
            name = f"spec{index}.yaml"
            (work / name).write_text(text, encoding="utf-8", errors="surrogatepass")
            commands = [["check", name], ["verify", name], ["verify", name, "--json"], ["explain", name],
                        ["fmt", name], ["fmt", name, "-o", f"fmt{index}.yaml"],
                        ["scorer", name, "-o", f"page{index}.html"],
                        ["sheet", "new", name, "--players", "A,B,C,D", "--db", db]]
            if index % generate_every == 0:
                commands.append(["generate", name, "-o", f"out{index % 3}"])
            if index % play_every == 0:
                commands.append(["play", name, "--seed", str(index), "--record", f"played{index}.jsonl"])
                commands.append(["simulate", name, "--games", "1", "--seed", str(index)])
            for command in commands:
                tally.add(run_one(command, work, timeout), text)
            for leftover in work.glob(f"*{index}.*"):
                leftover.unlink()
            if (index - first) % 500 == 499:
                print(f"  specs {first}..{index + 1}", file=sys.stderr, flush=True)
    return tally


def sheet_hands() -> list[tuple[str, dict[str, object]]]:
    """Hands as a scorer enters them (who took what), from a game the bots
    played under each bundled spec, with their spec."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
    from sheet.helpers import evening  # the test suite's scorer's view of a played hand

    return [(name, hand) for name in bundled_spec_names()
            for _, hand in evening(load_spec(name), players=table_size(name))]


def table_size(name: str) -> int:
    """Four players where the spec allows them, else its first count."""
    counts = load_spec(name).players
    return 4 if 4 in counts else counts[0]


def player_names(name: str) -> list[str]:
    return ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J"][:table_size(name)]


def fuzz_records(first: int, count: int, seed: int, timeout: int) -> Tally:
    """Records ``first`` to ``first + count`` through replay, and sheet
    hands and games (mutated the same way) through the score sheet."""
    tally = Tally()
    records = valid_records()
    hands = sheet_hands()
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        db = str(work / "sheets.sqlite3")
        games = {}
        for name in bundled_spec_names():
            invoke(["sheet", "new", name, "--players", ",".join(player_names(name)), "--db", db], cwd=work)
            games[name] = str(len(games) + 1)
        for index in range(first, first + count):
            rng = random.Random(f"{seed}/record/{index}")
            spec, original = rng.choice(records)
            text = record_text(mutate_record(original, rng), rng)
            path = work / f"record{index}.jsonl"
            path.write_text(text, encoding="utf-8", errors="surrogatepass")
            for command in (["replay", spec, path.name], ["replay", spec, path.name, "--json"]):
                tally.add(run_one(command, work, timeout), text)
            path.unlink()
            name, hand = rng.choice(hands)
            hand_text = json.dumps(mutate_record(hand, rng), ensure_ascii=False)
            (work / "hand.json").write_text(hand_text, encoding="utf-8", errors="surrogatepass")
            added = run_one(["sheet", "add", games[name], "--hand", "hand.json", "--db", db], work, timeout)
            tally.add(added, hand_text)
            if added.code == 0:  # keep the game open for the next hands
                tally.add(run_one(["sheet", "undo", games[name], "--db", db], work, timeout), hand_text)
            game = {"format": "barbu-sheet 1", "spec": name, "players": player_names(name),
                    "hands": [h for n, h in hands if n == name][:rng.randint(0, 8)]}
            game_text = json.dumps(mutate_record(game, rng), ensure_ascii=False)
            (work / "game.json").write_text(game_text, encoding="utf-8", errors="surrogatepass")
            tally.add(run_one(["sheet", "import", "game.json", "--db", db], work, timeout), game_text)
            if index % 50 == 0:
                for command in (["sheet", "show", games[name], "--db", db, "--json"], ["sheet", "list", "--db", db]):
                    tally.add(run_one(command, work, timeout), "")
            if (index - first) % 2000 == 1999:
                print(f"  records {first}..{index + 1}", file=sys.stderr, flush=True)
    return tally


def unchanged(outcome: Outcome, path: Path, before: bytes) -> Outcome:
    """``outcome``, or a failure if the file ``path`` no longer holds ``before``."""
    if path.exists() and path.read_bytes() == before:
        return outcome
    return Outcome(outcome.args, outcome.code, outcome.out, outcome.err, CHANGED)


def fuzz_sheets(first: int, count: int, seed: int, timeout: int) -> Tally:
    """Databases ``first`` to ``first + count``, each a damaged copy of one
    with three games, through every sheet command."""
    tally = Tally()
    hands = [hand for name, hand in sheet_hands() if name == "tournament"]
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        (work / "hand.json").write_text(json.dumps(hands[3]), encoding="utf-8")
        (work / "game.json").write_text(json.dumps({"format": "barbu-sheet 1", "spec": "tournament",
                                                    "players": player_names("tournament"), "hands": hands[:3]}),
                                        encoding="utf-8")
        for command in (["new", "tournament", "--players", "A,B,C,D"], ["import", "game.json"],
                        ["new", "hearts", "--players", "A,B,C,D"]):
            invoke(["sheet", *command, "--db", "base.sqlite3"], cwd=work)
        base = (work / "base.sqlite3").read_bytes()
        db = work / "db.sqlite3"
        for index in range(first, first + count):
            rng = random.Random(f"{seed}/sheet/{index}")
            db.write_bytes(base)
            how = damage_database(db, rng)
            for command in SHEET_READS + SHEET_WRITES:
                before = db.read_bytes()
                outcome = run_one(["sheet", *command, "--db", db.name], work, timeout)
                if command in SHEET_READS or outcome.code != 0:
                    outcome = unchanged(outcome, db, before)
                tally.add(outcome, how)
            for path in work.glob("db.sqlite3*"):
                path.unlink()
            if (index - first) % 500 == 499:
                print(f"  sheets {first}..{index + 1}", file=sys.stderr, flush=True)
    return tally


def fuzz_saves(first: int, count: int, seed: int, timeout: int) -> Tally:
    """Saved games ``first`` to ``first + count``: a real saved game (a
    person left each bundled spec in its first hand) damaged anywhere,
    through ``play --resume``; a refused file must be left as it was."""
    tally = Tally()
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        saves = []
        for name in bundled_spec_names():
            path = work / f"{name}.json"
            invoke(["play", name, "--human", "--seed", "3", "--plain", "--save", str(path)], stdin="1\n" * 12 + "quit\n")
            if path.exists():
                saves.append(json.loads(path.read_text(encoding="utf-8")))
        path = work / "game.json"
        for index in range(first, first + count):
            rng = random.Random(f"{seed}/save/{index}")
            text = mutated_json_text(rng.choice(saves), rng)
            path.write_text(text, encoding="utf-8", errors="surrogatepass")
            before = path.read_bytes()
            outcome = run_one(["play", "--resume", "--plain", "--save", path.name], work, timeout, stdin="quit\n")
            tally.add(unchanged(outcome, path, before) if outcome.code != 0 else outcome, text)
    return tally


def fuzz_simulations(first: int, count: int, seed: int, timeout: int) -> Tally:
    """``barbu simulate`` command lines ``first`` to ``first + count``."""
    tally = Tally()
    with tempfile.TemporaryDirectory() as folder:
        for index in range(first, first + count):
            args = simulate_args(random.Random(f"{seed}/simulate/{index}"))
            tally.add(run_one(args, Path(folder), timeout), " ".join(args))
    return tally


def fuzz_pages(first: int, count: int, seed: int, timeout: int) -> Tally:
    """The web page's stored games, damaged ``count`` times, the page
    reloaded in Chromium each time: it must open without a script error
    and keep the stored text (as it was, or aside whole) or every game."""
    tally = Tally()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("pages: Playwright is not installed; skipped", file=sys.stderr)
        return tally
    from barbu_dsl.scorer.page import render_page
    from barbu_dsl.sheet.game import SheetGame

    spec = load_spec("tournament")
    game = SheetGame.new("tournament", player_names("tournament"), spec)
    for _, hand in [h for h in sheet_hands() if h[0] == "tournament"][:5]:
        game.add(hand)
    store = {"games": [{"id": "g1", "game": game.to_json()}, {"id": "g2", "game": game.to_json()}],
             "current": "g1", "lang": "en"}
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        page_file = Path(folder) / "page.html"
        page_file.write_text(render_page("tournament", spec), encoding="utf-8")
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--headless", "--no-sandbox"])
        page = browser.new_context().new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(page_file.as_uri())
        page.wait_for_function("() => window.barbuSheet !== undefined")
        key = page.evaluate("() => JSON.parse(document.getElementById('barbu-data').textContent).storage_key")
        for index in range(first, first + count):
            text = mutated_json_text(store, random.Random(f"{seed}/page/{index}"))
            errors.clear()
            page.evaluate("([key, text]) => { localStorage.clear(); localStorage.setItem(key, text); }", [key, text])
            page.reload()
            problem = None
            try:
                page.wait_for_function("() => window.barbuSheet !== undefined", timeout=timeout * 1000)
                if text not in page.evaluate("() => Object.values(localStorage)"):  # then it was read whole
                    stored = json.loads(page.evaluate("(key) => localStorage.getItem(key)", key))
                    if [g["id"] for g in stored["games"]] != [g["id"] for g in json.loads(text)["games"]]:
                        problem = CHANGED
            except Exception as error:  # noqa: BLE001 -- a page that does not open is the finding
                problem = f"the page did not open: {error}"
            if errors:
                problem = "script error: " + "; ".join(errors)
            tally.add(Outcome(("page",), 0 if problem is None else -1, "", "", problem), text)
        browser.close()
    return tally


FUZZERS = {"specs": None, "records": None, "sheets": fuzz_sheets, "saves": fuzz_saves,
           "simulations": fuzz_simulations, "pages": fuzz_pages}


def _job(job: tuple[str, int, int, argparse.Namespace]) -> Tally:
    kind, first, count, args = job
    if kind == "specs":
        return fuzz_specs(first, count, args.seed, args.timeout, args.generate_every, args.play_every)
    if kind == "records":
        return fuzz_records(first, count, args.seed, args.timeout)
    fuzzer = FUZZERS[kind]
    assert fuzzer is not None
    return fuzzer(first, count, args.seed, args.timeout)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--specs", type=int, default=20_000)
    parser.add_argument("--records", type=int, default=20_000)
    parser.add_argument("--sheets", type=int, default=2_000, help="damaged sheet databases (default 2,000)")
    parser.add_argument("--saves", type=int, default=2_000, help="damaged saved games (default 2,000)")
    parser.add_argument("--simulations", type=int, default=2_000, help="simulate command lines (default 2,000)")
    parser.add_argument("--pages", type=int, default=2_000, help="damaged stored games of the page (default 2,000)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timeout", type=int, default=120, help="seconds per command (default 120)")
    parser.add_argument("--generate-every", type=int, default=1,
                        help="run generate on one spec in N (default: every spec)")
    parser.add_argument("--play-every", type=int, default=1,
                        help="run play (a whole game with bots) on one spec in N (default: every spec)")
    parser.add_argument("--workers", type=int, default=1, help="processes to share the work (default 1)")
    args = parse_args(parser, specs=2, records=2, sheets=1, saves=1, simulations=2, pages=1)
    start = time.perf_counter()
    jobs = []
    for kind in FUZZERS:
        total = getattr(args, kind)
        share = -(-total // args.workers) if total else 0
        jobs.extend((kind, first, min(share, total - first), args) for first in range(0, total, share or 1))
    tally = Tally()
    if args.workers == 1:
        parts = [_job(job) for job in jobs]
    else:
        with multiprocessing.Pool(args.workers) as pool:
            parts = pool.map(_job, jobs, chunksize=1)
    for part in parts:
        tally.codes.update(part.codes)
        tally.failures.extend(part.failures)
    return tally.report(time.perf_counter() - start)


if __name__ == "__main__":
    sys.exit(main())
