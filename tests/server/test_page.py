"""The table's page in a real browser (Debian's Chromium, Playwright), one
browser context per person: four people play a whole game of
Bouillabaisse with the keyboard alone, in four languages, on desktops and
phones; one reloads the page mid-game, one closes it and comes back;
axe-core finds no serious or critical problem at any stage; the live
regions say each event and each turn once."""

from __future__ import annotations

import json
import time
from collections import Counter
from typing import Any

import pytest

from server.helpers import ServerProcess
from server.page import Person, axe_problems

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def people(browser: Any, server: ServerProcess) -> Any:
    made: list[Person] = []

    def sit(table: dict[str, Any], seat: int, name: str, viewport: dict[str, int], locale: str) -> Person:
        person = Person(browser, server.base + table["links"][seat], name, viewport, locale, seed=seat)
        made.append(person)
        return person

    yield sit
    errors = [error for person in made for error in person.errors]
    for person in made:
        person.context.close()
    assert not errors, errors


def assert_accessible(person: Person, where: str) -> None:
    problems = axe_problems(person.page)
    assert not problems, f"{where} ({person.name}):\n" + "\n".join(problems)


def wait_for_turn(person: Person, seconds: float = 60) -> None:
    """Until it is ``person``'s turn to decide."""
    deadline = time.monotonic() + seconds
    while not person.state()["turn"]:
        assert time.monotonic() < deadline, "no decision came"
        time.sleep(0.03)


def play_round(players: list[Person], hook: Any = None, until: Any = None, timeout: float = 300) -> None:
    """Each person whose turn it is plays by keys, until ``until()`` or the game is over."""
    deadline = time.monotonic() + timeout
    while True:
        states = {person.name: person.state() for person in players if person.page is not None}
        if until is not None and until(states):
            return
        if all(state["over"] for state in states.values()) and len(states) == len(players):
            return
        assert time.monotonic() < deadline, f"the game did not move on: {states}"
        moved = False
        for person in players:
            if person.page is not None and states[person.name]["turn"]:
                person.play_by_keys()
                moved = True
                if hook is not None:
                    hook(person)
        if not moved:
            time.sleep(0.03)


