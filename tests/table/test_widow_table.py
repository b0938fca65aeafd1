"""docs/rules.md section 6, Packs, decks and player counts: at the table,
the taker of the first trick is heard taking the widow, with its cards,
in each language; a widow set aside is never said."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from barbu_dsl.compiled import game_plan
from barbu_dsl.engine import GameState
from barbu_dsl.i18n import Translator
from barbu_dsl.language import load_spec
from barbu_dsl.table.console import Console
from barbu_dsl.table.narrator import Narrator
from barbu_dsl.table.speech import Speech, seat_names

WIDOW = str(Path(__file__).parents[1] / "generator" / "widow.yaml")


def heard(ref: str, language: str, you: int | None = None) -> tuple[str, GameState]:
    spec = load_spec(ref)
    state = GameState.new(spec, players=5, seed=3)
    t = Translator(language)
    out = io.StringIO()
    narrator = Narrator(spec, 5, game_plan(spec, 5), Console(out, io.StringIO(), plain=True),
                        Speech(t, seat_names(5, t, None), you))
    while (decision := state.pending()) is not None and not state.hands:
        state.apply(decision.options[0])
        narrator.follow(state)
    return out.getvalue(), state


@pytest.mark.parametrize(("language", "words"), [
    ("en", "takes the widow with the first trick:"), ("it", "prende il monte con la prima presa:"),
    ("fr", "prend le talon avec le premier pli :"), ("pt", "leva o monte com a primeira vaza:"),
])
def test_the_table_says_who_takes_the_widow(language: str, words: str) -> None:
    text, state = heard(WIDOW, language)
    widow = next(e.event for e in state.events if e.event["type"] == "widow")
    lines = [line for line in text.splitlines() if words in line]
    assert len(lines) == 1 and len(widow["cards"]) == 2


def test_the_taker_hears_it_in_the_second_person_and_an_aside_widow_is_never_said() -> None:
    spec = load_spec(WIDOW)
    state = GameState.new(spec, players=5, seed=3)
    while not any(e.event["type"] == "widow" for e in state.events):
        state.apply(state.pending().options[0])
    taker = next(e.event for e in state.events if e.event["type"] == "widow")["seat"]
    text, _ = heard(WIDOW, "en", you=taker)
    assert "You take the widow with the first trick:" in text
    text, _ = heard(WIDOW + "+aside", "en")
    assert "widow" not in text
