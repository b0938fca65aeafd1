"""The table's page with a real screen reader: Orca, GNOME's screen
reader, reads Debian's Chromium on a desktop of its own (Xvfb, D-Bus,
AT-SPI: :mod:`server.screen_reader`) while a person plays a seat.

What the page means to say is its live-region transcript (every line it
adds to ``#polite`` and ``#assertive``, recorded by ``SPOKEN``); what a
person hears is what Orca sends to speech (its debug log).  The tests
hold the one to the other:

- a person plays a whole hand with the keyboard, waiting each time to
  hear whose turn it is: from the start of the game (Orca has read the
  page as it loaded), every line the page put in a live region is said
  by Orca as many times as the page put it there (once), among them each
  card another seat plays, the person's own card, and each turn;
- with Orca running and the focus in the hand, the letter keys, the
  arrows and Enter pressed on the X server's keyboard (xdotool; Orca
  never sees the keys Playwright gives the page) reach the page, and
  Orca says what the letters read out: Orca must hand the keys over
  (focus mode) rather than keep them as its browse mode's quick keys
  (H: the next heading, T: the next table, S: the next separator).

A browser test cannot tell these: a screen reader drops, reorders or
keeps for itself what a page offers it in ways only the screen reader
shows."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from server.helpers import ServerProcess
from server.page import Person
from server.screen_reader import Desktop, desktop, words

SPEC = """name: one hand by ear
players: 4
deck: piquet
doubling: false
contracts:
  Hearts: −1 per ♥
"""
"""Eight tricks of a 32-card pack, one contract, no doubling: a hand is a few seconds of cards."""
NAMES = ["Ann", "Bob", "Cy", "Di"]
WINDOW = {"width": 1200, "height": 860}
BROWSER = ["--force-renderer-accessibility", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync",
           "--window-position=0,0", "--window-size=1280,1000"]
HAND = """() => { const g = window.barbuTable;
    return {ended: g.events.some((m) => m.event.type === 'hand_ends'),
            turn: Boolean(g.decision && g.sentFor !== g.decision.id && !g.burst)}; }"""
"""Whether the first hand has ended and whether a decision waits, seen at one moment."""
READOUTS = {"h": "8 cards.", "t": "Trick 1.", "s": "Totals:"}
"""Each letter key and how its readout begins, at Ann's first turn of seed 1 (Di led the seven of hearts)."""


@pytest.fixture(scope="module")
def orca(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Desktop]:
    with desktop(tmp_path_factory.mktemp("orca")) as running:
        yield running


@pytest.fixture
def headed(orca: Desktop, request: pytest.FixtureRequest) -> Iterator[Any]:
    """Debian's Chromium on Orca's display, its accessibility on.  One for
    each test: without a window manager to say which window is active,
    Orca takes a window opened after another closed for an inactive tab,
    and says nothing of its live regions."""
    browser = request.getfixturevalue("browser")  # the test process's Playwright (never a browser it downloads)
    chromium = browser.browser_type.launch(executable_path="/usr/bin/chromium", headless=False, args=BROWSER,
                                           env={**orca.env, "ACCESSIBILITY_ENABLED": "1"})
    yield chromium
    chromium.close()


def open_seat(orca: Desktop, headed: Any, url: str) -> Person:
    """Ann's page, once Orca has read it as it loaded."""
    mark = orca.speech.mark()
    person = Person(headed, url, "Ann", WINDOW, "en-GB")
    assert orca.speech.wait_for(lambda utterance: True, since=mark, timeout=30), \
        "Orca said nothing of the page: does it see Chromium over AT-SPI?"
    orca.speech.wait_quiet()
    return person


def play_the_hand(orca: Desktop, ann: Person, mark: int) -> int:
    """Ann plays her cards by keys until the hand ends, each once Orca has
    said that it is her turn (a person listens, then plays); how many."""
    deadline = time.monotonic() + 90
    played = 0
    while not (now := ann.page.evaluate(HAND))["ended"]:
        assert time.monotonic() < deadline, f"the hand did not end ({played} cards played)"
        if not now["turn"]:
            time.sleep(0.03)
            continue
        turn = ann.page.evaluate("""() => { const id = String(window.barbuTable.decision.id);
            const line = window.__spoken.find((l) => l.turn === id); return line ? line.text : null; }""")
        if turn is not None:
            orca.speech.unsaid([turn], mark, timeout=5)
        ann.play_by_keys()
        played += 1
    return played


def differences(lines: list[dict[str, Any]], said: Counter[str], events: list[dict[str, Any]],
                cards: dict[str, str]) -> list[str]:
    """What the page put in its live regions (``lines``) and Orca did not
    say once: each card played (the person's own too), each turn, each line."""
    problems = []
    for event in events:
        if event["type"] != "card" or event["card"] == "pass":
            continue
        whose = "your own card" if event["seat"] == 0 else f"{NAMES[event['seat']]}'s card"
        name = cards[event["card"]]
        # A line tagged with the card's event; the person's own card may be said as it is played, untagged.
        tagged = [line["text"] for line in lines if words(name) in words(line["text"]) and (
            line["n"] == str(event["n"]) or (event["seat"] == 0 and line["n"] is None and line["turn"] is None))]
        if not tagged:
            problems.append(f"{whose}, the {name}: no line of a live region says it")
        elif not said[words(tagged[0])]:
            problems.append(f"{whose}, the {name}: Orca never said {tagged[0]!r}")
    turns = [line["text"] for line in lines if line["turn"]]
    if len(turns) < 8:
        problems.append(f"{len(turns)} turns said for 8 cards played")
    problems += [f"the turn {turn!r}: Orca never said it" for turn in turns if not said[words(turn)]]
    wanted = Counter(words(line["text"]) for line in lines)
    problems += [f"{text!r}: put in a live region {count} time(s), said by Orca {said[text]} time(s)"
                 for text, count in wanted.items() if said[text] != count]
    return problems


