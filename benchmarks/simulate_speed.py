"""``barbu simulate``'s games per second now, against the code before the
game became a state of pending decisions (engine.state.GameState), in one run.

The code before is taken from git (``--base``, by default the last commit
before the change) into a temporary directory.  Each study is played in a
fresh interpreter by each version in turn, several rounds interleaved;
a round times the CPU of its own process for the study alone, after a
warm-up (imports, the lab's generated packages, the bots' caches).  The
figure is the best round of each; the ratio is games per second now over
before (1 or more: no slower).  Both versions must print the same numbers.
``--tiny``: one round of 2 games of each study.

    python benchmarks/simulate_speed.py [--base 3010ed4] [--rounds 5] [--games N] [--tiny]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

from tiny import parse_args

ROOT = Path(__file__).resolve().parents[1]
BASE = "3010ed4"
"""The last commit before the game became a state (engine.state.GameState)."""

STUDIES = {
    "rules": (["tournament", "tournament+brader"], 30, ["rules"], 4),
    "random": (["tournament"], 200, ["random"], 4),
    "mixed": (["french-classic"], 20, ["rules", "random", "rules", "random", "rules"], 5),
}
"""Name: specs compared, games, bots, players.  ``random`` plays its hands
with the generated playouts; the others move by move."""


def worker(source: str, study_name: str, games: int) -> None:
    """Play ``games`` games of one study with the barbu_dsl in ``source``; print its CPU time and the numbers'
    digest."""
    sys.path.insert(0, source)
    from barbu_dsl.lab import Study, run_study
    from barbu_dsl.lab.report import summary
    from barbu_dsl.language import load_spec

    specs, _, bots, players = STUDIES[study_name]
    models = tuple(load_spec(name) for name in specs)
    run_study(Study(models, 3, tuple(bots), seed=99, players=players))  # warm up
    study = Study(models, games, tuple(bots), seed=1, players=players)
    start = time.process_time()
    tally = run_study(study)
    seconds = time.process_time() - start
    digest = hashlib.sha256(json.dumps(summary(study, tally), sort_keys=True).encode()).hexdigest()
    print(json.dumps({"seconds": seconds, "games": games, "digest": digest}))


def extract(rev: str, into: Path) -> Path:
    """The source tree of ``rev`` (with its package data) under ``into``."""
    archive = subprocess.run(["git", "archive", rev, "src", "grammar", "specs", "docs"], cwd=ROOT, check=True,
                             capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into / "src"


def run(source: Path, study: str, games: int, cache: Path) -> dict[str, float | str]:
    env = {**os.environ, "BARBU_CACHE": str(cache), "PYTHONHASHSEED": "0"}
    out = subprocess.run([sys.executable, __file__, "--worker", str(source), study, str(games)], env=env,
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])  # type: ignore[no-any-return]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default=BASE, help="the git revision to compare with")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--studies", nargs="+", default=list(STUDIES), choices=list(STUDIES))
    parser.add_argument("--games", type=int, help="games of each study (default: the study's own)")
    parser.add_argument("--worker", nargs=3, help=argparse.SUPPRESS)
    args = parse_args(parser, rounds=1, games=2)
    if args.worker:
        source, study, games = args.worker
        worker(source, study, int(games))
        return
    games_of = {study: args.games or STUDIES[study][1] for study in args.studies}
    with tempfile.TemporaryDirectory() as folder:
        base = extract(args.base, Path(folder) / "base")
        versions = {"before": base, "now": ROOT / "src"}
        best: dict[tuple[str, str], float] = {}
        digests: dict[tuple[str, str], str] = {}
        for round_ in range(args.rounds):
            for study in args.studies:
                order = list(versions) if round_ % 2 == 0 else list(reversed(versions))
                for version in order:
                    result = run(versions[version], study, games_of[study], Path(folder) / f"cache-{version}")
                    key = (study, version)
                    best[key] = min(best.get(key, float("inf")), float(result["seconds"]))
                    digests[key] = str(result["digest"])
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"barbu simulate, now against {args.base}: best of {args.rounds} rounds, CPU seconds of each study "
          f"(load average {load:.1f} on {os.cpu_count()} cores)")
    for study in args.studies:
        specs, _, bots, players = STUDIES[study]
        games = games_of[study]
        before, now = best[(study, "before")], best[(study, "now")]
        same = "the same numbers" if digests[(study, "before")] == digests[(study, "now")] else "DIFFERENT NUMBERS"
        print(f"  {study:7} {' vs '.join(specs)}, {games} games, {players} players, bots {','.join(bots)}: "
              f"before {games / before:7.1f} games/s, now {games / now:7.1f} games/s, "
              f"ratio {before / now:.2f} ({same})")


if __name__ == "__main__":
    main()
