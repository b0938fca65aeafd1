"""How fast a study of strong bots runs: ``barbu simulate --bots strong``
with the compiled search against the Python search, the same study, in one
run, and optionally against another copy of barbu_dsl (``--against DIR``,
its ``DIR/src`` first on the path: the code before a change).

A study's strong bots do the Python search's work whichever search runs
(``reference_work``, docs in ``engine/strong.py``), so both searches print
the same numbers: the script checks that, and the figure is the ratio of
CPU seconds for the same result.  Each study is a whole ``barbu simulate``
process, started as a user starts it; its CPU time (user and system) is
read from the operating system when it ends.  The commands take turns,
round after round, and each figure is the best of its rounds.  numba's
cache is warmed by one run of each before the rounds.

``--tiny``: one round of one hand, in seconds once numba's code is compiled.

    git archive 68e6c65 | tar -x -C /tmp/before
    python benchmarks/strong_study_speed.py [--rounds 3] [--hands 8] [--against /tmp/before] [--tiny]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
from pathlib import Path

from tiny import parse_args


def study(hands: int, search: str, src: Path | None) -> tuple[float, dict[str, object]]:
    """CPU seconds and the JSON summary of one strong-bot study."""
    env = dict(os.environ, BARBU_SEARCH=search)
    if src is not None:
        env["PYTHONPATH"] = str(src)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-m", "barbu_dsl", "simulate", "tournament", "--bots",
                           "strong,rules,strong,random", "--contract", "No hearts", "--hands", str(hands),
                           "--seed", "3", "--json"], capture_output=True, text=True, env=env, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--hands", type=int, default=8)
    parser.add_argument("--against", type=Path, help="another copy of barbu_dsl to time in the same rounds")
    args = parse_args(parser, rounds=1, hands=1)
    runs = {"compiled": ("compiled", None), "python": ("python", None)}
    if args.against is not None:
        runs["before"] = ("python", args.against / "src")
    best: dict[str, float] = {}
    results: dict[str, dict[str, object]] = {}
    for label, (search, src) in runs.items():  # warm numba's cache and the spec cache
        study(1, search, src)
    for _ in range(args.rounds):
        for label, (search, src) in runs.items():
            cpu, summary = study(args.hands, search, src)
            best[label] = min(best.get(label, cpu), cpu)
            results[label] = summary
    same = results["compiled"] == results["python"]
    print(f"{args.hands} hands of No hearts, strong bots; best of {args.rounds} rounds, CPU seconds:")
    for label, cpu in best.items():
        print(f"  {label:9} {cpu:7.2f}")
    print(f"python / compiled: {best['python'] / best['compiled']:.1f} (the same numbers: {same})")
    if "before" in best:
        print(f"before / compiled: {best['before'] / best['compiled']:.1f}")


if __name__ == "__main__":
    main()
