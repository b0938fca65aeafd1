"""docs/rules.md section 6, Packs, decks and player counts: an online
table of a spec with a widow plays to its end, its seats see the widow
only once the first trick takes it, and ``barbu join`` sends the person
to the browser, which follows it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from server.helpers import ServerProcess, first_option, play_until_over

WIDOW = (Path(__file__).parents[1] / "generator" / "widow.yaml").read_text(encoding="utf-8")


def test_a_table_with_a_widow_plays_to_its_end(server: ServerProcess) -> None:
    table = server.post("/api/tables", {"spec_text": WIDOW, "seats": ["human", "rules", "random", "rules", "random"],
                                        "seed": 2})
    ada = server.seat(table, 0)
    play_until_over([ada], first_option)
    assert ada.over is not None
    taken = [e for e in ada.events.values() if e["type"] == "widow"]
    assert taken and all(len(e["cards"]) == 2 for e in taken)


def test_barbu_join_sends_a_widow_table_to_the_browser(server: ServerProcess) -> None:
    table = server.post("/api/tables", {"spec_text": WIDOW, "seats": ["human", "random", "random", "random",
                                                                      "random"]})
    run = subprocess.run([sys.executable, "-m", "barbu_dsl", "join", server.base + table["links"][0]],
                         capture_output=True, text=True, timeout=60, input="")
    assert run.returncode == 2 and "widow" in run.stderr and "browser" in run.stderr, run.stderr
    assert "Traceback" not in run.stderr