def test_four_people_play_a_game_with_the_keyboard(server: ServerProcess, people: Any) -> None:
    table = server.post("/api/tables", {"spec": "bouillabaisse", "seats": ["human"] * 4, "seed": 21,
                                        "names": ["Ann", "Bea", "Cid", "Dee"]})
    ann = people(table, 0, "Ann", DESKTOP, "en-GB")
    assert ann.page.evaluate("() => document.getElementById('keys-line').textContent").startswith("Keys: arrows")
    ann.page.wait_for_function("() => !document.getElementById('waiting').hidden")
    assert_accessible(ann, "the waiting room")
    bea = people(table, 1, "Bea", PHONE, "it-IT")
    bea.page.select_option("#language", "it")
    bea.page.wait_for_function("() => document.getElementById('heading-hand') === null && "
                               "document.getElementById('hand-heading').textContent === 'La tua mano'")
    cid = people(table, 2, "Cid", DESKTOP, "fr-FR")
    cid.page.select_option("#language", "fr")
    dee = people(table, 3, "Dee", PHONE, "pt-PT")
    dee.page.select_option("#language", "pt")
    players = [ann, bea, cid, dee]
    for person in players:
        person.page.wait_for_function("() => window.barbuTable.table.status === 'playing'")
    first = next(p for p in players if p.state()["turn"])
    assert_accessible(first, "a card to play")
    assert first.page.evaluate("() => document.activeElement.closest('#hand') !== null"), "focus goes to the hand"

    checked = {"keys": False}

    def commands(person: Person) -> None:
        """Mid-hand, Ann reads her hand, the trick, the last trick, the scores, the contract and the keys."""
        if person is not ann or checked["keys"] or person.state()["hand"] != 1:
            return
        if not ann.page.evaluate("() => window.barbuTable.view.table.tricks.length > 0"):
            return
        checked["keys"] = True
        hand = ann.key("h")
        assert hand[0].endswith("cards.") and any(line.startswith("clubs:") for line in hand)
        assert ann.key("t")[0].startswith("Trick ")
        assert ann.key("l")[0].startswith("Trick ") and ann.key("l")[-1].endswith("took it.")
        assert ann.key("s")[0].startswith("Totals:")
        assert ann.key("d")[0].startswith("Mini")
        assert "D: describe" in " ".join(ann.key("?"))
        assert_accessible(ann, "mid-hand, after the readouts")

    play_round(players, commands, until=lambda states: all(s["hand"] and s["hand"] >= 2 for s in states.values()))
    assert checked["keys"]

    # Bea reloads her page mid-game: the log is read back, her turn comes again.
    lines_before = bea.page.evaluate("() => document.querySelectorAll('#log li').length")
    bea.reload()
    bea.page.wait_for_function(f"() => document.querySelectorAll('#log li').length >= {lines_before}")
    assert bea.page.evaluate("() => document.getElementById('hand-heading').textContent") == "La tua mano"
    assert_accessible(bea, "after a reload")

    play_round(players, until=lambda states: all(s["hand"] and s["hand"] >= 3 for s in states.values()))

    # Cid closes the page; the game waits for him; he opens his link again and plays on.
    cid.close_page()
    play_round(players, until=lambda states: ann.page.evaluate("() => window.barbuTable.view.turn.seat") == 2,
               timeout=60)
    cid.open()
    cid.page.wait_for_function("() => window.barbuTable.view !== null")
    play_round(players)

    totals = server.get(f"/api/tables/{table['table']}")["totals"]
    for person in players:
        person.page.wait_for_function("() => !document.getElementById('over-section').hidden")
        assert person.page.evaluate("() => window.barbuTable.over.totals") == totals
    assert_accessible(dee, "the game over, on a phone")
    shown = ann.page.evaluate("() => document.getElementById('over-text').textContent")
    assert shown.startswith("The game is over. Winner:")
    for person in players:
        spoken = person.all_spoken()
        events = Counter(line["n"] for line in spoken if line["n"])
        turns = Counter(line["turn"] for line in spoken if line["turn"])
        assert events and turns
        assert max(events.values()) <= 3, "an event is said once (a few lines at most), never again"
        repeated = [n for n, count in events.items() if count > 1 and len({line["text"] for line in spoken
                                                                            if line["n"] == n}) < count]
        assert not repeated, f"{person.name}: events said twice: {repeated}"
        assert max(turns.values()) == 1, f"{person.name}: a turn announced twice"
        # A turn is said politely, after what came before it: an assertive line would make a screen reader
        # drop the polite lines it has not said yet (docs/server.md, Tested with a screen reader).
        assert all(line["region"] == "polite" for line in spoken if line["turn"])
        assert all(line["region"] == "polite" for line in spoken if line["n"])


def test_the_owner_makes_a_custom_french_table_in_the_lobby(server: ServerProcess, browser: Any) -> None:
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server.base + "/")
    page.wait_for_function("() => document.querySelectorAll('#spec option').length > 3")
    assert not axe_problems(page)
    page.select_option("#spec", "french-classic")
    page.check("#mode-custom")
    for row in page.locator("#picks .pick").all():
        box = row.locator(".pick-on")
        if box.is_checked():
            box.uncheck()
    picks = {"Mini": None, "Without hearts": "S", "Without queens": "K", "Trumps": None}
    for name, letter in picks.items():
        row = page.locator(f'#picks .pick[data-name="{name}"]')
        row.locator(".pick-on").check()
        if name == "Without hearts":
            row.locator(".pick-suit").select_option(letter)
        if name == "Without queens":
            row.locator(".pick-rank").select_option(letter)
            row.locator(".pick-aon").check()
        if name == "Trumps":
            row.locator(".pick-ot").check()
    page.select_option("#seat-kind-1", "strong")
    page.select_option("#seat-kind-2", "rules")
    page.select_option("#seat-kind-3", "random")
    page.click("#check")
    page.wait_for_function("() => !document.getElementById('result-house').hidden")
    house = page.evaluate("() => document.getElementById('result-house').textContent")
    assert "Without spades" in house and "Without kings" in house and "mode: custom" in house
    assert not axe_problems(page)
    page.click("#create")
    page.wait_for_url("**/t/**")
    page.wait_for_function("() => window.barbuTable && window.barbuTable.view !== null")
    page.wait_for_function("() => !document.getElementById('owner-section').hidden")
    assert "Without spades" in page.evaluate("() => document.getElementById('house-text').textContent")
    assert not axe_problems(page)
    assert not errors
    context.close()


