"""How fast the language tools answer: each `barbu` command on the bundled
specs, end to end, next to a bare Python start-up measured in the same run
(machines are shared and noisy, so the ratio is the figure to read).
``--tiny`` runs each command once.

    python benchmarks/language_speed.py [--repeat N] [--tiny]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

from tiny import parse_args

COMMANDS = [
    (["check", "tournament", "french-classic", "bouillabaisse", "hearts"], 0),
    (["verify", "tournament+brader"], 1),  # a finding: its total is not zero
    (["verify", "french-classic"], 1),  # a finding: its total is not fixed
    (["explain", "tournament"], 0),
    (["fmt", "tournament+ravage-city"], 0),
]
"""Each command and the exit code it answers with; another code stops the benchmark."""


def best_of(argv: list[str], repeat: int, code: int = 0) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        done = subprocess.run(argv, check=False, capture_output=True, text=True)
        times.append(time.perf_counter() - start)
        if done.returncode != code:
            sys.exit(f"{' '.join(argv)} exited {done.returncode}, not {code}:\n{done.stderr}")
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parse_args(parser, repeat=1)
    baseline = best_of([sys.executable, "-c", "pass"], args.repeat)
    print(f"{'command':45} {'seconds':>8} {'× python start-up':>18}")
    print(f"{'python -c pass':45} {baseline:8.3f} {1.0:18.1f}")
    rows = []
    for command, code in COMMANDS:
        seconds = best_of([sys.executable, "-m", "barbu_dsl", *command], args.repeat, code)
        rows.append(seconds)
        print(f"{'barbu ' + ' '.join(command):45} {seconds:8.3f} {seconds / baseline:18.1f}")
    print(f"median command: {statistics.median(rows):.3f} s")


if __name__ == "__main__":
    main()
