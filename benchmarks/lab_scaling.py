"""How ``barbu simulate`` scales from one worker to two: the same study
(games of tournament against tournament+brader, by default with the rule
bots) played in this process and on two local worker processes, in one
run.  Prints games per second for each and the speed-up, and checks that
both gave the same numbers.  Worker start-up (a fresh interpreter each,
importing the package) is part of the two-worker time, as it is for a
user.  On a shared machine the speed-up is capped by what the other core
is doing: read it with the machine's load in mind.  ``--tiny`` plays 4
games.

    python benchmarks/lab_scaling.py [--games 300] [--bots rules] [--tiny]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from tiny import parse_args

ROOT = Path(__file__).resolve().parents[1]
if (ROOT / "src" / "barbu_dsl").is_dir():  # a checkout: use its source
    sys.path.insert(0, str(ROOT / "src"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--bots", default="rules")
    parser.add_argument("--specs", nargs="+", default=["tournament", "tournament+brader"])
    args = parse_args(parser, games=4)

    from barbu_dsl.lab import Study, run_study
    from barbu_dsl.lab.report import summary
    from barbu_dsl.language import load_spec

    study = Study(tuple(load_spec(name) for name in args.specs), args.games, tuple(args.bots.split(",")), seed=1)
    run_study(Study(study.specs, 2, study.bots, seed=99))  # packages generated, caches warm
    times, results = {}, {}
    for workers in (1, 2):
        start = time.perf_counter()
        results[workers] = json.dumps(summary(study, run_study(study, workers=workers)))
        times[workers] = time.perf_counter() - start
    assert results[1] == results[2], "one and two workers gave different numbers"
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{' vs '.join(args.specs)}, {args.games} games each, bots {args.bots} "
          f"(load average {load:.1f} on {os.cpu_count()} cores)")
    for workers in (1, 2):
        print(f"  {workers} worker{'s' if workers > 1 else ' '} {times[workers]:7.1f} s  "
              f"{args.games / times[workers]:6.2f} games/s")
    print(f"speed-up 1 -> 2 workers: {times[1] / times[2]:.2f} (the same numbers from both)")


if __name__ == "__main__":
    main()
