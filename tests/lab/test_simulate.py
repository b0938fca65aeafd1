"""``barbu simulate`` and the lab behind it: duplicate deals, seats
rotated, the same numbers for one worker, two processes and a Dask
cluster, the JSON summary, the tables (a golden transcript), the plot and
the refusals."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import assert_golden

from barbu_dsl.lab import Study, run_study
from barbu_dsl.lab.report import summary
from barbu_dsl.lab.runner import play_game
from barbu_dsl.language import load_spec

GOLDEN = Path(__file__).with_name("golden")


def barbu(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "barbu_dsl", *args], check=False, capture_output=True, text=True,
                          timeout=600)


def study(games: int = 6, bots: tuple[str, ...] = ("random",), **options: object) -> Study:
    specs = (load_spec("tournament"), load_spec("tournament+scale-15-40"))
    return Study(specs, games, bots, seed=5, **options)  # type: ignore[arg-type]


def test_every_spec_plays_the_same_deals_and_declarers() -> None:
    s = Study((load_spec("tournament"), load_spec("tournament+brader")), 1, ("rules",), seed=3)
    from barbu_dsl.bots import make_bots
    from barbu_dsl.engine.game import play_game as game
    from barbu_dsl.lab.study import game_seed

    seed = game_seed(s.seed, 0)
    a = game(s.specs[0], make_bots(s.seat_bots(0), 4, seed), seed)
    b = game(s.specs[1], make_bots(s.seat_bots(0), 4, seed), seed)
    # Brader adds Ravage City: different contracts per series, the same deal for each hand number.
    assert [h.record["hands"] for h in a.hands] == [h.record["hands"] for h in b.hands[:len(a.hands)]]
    assert [h.declarer for h in a.hands[:7]] == [h.declarer for h in b.hands[:7]]


def test_strong_bots_play_on_worker_processes() -> None:
    """The strong bot is known wherever a batch is played (a fresh process too)."""
    s = Study((load_spec("tournament"),), 1, ("strong", "random", "random", "random"), seed=2, contract="Barbu")
    one, two = summary(s, run_study(s)), summary(s, run_study(s, workers=2))
    assert one == two and one["results"][0]["hands"] == 1


@pytest.mark.native
def test_a_study_of_strong_bots_gives_the_same_numbers_with_numba_or_without(monkeypatch) -> None:
    """A study's strong bots do the Python search's work, compiled or not:
    the same tally either way, so a study's numbers never depend on numba."""
    from barbu_dsl.engine.strong import ENV_SEARCH

    s = Study((load_spec("tournament"),), 3, ("strong", "rules", "strong", "random"), seed=4, contract="No hearts")
    monkeypatch.setenv(ENV_SEARCH, "python")
    python = summary(s, run_study(s))
    monkeypatch.setenv(ENV_SEARCH, "compiled")
    assert summary(s, run_study(s)) == python


def test_seats_rotate_so_every_bot_sits_everywhere() -> None:
    s = study(bots=("rules", "random", "random", "random"))
    seats = {tuple(s.seat_bots(game)).index("rules") for game in range(4)}
    assert seats == {0, 1, 2, 3}


def test_random_hands_use_the_playouts_and_record_real_moves() -> None:
    from barbu_dsl.engine.replay import replay_record

    s = study(1)
    obs, finals = play_game(s, s.specs[0], 0)
    assert obs[("share", "Barbu")] == (28, 4)
    assert len(finals) == 28
    from barbu_dsl.bots import make_bots
    from barbu_dsl.engine import GameState, play
    from barbu_dsl.lab.backend import play_out

    state = GameState.new(s.specs[0], seed="x", play_out=play_out(s.specs[0], "python"))
    play(state, make_bots(["random"], 4, "x"))
    for hand in state.hands[:5]:
        assert replay_record(s.specs[0], hand.record)["final"] == list(hand.final)


@pytest.mark.slow
def test_same_numbers_for_one_worker_and_two_processes() -> None:
    s = study(30)  # two batches, the second of ten games
    one = summary(s, run_study(s, workers=1))
    two = summary(s, run_study(s, workers=2))
    assert json.dumps(one) == json.dumps(two)
    assert one["games"] == 30


