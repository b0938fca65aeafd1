"""Resets at the online table (docs/rules.md section 6, "Running
totals"): a person plays a house game with resets in the browser with the
keyboard; the page's log says each total that went back, exactly the
resets the table's own events show, in the page's language."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from barbu_dsl.runtime.scoring import payouts
from server.helpers import ServerProcess
from server.page import Person

TINY = Path(__file__).parent.parent / "table" / "tiny-reset.yaml"
DESKTOP = {"width": 1280, "height": 900}


def play_to_the_end(person: Person) -> None:
    """The person plays each of their turns by keys until the game is over."""
    deadline = time.monotonic() + 180
    while not person.state()["over"]:
        assert time.monotonic() < deadline, "the game did not end"
        if person.state()["turn"]:
            person.play_by_keys()
        else:
            time.sleep(0.03)


def test_the_log_says_each_reset(server: ServerProcess, browser: Any) -> None:
    table = server.post("/api/tables", {"spec_text": TINY.read_text(encoding="utf-8"),
                                        "seats": ["human", "random", "random", "random"], "seed": 2})
    ana = Person(browser, server.base + table["links"][0], "Ana", DESKTOP, "pt-PT", seed=0)
    try:
        play_to_the_end(ana)
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


def test_the_log_says_the_pot_and_the_payments(server: ServerProcess, browser: Any) -> None:
    """docs/rules.md section 6, "A pot" and "Payments by place": the log
    says who took the pot and, at the end, what each place receives, in
    the page's language (English here)."""
    text = (TINY.parent / "tiny-pot.yaml").read_text(encoding="utf-8").replace(
        "pot: no points}", "pot: no points, payout: [3, 1, −1, −3]}")
    table = server.post("/api/tables", {"spec_text": text, "seats": ["human", "random", "random", "random"],
                                        "seed": 2})
    bo = Person(browser, server.base + table["links"][0], "Bo", DESKTOP, "en-GB", seed=0)
    try:
        play_to_the_end(bo)
        log = bo.page.evaluate("() => Array.from(document.querySelectorAll('#log li'), (li) => li.textContent)")
        taken = [line for line in log if line.endswith("from the pot.")]
        assert taken, log
        totals = bo.page.evaluate("() => window.barbuTable.events.map((m) => m.event)"
                                  ".filter((e) => e.type === 'game_ends')[0].totals")
        paid = payouts(totals, (3, 1, -1, -3), False)
        names = bo.page.evaluate("() => window.barbuTable.names")
        said = ", ".join(f"{'you' if seat == 0 else names[seat]} {'+' if v > 0 else '−' if v < 0 else ''}{abs(v)}"
                         for seat, v in enumerate(paid))
        assert f"Payments by place: {said}." in log, log[-3:]
        assert not bo.errors, bo.errors
    finally:
        bo.context.close()


def test_the_log_says_who_takes_the_widow(server: ServerProcess, browser: Any) -> None:
    """docs/rules.md section 6, Packs, decks and player counts: with a widow
    taken with the first trick, the log says who takes it and its cards,
    once a hand, in the page's language (Italian here)."""
    text = ("name: widow-3\nplayers: 3\ndoubling: false\nleftover: widow to first trick\n"
            "contracts:\n  Hearts: −1 per ♥, Q♠ −13\n")
    table = server.post("/api/tables", {"spec_text": text, "seats": ["human", "random", "random"], "seed": 4})
    eva = Person(browser, server.base + table["links"][0], "Eva", DESKTOP, "it-IT", seed=0)
    try:
        play_to_the_end(eva)
        events = eva.page.evaluate("() => window.barbuTable.events.map((m) => m.event)")
        log = eva.page.evaluate("() => Array.from(document.querySelectorAll('#log li'), (li) => li.textContent)")
        taken = [e for e in events if e["type"] == "widow"]
        said = [line for line in log if "il monte con la prima presa" in line]
        assert len(taken) == 3 == len(said), said  # three hands, one widow card each
        assert all(line.endswith(".") and ":" in line for line in said)
        assert not eva.errors, eva.errors
    finally:
        eva.context.close()


def test_a_game_to_a_target_is_told_without_a_number_of_hands(server: ServerProcess, browser: Any) -> None:
    """docs/rules.md section 6, "Running totals": a game to a target score
    has no number of hands, so the page never says "of N" of it: the
    totals after a hand say the hand alone, and a person coming back is
    told the hand they are at, once."""
    table = server.post("/api/tables", {"spec_text": TINY.read_text(encoding="utf-8"),
                                        "seats": ["human", "random", "random", "random"], "seed": 2})
    cy = Person(browser, server.base + table["links"][0], "Cy", DESKTOP, "en-GB", seed=0)
    try:
        deadline = time.monotonic() + 120
        while cy.state()["hand"] in (None, 1):
            assert time.monotonic() < deadline, "the first hand did not end"
            if cy.state()["turn"]:
                cy.play_by_keys()
            else:
                time.sleep(0.03)
        log = cy.page.evaluate("() => Array.from(document.querySelectorAll('#log li'), (li) => li.textContent)")
        totals = [line for line in log if line.startswith("Totals after hand 1")]
        assert len(totals) == 1 and totals[0].startswith("Totals after hand 1: "), totals
        assert not any(" of null" in line or " of undefined" in line for line in log), log
        mark = len(cy.transcript())
        cy.reload()
        cy.page.wait_for_function("() => window.__spoken.some((line) => line.text.startsWith('You are at the table'))")
        heard = [line for line in cy.heard_since(mark) if line.startswith("You are at the table")]
        assert heard == [f"You are at the table: hand {cy.state()['hand']}. The log holds what happened so far."], heard
        assert not cy.errors, cy.errors
    finally:
        cy.context.close()
