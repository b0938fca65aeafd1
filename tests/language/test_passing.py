"""docs/rules.md section 6, Passing: the ``passing`` setting read, printed
and checked."""

from __future__ import annotations

from barbu_dsl import parse_spec
from barbu_dsl.language import model as m
from barbu_dsl.language.printer import print_spec

BASE = "name: p\nplayers: 4\ndoubling: false\ncontracts:\n  Hearts: +1 per ♥, Q♠ +13\n"


def test_passing_is_read_with_its_default_cycle() -> None:
    """docs/rules.md section 6, Passing: the cycle defaults to left, right, across, hold."""
    spec = parse_spec("passing: {cards: 3}\n" + BASE, "p")
    assert spec.passing == m.Passing(3, ("left", "right", "across", "hold"))
    assert [spec.passing.direction(n) for n in range(5)] == ["left", "right", "across", "hold", "left"]


def test_no_passing_holds_every_hand() -> None:
    """docs/rules.md section 6, Passing: without passing every hand is held."""
    spec = parse_spec(BASE, "p")
    assert not spec.passing.on and spec.passing.direction(0) == "hold"


def test_fmt_prints_passing_and_reads_it_back() -> None:
    """docs/rules.md section 6, Passing: ``barbu fmt`` keeps the setting."""
    text = "passing: {cards: 2, cycle: [right, hold]}\n" + BASE
    printed = print_spec(parse_spec(text, "p"))
    assert "passing: {cards: 2, cycle: [right, hold]}" in printed
    assert parse_spec(printed, "p") == parse_spec(text, "p")


def test_a_variant_turns_passing_off() -> None:
    """docs/rules.md section 6, Passing: ``passing: false`` in a variant plays as dealt."""
    text = "passing: {cards: 3}\n" + BASE + "variants:\n  no-passing: {passing: false}\n"
    spec = parse_spec(text, "p")
    assert spec.passing.on
    printed = print_spec(spec)
    assert "no-passing:\n    passing: false" in printed
    assert parse_spec(printed, "p") == spec
