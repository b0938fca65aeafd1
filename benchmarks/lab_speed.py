"""How fast ``barbu simulate`` plays a study, against the native kernel and
against an earlier version, in one run.

Figures (each the best of ``--rounds`` interleaved rounds, CPU time of the
process playing the study, so that another program on the core does not
count; packages generated and numba's code compiled before timing):

* games per second of a tournament study with random bots and with rule
  bots, ``--backend python`` and ``--backend native``;
* the same studies played by the version at ``--baseline`` (a git
  revision, exported to a temporary directory with ``git archive``): the
  speed-up over it;
* the random-bot study's hands per second over the native kernel's
  (``load_native().playouts("No hearts", rng, N)``: random hands dealt
  and played in one call, nothing around them);
* ``--workers 2`` over one worker, rule bots: wall-clock time, since that
  is what a second worker saves (worker start-up included, as for a user).

Each study runs in a fresh process of its version (so the two versions
never share imported code); the ratios from one run are what to read.
``--tiny``: one round of a few games each, against ``HEAD``, in seconds
once numba's code is compiled.

    python benchmarks/lab_speed.py [--rounds 3] [--baseline main] [--tiny]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from tiny import parse_args

ROOT = Path(__file__).resolve().parents[1]

STUDY = """
import json, sys, time
from barbu_dsl.lab import Study, run_study
from barbu_dsl.lab.report import summary
from barbu_dsl.language import load_spec
spec = load_spec("tournament")
bots, backend, games, workers = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
run_study(Study((spec,), min(20, games), (bots,), seed=99, backend=backend))  # generated and compiled before timing
study = Study((spec,), games, (bots,), seed=1, backend=backend)
cpu, wall = time.process_time(), time.perf_counter()
data = summary(study, run_study(study, workers=workers))
cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
print(json.dumps({"cpu": cpu, "wall": wall, "hands": sum(row["hands"] for row in data["results"])}))
"""

KERNEL = """
import json, random, sys, time
from barbu_dsl.lab.backend import generated_package
from barbu_dsl.language import load_spec
native = generated_package(load_spec("tournament")).load_native()
native.playouts("No hearts", random.Random(0), 1000)
hands = int(sys.argv[1])
cpu = time.process_time()
native.playouts("No hearts", random.Random(1), hands)
print(json.dumps({"cpu": time.process_time() - cpu, "hands": hands}))
"""


def run(source: Path, script: str, *args: object) -> dict[str, float]:
    """Run ``script`` with barbu_dsl from ``source`` (a ``src`` directory) in a fresh process."""
    env = {**os.environ, "PYTHONPATH": str(source)}
    out = subprocess.run([sys.executable, "-c", script, *map(str, args)], env=env, check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out.splitlines()[-1])


def export(revision: str, into: Path) -> Path:
    """The ``src`` directory of ``revision`` with the data it reads beside
    it (specs, grammar, docs), exported into ``into``."""
    archive = into / "src.tar"
    with archive.open("wb") as out:
        subprocess.run(["git", "-C", str(ROOT), "archive", revision, "src", "specs", "grammar", "docs"], stdout=out,
                       check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(into, filter="data")
    return into / "src"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--baseline", default="main", help="git revision to compare with")
    parser.add_argument("--random-games", type=int, default=2000)
    parser.add_argument("--rules-games", type=int, default=40)
    parser.add_argument("--rules-native-games", type=int, default=400)
    parser.add_argument("--workers-games", type=int, default=600)
    parser.add_argument("--kernel-hands", type=int, default=400_000)
    args = parse_args(parser, rounds=1, baseline="HEAD", random_games=20, rules_games=2, rules_native_games=4,
                      workers_games=4, kernel_hands=1000)

    with tempfile.TemporaryDirectory(prefix="barbu-lab-speed-") as tmp:
        versions = {"this": ROOT / "src", "baseline": export(args.baseline, Path(tmp))}
        studies = [("random", "python", args.random_games), ("random", "native", args.random_games),
                   ("rules", "python", args.rules_games), ("rules", "native", args.rules_native_games)]
        best: dict[tuple[str, str, str], float] = {}
        hands: dict[tuple[str, str, str], float] = {}
        kernel = 0.0
        for _ in range(args.rounds):
            for version, source in versions.items():
                for bots, backend, games in studies:
                    result = run(source, STUDY, bots, backend, games, 1)
                    key = (version, bots, backend)
                    best[key] = max(best.get(key, 0.0), games / result["cpu"])
                    hands[key] = result["hands"] / games
            result = run(versions["this"], KERNEL, args.kernel_hands)
            kernel = max(kernel, result["hands"] / result["cpu"])
        walls = {}
        for workers in (1, 2):
            walls[workers] = run(versions["this"], STUDY, "rules", "python", args.workers_games, workers)["wall"]

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"tournament studies, best of {args.rounds} rounds, CPU time (load average {load:.1f} "
          f"on {os.cpu_count()} cores); baseline {args.baseline}")
    for bots, backend, games in studies:
        this, base = best[("this", bots, backend)], best[("baseline", bots, backend)]
        print(f"  {bots:6} bots --backend {backend:6}  {this:8.1f} games/s ({this * hands[('this', bots, backend)]:9.0f}"
              f" hands/s)  baseline {base:7.1f} games/s  speed-up {this / base:6.2f}")
    native, python = best[("this", "random", "native")], best[("this", "random", "python")]
    study_hands = native * hands[("this", "random", "native")]
    print(f"  random bots, native / python: {native / python:.2f} "
          f"(baseline {best[('baseline', 'random', 'native')] / best[('baseline', 'random', 'python')]:.2f})")
    print(f"  rule bots, native / python: {best[('this', 'rules', 'native')] / best[('this', 'rules', 'python')]:.2f}")
    print(f"  native kernel (No hearts playouts): {kernel:,.0f} hands/s; random-bot study / kernel: "
          f"{study_hands / kernel:.3f}")
    print(f"  100,000 random-bot games, native, one core: {100_000 / native:.0f} s")
    print(f"  rule bots, {args.workers_games} games: 1 worker {walls[1]:.1f} s, 2 workers {walls[2]:.1f} s, "
          f"speed-up {walls[1] / walls[2]:.2f} (wall clock)")


if __name__ == "__main__":
    main()
