"""Reading what people type, the one reader of the score sheet and the
table (barbu_dsl.i18n.answers, barbu_dsl.i18n.cards): cards in every
language's letters, symbols and words (docs/rules.md section 1, cards), suits,
ranks, contracts by number, name in any language or start, with "did you
mean"; seats by number or name, spaces, accents and all; the words all,
none, yes and no; the table's commands."""

from __future__ import annotations

import pytest

from barbu_dsl import cards as C
from barbu_dsl.i18n.answers import (
    contract_numbers,
    did_you_mean,
    is_word,
    read_contract,
    read_seat,
    read_seats,
    read_yes_no,
)
from barbu_dsl.i18n.cards import read_card, read_rank, read_suit
from barbu_dsl.language import load_spec
from barbu_dsl.table.answers import read_command

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
    assert read_contract("2", options, "en").value == options[1]
    assert read_contract("no-QUEENS", options, "en").value == options[1]
    assert read_contract("barb", options, "en").value is not None
    several = read_contract("no", options, "en")  # the start of several names: they are listed
    assert several.value is None and several.matches == ("No tricks", "No queens", "No last two", "No hearts")
    assert read_contract("niente", options, "it").matches[0] == "Niente prese"
    missed = read_contract("No quens", options, "en")
    assert missed.value is None and missed.suggestion == "No queens"
    assert read_contract("No quens", options, "it").suggestion == "Niente donne"


def test_contracts_in_every_language_and_without_accents() -> None:
    """A contract's names in every language are its names: Italian at an
    English table, French without its accents."""
    options = load_spec("tournament").contracts
    queens = options[1]
    for text in ("niente donne", "Pas de dames", "sem damas", "NO QUEENS", "pas de dam"):
        assert read_contract(text, options, "en").value == queens, text
    assert read_contract("pas de coeurs", options, "fr").value == options[3]


def test_contracts_keep_their_numbers_and_say_when_played() -> None:
    """A contract's number is its place in the game's list all game long;
    one already played is ``unavailable``, by number or by name."""
    spec = load_spec("tournament")
    numbers = contract_numbers(spec.contracts)
    left = [c for c in spec.contracts if c.name not in ("No tricks", "No queens")]
    assert read_contract("3", left, "en", numbers).value == spec.contract("No last two")
    assert read_contract("2", left, "en", numbers).unavailable == spec.contract("No queens")
    assert read_contract("no queens", left, "en", numbers, known=spec.contracts).unavailable == spec.contract(
        "No queens")
    with_ = read_contract("with", load_spec("french-classic").contracts, "en")
    assert with_.matches[:2] == ("With hearts", "With queens") and "Without hearts" not in with_.matches


def test_seats_by_number_name_and_start() -> None:
    names = ["Anna", "Anne Lise", "Bea", "Joël"]
    assert read_seats("2 4", names).value == [1, 3]  # seat 0 is number 1
    assert read_seats("Anne Lise, bea", names).value == [1, 2]
    assert read_seats("anne lise bea", names).value == [1, 2]
    assert read_seats("Anna and Bea", names).value == [0, 2]
    assert read_seats("anna e joel", names).value == [0, 3]  # without its accent
    assert read_seats("An", names).matches == ("Anna", "Anne Lise")
    assert read_seats("Jo", names, allowed=[0, 1]).unavailable == 3
    assert read_seats("Zoé", names).value is None
    assert read_seat("JOEL", names).value == 3
    assert read_seat("Anne-Lise", names).value == 1
    assert did_you_mean("Ana Lise", names) == "Anne Lise"


def test_all_none_yes_and_no_in_every_language() -> None:
    names = ["North", "East", "South", "West"]
    assert read_seats("1 3", names, [0, 1, 2], {1: 0, 2: 1, 3: 2}).value == [0, 2]
    assert read_seats("west, east", names, [1, 2, 3]).value == [3, 1]
    for word in ("all", "tutti", "tous", "todos", "everyone"):
        assert read_seats(word, names, [1, 3]).value == [1, 3], word
    for word in ("none", "nobody", "nessuno", "personne", "ninguem", "ninguém", "0", "-"):
        assert read_seats(word, names, [1, 3]).value == [], word
    assert read_seats("North", names, [1, 3]).unavailable == 0
    assert [read_yes_no(w) for w in ("yes", "sì", "si", "oui", "sim", "no", "non", "nao", "maybe")] == [
        True, True, True, True, True, False, False, False, None]
    assert is_word("PASSO", "pass") and is_word("indietro", "back")


def test_commands() -> None:
    assert read_command("?").name == "help"
    assert read_command("describe No queens") == read_command("describe  No queens")
    assert read_command("descrivi 2").argument == "2"
    assert read_command("mão").name == "hand"
    assert read_command("QH") is None
