"""docs/rules.md section 6, Packs, decks and player counts: the
``leftover`` setting read, printed and checked, and the default decks it
changes."""

from __future__ import annotations

import pytest

from barbu_dsl import parse_spec
from barbu_dsl.errors import SpecError
from barbu_dsl.language import model as m
from barbu_dsl.language.loader import apply_overlays
from barbu_dsl.language.printer import print_spec

BASE = "name: w\nplayers: 3-5\ndoubling: false\ncontracts:\n  Hearts: −1 per ♥, Q♠ −13\n"


def test_without_a_widow_the_default_decks_remove_the_cards_left_over() -> None:
    """Section 6: by default the decks take out what does not deal evenly."""
    spec = parse_spec(BASE, "w")
    assert spec.leftover == "removed" and not spec.widow
    assert [len(spec.deck_for(n)) for n in (3, 4, 5)] == [51, 52, 50]
    assert spec.widow_size(5) == 0


@pytest.mark.parametrize("ruling", ["widow aside", "widow to first trick"])
def test_a_widow_keeps_the_whole_pack_and_holds_what_is_left_over(ruling: str) -> None:
    """Section 6: with a widow no card is removed; 52 cards at 5 players leave 2."""
    spec = parse_spec(f"leftover: {ruling}\n" + BASE, "w")
    assert spec.leftover == ruling and spec.widow
    assert [len(spec.deck_for(n)) for n in (3, 4, 5)] == [52, 52, 52]
    assert [spec.widow_size(n) for n in (3, 4, 5)] == [1, 0, 2]


def test_a_widow_keeps_the_decks_written_for_a_count() -> None:
    """Section 6: a deck written under ``decks`` is dealt as written, its remainder to the widow."""
    spec = parse_spec("leftover: widow aside\ndecks: {5: [2♣]}\n" + BASE, "w")
    assert len(spec.deck_for(5)) == 51 and spec.widow_size(5) == 1


def test_fmt_prints_the_leftover_and_reads_it_back() -> None:
    """Section 6: ``barbu fmt`` keeps the setting, and no deck is printed for the widow's defaults."""
    text = "leftover: widow to first trick\n" + BASE
    printed = print_spec(parse_spec(text, "w"))
    assert "leftover: widow to first trick" in printed and "decks" not in printed
    assert parse_spec(printed, "w") == parse_spec(text, "w")


def test_a_variant_deals_a_widow_from_the_default_decks() -> None:
    """Section 6: a variant's widow gives back the cards the default decks removed."""
    text = BASE + "variants:\n  widow: {leftover: widow aside}\n"
    spec = parse_spec(text, "w")
    widowed = apply_overlays(spec, ["widow"])
    assert len(spec.deck_for(5)) == 50 and len(widowed.deck_for(5)) == 52
    printed = print_spec(spec)
    assert "widow:\n    leftover: widow aside" in printed
    assert parse_spec(printed, "w") == spec


def test_leftover_reads_the_written_words() -> None:
    assert m.Spec.__dataclass_fields__["leftover"].default == "removed"
    spec = parse_spec("leftover: Widow  Aside\n" + BASE, "w")
    assert spec.leftover == "widow aside"


def test_the_bad_leftovers_are_located(tmp_path) -> None:
    """Section 6: a widow that would always be empty, a widow without its ruling,
    a dealer with nothing to discard, or who discards beside passing or all
    or nothing, a dealer's discards written as a clause are refused at their line."""
    cases = {
        "leftover: widow aside\n" + BASE.replace("3-5", "4"): "nothing is left over",
        "leftover: widow\n" + BASE: "set aside or goes to the taker of the first trick",
        "leftover: dealer discards\n" + BASE.replace("3-5", "4"): "the dealer would never have a card to discard",
        "leftover: dealer discards\npassing: {cards: 2, cycle: [left]}\n" + BASE: "a dealer who discards and passing",
        "leftover: dealer discards\n" + BASE.replace("Q♠ −13", "Q♠ −13, shoot the moon"):
            "the dealer's discards may hold a card that scores",
        BASE.replace("Q♠ −13", "Q♠ −13, dealer discards 2"): "'leftover: dealer discards'",
        "discard: 2\n" + BASE: "a dealer who discards is written as the 'leftover' setting",
        "leftover: widows aside\n" + BASE:
            "the cards left over are removed, widow aside, widow to first trick or dealer discards",
        "widow: aside\n" + BASE: "a widow is written as the 'leftover' setting",
    }
    for text, message in cases.items():
        with pytest.raises(SpecError) as caught:
            parse_spec(text, "w")
        assert message in str(caught.value), text
