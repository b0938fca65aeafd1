"""The page as a person uses it through an evening with reloads and a
change of language (issue 38), through its own controls: a half-entered
hand and the last change's "Put it back" outlast a reload; seats count
from 1; kept games say when they were started and last changed, in the
page's language and the reader's way of writing dates; a refused delete
names the contracts in the page's language; doubles and redoubles are
written as such, one item each, so that a screen reader pauses between
them.  axe-core finds nothing serious in each new state."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from server.page import axe_problems

from barbu_dsl.i18n import LANGUAGES, Translator
from barbu_dsl.language import load_spec
from barbu_dsl.sheet.game import SheetGame

from .conftest import PHONE, PLAYERS
from .test_evening import took_for
from .ui import SheetPage

QUEENS = {"contract": "No queens", "declarer": 0, "took": {"cards": {"Q": [1, 0, 1, 2]}}}
TRICKS = {"contract": "No tricks", "declarer": 0, "took": {"tricks": [4, 3, 3, 3]}}


def reload(page: Any) -> None:
    page.reload()
    page.wait_for_function("() => window.barbuSheet !== undefined")


def queens_box(page: Any, name: str) -> Any:
    return page.get_by_label(f"{name}: Q taken", exact=True)


def test_a_half_entered_hand_outlasts_a_reload_and_a_change_of_language(pages) -> None:
    page = pages.open("tournament")
    sheet = SheetPage(page)
    sheet.start(PLAYERS)
    sheet.enter(TRICKS, PLAYERS)
    # Hand 2, half entered: the contract, a double, Anna's queen (a tap on +) and Carla's typed.
    sheet.pick("Contract", "No queens")
    page.get_by_role("checkbox", name="Bea doubles Anna", exact=True).click()
    page.get_by_role("button", name="one more: Anna: Q taken", exact=True).click()
    sheet.type_number("Carla: Q taken", 2)

    reload(page)
    assert sheet.status() == "Hand 2 is back in the form as you left it."  # said once, nothing else
    assert sheet.group("Contract").get_by_role("radio", name="No queens", exact=True).is_checked()
    assert page.get_by_role("checkbox", name="Bea doubles Anna", exact=True).is_checked()
    assert [queens_box(page, name).input_value() for name in PLAYERS] == ["1", "0", "2", "0"]
    assert axe_problems(page) == []

    # Another language and back: the form as it was.
    page.locator("#language").select_option("it")
    assert page.get_by_label("Carla: D prese", exact=True).input_value() == "2"
    page.locator("#language").select_option("en")
    assert [queens_box(page, name).input_value() for name in PLAYERS] == ["1", "0", "2", "0"]
    # Touching the form again ends the message that said it was restored.
    sheet.type_number("Diana: Q taken", 1)
    assert sheet.status() == ""

    # Added: the draft is gone, the next reload says nothing and the form is empty.
    page.get_by_role("button", name="Add the hand", exact=True).click()
    python = SheetGame.new("tournament", PLAYERS)
    for hand in (TRICKS, {**QUEENS, "took": {"cards": {"Q": [1, 0, 2, 1]}}, "doubles": [[1, 0]]}):
        python.add(hand)
    assert sheet.totals() == list(python.totals)
    reload(page)
    assert sheet.status() == ""
    assert page.locator("#entry-title").inner_text() == "Hand 3 of 28"
    assert page.locator("#entry input[name=contract]:checked").count() == 0


def test_a_change_being_made_outlasts_a_reload_and_cancel_drops_it(pages) -> None:
    page = pages.open("tournament")
    sheet = SheetPage(page)
    sheet.start(PLAYERS)
    sheet.enter(TRICKS, PLAYERS)
    page.get_by_role("button", name="Change hand 1", exact=True).click()
    sheet.type_number("Anna: tricks", 5)
    reload(page)
    assert sheet.status() == "Your change to hand 1 is back in the form as you left it."
    assert page.locator("#entry-title").inner_text() == "Changing hand 1"
    assert page.get_by_label("Anna: tricks", exact=True).input_value() == "5"
    page.get_by_role("button", name="Cancel", exact=True).click()
    reload(page)
    assert sheet.status() == "" and page.locator("#entry-title").inner_text() == "Hand 2 of 28"


def test_put_it_back_outlasts_a_reload_until_something_else_is_done(pages) -> None:
    page = pages.open("tournament")
    sheet = SheetPage(page)
    sheet.start(PLAYERS)
    for hand in (TRICKS, QUEENS):
        sheet.enter(hand, PLAYERS)
    totals = sheet.totals()

    # A delete, then a reload: "Put it back" is still there and puts it back.
    page.get_by_role("button", name="Delete hand 2", exact=True).click()
    sheet.answer(True)
    reload(page)
    assert sheet.status() == "Hand 2 deleted."
    assert axe_problems(page) == []
    page.get_by_role("button", name="Put it back", exact=True).click()
    assert sheet.totals() == totals and sheet.status() == "Hand 2 is back on the sheet as it was."
    reload(page)
    assert page.locator("#put-back").count() == 0  # put back once

    # The last hand taken back, then a reload: in the form, and it can still go back on the sheet.
    page.get_by_role("button", name="Undo the last hand", exact=True).click()
    sheet.answer(True)
    reload(page)
    assert sheet.status() == "Hand 2 is back in the form as you left it."
    assert [queens_box(page, name).input_value() for name in PLAYERS] == ["1", "0", "1", "2"]
    page.get_by_role("button", name="Put it back", exact=True).click()
    assert sheet.totals() == totals
    reload(page)
    assert page.locator("#entry-title").inner_text() == "Hand 3 of 28" and sheet.status() == ""

    # Deleted, then something else done (a hand added): after a reload there is nothing to put back.
    page.get_by_role("button", name="Delete hand 2", exact=True).click()
    sheet.answer(True)
    sheet.enter({**QUEENS, "took": {"cards": {"Q": [0, 2, 1, 1]}}}, PLAYERS)
    reload(page)
    assert page.locator("#put-back").count() == 0


def test_seats_count_from_one_in_every_language(pages) -> None:
    for language in LANGUAGES:
        page = pages.open("tournament", language)
        labels = [page.locator(f"label[for=player-{seat}]").inner_text() for seat in range(4)]
        said = Translator(language)
        assert labels == [said("scorer.seat_name", seat=seat) for seat in (1, 2, 3, 4)], language


def at(context: Any, when: dt.datetime) -> Any:
    """A page of the context whose clock is ``when`` (UTC)."""
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.clock.install(time=when)
    return page


def test_kept_games_say_when_they_were_started_and_changed(browser, page_file) -> None:
    """Anna's game started at 19:30 UTC on 5 December 2026 and last changed
    at 20:10, when Eva's began; seen in Paris (an hour later) by a browser
    set to French: in French and Italian the French way of writing dates,
    in English the browser's (American) way, for want of an English locale."""
    context = browser.new_context(viewport=PHONE, locale="fr-FR", timezone_id="Europe/Paris")
    try:
        page = context.new_page()
        page.set_default_timeout(10_000)
        start = dt.datetime(2026, 12, 5, 19, 30, tzinfo=dt.UTC)
        page.clock.set_fixed_time(start)
        page.goto(page_file("tournament").as_uri())
        page.locator("#language").select_option("en")  # entered in English, as SheetPage does
        sheet = SheetPage(page)
        sheet.start(PLAYERS)
        page.clock.set_fixed_time(start + dt.timedelta(minutes=40))
        sheet.enter(TRICKS, PLAYERS)
        page.get_by_role("button", name="New game", exact=True).click()
        sheet.start(["Eva", "Fabio", "Gina", "Hugo"])
        page.get_by_role("button", name="New game", exact=True).click()

        def when(names: str) -> str:
            return page.locator("#saved li", has_text=names).locator(".when").inner_text()

        page.locator("#language").select_option("fr")
        assert when("Anna") == "commencée le 5 déc. 2026, 20:30, modifiée pour la dernière fois le 5 déc. 2026, 21:10"
        assert when("Eva") == "commencée le 5 déc. 2026, 21:10"
        assert axe_problems(page) == []
        page.locator("#language").select_option("it")
        assert when("Anna") == "iniziata il 5 dic 2026, 20:30, modificata l'ultima volta il 5 dic 2026, 21:10"
        page.locator("#language").select_option("pt")
        assert when("Eva") == "começado em 5 de dez. de 2026, 21:10"
        page.locator("#language").select_option("en")
        assert when("Anna") == "started Dec 5, 2026, 8:30 PM, last changed Dec 5, 2026, 9:10 PM"
    finally:
        context.close()


