"""The lab plays games to a target score (docs/rules.md section 6, "A
target score"): each game ends at the end of the hand in which a total
reaches the target, so games differ in length; the per-hand figures count
every hand played, and the summary gives how long a game lasts."""

from __future__ import annotations

from barbu_dsl.lab import Study, run_study
from barbu_dsl.lab.report import summary
from barbu_dsl.lab.runner import play_game
from barbu_dsl.language import load_spec
from barbu_dsl.runtime.scoring import target_reached


def test_games_to_100_end_at_the_target_and_their_lengths_are_counted() -> None:
    spec = load_spec("hearts+to-100")
    s = Study((spec, load_spec("hearts")), 8, ("random",), seed=4)
    lengths = []
    for game in range(8):
        _, hands = play_game(s, spec, game)
        lengths.append(len(hands))
    assert len(set(lengths)) > 1  # the number of hands per game varies
    data = summary(s, run_study(s))
    row = next(r for r in data["results"] if r["spec"] == "hearts+to-100")
    assert row["hands"] == sum(lengths) and row["share"]["mean"] == 1.0
    assert row["mean_total"] is not None and 26 <= row["mean_total"] <= 78  # per hand, moon or not
    (length,) = data["lengths"]
    assert length["spec"] == "hearts+to-100" and length["target"] == 100
    assert length["hands_per_game"]["mean"] == sum(lengths) / 8 and length["hands_per_game"]["n"] == 8
    plain = next(r for r in data["results"] if r["spec"] == "hearts")
    assert plain["hands"] == 32  # four hands a game, as before


def test_the_lab_playouts_stop_at_the_first_hand_reaching_the_target() -> None:
    """Random hands played in one go by the generated playouts (the lab's
    backend) end the game where the engine does."""
    from barbu_dsl.bots import make_bots
    from barbu_dsl.engine import GameState
    from barbu_dsl.engine.game import play
    from barbu_dsl.lab.backend import play_out

    spec = load_spec("hearts+to-100")
    for seed in ("4/3", "4/5"):
        state = GameState.new(spec, players=4, seed=seed, play_out=play_out(spec, "python"))
        play(state, make_bots(["random"] * 4, 4, seed))
        totals = [hand.totals for hand in state.hands]
        assert target_reached(100, totals[-1]) and not any(target_reached(100, t) for t in totals[:-1])