def test_orca_says_each_line_of_a_hand_once(server: ServerProcess, orca: Desktop, headed: Any) -> None:
    table = server.post("/api/tables", {"spec_text": SPEC, "seats": ["human", "human", "rules", "rules"],
                                        "seed": 1, "names": NAMES})
    ann = open_seat(orca, headed, server.base + table["links"][0])
    try:
        assert ann.page.evaluate("() => window.barbuTable.table.status") == "waiting"
        # Orca has read the page as it loaded (a say-all, live regions included): from here on,
        # every line the page puts in a live region must be said by Orca, once.
        before = ann.page.evaluate("() => window.__spoken.length")
        mark = orca.speech.mark()
        # The owner starts the table, a bot in Bob's seat.
        server.post(f"/api/tables/{table['table']}/start", {"bot": "rules"}, owner=table["owner"])
        assert play_the_hand(orca, ann, mark) == 8, "Ann plays a card in each of the eight tricks"
        orca.speech.wait_quiet(quiet=2)
        lines = ann.all_spoken()[before:]
        events = ann.page.evaluate("() => window.barbuTable.events.map((m) => ({n: m.n, ...m.event}))")
        assert not ann.errors, ann.errors
    finally:
        ann.context.close()
    heard = orca.speech.since(mark)
    problems = differences(lines, Counter(words(utterance.text) for utterance in heard), events,
                           server.get("/api/words/en")["cards"])
    page = "\n".join(f"  {line['region']}: {line['text']}" for line in lines)
    spoken = "\n".join(f"  {utterance.at} {utterance.text}" for utterance in heard)
    assert not problems, ("what the page said and what Orca said differ:\n- " + "\n- ".join(problems)
                          + f"\nthe page's live regions:\n{page}\nwhat Orca said:\n{spoken}\n"
                          f"(Orca's log: {orca.speech.path})")


def test_keys_reach_the_page_past_orca(server: ServerProcess, orca: Desktop, headed: Any) -> None:
    """The hand must be a widget Orca hands the keys to (a listbox of
    options), else Orca's browse mode keeps H, T, S and the arrows."""
    table = server.post("/api/tables", {"spec_text": SPEC, "seats": ["human", "rules", "rules", "rules"],
                                        "seed": 1, "names": NAMES})
    ann = open_seat(orca, headed, server.base + table["links"][0])
    try:
        ann.page.wait_for_function("() => window.barbuTable.decision && window.barbuTable.decision.kind === 'card'"
                                   " && document.activeElement.closest('#hand') !== null")
        orca.speech.wait_quiet()
        orca.focus_browser()
        problems = [problem for key, first in READOUTS.items() for problem in read_out(orca, ann, key, first)]
        if ann.page.evaluate("() => document.activeElement.closest('#hand') === null"):
            problems.append("the focus left the hand while Orca had the keys")
        else:
            problems += arrows_and_enter(orca, ann)
        assert not problems, "keys pressed with Orca running, the focus in the hand:\n- " + "\n- ".join(problems)
        assert not ann.errors, ann.errors
    finally:
        ann.context.close()


def read_out(orca: Desktop, ann: Person, key: str, first: str) -> list[str]:
    """A letter key on the X keyboard: the page reads out, Orca says it; what went wrong."""
    ann.page.evaluate("() => document.getElementById('readout').replaceChildren()")
    mark = orca.speech.mark()
    orca.key(key)
    try:
        ann.page.wait_for_function("() => document.getElementById('readout').childElementCount > 0", timeout=3000)
    except Exception:  # Playwright's TimeoutError: the key never came
        return [f"{key.upper()} never reached the page; Orca said {[u.text for u in orca.speech.since(mark)]}"]
    read = ann.page.evaluate("() => Array.from(document.querySelectorAll('#readout p'), (p) => p.textContent)")
    problems = [] if read[0].startswith(first) else [f"{key.upper()} read {read}"]
    return problems + [f"{key.upper()}: Orca did not say the readout's line {line!r}"
                       for line in orca.speech.unsaid(read, mark)]


def arrows_and_enter(orca: Desktop, ann: Person) -> list[str]:
    """An arrow to the next card and back, then Enter plays it; what went wrong."""
    cards = ann.page.evaluate("() => Array.from(document.querySelectorAll('#hand [data-card]'), (c) => c.dataset.card)")
    start = ann.page.evaluate("() => document.activeElement.dataset.card")
    step, back = ("Right", "Left") if cards.index(start) + 1 < len(cards) else ("Left", "Right")
    mine = "window.barbuTable.events.filter((m) => m.event.type === 'card' && m.event.seat === 0).length"
    before = ann.page.evaluate(f"() => {mine}")
    mark = orca.speech.mark()
    for key, done in ((step, f"document.activeElement.dataset.card !== {start!r}"),
                      (back, f"document.activeElement.dataset.card === {start!r}"),
                      ("Return", f"{mine} > {before}")):  # the table has her card
        orca.key(key)
        try:
            ann.page.wait_for_function(f"() => {done}", timeout=3000)
        except Exception:  # Playwright's TimeoutError: the key never came
            return [f"{key} never reached the page; Orca said {[u.text for u in orca.speech.since(mark)]}"]
    return []
