"""Driving the web scorer as a person does: taps on its controls and keys
typed into its inputs, found by their labels (never the test interface)."""

from __future__ import annotations

from typing import Any

from barbu_dsl import cards as C
from barbu_dsl.i18n import Translator

EN = Translator("en")


def number(text: str) -> int:
    """A score as the page shows it: ``+24``, ``−12``, ``0``."""
    return int(text.strip().replace("−", "-").replace("+", ""))


class SheetPage:
    """One open web scorer page."""

    def __init__(self, page: Any):
        self.page = page

    def group(self, legend: str) -> Any:
        return self.page.get_by_role("group", name=legend, exact=True)

    def pick(self, legend: str, name: str) -> None:
        """Tap the choice ``name`` in the group ``legend``."""
        radio = self.group(legend).get_by_role("radio", name=name, exact=True)
        if not radio.is_checked():
            radio.click()

    def type_number(self, label: str, value: int) -> None:
        """Select what an input holds and type ``value`` key by key."""
        field = self.page.get_by_label(label, exact=True)
        field.click()
        field.press("Control+a")
        field.press_sequentially(str(value))

    def start(self, players: list[str]) -> None:
        """A new game (the setup form in any language)."""
        for seat, name in enumerate(players):
            self.page.locator(f"#player-{seat}").fill(name)
        self.page.locator("#start").click()

    def enter(self, hand: dict[str, Any], players: list[str], add: bool = True) -> None:
        """Enter a docs/sheet.md hand through the form, then add it."""
        self.pick("Declarer", players[hand["declarer"]])
        self.pick("Contract", hand["contract"])
        if hand.get("trump") and self.page.get_by_role("group", name="Trump suit").count():
            self.pick("Trump suit", EN(f"cards.suit.{C.parse_suit(hand['trump'])}"))
        if hand.get("start_rank") and self.page.get_by_role("group", name="Starting rank").count():
            self.pick("Starting rank", EN(f"cards.rank.{C.parse_rank(hand['start_rank'])}"))
        declarer = hand["declarer"]
        for doubler, doubled in sorted(hand.get("doubles") or [], key=lambda pair: pair[0] == declarer):
            verb = "redoubles" if doubler == declarer else "doubles"
            box = self.page.get_by_role("checkbox", name=f"{players[doubler]} {verb} {players[doubled]}", exact=True)
            if not box.is_checked():
                box.click()
        if "raw" in hand:
            self.pick("Enter", "the scores")
            for seat, value in enumerate(hand["raw"]):
                self.type_number(f"{players[seat]}: score", value)
        took = hand.get("took") or {}
        for seat, value in enumerate(took.get("tricks", [])):
            self.type_number(f"{players[seat]}: tricks", value)
        for name, counts in took.get("cards", {}).items():
            for seat, value in enumerate(counts):
                label = f"{players[seat]}: {set_text(name)} taken"
                if value == 1:  # a tap on + is quicker than typing
                    self.page.get_by_role("button", name=f"one more: {label}", exact=True).click()
                elif value:
                    self.type_number(label, value)
        for card, seat in took.get("card", {}).items():
            self.pick(f"Who took {card_text(card)}?", players[seat])
        for trick, seat in took.get("trick", {}).items():
            self.pick(f"Who took trick {trick}?", players[seat])
        for place, seat in enumerate(took.get("placings", [])[: len(players) - 1]):
            self.pick(f"Out in place {place + 1}", players[seat])
        for seat, value in enumerate(took.get("longest", [])):
            self.type_number(f"{players[seat]}: most cards of one suit", value)
        if add:
            self.page.get_by_role("button", name="Add the hand", exact=True).click()

    def totals(self) -> list[int]:
        cells = self.page.locator("table.totals td.total")
        return [number(text) for text in cells.all_inner_texts()]

    def answer(self, yes: bool) -> str:
        """Answer the question the status asks before a change; what it asked."""
        question = self.page.locator("#confirm-question").inner_text()
        self.page.locator("#confirm-yes" if yes else "#confirm-no").click()
        return question

    def status(self) -> str:
        """What the live region says, a line per paragraph."""
        return "\n".join(self.page.locator("#status p").all_inner_texts())


def card_text(name: str) -> str:
    """A record card as the English page writes it: ``K♥``, ``10♣``."""
    return C.card_symbol(C.parse_record_card(name))


def set_text(name: str) -> str:
    """A counted set as the English page writes it: ``♥``, ``Q``, ``10``."""
    suit = C.parse_suit(name) if len(name) == 1 else None
    if suit is not None and name in C.SUIT_LETTERS:
        return C.suit_symbol(suit)
    if name == "trump":
        return "Trumps"
    if name == "card":
        return "Cards"
    if "+" in name:
        return " + ".join(card_text(c) for c in name.split("+"))
    rank = C.parse_rank(name)
    return "10" if rank == 10 else C.RANK_LETTERS[rank]
