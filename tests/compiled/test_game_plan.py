"""One game plan (docs/rules.md sections 2, 3 and 6): explain, verify and play
agree on the number of hands and the contracts of every bundled spec and
variant."""

from __future__ import annotations

from collections import Counter

import pytest

from barbu_dsl import SpecError
from barbu_dsl.bots import make_bots
from barbu_dsl.compiled import game_plan
from barbu_dsl.engine import GameState, play
from barbu_dsl.explain import explain
from barbu_dsl.language import load_spec, parse_spec
from barbu_dsl.resources import bundled_spec_names
from barbu_dsl.verifier import verify_count

REFS = [name for name in bundled_spec_names()]
REFS += [f"{name}+{overlay.name}" for name in bundled_spec_names() for overlay in load_spec(name).overlays]
REFS += ["tournament+fixed-order+ravage-city", "tournament+dealer-chooses+ravage-city"]


@pytest.mark.parametrize("ref", REFS)
def test_explain_verify_and_play_agree(ref: str) -> None:
    spec = load_spec(ref)
    for players in spec.players:
        plan = game_plan(spec, players)
        state = GameState.new(spec, players=players, seed=3)
        if spec.game.target is not None:
            agree_on_a_game_to_a_target(spec, plan, state)
            continue
        assert state.total_hands == plan.hands
        play(state, make_bots(["random"], players, seed=3))
        result = state.result()
        played = Counter(hand.contract for hand in result.hands)
        assert set(played) <= {c.name for c in plan.pool}
        if plan.draw == "none" and plan.hands == players * plan.per_player:
            # every contract of a list, series or rubber as often as it holds it, once for each player
            assert played == Counter(c.name for c in plan.round * players), (ref, players)
        # verify sums each contract as often as the game plays it (times, section 6); the
        # hands the players choose or a draw gives are on top of those it always plays
        report = verify_count(spec, players)
        always = Counter({t.name: t.times for t in report.contracts if t.times})
        assert report.hands == len(result.hands)
        if not report.picks:
            assert played == always, (ref, players)
        else:
            assert played & always == always and played.total() - always.total() == report.chosen, (ref, players)
        text = explain(spec, players=players)
        each = plan.hands_per_player
        if spec.game.hands is None and each:
            assert f"A game is {plan.hands} hands ({each} for each player)." in text
        else:
            assert f"A game is {plan.hands} hands" in text


def agree_on_a_game_to_a_target(spec, plan, state) -> None:
    """docs/rules.md section 6, "A target score": no number of hands is
    known in advance; play goes on to the target, verify proves each
    contract of the pool per deal, explain says when the game ends."""
    assert state.total_hands is plan.known_hands is None and state.target == plan.target
    play(state, make_bots(["random"], plan.players, seed=3))
    result = state.result()
    assert {hand.contract for hand in result.hands} <= {c.name for c in plan.pool}
    report = verify_count(spec, plan.players)
    assert report.per_deal and report.hands is None and report.target == plan.target
    assert {t.name for t in report.contracts} == {c.name for c in plan.pool}
    text = explain(spec, players=plan.players)
    assert f"A game ends at the end of the hand in which a player's total reaches {plan.target} or more." in text
    assert "A game is " not in text


@pytest.mark.parametrize(("ref", "players", "hands"), [
    ("tournament", 4, 28),  # section 2: each of the seven contracts once per player
    ("tournament+ravage-city", 4, 32),  # section 2 variant 9: a game is 32 hands
    ("tournament+fixed-order", 4, 28),  # variant 2 ruling: each contract by every player in turn
    ("tournament+fixed-order+ravage-city", 4, 32),  # ... an added contract takes its place in the order
    ("bouillabaisse", 4, 6),  # section 3: the first six played once each
    ("french-classic", 4, 32),  # section 3: hands = players × contracts
    ("french-classic", 3, 24),
    ("hearts", 4, 4),  # one hand dealt by each player
])
def test_hands_in_a_game(ref: str, players: int, hands: int) -> None:
    assert game_plan(load_spec(ref), players).hands == hands


def test_the_silent_cases_are_refused() -> None:
    """docs/rules.md section 2 variant 2 and section 3: a combination whose
    plan would drop a contract, or a mode the chooser ignores, is refused
    by check instead of played differently from how it is explained."""
    with pytest.raises(SpecError, match="leaves out 'Ravage City'"):
        load_spec("tournament+ravage-city+fixed-order")
    text = ("name: odd\nplayers: 4\ngame: {chooser: declarer-series, mode: individual-random, "
            "contracts_per_game: 1}\ncontracts:\n  A: −2 per trick\n  B: −6 per queen\n")
    with pytest.raises(SpecError) as caught:
        parse_spec(text, "odd.yaml")
    messages = [d.message for d in caught.value.diagnostics]
    assert any("does nothing with chooser" in text for text in messages), messages