def test_every_kind_of_decision_by_keys(server: ServerProcess, people: Any) -> None:
    """Tournament Barbu, one person and three bots: the contract (each one
    described with D as the focus walks it), the trump suit, the domino
    starting rank, doubles and redoubles, cards and passes, all made with
    the arrows and Enter."""
    from barbu_dsl.engine import GameState
    from barbu_dsl.language import load_spec

    spec = load_spec("tournament")
    seed = next(s for s in range(100) if GameState.new(spec, players=4, seed=s).pending().seat == 0)
    table = server.post("/api/tables", {"spec": "tournament", "seats": ["human", "random", "random", "random"],
                                        "seed": seed})
    ann = people(table, 0, "Ann", DESKTOP, "en-GB")
    made: set[str] = set()
    wanted = iter(['"Trumps"', '"Domino"'])
    want = next(wanted)
    described = False
    while not {"contract", "trump", "start_rank", "double", "card"} <= made:
        state = ann.state()
        assert not state["over"] and (state["hand"] or 0) <= 7, f"decisions made: {made}"
        if not state["turn"]:
            time.sleep(0.03)
            continue
        kind = ann.page.evaluate("() => window.barbuTable.decision.kind")
        if kind == "contract":
            if not described:
                focused = ann.page.evaluate("() => document.activeElement.dataset.contract")
                assert ann.key("d")[0] == f"{focused}."  # the narrator names the contract first
                ann.page.keyboard.press("ArrowRight")
                following = ann.page.evaluate("() => document.activeElement.dataset.contract")
                assert following != focused and ann.key("d")[0] == f"{following}."
                described = True
            answer = ann.play_by_keys(lambda text, want=want: text == want)
            assert answer == want
            want = next(wanted, want)
        elif kind == "double":
            answer = ann.play_by_keys(lambda text: text.startswith("[") and text != "[]")
            assert answer.startswith("[")
        else:
            ann.play_by_keys()
        made.add(kind)
    assert_accessible(ann, "after every kind of decision")


def test_contracts_are_named_in_the_page_language(server: ServerProcess, people: Any) -> None:
    """An Italian at a tournament table chooses among the contracts by their
    Italian names (the spec's ``names``), hears them described so, and
    reads the French names once the page is switched to French; the answer
    sent is still the contract's name in the spec."""
    from barbu_dsl.engine import GameState
    from barbu_dsl.language import load_spec

    spec = load_spec("tournament")
    seed = next(s for s in range(100) if GameState.new(spec, players=4, seed=s).pending().seat == 0)
    table = server.post("/api/tables", {"spec": "tournament", "seats": ["human", "random", "random", "random"],
                                        "seed": seed})
    bea = people(table, 0, "Bea", PHONE, "it-IT")
    wait_for_turn(bea)

    def labels() -> list[str]:
        return bea.page.evaluate("() => Array.from(document.querySelectorAll('#choices [role=option]'), b => b.textContent)")

    italian = [c.name_in("it") for c in spec.contracts]
    assert set(labels()) <= set(italian) and "Niente prese" in labels()
    for _ in range(80):
        if bea.controls()["focused"] >= 0:
            break
        bea.page.keyboard.press("Tab")
    focused = bea.page.evaluate("() => document.activeElement.textContent")
    assert focused in italian and bea.key("d")[0] == f"{focused}."
    bea.page.select_option("#language", "fr")
    bea.page.wait_for_function("() => Array.from(document.querySelectorAll('#choices [role=option]'))"
                               ".some(b => b.textContent === 'Pas de plis')")
    assert set(labels()) <= {c.name_in("fr") for c in spec.contracts}
    answer = bea.play_by_keys(lambda text: text == '"No tricks"')
    assert answer == '"No tricks"'


