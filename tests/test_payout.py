"""Payments by place (docs/rules.md section 6, "Payments by place"):
``game: {payout: [3, 1, −1, −3]}`` settles a game by the players' places
at its end, tied players sharing their places' amounts.  One function
(``runtime.scoring.payouts``, mirrored by the page) decides them; the
engine's result, ``play --json``, the score sheet, ``verify``, ``explain``
and ``check`` are held to the ruling here."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from barbu_dsl.bots import make_bots
from barbu_dsl.engine import play_game
from barbu_dsl.errors import SpecError
from barbu_dsl.explain import explain
from barbu_dsl.i18n import Translator
from barbu_dsl.language import apply_overlays, load_spec, parse_spec, print_spec
from barbu_dsl.runtime.scoring import payouts, round_half_away
from barbu_dsl.sheet.game import SheetGame
from barbu_dsl.sheet.views import state_lines
from barbu_dsl.verifier import render, verify

TINY = Path(__file__).parent / "table" / "tiny-pay.yaml"
SPEC = ("name: p\nplayers: [3, 4]\ngame: {aim: lowest, chooser: rotating, hands: {3: 6, 4: 8}, "
        "payout: {3: [2, 0, −2], 4: [3, 1, −1, −3]}}\ndoubling: false\ncontracts:\n  Tricks: −1 per trick\n"
        "  Back: +1 per trick\n")


@given(st.lists(st.integers(-5, 5), min_size=2, max_size=6), st.booleans(), st.data())
def test_places_are_paid_by_the_ruling(totals, lowest_wins, data) -> None:
    """Section 6, payments by place: a seat's share is the mean of the
    places its tie fills, rounded half away; a better total never receives
    less; without ties the amounts are paid as listed."""
    amounts = sorted(data.draw(st.lists(st.integers(-9, 9), min_size=len(totals), max_size=len(totals))),
                     reverse=True)
    paid = payouts(totals, amounts, lowest_wins)
    key = (lambda t: t) if lowest_wins else (lambda t: -t)
    ranked = sorted(totals, key=key)
    for seat, total in enumerate(totals):
        first = ranked.index(total)
        tied = ranked.count(total)
        assert paid[seat] == round_half_away(sum(amounts[first:first + tied]), tied)
    for a in range(len(totals)):
        for b in range(len(totals)):
            if key(totals[a]) < key(totals[b]):
                assert paid[a] >= paid[b]
    if len(set(totals)) == len(totals):
        assert sorted(paid, reverse=True) == amounts


def test_a_tie_shares_its_places() -> None:
    assert payouts([5, 5, 9, 12], [3, 1, -1, -3], True) == (2, 2, -1, -3)
    assert payouts([5, 7, 7, 7], [3, 1, -1, -3], True) == (3, -1, -1, -1)
    assert payouts([5, 7, 7, 9], [3, 2, -1, -4], True) == (3, 1, 1, -4)  # 1/2 rounds away from zero


def test_engine_games_and_play_json_pay_by_place() -> None:
    spec = load_spec(str(TINY))
    for seed in range(5):
        result = play_game(spec, make_bots(["random"], 4, seed=seed), seed=seed)
        assert result.payouts == payouts(result.totals, (3, 1, -1, -3), True)
    done = subprocess.run([sys.executable, "-m", "barbu_dsl", "play", str(TINY), "--seed", "2", "--bots", "rules",
                           "--json"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    game = json.loads(done.stdout)
    assert game["payouts"] == list(payouts(game["totals"], (3, 1, -1, -3), True))
    assert sum(game["payouts"]) in (-1, 0, 1)


def test_the_sheet_lists_the_payments_once_over() -> None:
    from sheet.helpers import sheet_hand

    spec = load_spec(str(TINY))
    result = play_game(spec, make_bots(["random"], 4, seed=1), seed=1)
    game = SheetGame.new(str(TINY), ["Anna", "Bea", "Carla", "Diana"], spec)
    for played in result.hands[:-1]:
        game.add(sheet_hand(spec, played))
    assert not any("Payments" in line for line in state_lines(game, Translator("en")))
    game.add(sheet_hand(spec, result.hands[-1]))
    paid = result.payouts
    wanted = "Payments by place: " + ", ".join(
        f"{name} {'+' if v > 0 else ''}{str(v).replace('-', '−')}" for name, v in zip(game.players, paid, strict=True))
    lines = state_lines(game, Translator("en"))
    assert wanted + "." in lines, lines
    assert any(line.startswith("Pagamenti per posizione: ") for line in state_lines(game, Translator("it")))


def test_verify_lists_the_payments_and_reports_a_miss() -> None:
    report = verify(parse_spec(SPEC, "p.yaml"))
    assert report.ok
    assert "payments by place: +3, +1, −1, −3 (add up to 0)" in render(report)
    missing = verify(parse_spec(SPEC.replace("[3, 1, −1, −3]", "[5, 3, 1, 0]"), "p.yaml"))
    assert not missing.ok and missing.count(3).zero_sum
    assert missing.count(4).miss == ("the payments by place add up to +9 (+5, +3, +1, 0)",)
    data = missing.to_json()["counts"][1]
    assert data["payout"] == [5, 3, 1, 0] and data["payout_sum"] == 9 and data["zero_sum"] is False


@pytest.mark.parametrize(("language", "words"), [
    ("en", "With 4 players, each player receives at the end of the game, by their place: place 1 +3, place 2 +1"),
    ("it", "Con 4 giocatori, alla fine della partita ogni giocatore riceve, secondo la sua posizione: posizione 1 +3"),
    ("fr", "À 4 joueurs, chaque joueur reçoit à la fin de la partie, selon sa place : place 1 +3"),
    ("pt", "Com 4 jogadores, cada jogador recebe no fim do jogo, conforme o seu lugar: 1.º lugar +3"),
])
def test_explain_says_the_payments(language: str, words: str) -> None:
    assert words in explain(parse_spec(SPEC, "p.yaml"), language=language)


def test_fmt_keeps_the_payout_and_a_variant_turns_it_off() -> None:
    spec = parse_spec(SPEC + "variants:\n  plain:\n    game: {payout: false}\n", "p.yaml")
    printed = print_spec(spec)
    assert "payout: {3: [2, 0, -2], 4: [3, 1, -1, -3]}" in printed and "payout: false" in printed
    assert parse_spec(printed, "p.yaml") == spec
    assert apply_overlays(spec, ["plain"]).game.payout == ()
    one = parse_spec(SPEC.replace("players: [3, 4]", "players: 4").replace("{3: 6, 4: 8}", "8").replace(
        "payout: {3: [2, 0, −2], 4: [3, 1, −1, −3]}", "payout: [3, 1, −1, −3]"), "p.yaml")
    assert one.game.payout == ((4, (3, 1, -1, -3)),) and "payout: [3, 1, -1, -3]" in print_spec(one)


@pytest.mark.parametrize(("payout", "message"), [
    ("[3, 1, −1, −3]", "no payout is given for 3 players"),
    ("{3: [2, 0, −2], 4: [3, 1, −1, −3], 5: [1, 0, 0, 0, −1]}",
     "a payout of 5 places is for 5 players, but the spec allows 3, 4"),
    ("{3: [2, −2], 4: [3, 1, −1, −3]}", "the payout for 3 players has 2 amounts"),
    ("{3: [2, 0, −2], 4: [3, −1, 1, −3]}", "the payout gives place 3 more than place 2"),
    ("{3: [2, 0, lots], 4: [3, 1, −1, −3]}", "a payout's amount is a whole number of points"),
    ("3", "a payout is a list of amounts, one a place, first place first"),
])
def test_check_refuses_a_payout_at_its_line(payout: str, message: str) -> None:
    text = SPEC.replace("{3: [2, 0, −2], 4: [3, 1, −1, −3]}", payout)
    with pytest.raises(SpecError) as error:
        parse_spec(text, "p.yaml")
    assert message in str(error.value), str(error.value)
    assert "p.yaml:3:" in str(error.value)