def eight_hands() -> list[dict[str, Any]]:
    """Anna's series of seven contracts, then Bea's No tricks."""
    hands = []
    for contract in ("No tricks", "No queens", "No last two", "Barbu", "No hearts", "Trumps", "Domino"):
        hand = {"contract": contract, "declarer": 0, "took": took_for(contract)}
        hand.update({"Trumps": {"trump": "H"}, "Domino": {"start_rank": "J"}}.get(contract, {}))
        hands.append(hand)
    return [*hands, {**TRICKS, "declarer": 1}]


def test_a_refused_delete_names_the_contracts_in_the_pages_language(pages) -> None:
    """Deleting hand 3 would bring Bea's No tricks into Anna's series, where
    No tricks is played already and No last two is left: said with the
    contracts' names in the page's language, in each language."""
    spec = load_spec("tournament")
    game = SheetGame.new("tournament", PLAYERS)
    for hand in eight_hands():
        game.add(hand)
    english = {contract.name for contract in spec.contracts} - {"Barbu", "Domino"}
    for language in LANGUAGES:
        page = pages.open("tournament", language)
        page.locator("#import-text").fill(json.dumps(game.to_json()))
        page.locator("#import").click()
        page.locator("li.hand[data-number='3'] .actions button").nth(1).click()
        said = SheetPage(page).status()
        names = {name: spec.contract(name).name_in(language) for name in ("No tricks", "No last two")}
        t = Translator(language)
        assert said.startswith(t("scorer.delete_refused", number=3)), said
        assert t("sheet.said.contract_not_now", name=names["No tricks"], options=names["No last two"]) in said, said
        if language != "en":
            assert not any(name in said for name in english), said


