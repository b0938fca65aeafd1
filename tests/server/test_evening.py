"""An evening at the online table as people live it: four people in four
languages (two on phones) and a fifth at the terminal (``barbu join``)
play a short custom French game, keyboard only, through the faults that
used to strand them — the owner pausing while it is someone's turn (their
answer refused), a reload, the server killed and down for ten seconds, a
seat taken over from another device, a seat freed by the owner and taken
again with a new invitation.  Nobody reloads to get out of trouble.

What is asserted is what a listener hears (the live regions' transcript,
in order) and where the focus is after each action (docs/server.md, The
page): every own answer confirmed once ("You play the six of diamonds"),
a lost connection said once and its return said once, focus kept in the
hand or on the control that replaces the one pressed; axe-core at each
stage; the totals every page shows are the server's."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from server.helpers import ServerProcess
from server.page import Person, axe_problems
from server.test_join import Terminal

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}

TABLE = {"spec": "french-classic",
         "choices": {"mode": "custom", "picks": ["Mini", {"name": "Without hearts", "suit": "S"}, "Barbu"], "hands": 2},
         "seats": ["human"] * 5, "names": ["Ann", "Bea", "Cid", "Dee", "Eve"], "seed": 8, "lang": "en"}


class Evening:
    """The table, its people and what each has been told, for the steps of the test."""

    def __init__(self, server: ServerProcess, browser: Any, made: dict[str, Any]):
        self.server = server
        self.browser = browser
        self.made = made
        self.table = made["table"]
        self.words = {language: server.get(f"/api/words/{language}") for language in ("en", "it", "fr", "pt")}
        self.labels = {language: {c["name"]: c["label"] for c in server.get(
            f"/api/tables/{self.table}/contracts?lang={language}")["contracts"]} for language in self.words}
        self.people: list[Person] = []
        self.languages: dict[str, str] = {}
        self.answers: dict[str, list[str]] = {}  # each person's answers made by keys, as JSON text
        self.elsewhere: set[str] = set()  # people who moved their focus away from the game on purpose

    def sit(self, link: str, name: str, viewport: dict[str, int], language: str, **ready: str) -> Person:
        locale = {"en": "en-GB", "it": "it-IT", "fr": "fr-FR", "pt": "pt-PT"}[language]
        person = Person(self.browser, self.server.base + link, name, viewport, locale, seed=len(self.people), **ready)
        person.page.on("dialog", lambda dialog: dialog.accept())
        self.people.append(person)
        self.languages[name] = language
        self.answers.setdefault(name, [])
        return person

    def say(self, person: Person, key: str, **fields: Any) -> str:
        return str(self.words[self.languages[person.name]]["words"][key]).format(**fields)

    def confirmation(self, person: Person, answer: str) -> str:
        """What ``person`` hears once an answer of theirs is made: "You play the six of diamonds"."""
        import json

        value = json.loads(answer)
        words = self.words[self.languages[person.name]]
        if isinstance(value, str) and value in words["cards"]:
            return self.say(person, "plays.you", card=words["cards"][value])
        if value == "pass":
            return self.say(person, "passes.you")
        return self.say(person, "chooses.you", contract=self.labels[self.languages[person.name]][value])

    def play(self, person: Person) -> str:
        """``person`` makes their pending decision with the keyboard; it is confirmed aloud once, and the
        focus stays where the next decision is made (a card of the hand, or a choice)."""
        heard = len(person.transcript())
        if person.name not in self.elsewhere:  # else they Tab back to the game
            assert person.controls()["focused"] >= 0, f"{person.name}: the focus is not on the decision: {person.active()}"
        self.elsewhere.discard(person.name)
        answer = person.play_by_keys()
        self.answers[person.name].append(answer)
        expected = self.confirmation(person, answer)
        deadline = time.monotonic() + 20
        while expected not in person.heard_since(heard):
            assert time.monotonic() < deadline, f"{person.name} never heard {expected!r}: {person.heard_since(heard)}"
            time.sleep(0.02)
        active = person.active()
        empty = person.page.evaluate("() => document.querySelectorAll('#hand [role=option]').length === 0")
        assert active["role"] == "option" or (empty and active["id"] in ("status-heading", "over-heading")), \
            f"{person.name}: the focus went to {active} after {answer}"
        return answer

    def play_until(self, done: Callable[[], bool], players: list[Person] | None = None, timeout: float = 240) -> None:
        """Everyone whose turn it is plays by keys until ``done()``."""
        deadline = time.monotonic() + timeout
        while not done():
            assert time.monotonic() < deadline, "the game did not move on"
            moved = False
            for person in players or self.people:
                if person.page is not None and person.state()["turn"] and not done():
                    self.play(person)
                    moved = True
            if not moved:
                time.sleep(0.03)

    def accessible(self, person: Person, where: str) -> None:
        problems = axe_problems(person.page)
        assert not problems, f"{where} ({person.name}):\n" + "\n".join(problems)

    def tricks(self) -> tuple[int, int]:
        """(hand, tricks taken in it) at the server, as the first page knows it."""
        view = self.people[0].page.evaluate("() => window.barbuTable.view")
        return (view["hand"], len(view["table"]["tricks"]) if view and view.get("table") else 0) if view else (0, 0)


def wait_until(check: Callable[[], Any], what: str, seconds: float = 30) -> Any:
    deadline = time.monotonic() + seconds
    while not (result := check()):
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)
    return result


def picture(evening: Evening, people: list[Person]) -> None:
    """The README's picture of the table (docs/server-table.png): these people's pages side by side, as each
    sees it now.  Kept when ``BARBU_UPDATE_SCREENSHOT_TABLE`` names where to write it."""
    import base64
    import os
    import shutil

    shots = []
    for person in people:
        person.page.evaluate("() => window.scrollTo(0, 0)")
        shots.append((base64.b64encode(person.page.screenshot()).decode(), person.page.viewport_size["width"]))
    wall = evening.browser.new_page(viewport={"width": 1400, "height": 480})
    images = "".join(f'<img src="data:image/png;base64,{data}" style="width:{width // 2}px">' for data, width in shots)
    wall.set_content(f'<body style="margin:0;background:#d9d4c7"><div style="display:flex;gap:8px;padding:8px;'
                     f'align-items:flex-start;width:max-content">{images}</div></body>')
    size = wall.evaluate("() => [document.body.firstChild.scrollWidth, document.body.firstChild.scrollHeight]")
    wall.set_viewport_size({"width": size[0], "height": size[1]})
    shot = evening.server.db.with_name("server-table.png")
    wall.screenshot(path=str(shot))
    wall.close()
    assert shot.stat().st_size > 20_000
    keep = os.environ.get("BARBU_UPDATE_SCREENSHOT_TABLE")  # a path, e.g. docs/server-table.png
    if keep:
        shutil.copy(shot, keep)


@pytest.fixture
def evening(tmp_path: Path, browser: Any) -> Any:
    server = ServerProcess(tmp_path / "tables.sqlite3").start()
    made = server.post("/api/tables", TABLE)
    night = Evening(server, browser, made)
    yield night
    errors = [error for person in night.people for error in person.errors
              if "WebSocket" not in error and "Failed to load resource" not in error]  # the server's downtime
    for person in night.people:
        person.context.close()
    night.server.stop()
    assert not errors, errors


def test_an_evening_at_the_table_with_every_fault(evening: Evening) -> None:
    made, server = evening.made, evening.server
    ann = evening.sit(made["links"][0] + f"&owner={made['owner']}", "Ann", DESKTOP, "en")

    # Ann's invitation claims her seat: her address now holds the seat's key, and she is told where it is.
    ann.page.wait_for_function("() => !document.getElementById('own-link-box').hidden")
    ann_link = ann.page.evaluate("() => location.href")
    assert made["invites"][0] not in ann_link and "token=" in ann_link and f"owner={made['owner']}" in ann_link
    assert ann.page.evaluate("() => document.getElementById('own-link').value") == ann_link
    wait_until(lambda: evening.say(ann, "seat_claimed") in ann.transcript(), "Ann told her seat is hers")
    evening.accessible(ann, "the waiting room")

    watcher = evening.sit(made["owner_link"], "Ann's laptop", DESKTOP, "en")  # the owner's page alone
    bea = evening.sit(made["links"][1], "Bea", PHONE, "it")
    cid = evening.sit(made["links"][2], "Cid", DESKTOP, "fr")
    dee = evening.sit(made["links"][3], "Dee", PHONE, "pt")
    eve = Terminal(server, made["links"][4], ["auto"] * 400, "--plain", "--lang", "en")
    for person in evening.people:
        person.page.wait_for_function("() => window.barbuTable.table.status === 'playing'", timeout=60_000)
    for owner in (ann, watcher):
        arrivals = [line for line in owner.transcript() if line.endswith("has sat down.")]
        assert arrivals == [f"{name} has sat down." for name in ("Bea", "Cid", "Dee", "Eve")], owner.transcript()
    assert watcher.page.evaluate("() => window.barbuTable.connection") == "owner_only"
    assert evening.say(ann, "game_starts") in ann.transcript()
    # The owner's invitations are gone once used: she can neither sit in Bea's seat nor see her hand.
    status, owner_view = server.request("GET", f"/api/tables/{made['table']}/owner", owner=made["owner"])
    assert status == 200 and owner_view["links"] == [None] * 5

    # ---- a few tricks, then the owner pauses while it is Cid's, Bea's or Dee's turn -------------------------
    evening.play_until(lambda: evening.tricks()[1] >= 2)
    others = [bea, cid, dee]

    def someone_else() -> Person | None:
        """A person other than Ann whose turn it is (Ann plays her own turns meanwhile)."""
        if ann.state()["turn"]:
            evening.play(ann)
        return next((p for p in others if p.state()["turn"]), None)

    waiting = wait_until(someone_else, "someone's turn", seconds=60)
    before = len(waiting.transcript())
    evening.elsewhere.add("Ann")
    ann.tab_to("owner-pause")
    ann.page.keyboard.press("Enter")
    wait_until(lambda: ann.active()["id"] == "owner-resume", "the focus on Go on after Pause", 10)
    wait_until(lambda: evening.say(waiting, "paused") in waiting.heard_since(before), "the pause heard")
    evening.accessible(ann, "paused, the owner's panel")
    controls = waiting.controls()
    target = next(i for i, answer in enumerate(controls["answers"]) if answer)
    waiting.page.evaluate("(i) => { const box = document.querySelector('#hand [role=option], #choices [role=option]')"
                          ".closest('[role=listbox]'); box.children[i].focus(); }", target)
    waiting.page.keyboard.press("Enter")
    refused = evening.say(waiting, "error", message=evening.say(waiting, "error.paused"))
    wait_until(lambda: refused in waiting.heard_since(before), "the refusal heard")
    # The decision is shown again and can be answered: the card under focus still answers.
    wait_until(lambda: waiting.active()["answer"] is not None, "the refused decision answerable again", 10)
    assert waiting.active()["role"] == "option"
    ann.page.keyboard.press("Enter")  # Go on
    wait_until(lambda: ann.active()["id"] == "owner-pause", "the focus back on Pause", 10)
    wait_until(lambda: evening.say(waiting, "resumed") in waiting.heard_since(before), "the resume heard")
    assert evening.say(ann, "paused.you") in ann.transcript()
    evening.play(waiting)
    heard = waiting.heard_since(before)
    assert heard.index(evening.say(waiting, "paused")) < heard.index(refused) \
        < heard.index(evening.say(waiting, "resumed"))
    assert Counter(heard)[refused] == 1 and Counter(heard)[evening.say(waiting, "paused")] == 1

    # ---- the owner walks Eve's stand-in list with the arrows: nothing is sent until Enter --------------------
    mark = len(ann.transcript())
    ann.tab_to("bot-4")
    ann.page.keyboard.press("ArrowUp")  # strong → rules
    time.sleep(0.5)
    assert server.get_owned(f"/api/tables/{made['table']}/owner", made["owner"])["seats"][4]["standin"] == "strong"
    assert evening.say(ann, "standin_now", seat="Eve", bot=evening.say(ann, "bot.rules")) not in ann.heard_since(mark)
    ann.page.keyboard.press("Enter")
    rules = evening.say(ann, "standin_now", seat="Eve", bot=evening.say(ann, "bot.rules"))
    wait_until(lambda: rules in ann.heard_since(mark), "the stand-in change confirmed")
    assert ann.active()["id"] == "bot-4", ann.active()
    assert ann.page.evaluate("() => document.getElementById('bot-4').value") == "rules"
    time.sleep(0.3)
    assert Counter(ann.heard_since(mark))[rules] == 1, "confirmed once"

    # ---- Bea reloads her phone's page: the log reads the same, the seat is hers -------------------------------
    evening.play_until(lambda: evening.tricks()[1] >= 4)
    log_before = bea.page.evaluate("() => Array.from(document.querySelectorAll('#log li'), li => li.textContent)")
    bea.reload()
    bea.page.wait_for_function(f"() => document.querySelectorAll('#log li').length >= {len(log_before)}")
    log_after = bea.page.evaluate("() => Array.from(document.querySelectorAll('#log li'), li => li.textContent)")
    assert log_after[:len(log_before)] == log_before
    assert made["invites"][1] not in bea.page.evaluate("() => location.href")
    evening.accessible(bea, "after a reload, on a phone")

    # ---- the server is killed and down for ten seconds; every page says so once, and that it is back --------
    marks = {person.name: len(person.transcript()) for person in evening.people}
    server.kill()
    for person in evening.people:
        wait_until(lambda p=person: evening.say(p, "unreachable") in p.heard_since(marks[p.name]),
                   f"{person.name} told the table cannot be reached", 20)
    evening.accessible(dee, "the table unreachable")
    time.sleep(10)
    server.process = None
    restarted = ServerProcess(server.db, port=server.port, keys=server.keys).start()
    server.process = restarted.process
    for person in evening.people:
        state = "owner_only" if person is watcher else "connected"
        wait_until(lambda p=person, s=state: p.page.evaluate("() => window.barbuTable.connection") == s,
                   f"{person.name} connected again", 30)
        heard = person.heard_since(marks[person.name])
        assert Counter(heard)[evening.say(person, "unreachable")] == 1, heard
        again = evening.say(person, "connected_again") if person is watcher \
            else evening.say(person, "reconnected", hand="", hands="")[:12]
        back = [line for line in heard if line.startswith(again)]
        assert len(back) == 1, heard
        # The others come back with the server: that is not said, seat by seat.
        assert not [line for line in heard if any(line == evening.say(person, "back", seat=name)
                                                  for name in ("Ann", "Bea", "Cid", "Dee", "Eve"))], heard

    # ---- Cid opens his own link on another device: the first page is told, and can take it back -------------
    evening.play_until(lambda: evening.tricks()[1] >= 6 or evening.tricks()[0] >= 2)
    cid_link = cid.page.evaluate("() => document.getElementById('own-link').value")
    assert made["invites"][2] not in cid_link
    mark = len(cid.transcript())
    cid_phone = evening.sit(cid_link.removeprefix(server.base), "Cid (phone)", PHONE, "fr")
    wait_until(lambda: evening.say(cid, "taken_over") in cid.heard_since(mark), "Cid's first page told")
    cid.page.wait_for_function("() => !document.getElementById('take-back').hidden")
    evening.accessible(cid, "a seat taken over from another device")
    cid.close_page()
    evening.people.remove(cid)

    # ---- the owner frees Dee's seat; Dee is told, a bot plays for her, she comes back with a new invitation ---
    mark, ann_mark = len(dee.transcript()), len(ann.transcript())
    evening.elsewhere.add("Ann")
    ann.tab_to("free-3")
    ann.page.keyboard.press("Enter")  # the confirmation dialog is accepted
    wait_until(lambda: evening.say(dee, "freed") in dee.heard_since(mark), "Dee told", 15)
    wait_until(lambda: ann.page.evaluate("() => document.getElementById('invite-3') !== null"), "a new invitation")
    wait_until(lambda: ann.active()["id"] == "invite-3", "the owner's focus on the new invitation", 10)
    assert evening.say(ann, "seat_freed", seat="Dee") in ann.transcript()
    assert evening.say(ann, "left", seat="Dee") not in ann.heard_since(ann_mark)
    new_link = ann.page.evaluate("() => document.getElementById('invite-3').value")
    assert new_link.startswith(server.base) and made["invites"][3] not in new_link
    wait_until(lambda: any(line == evening.say(ann, "stands_in", seat="Dee", bot=evening.say(ann, "bot.strong"))
                           for line in ann.transcript()), "the stand-in announced")
    dee.close_page()
    dee.url = new_link
    dee.open()
    dee.page.wait_for_function("() => !document.getElementById('own-link-box').hidden")
    evening.accessible(dee, "back with a new invitation")

    picture(evening, [ann, bea, cid_phone, dee])

    # ---- the game is played to its end ----------------------------------------------------------------------
    players = [p for p in evening.people if p is not watcher]
    evening.play_until(lambda: all(p.state()["over"] for p in players), timeout=300)
    out, err = eve.communicate(timeout=120)
    assert eve.returncode == 0, err
    assert "Traceback" not in err
    totals = server.get(f"/api/tables/{made['table']}")["totals"]
    for person in players:
        assert person.page.evaluate("() => window.barbuTable.over.totals") == totals
    watcher.page.wait_for_function("() => window.barbuTable.table.status === 'over'")
    evening.accessible(bea, "the game over, on a phone")

    # Nobody hears a word of another language: no contract by its English name where their language names it
    # otherwise (Without spades, made for this table, is Senza picche, Sans piques, Sem espadas), the table's
    # title in their language.
    assert evening.labels["it"]["Without spades"] == "Senza picche"
    for person in [bea, dee, cid_phone]:
        language = evening.languages[person.name]
        english = [name for name, label in evening.labels[language].items() if label != name]
        heard = " ".join(person.transcript())
        assert not [name for name in english if name in heard], (person.name, english)
        shown = person.page.evaluate("() => document.getElementById('title').textContent")
        assert shown == person.page.evaluate(f"() => window.barbuTable.table.titles.{language}")
        assert "custom mode" not in shown and "French" not in shown, shown

    # What each listener heard: every own answer confirmed once, each turn announced once on a page (a new
    # page says the turn pending again), events once.
    for person in [ann, bea, dee, cid_phone]:
        spoken = person.all_spoken()
        for page in person.spoken_by_page():
            turns = Counter(line["turn"] for line in page if line["turn"])
            assert not turns or max(turns.values()) == 1, f"{person.name}: a turn announced twice"
        assert any(line["turn"] for line in spoken)
        events = Counter(line["n"] for line in spoken if line["n"])
        repeated = [n for n, count in events.items() if count > 1 and len({line["text"] for line in spoken
                                                                            if line["n"] == n}) < count]
        assert not repeated, f"{person.name}: events said twice: {repeated}"
        said = Counter(person.transcript())
        for answer in set(evening.answers[person.name]):
            line = evening.confirmation(person, answer)
            assert said[line] == evening.answers[person.name].count(answer), (person.name, line)


def test_a_refused_link_is_said_and_not_tried_again(evening: Evening) -> None:
    """docs/server.md, The page: a link the server refuses is said aloud in the
    person's language and not tried again; an invitation already used shows
    nothing of the seat's hand (the owner who sent it cannot sit there)."""
    made = evening.made
    bea = evening.sit(made["links"][1], "Bea", PHONE, "it")
    bea.page.wait_for_function("() => !document.getElementById('own-link-box').hidden")
    for link, code in ((made["links"][1], "claimed"), (f"/t/{made['table']}?token=nope", "not_a_seat")):
        other = evening.sit(link, f"someone ({code})", DESKTOP, "fr",
                            ready="() => window.barbuTable && window.barbuTable.closedForGood")
        refusal = evening.say(other, "refused", reason=evening.say(other, f"error.{code}"))
        wait_until(lambda o=other, r=refusal: r in o.transcript(), f"the refusal ({code}) said")
        assert other.page.evaluate("() => window.barbuTable.connection") == "refused"
        assert other.page.evaluate("() => document.querySelectorAll('#hand [role=option]').length") == 0
        assert other.page.evaluate("() => window.barbuTable.view") is None and other.page.evaluate(
            "() => window.barbuTable.seat") is None
        time.sleep(1.5)
        assert other.page.evaluate("() => window.barbuTable.tries") == 0, "a refused link is not tried again"
        assert Counter(other.transcript())[refusal] == 1
        evening.accessible(other, f"a refused link ({code})")
    assert bea.page.evaluate("() => window.barbuTable.connection") == "connected", "Bea keeps her seat"