def test_runs_join_consecutive_batches_and_add_up_to_their_tallies() -> None:
    from barbu_dsl.lab.runner import play_batch
    from barbu_dsl.lab.study import RUN_GAMES, Batch, batches, runs
    from barbu_dsl.lab.tally import Tally

    for games, workers in ((20_000, 1), (20_000, 2), (2_000, 1), (200, 2), (45, 1)):
        s = study(games)
        joined = runs(s, workers)
        assert [r.index for r in joined] == list(range(len(joined)))
        assert [(r.start, r.stop) for r in joined] == list(zip([0] + [r.stop for r in joined[:-1]],
                                                               [r.stop for r in joined], strict=True))
        assert joined[-1].stop == games and all(r.stop - r.start <= RUN_GAMES for r in joined)
        assert len(joined) >= min(len(batches(s)), 8 * workers)
    s = study(100)  # five batches in one go: the numbers of the batches one by one
    whole = Batch(0, 0, 100)
    by_batch = Tally(len(s.specs))
    for batch in batches(s):
        by_batch.merge(play_batch(s, batch))
    assert json.dumps(summary(s, play_batch(s, whole))) == json.dumps(summary(s, by_batch))


def test_same_numbers_on_a_dask_cluster() -> None:
    import distributed  # the test extra brings it: this test runs in CI
    s = study(25)
    local = summary(s, run_study(s))
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=True, dashboard_address=None) as cluster:
        remote = summary(s, run_study(s, scheduler=cluster.scheduler_address))
    assert json.dumps(local) == json.dumps(remote)


def test_unreachable_scheduler_is_unusable_input(monkeypatch: pytest.MonkeyPatch) -> None:
    from barbu_dsl.errors import UsageError
    from barbu_dsl.lab import runner

    monkeypatch.setattr(runner, "DASK_CONNECT_SECONDS", 1)
    with pytest.raises(UsageError, match="cannot reach the Dask scheduler at tcp://127.0.0.1:9"):
        run_study(study(1), scheduler="tcp://127.0.0.1:9")


