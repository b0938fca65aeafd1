"""Hands between rule bots played in one compiled call (``lab/rule_hands.py``,
the ``RULES`` policy of ``engine/compiled_playouts.py``) are the hands the
rule bots play move by move: the same moves and the same scores, so the
same hand records, in every kind of hand the specs below hold (docs/rules.md
sections 2 and 3: the bundled contracts and domino; section 6: card
orders, 2 high, fixed and named trumps with their obligations, shedding,
forced discards, lead bans, opening cards, domino from a fixed rank, from
the first card, opened by a named card, aces low, aces that play again,
playing on at will (the rule bot may stop), the end at the first out, Ravage City, shoot the moon, all or nothing, the
first lead beside the declarer, play passing to the right, two to ten
players)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from barbu_dsl.bots import make_bot
from barbu_dsl.engine.game import play
from barbu_dsl.engine.state import GameState
from barbu_dsl.lab import Study, run_study
from barbu_dsl.lab.report import summary
from barbu_dsl.lab.rule_games import rules_native_reason
from barbu_dsl.lab.rule_hands import rules_play_out, rules_reason
from barbu_dsl.lab.study import one_contract
from barbu_dsl.language import load_spec

from .test_native_games import TOURNAMENT_GAMES

pytestmark = pytest.mark.native  # numba compiles here (tests/conftest.py, TIERS)

TESTS = Path(__file__).parent.parent


SPECS = {
    "tournament": lambda: load_spec("tournament"),
    "king": lambda: load_spec("king"),
    "french-classic": lambda: load_spec("french-classic"),
    "french-32": lambda: load_spec("french-32"),
    "hearts": lambda: load_spec("hearts"),
    "bouillabaisse": lambda: load_spec("bouillabaisse"),
    "exotic": lambda: load_spec(str(TESTS / "generator" / "exotic.yaml")),
    "exotic-family": lambda: load_spec(str(TESTS / "generator" / "exotic_family.yaml")),
    "family": lambda: load_spec(str(TESTS / "generator" / "family.yaml")),
    "card-order": lambda: load_spec(str(TESTS / "card_order.yaml")),
    "many-players": lambda: load_spec(str(TESTS / "many_players.yaml")),
}


@pytest.mark.parametrize("name", sorted(SPECS))
def test_compiled_rule_hands_are_the_rule_bots_hands(name: str) -> None:
    spec = SPECS[name]()
    played = 0
    for players in spec.players:
        assert rules_reason(spec, players) is None
        hook = rules_play_out(spec)
        for seed in range(2):
            by_move = GameState.new(spec, players=players, seed=seed)
            play(by_move, [make_bot("rules", seat) for seat in range(players)])
            in_one_go = GameState.new(spec, players=players, seed=seed, play_out=hook)
            play(in_one_go, [make_bot("rules", seat) for seat in range(players)])
            assert in_one_go.records() == by_move.records()
            assert in_one_go.answers == by_move.answers
            played += len(by_move.records())
    assert played


HAND_SPECS = ("tournament", "king", "exotic", "exotic-family", "card-order")


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(HAND_SPECS), st.integers(0, 99), st.integers(0, 9), st.integers(0, 2**40), st.integers(0, 9))
def test_any_hand_in_one_go_is_the_rule_bots_hand(name: str, which: int, count: int, seed: int, first: int) -> None:
    """Any contract, player count, deal and declarer: the hand the compiled
    rule bots play is the one they play move by move."""
    spec = SPECS[name]()
    contract = spec.contracts[which % len(spec.contracts)].name
    players = spec.players[count % len(spec.players)]
    played = one_contract(spec, contract)
    hands = []
    for hook in (None, rules_play_out(played)):
        state = GameState.new(played, players=players, seed=seed, first_declarer=first % players, play_out=hook)
        play(state, [make_bot("rules", seat) for seat in range(players)])
        hands.append(state.records())
    assert hands[0] == hands[1] and len(hands[0]) == 1


@pytest.mark.parametrize(("path", "players", "reason"), [
    ("generator/widow.yaml", 3, "cards are left over"),
    ("generator/discards.yaml", 3, "cards are left over"),
])
def test_what_the_compiled_rule_bot_leaves_to_the_moves(path: str, players: int, reason: str) -> None:
    assert rules_reason(load_spec(str(TESTS / path)), players) == reason


def test_a_rule_bot_study_gives_the_same_numbers_on_both_backends() -> None:
    spec = load_spec("king")
    results = []
    for backend in ("python", "native"):
        study = Study((spec,), 12, ("rules",), seed=5, backend=backend)
        data = summary(study, run_study(study))
        data["study"].pop("backend")
        results.append(json.dumps(data, sort_keys=True))
    assert results[0] == results[1]


# ---- whole games of rule bots in one compiled call (lab/rule_games.py) ----------------------

def _rule_studies(spec, games: int, **options) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    """A rule-bot study of ``spec`` played whole in compiled code and by the game state: their summaries."""
    results = []
    for backend in ("native", "python"):
        study = Study((spec,), games, ("rules",), backend=backend, **options)
        assert (rules_native_reason(study, spec) is None) == (backend == "native")
        data = summary(study, run_study(study))
        data["study"].pop("backend")
        results.append(json.dumps(data, sort_keys=True))
    return results[0], results[1]


@pytest.mark.parametrize("name", sorted(TOURNAMENT_GAMES))
def test_whole_rule_games_of_the_tournaments_house_games(name: str, tmp_path: Path) -> None:
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"extends: tournament\nname: {name}\n{TOURNAMENT_GAMES[name]}\n", encoding="utf-8")
    native, python = _rule_studies(load_spec(str(path)), 6, seed=len(name))
    assert native == python


@pytest.mark.parametrize(("name", "players", "options"), [
    ("tournament", 4, {}),
    ("tournament", 4, {"contract": "Trumps"}),  # a trump suit named (section 2)
    ("tournament", 4, {"contract": "Domino"}),  # domino from a rank the declarer names (section 2)
    ("king", 4, {}),  # anticlockwise, quotas, the holder of 2♦ first (sections 3 and 6)
    ("french-classic", 5, {}),
    ("french-32", 3, {}),  # a reduced deck (section 1)
    ("bouillabaisse", 3, {}),
    (str(TESTS / "minimum_per_rubber.yaml"), 3, {}),  # the advisory minimum counted per rubber (section 2)
    (str(TESTS / "doubling_first.yaml"), 4, {}),  # the declarer doubles first (section 6)
    (str(TESTS / "all_or_none.yaml"), 3, {}),
    (str(TESTS / "card_order.yaml"), 4, {}),  # card orders of their own (section 6)
    (str(TESTS / "generator" / "family.yaml"), 5, {}),
    (str(TESTS / "many_players.yaml"), 10, {}),
    (str(TESTS / "table" / "tiny-pot.yaml"), 4, {}),  # a pot (section 6)
])
def test_whole_rule_games_count_what_the_game_state_counts(name: str, players: int,
                                                           options: dict[str, str]) -> None:
    native, python = _rule_studies(load_spec(name), 5, seed=4, players=players, **options)
    assert native == python


def test_first_card_domino_and_fixed_starts_in_whole_rule_games() -> None:
    """Domino from the first card (aces low), from a fixed rank, opened by a
    named card, played on at will after an ace or after any card (section 6)."""
    spec = load_spec(str(TESTS / "generator" / "exotic.yaml"))
    for players in (3, 5):
        native, python = _rule_studies(spec, 4, seed=players, players=players)
        assert native == python


def test_a_rule_study_compares_whole_native_games_with_games_a_game_state_plays() -> None:
    """Duplicate pairs: the cross sums of a spec whose rule-bot games are
    played whole in compiled code and one that passes cards (its games
    played by a game state, its hands compiled) are the Python study's."""
    specs = (load_spec("tournament"), load_spec("hearts"))
    results = []
    for backend in ("native", "python"):
        study = Study(specs, 6, ("rules",), seed=2, backend=backend)
        data = summary(study, run_study(study))
        data["study"].pop("backend")
        results.append(json.dumps(data, sort_keys=True))
    assert results[0] == results[1]
    assert '"differences"' in results[0]


def test_a_stop_is_one_number_for_the_game_and_the_compiled_runs() -> None:
    from barbu_dsl.engine import compiled_playouts, state

    assert compiled_playouts.STOP == state.STOP not in (compiled_playouts.PASS, compiled_playouts.NO_MOVE)
