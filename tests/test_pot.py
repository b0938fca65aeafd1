"""A pot (docs/rules.md section 6, "A pot"): ``game: {pot: no points}``
puts what each hand takes into a pot, which the players who take no
points share in whole points, carried on when everyone took some.  One
function (``runtime.scoring.from_pot``, mirrored by both pages) decides
it; the engine, the score sheet, the table, ``verify``, ``explain`` and
``check`` are held to the ruling here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from barbu_dsl.bots import make_bots
from barbu_dsl.engine import play_game
from barbu_dsl.errors import SpecError
from barbu_dsl.explain import explain
from barbu_dsl.i18n import Translator
from barbu_dsl.language import load_spec, parse_spec, print_spec
from barbu_dsl.runtime.scoring import from_pot
from barbu_dsl.sheet.export import show_json
from barbu_dsl.sheet.game import SheetGame
from barbu_dsl.sheet.views import state_lines
from barbu_dsl.verifier import POT_NOTE, render, verify

TINY = Path(__file__).parent / "table" / "tiny-pot.yaml"
SPEC = ("name: p\nplayers: 4\ngame: {chooser: rotating, hands: 8, pot: no points}\ndoubling: false\n"
        "contracts:\n  Hearts: −1 per ♥\n")


@given(st.integers(0, 60), st.lists(st.integers(-13, 0), min_size=2, max_size=6))
def test_the_pot_is_shared_by_the_clean_players(pot, final) -> None:
    """Section 6, a pot: what the hand took goes in; the players who scored
    0 share it in whole points; the rest stays; nothing is lost or made."""
    collected, left = from_pot(pot, final)
    clean = [seat for seat, score in enumerate(final) if score == 0]
    assert pot - sum(final) == left + sum(collected)
    assert all(collected[seat] == 0 for seat in range(len(final)) if seat not in clean)
    if clean:
        assert len({collected[seat] for seat in clean}) == 1 and 0 <= left < len(clean)
    else:
        assert left == pot - sum(final)


def fold(spec, result):
    totals, pot, out = [0] * 4, 0, []
    for hand in result.hands:
        collected, pot = from_pot(pot, hand.final)
        totals = [t + f + c for t, f, c in zip(totals, hand.final, collected, strict=True)]
        out.append((tuple(totals), pot))
    return out


@pytest.mark.parametrize("spec", [load_spec(str(TINY)), parse_spec(SPEC.replace("♥", "trick"), "p.yaml")],
                         ids=["hearts", "tricks"])
def test_engine_games_keep_the_totals_and_the_pot(spec) -> None:
    """Section 6, a pot: the engine's totals are the ruling's, and the
    totals and the pot add up to 0 after every hand."""
    carried = collected = 0
    for seed in range(10):
        result = play_game(spec, make_bots(["random"], 4, seed=seed), seed=seed)
        expected = fold(spec, result)
        assert [tuple(hand.totals) for hand in result.hands] == [totals for totals, _ in expected]
        for totals, pot in expected:
            assert sum(totals) + pot == 0
        carried += sum(1 for hand in result.hands if 0 not in hand.final)
        collected += sum(1 for hand in result.hands if 0 in hand.final)
    assert collected > 0 and (carried > 0 or spec.name == "tiny-pot")  # the pot is taken, and carried on


def test_the_sheet_keeps_the_pot_and_shows_it() -> None:
    from sheet.helpers import sheet_hand

    spec = load_spec(str(TINY))
    result = play_game(spec, make_bots(["random"], 4, seed=2), seed=2)
    game = SheetGame.new(str(TINY), ["Anna", "Bea", "Carla", "Diana"], spec)
    for played in result.hands:
        game.add(sheet_hand(spec, played))
    expected = fold(spec, result)
    assert [(hand.totals, hand.pot) for hand in game.scored] == expected
    data = json.loads(json.dumps(show_json(game)))
    assert [hand["pot"] for hand in data["hands"]] == [pot for _, pot in expected]
    pot = str(expected[-1][1])
    assert f"In the pot: {pot}." in state_lines(game, Translator("en"))
    assert f"Dans le pot : {pot}." in state_lines(game, Translator("fr"))


def test_verify_proves_the_pot_game() -> None:
    report = verify(parse_spec(SPEC, "p.yaml"))
    assert report.ok and POT_NOTE in render(report)
    assert report.to_json()["counts"][0]["pot"] is True


@pytest.mark.parametrize(("language", "words"), [
    ("en", "Every point a hand takes from a player goes into a pot;"),
    ("it", "Ogni punto che una mano toglie a un giocatore va nel piatto;"),
    ("fr", "Chaque point qu'une donne prend à un joueur va dans le pot ;"),
    ("pt", "Cada ponto que uma mão tira a um jogador vai para o pote;"),
])
def test_explain_says_the_pot(language: str, words: str) -> None:
    assert words in explain(parse_spec(SPEC, "p.yaml"), language=language)


def test_fmt_keeps_the_pot() -> None:
    spec = parse_spec(SPEC, "p.yaml")
    assert spec.game.pot and "  pot: no points\n" in print_spec(spec)
    assert parse_spec(print_spec(spec), "p.yaml") == spec


@pytest.mark.parametrize(("text", "message"), [
    (SPEC.replace("doubling: false\n", ""), "a pot is filled by what each hand takes from the players, and doubling"),
    (SPEC.replace("−1 per ♥", "−1 per ♥, +2 last trick"), "but 'Hearts' can give a player points"),
    (SPEC.replace("pot: no points", "pot: winner"), "a pot goes to the players who take no points in a hand"),
])
def test_check_refuses_a_pot_at_its_line(text: str, message: str) -> None:
    with pytest.raises(SpecError) as error:
        parse_spec(text, "p.yaml")
    assert message in str(error.value), str(error.value)
    assert "p.yaml:3:" in str(error.value)


@pytest.mark.parametrize("line", ["−1 per ♥, pay 1 chip per heart into the pot", "−1 per ♥, pot"])
def test_a_pot_in_a_rule_line_says_where_it_goes(line: str) -> None:
    with pytest.raises(SpecError) as error:
        parse_spec(SPEC.replace("−1 per ♥", line), "p.yaml")
    assert "a pot is a game setting" in str(error.value) and "game: {pot: no points}" in str(error.value)