def test_json_summary() -> None:
    result = barbu("simulate", "tournament", "tournament+scale-15-40", "--games", "4", "--bots", "random",
                   "--seed", "2", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    barbu_rows = [r for r in data["results"] if r["contract"] == "Barbu"]
    assert [r["spec"] for r in barbu_rows] == ["tournament", "tournament+scale-15-40"]
    assert [r["hands"] for r in barbu_rows] == [16, 16]
    assert [r["mean_total"] for r in barbu_rows] == [-20.0, -15.0]  # K♥ −20 → −15
    assert set(barbu_rows[0]["roles"]) == {"declarer", "left", "across", "right", "doubler", "doubled"}
    diff = next(d for d in data["differences"] if d["contract"] == "Barbu")
    assert diff["mean_total"]["mean"] == 5.0 and diff["mean_total"]["ci95"] == 0.0
    assert data["study"]["seed"] == 2 and data["study"]["bots"] == ["random"]


def test_one_contract_hands() -> None:
    result = barbu("simulate", "tournament", "--contract", "No hearts", "--hands", "12", "--bots", "random",
                   "--json")
    assert result.returncode == 0, result.stderr
    rows = json.loads(result.stdout)["results"]
    assert [(r["contract"], r["hands"], r["mean_total"]) for r in rows] == [("No hearts", 12, -30.0)]
    assert rows[0]["roles"]["declarer"]["raw"]["n"] == 12


def test_contracts_named_in_the_language() -> None:
    """--lang: the tables name the contracts as the players do; the JSON
    keeps each contract's own name, as records write it."""
    result = barbu("simulate", "tournament", "--contract", "No hearts", "--hands", "6", "--bots", "random",
                   "--lang", "it")
    assert result.returncode == 0, result.stderr
    assert "Niente cuori" in result.stdout and "No hearts" not in result.stdout


def test_tables_golden(tmp_path: Path) -> None:
    plot = tmp_path / "study.png"
    result = barbu("simulate", "tournament", "tournament+scale-15-40", "--games", "3", "--bots", "random",
                   "--seed", "1", "--plot", str(plot))
    assert result.returncode == 0, result.stderr
    assert_golden(result.stdout, GOLDEN / "simulate-random.txt")
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("args", [
    ["tournament", "--hands", "5"],
    ["tournament", "--contract", "Barbu", "--games", "5"],
    ["tournament", "--contract", "Nope", "--hands", "5"],
    ["tournament", "--bots", "genius"],
    ["tournament", "--bots", "human"],
    ["tournament", "--bots", "rules,random"],
    ["tournament", "--players", "5"],
    ["tournament", "--backend", "gpu"],
    ["tournament", "--plot", "x.pdf"],
    ["tournament", "--workers", "0"],
    ["tournament", "--scheduler", "nonsense://x"],
    ["tournament", "--scheduler", "not an address"],
])
def test_refusals(args: list[str]) -> None:
    result = barbu("simulate", *args)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr and result.stderr.strip()


@pytest.mark.native
def test_native_backend_gives_the_python_numbers() -> None:
    import numba  # noqa: F401  (the test extra brings it: this test runs in CI)

    # A few games: the differential tests of the generator check every
    # contract's playouts, tests/lab/test_native_games.py whole games of
    # many schedules; here the lab's two paths agree.
    spec = load_spec("tournament")
    native = Study((spec,), 8, ("random",), seed=5, contract="No hearts", backend="native")
    python = Study((spec,), 8, ("random",), seed=5, contract="No hearts", backend="python")
    a, b = summary(native, run_study(native)), summary(python, run_study(python))
    assert a["results"] == b["results"] and a["study"]["backend"] == "native"
    # Whole games: every hand of a batch of games dealt and played in one native call, seeded inside it.
    native = Study((spec,), 25, ("random",), seed=5, backend="native")
    python = Study((spec,), 25, ("random",), seed=5, backend="python")
    a, b = summary(native, run_study(native)), summary(python, run_study(python))
    assert a["results"] == b["results"] and sum(row["hands"] for row in a["results"]) == 25 * 28
    from barbu_dsl.lab.runner import play_batch
    from barbu_dsl.lab.study import Batch

    assert summary(native, play_batch(native, Batch(0, 0, 25)))["results"] == b["results"]  # two batches in one run


def test_native_backend_without_numba_plays_the_python_playouts() -> None:
    """Without numba, --backend native says so and gives the Python numbers."""
    args = ["simulate", "tournament", "--games", "3", "--bots", "random", "--seed", "4", "--json"]
    blocked = ("import sys; sys.modules['numba'] = None; from barbu_dsl.cli import main; "
               f"sys.argv = ['barbu', *{[*args, '--backend', 'native']!r}]; main()")
    fallback = subprocess.run([sys.executable, "-c", blocked], check=False, capture_output=True, text=True,
                              timeout=600)
    assert fallback.returncode == 0, fallback.stderr
    assert "numba is not installed" in fallback.stderr and "Traceback" not in fallback.stderr
    python = barbu(*args, "--backend", "python")
    assert python.returncode == 0, python.stderr
    assert json.loads(fallback.stdout)["results"] == json.loads(python.stdout)["results"]


def test_native_backend_with_other_bots_says_it_changes_nothing() -> None:
    """--backend native with bots that choose every card says the backend
    does nothing there, and gives the Python numbers (no numba compile)."""
    args = ["simulate", "tournament", "--games", "2", "--bots", "random,rules,random,rules", "--seed", "4",
            "--json"]
    native, python = barbu(*args, "--backend", "native"), barbu(*args, "--backend", "python")
    assert native.returncode == 0, native.stderr
    assert "every seat a rule bot; with rules bots every card is chosen by a bot, so the backend changes nothing" \
        in native.stderr
    assert "backend changes nothing" not in python.stderr
    assert json.loads(native.stdout)["results"] == json.loads(python.stdout)["results"]


@pytest.mark.slow
def test_shipped_study_page_and_plot(tmp_path: Path) -> None:
    """A shipped study (made smaller) writes its page and plot, and the same
    command writes the same page again, over the old one."""
    import dataclasses

    from barbu_dsl.lab.studies import STUDIES, simulate_command, write

    shipped = dataclasses.replace(STUDIES["ravage-city"], games=2, bots="random")
    page, plot = write(shipped, tmp_path)
    text = page.read_text(encoding="utf-8")
    assert text.startswith("# Ravage City and the choice of the other contracts")
    assert simulate_command(shipped) in text and "seed 12" in text
    assert '"contract": "Ravage City"' in text and all(line == line.rstrip() for line in text.splitlines())
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert write(shipped, tmp_path) == (page, plot) and page.read_text(encoding="utf-8") == text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ravage-city.md", "ravage-city.png"]


def test_plot_never_overwrites(tmp_path: Path) -> None:
    plot = tmp_path / "study.svg"
    plot.write_text("mine", encoding="utf-8")
    result = barbu("simulate", "tournament", "--games", "1", "--bots", "random", "--plot", str(plot))
    assert result.returncode == 2 and "exists" in result.stderr
    assert plot.read_text(encoding="utf-8") == "mine"


@pytest.mark.native
@pytest.mark.parametrize("contract", ["Trumps", "No males"])
def test_native_backend_plays_the_wider_family(contract: str) -> None:
    """docs/rules.md section 6: King passes play to the right and forces a
    void player to trump (Trumps) or to discard a penalty card (No males);
    ``barbu simulate --backend native`` plays those rules and gives the
    numbers of ``--backend python``."""
    import numba  # noqa: F401  (the test extra brings it: this test runs in CI)

    args = ["simulate", "king", "--contract", contract, "--hands", "40", "--bots", "random", "--seed", "7", "--json"]
    native, python = barbu(*args, "--backend", "native"), barbu(*args, "--backend", "python")
    assert native.returncode == 0, native.stderr
    assert python.returncode == 0, python.stderr
    a, b = json.loads(native.stdout), json.loads(python.stdout)
    assert a["study"]["backend"] == "native" and b["study"]["backend"] == "python"
    assert a["results"] == b["results"] and a["results"][0]["hands"] == 40


def test_cached_packages_follow_the_generator(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The lab's generated packages are cached by spec and by the generator's
    code: after an upgrade the lab generates afresh instead of running the
    package an older barbu_dsl made."""
    from barbu_dsl.generator import identity
    from barbu_dsl.lab import backend

    monkeypatch.setenv("BARBU_CACHE", str(tmp_path))
    spec = load_spec("tournament")
    first = backend._load_package.__wrapped__(spec)
    again = backend._load_package.__wrapped__(spec)
    monkeypatch.setattr(identity, "generator_digest", lambda: "a newer generator")
    upgraded = backend._load_package.__wrapped__(spec)
    assert again is first
    assert Path(upgraded.__file__).parents[1] != Path(first.__file__).parents[1]
    assert len(list((tmp_path / "generated").iterdir())) == 2


@pytest.mark.slow
@pytest.mark.parametrize("after", [8.0, 1.2, 0.6])
def test_ctrl_c_stops_every_worker_at_once(after: float) -> None:
    """Ctrl-C reaches every process of the command (a terminal sends it to
    the whole group): simulate on two workers ends at once with the
    interrupt's exit status (docs/cli.md, exit codes), no traceback from the
    parent or a worker, instead of finishing the study first; whether the
    workers are playing (after 8 s) or still starting up (sooner: a worker
    interrupted in its imports printed a traceback, and one Ctrl-C was
    lost while they started)."""
    import os
    import signal
    import time

    command = [sys.executable, "-m", "barbu_dsl", "simulate", "tournament", "--games", "100000", "--workers", "2"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True)
    try:
        time.sleep(after)
        assert process.poll() is None
        os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
    assert process.returncode == 130
    assert "Traceback" not in err and out == ""
