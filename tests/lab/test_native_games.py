"""Whole games of random bots in native code (``lab/native_games.py``,
the native package's ``play_games``) count exactly what the Python games
count for the same seeds: the schedule (docs/rules.md sections 2, 3 and 6:
declarer series, the dealer, fixed orders, own lists as written or drawn at
random, a shared list with quotas, a first declarer named by a card), the
doubling round (section 2 and its variants 3 and 4; section 6: the
declarer first, redoubles by anyone), settling, pots, resets, target scores
and payments by place (section 6).

A spec's native package is compiled once a test session.  The house
files below change only how the game runs, not how a hand is played, so
their games are played with the tournament's compiled hands (the lab's
package of a spec is patched to the tournament's); a change of direction
or of the rules of a hand would need its own package."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from barbu_dsl.lab import Study, native_games, run_study
from barbu_dsl.lab.arrays import BatchObservations, add_batch
from barbu_dsl.lab.backend import generated_package
from barbu_dsl.lab.runner import play_games
from barbu_dsl.lab.tally import Tally
from barbu_dsl.language import load_spec
from barbu_dsl.runtime.native import SEED_LANES, next32, seed_state, seed_states

pytestmark = pytest.mark.native  # numba compiles here (tests/conftest.py, TIERS)

TABLE = Path(__file__).parent.parent / "table"

TOURNAMENT_GAMES = {
    "own-lists": "game: {chooser: rotating}",  # section 3: each player's own list
    "random-list": "game: {chooser: rotating, mode: random, order: [], contracts_per_game: 5}",
    "individual-random": "game: {chooser: rotating, mode: individual-random, order: [], contracts_per_game: 4}",
    "shared-quotas": "game: {chooser: rotating, lists: shared, hands: 32, first_declarer: holder of 2♦}\n"
                     "contracts:\n"
                     "  Trumps: {rules: 'trumps, must win with a trump, must overtrump, +5 per trick', times: 1 each}\n"
                     "  Domino: {rules: 'domino, placings +45 +20 +5 −5', times: 1 each}\n"
                     "  No tricks: {rules: '−2 per trick', times: 4}",
    "fixed-order": "game: {chooser: fixed-order, order: [Trumps, No tricks, Domino, No queens, No last two, No hearts, "
                   "Barbu]}",
    "fixed-once": "game: {chooser: fixed-order, order: [Trumps, No tricks, Domino, No queens, No last two, No hearts, "
                  "Barbu], hands: 7}",
    "fixed-series": "game: {chooser: fixed-series}",
    "dealer": "game: {chooser: dealer}",
    "declarer-first": "doubling: {first: declarer, redouble: anyone}",  # section 6
    "declarer-only": "doubling: {whom: declarer-only, undoubled: not-played}",  # section 2, variants 3 and 4
    "target": "game: {target: 120, reset: [100, {exactly: -100, to: 0}], payout: [3, 1, -1, -3]}",  # section 6
}


def _same_tally(a: Tally, b: Tally) -> None:
    assert (a.games, a.moments, a.cross, a.hist) == (b.games, b.moments, b.cross, b.hist)


def _both(spec, games: int = 30, **options) -> tuple[Tally, Tally]:  # type: ignore[no-untyped-def]
    native = Study((spec,), games, ("random",), backend="native", **options)
    assert native_games.native_reason(native, spec) is None
    python = Study((spec,), games, ("random",), backend="python", **options)
    return run_study(native), run_study(python)


def test_the_tournament_and_its_house_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tournament = load_spec("tournament")
    _same_tally(*_both(tournament, seed=8))
    _same_tally(*_both(tournament, 60, seed=9, contract="Trumps"))  # one contract: a trump suit named (section 2)
    compiled = generated_package(tournament)
    monkeypatch.setattr(native_games, "generated_package", lambda spec: compiled)
    for name, game in TOURNAMENT_GAMES.items():
        path = tmp_path / f"{name}.yaml"
        path.write_text(f"extends: tournament\nname: {name}\n{game}\n", encoding="utf-8")
        native, python = _both(load_spec(str(path)), seed=len(name))
        _same_tally(native, python)
        assert native.moments[0][("length",)][2] > 0, name


@pytest.mark.parametrize(("name", "players"), [
    ("king", 4),  # anticlockwise, a shared list with quotas, the holder of 2♦ first (section 6)
    (str(TABLE / "tiny-pot.yaml"), 4),  # a pot (section 6)
])
def test_specs_with_their_own_hands(name: str, players: int) -> None:
    _same_tally(*_both(load_spec(name), 25, seed=2, players=players))


def test_a_study_compares_native_games_with_games_a_game_state_plays() -> None:
    """Duplicate pairs: the cross sums of a spec played natively and one
    that passes cards (played by a game state) are the Python study's."""
    specs = (load_spec("tournament"), load_spec("hearts"))
    native = Study(specs, 21, ("random",), seed=3, backend="native")
    python = Study(specs, 21, ("random",), seed=3, backend="python")
    _same_tally(run_study(native), run_study(python))


