"""Reading what people type at the table (barbu_dsl.table.answers): cards
in every language's letters, symbols and words (docs/rules.md section 1,
cards), suits, ranks, contracts with "did you mean", seats and commands."""

from __future__ import annotations

import pytest

from barbu_dsl import cards as C
from barbu_dsl.language import load_spec
from barbu_dsl.table.answers import read_card, read_command, read_contract, read_rank, read_seats, read_suit

QH, QC, QD, AH = C.card(12, C.HEARTS), C.card(12, C.CLUBS), C.card(12, C.DIAMONDS), C.card(14, C.HEARTS)


@pytest.mark.parametrize(("text", "language", "card"), [
    ("QH", "en", QH), ("Q♥", "en", QH), ("q♥", "it", QH), ("10h", "en", C.card(10, C.HEARTS)),
    ("TS", "en", C.card(10, C.SPADES)), ("queen of hearts", "en", QH), ("donna di cuori", "en", QH),
    ("DC", "it", QH), ("AC", "it", AH), ("FF", "it", C.card(11, C.CLUBS)), ("RQ", "it", C.card(13, C.DIAMONDS)),
    ("DC", "fr", QH), ("RK", "fr", C.card(13, C.DIAMONDS)), ("VT", "fr", C.card(11, C.CLUBS)),
    ("10T", "fr", C.card(10, C.CLUBS)), ("dame de cœur", "fr", QH), ("valet de trèfle", "pt", C.card(11, C.CLUBS)),
    ("DC", "pt", QH), ("AE", "pt", C.card(14, C.SPADES)), ("RO", "pt", C.card(13, C.DIAMONDS)),
    ("dois de paus", "pt", C.card(2, C.CLUBS)), ("ás de copas", "pt", AH),
    ("QH", "it", QH),  # the project's notation when the Italian letters give no card
])
def test_cards_in_each_language(text: str, language: str, card: int) -> None:
    assert read_card(text, language).value == card


@pytest.mark.parametrize(("text", "language"), [("DD", "it"), ("AD", "fr"), ("KD", "pt"), ("DC", "en"), ("RC", "en")])
def test_a_card_read_two_ways_is_ambiguous(text: str, language: str) -> None:
    """In Italian, French and Portuguese letters D is the queen, not a suit;
    in the project's notation RC, DC, FC and VC are refused as the language
    refuses them: clubs (C) or hearts (cuori, cœur)? (docs/rules.md section 1)."""
    reading = read_card(text, language)
    assert reading.value is None and reading.ambiguous


@pytest.mark.parametrize("text", ["ZZ", "Q", "1", "queen", "K♥♥"])
def test_not_a_card(text: str) -> None:
    reading = read_card(text, "en")
    assert reading.value is None and not reading.ambiguous


def test_suits_and_ranks() -> None:
    assert read_suit("C", "it").value == C.HEARTS  # cuori
    assert read_suit("C", "en").value == C.CLUBS
    assert read_suit("♠", "fr").value == C.SPADES
    assert read_suit("copas", "en").value == C.HEARTS
    assert read_suit("D", "it").ambiguous  # donna in Italian letters
    assert read_suit("H", "it").value == C.HEARTS
    assert read_rank("D", "it").value == 12
    assert read_rank("7", "en").value == 7
    assert read_rank("jack", "fr").value == 11
    assert read_rank("F", "it").value == 11
    assert read_rank("C", "en").value is None


def test_contracts_by_number_name_prefix_and_suggestion() -> None:
    options = load_spec("tournament").contracts
    assert read_contract("2", options).contract == options[1]
    assert read_contract("no-QUEENS", options).contract == options[1]
    assert read_contract("barb", options).contract is not None
    assert read_contract("no", options).contract is None  # the start of several names
    missed = read_contract("No quens", options)
    assert missed.contract is None and missed.suggestion == "No queens"


def test_seats_and_commands() -> None:
    names = ["North", "East", "South", "West"]
    assert read_seats("1 3", [1, 2, 3], names) == [1, 3]
    assert read_seats("west, east", [1, 2, 3], names) == [3, 1]
    assert read_seats("all", [1, 3], names) == [1, 3]
    assert read_seats("tutti", [1, 3], names) == [1, 3]
    assert read_seats("none", [1, 3], names) == []
    assert read_seats("0", [1, 3], names) == []
    assert read_seats("North", [1, 3], names) is None
    assert read_command("?").name == "help"
    assert read_command("describe No queens") == read_command("describe  No queens")
    assert read_command("descrivi 2").argument == "2"
    assert read_command("mão").name == "hand"
    assert read_command("QH") is None