def test_cards_are_passed_with_the_keyboard(server: ServerProcess, people: Any) -> None:
    """Hearts as most programs play it (docs/rules.md section 6, Passing):
    a person passes three cards from their hand with the arrows and Enter,
    hears each and what came back, in French, and plays on."""
    table = server.post("/api/tables", {"spec": "hearts", "seats": ["human", "random", "random", "random"],
                                        "seed": 3})
    cid = people(table, 0, "Cid", DESKTOP, "fr-FR")
    deadline = time.monotonic() + 120
    given: list[str] = []
    while True:
        assert time.monotonic() < deadline, f"passing never ended: {given}"
        if not cid.state()["turn"]:
            time.sleep(0.03)
            continue
        kind = cid.page.evaluate("() => window.barbuTable.decision.kind")
        if kind == "contract" and not given:
            cid.play_by_keys()
            continue
        if kind != "give":
            break
        assert cid.page.evaluate("() => document.getElementById('polite').textContent").count("à gauche")
        question = cid.page.evaluate("() => document.getElementById('question').textContent")
        assert question == "Une carte à passer ? Choisissez-la dans votre main."
        given.append(cid.play_by_keys())
    assert len(given) == 3 and kind in ("card", "double")
    log = cid.page.evaluate("() => document.getElementById('log').textContent")
    assert "Chaque joueur passe 3 cartes à gauche." in log and "Vous avez passé " in log and " et reçu " in log
    view = cid.page.evaluate("() => window.barbuTable.view")
    assert len(view["cards"]) == 13 and not set(json.loads(answer) for answer in given) & set(view["cards"])
    assert_accessible(cid, "after passing")


def test_the_dealer_discards_with_the_keyboard(server: ServerProcess, people: Any) -> None:
    """docs/rules.md section 6, Packs, decks and player counts (``leftover:
    dealer discards``): the dealer, holding one card more, discards it from
    the hand with the arrows and Enter, hears it in French, and plays on
    with as many cards as the others."""
    spec_text = ("name: discards\nplayers: 3\ndoubling: false\nleftover: dealer discards\ncontracts:\n"
                 "  Hearts: −1 per ♥, Q♠ −13\n  Tricks: −2 per trick\n")
    table = server.post("/api/tables", {"spec_text": spec_text, "seats": ["human", "random", "random"],
                                        "seed": 1})  # seat 0 deals the first hand
    cid = people(table, 0, "Cid", DESKTOP, "fr-FR")
    deadline = time.monotonic() + 120
    given: list[str] = []
    while True:
        assert time.monotonic() < deadline, f"the discards never ended: {given}"
        if not cid.state()["turn"]:
            time.sleep(0.03)
            continue
        kind = cid.page.evaluate("() => window.barbuTable.decision.kind")
        if kind != "give":
            break
        assert len(cid.page.evaluate("() => window.barbuTable.view.cards")) == 18
        question = cid.page.evaluate("() => document.getElementById('question').textContent")
        assert question == "Une carte à écarter ? Choisissez-la dans votre main."
        given.append(cid.play_by_keys())
    assert len(given) == 1 and kind in ("card", "double")
    log = cid.page.evaluate("() => document.getElementById('log').textContent")
    assert "Le donneur écarte face cachée les cartes en trop (1)." in log and "Vous avez écarté " in log
    view = cid.page.evaluate("() => window.barbuTable.view")
    assert len(view["cards"]) == 17 and json.loads(given[0]) not in view["cards"]
    assert_accessible(cid, "after discarding")


def test_a_void_deal_is_said_and_the_new_cards_shown(server: ServerProcess, people: Any) -> None:
    """docs/rules.md section 6, Misdeals: the declarer names a trump suit a
    hand lacks; the page says the cards are dealt again, in Portuguese,
    shows the new hand and asks for the contract again."""
    spec_text = ("name: misdeal\nplayers: 4\nredeal: [no trump]\ndoubling: false\ncontracts:\n"
                 "  Hearts: −1 per ♥\n  Trumps: +5 per trick, trumps\n")
    table = server.post("/api/tables", {"spec_text": spec_text, "seats": ["human", "random", "random", "random"],
                                        "seed": 3})  # seat 0 declares, and some hand holds no club
    ana = people(table, 0, "Ana", DESKTOP, "pt-PT")
    wait_for_turn(ana)
    first = ana.page.evaluate("() => window.barbuTable.view.cards")
    assert ana.play_by_keys(lambda text: text == '"Trumps"') == '"Trumps"'
    ana.page.wait_for_function("() => window.barbuTable.decision && window.barbuTable.decision.kind === 'trump'")
    assert ana.play_by_keys(lambda text: text == '"C"') == '"C"'
    ana.page.wait_for_function("() => document.getElementById('log').textContent.includes('dadas de novo')")
    ana.page.wait_for_function("() => window.barbuTable.decision && window.barbuTable.decision.kind === 'contract'")
    assert ana.page.evaluate("() => window.barbuTable.view.cards") != first
    assert_accessible(ana, "after a void deal")


