"""A game sheet (docs/sheet.md): whole evenings played by the engine and
entered as facts give the engine's scores; the seed's doubling example;
the game flow of docs/rules.md sections 2 and 3; every refusal names the
hand and the field."""

from __future__ import annotations

import json

import pytest

from barbu_dsl.bots import make_bots
from barbu_dsl.engine import play_game
from barbu_dsl.language import load_spec
from barbu_dsl.sheet.game import SheetError, SheetFileError, SheetGame

from .helpers import PLAYERS, sheet_hand


@pytest.mark.parametrize(("ref", "hands"), [
    ("tournament", 28), ("tournament+ravage-city", 32), ("tournament+undoubled-not-played", 28),
    ("tournament+declarer-only-doubles", 28), ("tournament+dealer-chooses", 28),
    ("tournament+fixed-order", 28), ("french-classic", 32), ("bouillabaisse", 6), ("hearts", 4),
])
def test_an_evening_entered_as_facts_scores_as_the_engine(ref: str, hands: int) -> None:
    spec = load_spec(ref)
    result = play_game(spec, make_bots(["rules"], 4, seed=11), seed=11, players=4)
    game = SheetGame.new(ref, PLAYERS, spec)
    for played in result.hands:
        scored = game.add(sheet_hand(spec, played))
        assert scored.final == played.final, (played.number, played.contract)
        assert scored.against == played.against_declarer
    assert len(game.scored) == hands and game.over
    assert game.totals == result.totals and game.winners == result.winners
    again = SheetGame.from_json(json.loads(json.dumps(game.to_json())))
    assert again.totals == result.totals


def test_seed_doubling_example() -> None:
    """docs/rules.md section 2, the worked example: Bea doubled everyone,
    Carla doubled Anna, Anna redoubled Carla."""
    game = SheetGame.new("tournament", PLAYERS)
    scored = game.add({"contract": "No queens", "declarer": 0, "took": {"cards": {"Q": [1, 0, 1, 2]}},
                       "doubles": [[1, 0], [1, 2], [1, 3], [2, 0], [0, 2]]})
    assert scored.final == (-12, 24, -12, -24)
    assert scored.against == (0, 1, 1, 0)  # the advisory count: Bea and Carla doubled Anna once


def refused(game: SheetGame, hand: dict) -> list[tuple[int | None, str, str]]:
    with pytest.raises(SheetError) as caught:
        game.add(hand)
    return [(number, p.field, p.code) for number, p in caught.value.problems]


def test_flow_of_a_declarer_series() -> None:
    """Section 2: the declarer keeps declaring for seven hands, each contract once."""
    game = SheetGame.new("tournament", PLAYERS)
    game.add({"contract": "Barbu", "declarer": 2, "took": {"card": {"KH": 0}}})
    assert refused(game, {"contract": "barbu", "declarer": 2, "took": {"card": {"KH": 0}}}) == [
        (2, "contract", "contract_not_now")]
    assert refused(game, {"contract": "No tricks", "declarer": 3, "took": {"tricks": [13, 0, 0, 0]}}) == [
        (2, "declarer", "not_their_turn")]
    assert refused(game, {"contract": "Barbou", "declarer": 2}) == [(2, "contract", "contract_close")]
    turn = game.next_turn()
    assert turn.declarer == 2 and len(turn.options) == 6


def test_trumps_and_domino_ask_what_the_declarer_named() -> None:
    game = SheetGame.new("tournament", PLAYERS)
    assert refused(game, {"contract": "Trumps", "declarer": 0, "took": {"tricks": [4, 3, 3, 3]}}) == [
        (1, "trump", "trump_missing")]
    assert refused(game, {"contract": "Domino", "declarer": 0, "took": {"placings": [0, 1, 2]}}) == [
        (1, "start_rank", "rank_missing")]
    assert refused(game, {"contract": "No tricks", "declarer": 0, "trump": "S", "took": {"tricks": [4, 3, 3, 3]}}) == [
        (1, "trump", "trump_unused")]
    assert game.add({"contract": "Domino", "declarer": 0, "start_rank": "J",
                     "took": {"placings": [0, 1, 2]}}).raw == (45, 20, 5, -5)


def test_doubles_are_checked_against_the_spec() -> None:
    """Section 2 rulings: nobody doubles themselves; in a positive contract only the declarer."""
    game = SheetGame.new("tournament", PLAYERS)
    hand = {"contract": "Trumps", "declarer": 0, "trump": "H", "took": {"tricks": [4, 3, 3, 3]}}
    assert refused(game, {**hand, "doubles": [[1, 1]]}) == [(1, "doubles", "double.double_self")]
    assert refused(game, {**hand, "doubles": [[1, 2]]}) == [(1, "doubles", "double.positive_declarer_only")]
    assert refused(game, {**hand, "doubles": [[1, 9]]}) == [(1, "doubles", "doubles_shape")]


