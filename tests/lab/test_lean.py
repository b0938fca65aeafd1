"""The lab's lean games of random bots (``lab/lean.py``) count what a game
state counts: the same hands, contracts, doubles and scores for the same
seeds, so a study's tallies do not depend on which path played a game.
Rules of docs/rules.md sections 2, 3 and 6 (doubling, the schedule,
payments, pots, resets and target scores) are exercised through the specs
chosen here."""

from __future__ import annotations

from pathlib import Path

import pytest

from barbu_dsl.lab import Study
from barbu_dsl.lab.lean import lean_reason
from barbu_dsl.lab.runner import game_state, play_game, play_games
from barbu_dsl.lab.tally import game_observations
from barbu_dsl.language import load_spec

TABLE = Path(__file__).parent.parent / "table"


@pytest.mark.parametrize(("name", "players", "contract"), [
    ("tournament", 4, None),  # declarer series, doubling (section 2)
    ("tournament", 4, "Domino"),  # a named starting rank, one contract a game
    ("tournament", 4, "Trumps"),  # a named trump suit
    ("french-classic", 5, None),  # rotating choosers, five players (section 3)
    ("bouillabaisse", 3, None),  # a fixed order, three players
    (str(TABLE / "tiny-to.yaml"), 4, None),  # a target score: played hand by hand (section 6)
    (str(TABLE / "tiny-pot.yaml"), 4, None),  # a pot (section 6)
    (str(TABLE / "tiny-reset.yaml"), 4, None),  # resets (section 6)
    (str(TABLE / "tiny-pay.yaml"), 4, None),  # payments by place (section 6)
])
def test_lean_games_count_what_a_game_state_counts(name: str, players: int, contract: str | None) -> None:
    spec = load_spec(name)
    assert lean_reason(spec, players) is None
    study = Study((spec,), 6, ("random",), seed=11, players=players, contract=contract)
    lean = play_games(study, spec, range(6))
    for game in range(6):
        state = game_state(study, spec, game)
        hands = state.hands
        paid = spec.game.payouts(hands[-1].totals) if contract is None else ()
        obs = game_observations(hands, [c.name for c in spec.contracts], players, study.seat_bots(game), paid)
        assert lean[game] == (obs, [(hand.contract, hand.final[hand.declarer]) for hand in hands])
        assert lean[game] == play_game(study, spec, game)


def test_the_lean_path_says_which_rules_it_leaves_to_a_game_state() -> None:
    assert lean_reason(load_spec("hearts"), 4) == "cards are passed"
    assert lean_reason(load_spec("tournament"), 4) is None


def test_a_game_on_number_seeds_is_not_saved() -> None:
    """The lab's number seeds are not those a saved game replays with
    (docs/game.md: a game is saved with its text seed)."""
    study = Study((load_spec("tournament"),), 1, ("random",), seed=3, contract="Barbu")
    state = game_state(study, study.specs[0], 0)
    with pytest.raises(ValueError, match="not saved"):
        state.to_json()