def test_the_declarer_chooses_from_the_first_cards_on_the_page(server: ServerProcess, people: Any) -> None:
    """docs/rules.md section 6, Choosing after part of the hand: the page
    shows the five cards dealt first while the contract and trumps are
    asked, then the whole hand."""
    spec_text = ("name: five\nplayers: 4\ndoubling: false\ngame: {choose_after: 5}\ncontracts:\n"
                 "  Hearts: −1 per ♥\n  Trumps: +5 per trick, trumps\n")
    table = server.post("/api/tables", {"spec_text": spec_text, "seats": ["human", "random", "random", "random"],
                                        "seed": 3})  # seat 0 declares
    eva = people(table, 0, "Eva", DESKTOP, "en-GB")
    wait_for_turn(eva)

    def shown() -> int:
        return eva.page.evaluate("() => document.querySelectorAll('#hand li').length")

    assert len(eva.page.evaluate("() => window.barbuTable.view.cards")) == 5 == shown()
    assert eva.play_by_keys(lambda text: text == '"Trumps"') == '"Trumps"'
    eva.page.wait_for_function("() => window.barbuTable.decision && window.barbuTable.decision.kind === 'trump'")
    assert shown() == 5
    eva.play_by_keys(lambda text: text == '"S"')
    eva.page.wait_for_function("() => window.barbuTable.view.cards.length === 13")
    eva.page.wait_for_function("() => document.querySelectorAll('#hand li').length === 13")
    assert_accessible(eva, "with the whole hand")


def test_a_declarer_who_doubles_first_is_said_to_double(server: ServerProcess, people: Any) -> None:
    """docs/rules.md section 6, ``first: declarer``: the declarer's double
    made first is said as a double, not a redouble, in the log."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "doubling_first.yaml").read_text(encoding="utf-8")
    table = server.post("/api/tables", {"spec_text": text, "seats": ["human", "rules", "rules", "rules"],
                                        "seed": 3})
    ada = people(table, 0, "Ada", DESKTOP, "en-GB")
    opened = """() => { let declarer = null; const said = new Set();
        for (const {event: e} of window.barbuTable.events) {
          if (e.type === 'hand_begins') { declarer = e.declarer; said.clear(); }
          if (e.type === 'double') {
            if (e.seat === declarer && e.doubled.length && !e.doubled.every((s) => said.has(`${s},${e.seat}`)))
              return [e.seat, e.doubled];
            for (const s of e.doubled) said.add(`${e.seat},${s}`);
          } }
        return null; }"""
    play_round([ada], until=lambda states: ada.page.evaluate(opened) is not None)
    seat, doubled = ada.page.evaluate(opened)
    names = ada.page.evaluate("() => window.barbuTable.names")
    log = ada.page.evaluate("() => Array.from(document.querySelectorAll('#log li')).map(li => li.textContent)")
    whom = [("you" if s == 0 else names[s]) for s in doubled]
    opening = "You double: " if seat == 0 else f"{names[seat]} doubles: "
    assert any(line.startswith(opening) and all(w in line for w in whom) for line in log), log


def test_a_removed_table_is_said_and_not_tried_again(server: ServerProcess, browser: Any) -> None:
    """docs/server.md, A table's life: when its owner removes the table, a
    seat's page says so at once, assertively and in its language, and does
    not try to reach the table again."""
    table = server.post("/api/tables", {"spec": "bouillabaisse", "seats": ["human", "human", "rules"]})
    ana = Person(browser, server.base + table["links"][0], "Ana", DESKTOP, "it-IT")
    try:
        status, _ = server.request("DELETE", f"/api/tables/{table['table']}", owner=table["owner"])
        assert status == 200
        ana.page.wait_for_function("() => window.barbuTable.closedForGood === true")
        said = ana.page.evaluate("() => window.__spoken")
        assert any(line["region"] == "assertive" and "il tavolo è stato eliminato" in line["text"] for line in said), said
        time.sleep(1)
        assert ana.page.evaluate("() => window.barbuTable.socket") is None, "the page tried to reach the table again"
        assert not ana.errors, ana.errors
    finally:
        ana.context.close()