def test_arrays_add_what_games_add_one_by_one() -> None:
    """A batch added as arrays gives the tally games added one by one give,
    the large values summed exactly too."""
    spec = load_spec("tournament")
    study = Study((spec, load_spec("tournament+brader")), 7, ("random",), seed=1)
    by_spec = [play_games(study, s, range(7)) for s in study.specs]
    one_by_one, arrays = Tally(2), Tally(2)
    for k in range(7):
        one_by_one.add_game([games[k][0] for games in by_spec], [games[k][1] for games in by_spec])
    add_batch(arrays, [BatchObservations.from_games(games) for games in by_spec])
    _same_tally(arrays, one_by_one)
    huge = [({("total", "X"): (1, 3 << 40, -(5 << 40))}, [("X", 1 << 50)])]
    exact, slow = Tally(1), Tally(1)
    exact.add_game([huge[0][0]], [huge[0][1]])
    add_batch(slow, [BatchObservations.from_games(huge)])
    _same_tally(slow, exact)


def test_generators_seeded_at_once_draw_as_python_seeds_them() -> None:
    rng = random.Random(5)
    seeds = np.array([rng.getrandbits(63) if k % 2 else rng.getrandbits(31) for k in range(SEED_LANES)],
                     dtype=np.int64)
    seeds[:3] = [0, 1, (1 << 63) - 1]  # the smallest seeds and the largest
    states = np.zeros((SEED_LANES, 625), dtype=np.int64)
    work = np.zeros((624, SEED_LANES), dtype=np.uint32)
    for count in (SEED_LANES, 3):
        states[:] = 0
        seed_states(states, seeds, count, work)
        for k in range(count):
            python = random.Random(int(seeds[k]))
            drawn = [python.getrandbits(32) for _ in range(700)]  # past the first twist and into the second
            one = np.zeros(625, dtype=np.int64)
            seed_state(one, int(seeds[k]))
            assert tuple(int(x) for x in states[k]) == random.Random(int(seeds[k])).getstate()[1]
            assert (states[k] == one).all()
            assert [next32(states[k]) for _ in range(700)] == drawn
        assert not states[count:].any()


def test_a_batch_of_game_seeds_is_game_seed_of_each_game() -> None:
    """``game_seeds`` (native) draws each game's seed as ``game_seed``
    does: for int seeds of any size and sign, and for text seeds."""
    from barbu_dsl.engine.deal import MASK64
    from barbu_dsl.lab.study import game_seed, study_number
    from barbu_dsl.runtime.native import game_seeds

    games = np.array([0, 1, 2, 19, 20, 1_000_003, (1 << 40) + 7], dtype=np.int64)
    for seed in (0, 1, -1, 12345, (1 << 63) - 1, 1 << 63, (1 << 64) - 1, 1 << 70, -(1 << 65), "club night"):
        seeds = game_seeds(np.uint64(study_number(seed) & MASK64), games)
        assert seeds.tolist() == [game_seed(seed, int(game)) for game in games]
