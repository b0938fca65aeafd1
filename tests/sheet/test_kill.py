"""The SQLite sheet survives ``kill -9``: a process adding hands in a loop
(``barbu sheet add --hand``) is killed with SIGKILL at random moments, again
and again; after each kill every hand whose command had printed its
confirmation is in the database, nothing is half written, and the game
still re-checks.  Then the loop goes on where it stopped, until the whole
evening is on the sheet and scores as the engine did."""

from __future__ import annotations

import itertools
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from barbu_dsl.language import load_spec
from barbu_dsl.sheet.game import SheetGame
from barbu_dsl.sheet.store import open_store

from .helpers import PLAYERS, evening

DRIVER = """
import sys
from barbu_dsl.cli import app
import barbu_dsl.sheet.commands
db, game, files = sys.argv[1], sys.argv[2], sys.argv[3:]
print("ready", flush=True)
for path in files:
    try:
        app(["sheet", "add", game, "--hand", path, "--db", db, "--lang", "en"], prog_name="barbu")
    except SystemExit as done:
        if done.code:
            print(f"failed {done.code}", flush=True)
            sys.exit(done.code)
    sys.stdout.flush()
print("done", flush=True)
"""

KILLS = 8


def start(db: Path, game_id: int, files: list[Path]) -> tuple[subprocess.Popen[str], list[str], list[float]]:
    """The driver, the lines it prints as they come, and when each came."""
    process = subprocess.Popen([sys.executable, "-c", DRIVER, str(db), str(game_id), *map(str, files)],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)
    lines: list[str] = []
    times: list[float] = []

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            times.append(time.monotonic())
            lines.append(line.rstrip("\n"))

    threading.Thread(target=read, daemon=True).start()
    return process, lines, times


def hand_times(lines: list[str], times: list[float]) -> list[float]:
    """How long each hand took to add, from one confirmation to the next."""
    saved = [at for at, line in zip(times, lines) if " saved: " in line]
    return [later - earlier for earlier, later in itertools.pairwise(saved)]


def confirmed(lines: list[str]) -> int:
    """The number of the last hand whose confirmation was printed (0: none)."""
    numbers = [int(line.split("hand ")[1].split(" ")[0]) for line in lines if " saved: " in line]
    return max(numbers, default=0)


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_kill_9_loses_no_confirmed_hand_and_leaves_no_half_hand(tmp_path: Path) -> None:
    spec = load_spec("tournament")
    played = evening(spec, seed=3)
    files = []
    for number, (_, hand) in enumerate(played, 1):
        path = tmp_path / f"hand-{number:02}.json"
        path.write_text(json.dumps(hand), encoding="utf-8")
        files.append(path)
    db = tmp_path / "sheets.sqlite3"
    store = open_store(db)
    game_id = store.create(SheetGame.new("tournament", PLAYERS, spec))
    store.close()
    expected = [SheetGame.new("tournament", PLAYERS, spec)]
    for _, hand in played:
        expected[0].add(hand)
    entries = expected[0].entries

    rng = random.Random(9)
    kills = 0
    stored = 0
    measured: list[float] = []  # how long a hand takes to add here, however loaded the machine
    for attempt in range(40):
        process, lines, times = start(db, game_id, files[stored:])
        deadline = time.monotonic() + 60
        while "ready" not in lines and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        if kills < KILLS:  # kill after one or two confirmed hands, at a random moment of the next
            wait_for = stored + 1 + rng.randrange(0, 2)
            while confirmed(lines) < wait_for and process.poll() is None:
                time.sleep(0.002)
            hand = sorted(measured)[len(measured) // 2] if measured else 0.05  # the median hand
            time.sleep(rng.uniform(0.0, hand))
            if process.poll() is None:
                os.kill(process.pid, signal.SIGKILL)
                kills += 1
        process.wait(timeout=120)
        time.sleep(0.05)  # let the reader thread take the last lines
        measured.extend(hand_times(lines, times))
        assert not any(line.startswith("failed") for line in lines), lines
        check = sqlite3.connect(db)
        assert check.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        check.close()
        store = open_store(db)
        data = store.game_file(game_id)
        now = len(data["hands"])
        assert now >= confirmed(lines), (attempt, now, stored, lines)  # the confirmation names the hand
        assert data["hands"] == entries[:now]  # no half hand, nothing out of order
        assert len(store.load(game_id).scored) == now  # the game still re-checks
        store.close()
        stored = now
        if stored == len(files):
            break
    assert kills == KILLS and stored == len(files)
    final = open_store(db).load(game_id)
    assert final.over and final.totals == expected[0].totals
