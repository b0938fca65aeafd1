"""The verifier's game total holds for the games played (docs/rules.md
sections 2, 3 and 6: the game plan; section 2: doubling only moves points
between players).

For every bundled spec, variant and scale, at every player count, and for
Hypothesis-made house files with schedules of every kind, the games the
engine plays with random bots total within what ``verify`` proves, and
exactly that when it proves one value."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from barbu_dsl.bots import make_bots
from barbu_dsl.engine import play_game
from barbu_dsl.errors import SpecError
from barbu_dsl.language import load_spec, parse_spec
from barbu_dsl.resources import bundled_spec_names
from barbu_dsl.runtime.scoring import target_reached
from barbu_dsl.verifier import verify_count

REFS = [name for name in bundled_spec_names()]
REFS += [f"{name}+{overlay.name}" for name in bundled_spec_names() for overlay in load_spec(name).overlays]

SEEDS = range(3)


def game_total(spec, players: int, seed: int) -> tuple[int, int]:
    """What a game adds up to (every player's final total) and its number of hands."""
    result = play_game(spec, make_bots(["random"], players, seed=seed), seed=seed, players=players)
    return sum(result.totals), len(result.hands)


def assert_within(spec, players: int, seeds=SEEDS) -> None:
    report = verify_count(spec, players)
    if report.per_deal:
        assert_each_hand_within(spec, players, seeds)
        return
    for seed in seeds:
        total, hands = game_total(spec, players, seed)
        assert hands == report.hands, (spec.full_name, players, seed)
        assert report.sum_min <= total <= report.sum_max, (spec.full_name, players, seed, total,
                                                          report.sum_min, report.sum_max)


def assert_each_hand_within(spec, players: int, seeds=SEEDS) -> None:
    """A game to a target score is proved per deal (docs/rules.md section 6,
    "A target score"): every hand adds up to what one hand can, and the
    game ends at the first hand after which a total reaches the target."""
    report = verify_count(spec, players)
    for seed in seeds:
        result = play_game(spec, make_bots(["random"], players, seed=seed), seed=seed, players=players)
        for hand in result.hands:
            assert report.sum_min <= sum(hand.final) <= report.sum_max, (spec.full_name, players, seed, hand)
        totals = [hand.totals for hand in result.hands]
        assert target_reached(report.target, totals[-1]), (spec.full_name, players, seed)
        assert not any(target_reached(report.target, t) for t in totals[:-1]), (spec.full_name, players, seed)


@pytest.mark.parametrize("ref", REFS)
def test_bundled_games_total_what_verify_proves(ref: str) -> None:
    spec = load_spec(ref)
    for players in spec.players:
        assert_within(spec, players)


def test_play_json_totals_what_verify_proves() -> None:
    """The same through the command line, as a club would check it."""
    for ref in ("tournament+brader", "king", "bouillabaisse"):
        verified = json.loads(subprocess.run([sys.executable, "-m", "barbu_dsl", "verify", ref, "--json",
                                              "--players", "4"], capture_output=True, text=True, check=False).stdout)
        played = json.loads(subprocess.run([sys.executable, "-m", "barbu_dsl", "play", ref, "--json",
                                            "--players", "4", "--bots", "random", "--seed", "5"],
                                           capture_output=True, text=True, check=True).stdout)
        (count,) = verified["counts"]
        assert count["sum_min"] == count["sum_max"] == sum(played["hands"][-1]["totals"]), ref
        assert count["hands"] == len(played["hands"])


# --------------------------------------------------------------------------
# House files with every kind of schedule.

CONTRACTS = {
    "No tricks": "−{} per trick",
    "No queens": "−{} per queen",
    "No hearts": "−{} per ♥",
    "Barbu": "K♥ −{}",
    "Trumps": "trumps, +{} per trick",
    "Domino": "domino, placings +{} +20 +5 −5",
}


@st.composite
def house_files(draw: st.DrawFn) -> str:
    """The text of a house file on a tournament-like base, with a chooser, a
    list, a mode, a number of hands and values drawn at random."""
    names = draw(st.lists(st.sampled_from(sorted(CONTRACTS)), min_size=2, max_size=5, unique=True))
    chooser = draw(st.sampled_from(["declarer-series", "dealer", "rotating", "fixed-order", "fixed-series"]))
    game = [f"chooser: {chooser}"]
    times = {name: "1" for name in names}
    if chooser == "rotating":
        lists = draw(st.sampled_from(["own", "shared"]))
        game.append(f"lists: {lists}")
        mode = "custom" if lists == "shared" else draw(st.sampled_from(["classic", "custom", "random",
                                                                        "individual-random"]))
        game.append(f"mode: {mode}")
        if mode != "custom":
            game.append(f"contracts_per_game: {draw(st.integers(1, len(names)))}")
        if mode in ("classic", "custom"):
            times = {name: str(draw(st.integers(1, 2))) for name in names}
        if lists == "shared":  # Kierki-style quotas: each player chooses some contracts so many times a rubber
            times = {name: draw(st.sampled_from(["1", "2", "1 each", "2 each"])) for name in names}
    elif chooser in ("declarer-series", "dealer"):
        times = {name: str(draw(st.integers(1, 2))) for name in names}
    if draw(st.booleans()):
        most = len(names) if chooser == "fixed-order" else 40
        game.append(f"hands: {{3: {draw(st.integers(1, most))}, 4: {draw(st.integers(1, most))}}}"
                    if draw(st.booleans()) else f"hands: {draw(st.integers(1, most))}")
    lines = ["name: house", "players: [3, 4]", "doubling: false", "game: {" + ", ".join(game) + "}", "contracts:"]
    for name in names:
        value = draw(st.integers(1, 9)) if name != "Domino" else draw(st.integers(21, 60))
        rule = CONTRACTS[name].format(value)
        if name == "Domino":
            rule = f"domino, placings +{value} +20 +5 −5"
            lines.append(f"  {name}: {{rules: \"{rule}\", players: {{3: \"domino, placings +{value} 0 −20\"}}"
                         + (f", times: {times[name]}}}" if times[name] != "1" else "}"))
            continue
        lines.append(f"  {name}: {{rules: \"{rule}\", times: {times[name]}}}" if times[name] != "1"
                     else f"  {name}: {rule}")
    return "\n".join(lines) + "\n"


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(house_files(), st.integers(0, 1000), st.sampled_from([3, 4]))
def test_house_file_games_total_what_verify_proves(text: str, seed: int, players: int) -> None:
    try:
        spec = parse_spec(text, "house.yaml", "house")
    except SpecError:
        assume(False)
        raise
    assert_within(spec, players, seeds=(seed, seed + 1))