def test_not_played_hands() -> None:
    """Variant 4: an undoubled negative contract is not played; the split applies."""
    game = SheetGame.new("tournament+undoubled-not-played", PLAYERS)
    assert refused(game, {"contract": "No tricks", "declarer": 0, "took": {"tricks": [13, 0, 0, 0]}}) == [
        (1, "took", "not_played")]
    assert game.add({"contract": "No tricks", "declarer": 0}).final == (1, -9, -9, -9)


def test_raw_scores_and_the_end_of_the_game() -> None:
    game = SheetGame.new("hearts", PLAYERS)
    for declarer in range(4):
        game.add({"contract": "Hearts", "declarer": (declarer + 1) % 4, "raw": [26, 0, 0, 0]})
    assert game.over and game.totals == (104, 0, 0, 0) and game.winners == (1, 2, 3)
    assert refused(game, {"contract": "Hearts", "declarer": 1, "raw": [26, 0, 0, 0]}) == [(5, "hand", "game_over")]
    with pytest.raises(SheetError) as caught:
        SheetGame.new("hearts", PLAYERS).add({"contract": "Hearts", "declarer": 0, "raw": [1, 0, 0, 0]})
    assert caught.value.describe() == ("hand 1, raw: the scores add up to 1, but a hand of this contract adds up "
                                       "to 26 / 78")


def test_a_file_with_an_impossible_hand_is_refused_naming_it() -> None:
    game = SheetGame.new("tournament", PLAYERS)
    game.add({"contract": "No queens", "declarer": 0, "took": {"cards": {"Q": [1, 0, 1, 2]}}})
    data = game.to_json()
    data["hands"].append({"contract": "No tricks", "declarer": 0, "took": {"tricks": [14, 0, 0, 0]}})
    with pytest.raises(SheetError) as caught:
        SheetGame.from_json(data)
    assert [(n, p.code) for n, p in caught.value.problems] == [(2, "tricks_sum")]
    with pytest.raises(SheetFileError):
        SheetGame.from_json({"format": "something else"})


def test_a_named_house_scale_survives_in_the_spec_text() -> None:
    """docs/sheet.md: spec_text is the rules of the game, even if the file changed."""
    game = SheetGame.new("tournament+brader", PLAYERS)
    game.add({"contract": "Barbu", "declarer": 0, "took": {"card": {"KH": 3}}})
    data = game.to_json()
    data["spec"] = "no-such-file.yaml"
    again = SheetGame.from_json(data)
    assert again.totals == (0, 0, 0, -25)


def test_undo_edit_and_delete_recheck_the_rest() -> None:
    """docs/sheet.md: an edit or a deletion checks every later hand again;
    a change that makes a later hand impossible is refused, the sheet unchanged."""
    game = SheetGame.new("tournament", PLAYERS)
    game.add({"contract": "No tricks", "declarer": 2, "took": {"tricks": [4, 3, 3, 3]}})
    game.add({"contract": "No queens", "declarer": 2, "took": {"cards": {"Q": [1, 0, 1, 2]}}})
    game.add({"contract": "Barbu", "declarer": 2, "took": {"card": {"KH": 1}}})
    assert game.totals == (-14, -26, -12, -18)
    edited = game.edit(1, {"contract": "No tricks", "declarer": 2, "took": {"tricks": [13, 0, 0, 0]}})
    assert edited.final == (-26, 0, 0, 0) and game.totals == (-32, -20, -6, -12)
    with pytest.raises(SheetError) as caught:  # Barbu twice in one series: hand 3 no longer fits
        game.edit(2, {"contract": "Barbu", "declarer": 2, "took": {"card": {"KH": 0}}})
    assert [(n, p.code) for n, p in caught.value.problems] == [(3, "contract_not_now")]
    assert game.totals == (-32, -20, -6, -12)
    game.delete(2)
    assert [h.contract for h in game.scored] == ["No tricks", "Barbu"] and game.totals == (-26, -20, 0, 0)
    assert game.undo().contract == "Barbu" and len(game.scored) == 1
    with pytest.raises(SheetFileError):
        game.delete(5)


def test_deleting_a_hand_a_later_one_depends_on_is_refused() -> None:
    """The chooser moves left every hand (docs/rules.md section 4): without
    hand 2, hand 3's declarer is out of turn; nothing is dropped silently."""
    game = SheetGame.new("hearts", PLAYERS)
    for declarer in (1, 2, 3):
        game.add({"contract": "Hearts", "declarer": declarer, "raw": [26, 0, 0, 0]})
    with pytest.raises(SheetError) as caught:
        game.delete(2)
    assert [(n, p.field, p.code) for n, p in caught.value.problems] == [(2, "declarer", "not_their_turn")]
    assert len(game.scored) == 3
