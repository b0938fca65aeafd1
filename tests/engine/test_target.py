"""A game to a target score (docs/rules.md section 6, "A target score"):
it always ends, exactly at the end of the first hand in which some running
total reaches the target, and its winners are those the aim names."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from barbu_dsl.bots import make_bots
from barbu_dsl.compiled import game_plan
from barbu_dsl.engine import GameState
from barbu_dsl.engine.game import play
from barbu_dsl.language import model as m
from barbu_dsl.language import parse_spec
from barbu_dsl.limits import GAME_HANDS
from barbu_dsl.runtime.scoring import target_reached

HEARTS_TO = """name: hearts-to
players: 4
game: {aim: lowest, chooser: rotating, target: TARGET}
doubling: false
contracts:
  Hearts: +1 per ♥, Q♠ +13, shoot the moon
"""
MINUS_TO = """name: minus-to
players: 3-4
game: {aim: highest, chooser: declarer-series, target: TARGET}
contracts:
  No tricks: −2 per trick
  No hearts: −2 per ♥
  Trumps: trumps, +3 per trick
"""
SPECS = {"hearts": (HEARTS_TO, (10, 26, 60)), "minus": (MINUS_TO, (-20, -40, 30))}


def spec_to(name: str, target: int, hands: int | None = None) -> m.Spec:
    text = SPECS[name][0].replace("TARGET", str(target))
    if hands is not None:
        text = text.replace("game: {", f"game: {{hands: {hands}, ")
    return parse_spec(text, f"{name}.yaml")


def played(spec: m.Spec, players: int, seed: int) -> GameState:
    state = GameState.new(spec, players=players, seed=seed)
    play(state, make_bots(["random"] * players, players, seed))
    return state


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(SPECS)), st.integers(0, 2), st.integers(0, 2**32), st.sampled_from([3, 4]))
def test_a_target_game_ends_at_the_first_hand_that_reaches_it(name: str, pick: int, seed: int, players: int) -> None:
    """docs/rules.md section 6, "A target score": the game ends at the end
    of the first hand after which some total reaches the target (at least
    it, or at most it when negative), not before, and the winners are the
    best totals by the aim."""
    target = SPECS[name][1][pick]
    spec = spec_to(name, target)
    players = 4 if name == "hearts" else players
    state = played(spec, players, seed)
    totals = [hand.totals for hand in state.hands]
    assert state.over and state.pending() is None
    assert target_reached(target, totals[-1])
    assert not any(target_reached(target, t) for t in totals[:-1])
    best = (min if spec.game.aim == "lowest" else max)(state.totals)
    assert state.winners == tuple(seat for seat, total in enumerate(state.totals) if total == best)
    assert state.events[-1].event["type"] == "game_ends"
    assert GameState.from_json(state.to_json()).to_json() == state.to_json()


def test_reaching_is_at_least_or_at_most_by_the_sign() -> None:
    """docs/rules.md section 6, "A target score": 100 is reached by 100 or
    more, −100 by −100 or less; no target is never reached."""
    assert target_reached(100, (99, 100)) and not target_reached(100, (99, -300))
    assert target_reached(-100, (0, -100)) and not target_reached(-100, (300, -99))
    assert not target_reached(None, (10**9, -10**9))


def test_with_hands_the_game_ends_at_whichever_comes_first() -> None:
    """docs/rules.md section 6, "A target score", ruling (with ``hands``)."""
    short = played(spec_to("hearts", 1000, hands=3), 4, 5)
    assert len(short.hands) == 3 and short.total_hands == 3
    early = played(spec_to("hearts", 10, hands=40), 4, 5)
    assert len(early.hands) < 40 and target_reached(10, early.totals)


def test_the_length_is_unknown_and_said_as_the_target() -> None:
    """docs/rules.md section 6, "A target score": without ``hands`` the
    number of hands is not known in advance; views and events carry the
    target instead."""
    state = GameState.new(spec_to("hearts", 26), players=4, seed=3)
    assert state.total_hands is None and state.target == 26
    view = state.view(0)
    assert view["hands"] is None and view["target"] == 26
    assert state.events[0].event["hands"] is None and state.events[0].event["target"] == 26
    plan = game_plan(spec_to("hearts", 26), 4)
    assert plan.known_hands is None and plan.hands == GAME_HANDS


def test_a_target_nobody_reaches_still_ends_the_game() -> None:
    """docs/rules.md section 6, "A target score", ruling (a game that never
    ends): a scale under which no total moves ends after the bound."""
    spec = parse_spec("players: 3\ngame: {chooser: rotating, target: 10}\ndoubling: false\n"
                      "contracts:\n  Nothing: +1 per trick; −1 per trick\n", "zero.yaml")
    state = played(spec, 3, 1)
    assert len(state.hands) == GAME_HANDS and state.totals == (0, 0, 0) and state.over


@pytest.mark.parametrize("chooser", ["declarer-series", "fixed-series", "rotating", "fixed-order", "dealer"])
def test_the_schedule_goes_round_again(chooser: str) -> None:
    """docs/rules.md section 6, "A target score", ruling (the schedule): the
    schedule starts again when used up, whatever the chooser."""
    text = (f"players: 3\ngame: {{chooser: {chooser}, target: 200}}\ndoubling: false\n"
            "contracts:\n  A: +1 per trick\n  B: +1 per ♥\n")
    state = played(parse_spec(text, "round.yaml"), 3, 2)
    assert len(state.hands) > 6  # more than a whole round of 3 × 2 hands
    assert target_reached(200, state.totals)