def test_doubles_and_redoubles_in_words_one_item_each(pages) -> None:
    """docs/rules.md section 2's worked example, with Bea's three doubles:
    Carla's double of Anna is answered by Anna's redouble."""
    page = pages.open("tournament")
    sheet = SheetPage(page)
    sheet.start(PLAYERS)
    sheet.enter({**QUEENS, "doubles": [[1, 0], [1, 2], [1, 3], [2, 0], [0, 2]]}, PLAYERS)
    items = page.locator("li.hand ul.doubled li")
    assert items.all_inner_texts() == ["Bea doubles Anna, Carla and Diana", "Carla doubles Anna", "Anna redoubles Carla"]
    assert page.locator("li.hand ul.doubled").get_attribute("aria-label") == "Doubles"
    assert axe_problems(page) == []
    for language, expected in [
        ("it", ["Bea contra Anna, Carla e Diana", "Carla contra Anna", "Anna surcontra Carla"]),
        ("fr", ["Bea contre Anna, Carla et Diana", "Carla contre Anna", "Anna surcontre Carla"]),
        ("pt", ["Bea contra Anna, Carla e Diana", "Carla contra Anna", "Anna recontra Carla"]),
    ]:
        page.locator("#language").select_option(language)
        assert items.all_inner_texts() == expected, language
