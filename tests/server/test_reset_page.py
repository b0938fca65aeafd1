"""Resets at the online table (docs/rules.md section 6, "Running
totals"): a person plays a house game with resets in the browser with the
keyboard; the page's log says each total that went back, exactly the
resets the table's own events show, in the page's language."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from server.helpers import ServerProcess
from server.page import Person

TINY = Path(__file__).parent.parent / "table" / "tiny-reset.yaml"
DESKTOP = {"width": 1280, "height": 900}


def test_the_log_says_each_reset(server: ServerProcess, browser: Any) -> None:
    table = server.post("/api/tables", {"spec_text": TINY.read_text(encoding="utf-8"),
                                        "seats": ["human", "random", "random", "random"], "seed": 2})
    ana = Person(browser, server.base + table["links"][0], "Ana", DESKTOP, "pt-PT", seed=0)
    try:
        deadline = time.monotonic() + 180
        while not ana.state()["over"]:
            assert time.monotonic() < deadline, "the game did not end"
            if ana.state()["turn"]:
                ana.play_by_keys()
            else:
                time.sleep(0.03)
        events = ana.page.evaluate("() => window.barbuTable.events.map((m) => m.event)")
        names = ana.page.evaluate("() => window.barbuTable.names")
        log = ana.page.evaluate("() => Array.from(document.querySelectorAll('#log li'), (li) => li.textContent)")
        expected, before = [], [0, 0, 0, 0]
        for event in events:
            if event["type"] != "hand_ends":
                continue
            for seat in range(4):
                reached = before[seat] + event["final"][seat]
                if reached != event["totals"][seat]:
                    who = "O teu total é" if seat == 0 else f"O total de {names[seat]} é"
                    expected.append(f"{who} exatamente {reached}, por isso volta a {event['totals'][seat]}.")
            before = event["totals"]
        assert expected, "this game has no reset: choose another seed"
        assert [line for line in log if "volta a" in line] == expected
        assert not ana.errors, ana.errors
    finally:
        ana.context.close()
