"""How fast the language tools answer: each `barbu` command on the bundled
specs, end to end, next to a bare Python start-up measured in the same run
(machines are shared and noisy, so the ratio is the figure to read).

    python benchmarks/language_speed.py [--repeat N]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

COMMANDS = [
    ["check", "tournament", "french-classic", "bouillabaisse", "hearts"],
    ["verify", "tournament+brader"],
    ["verify", "french-classic"],
    ["explain", "tournament"],
    ["fmt", "tournament+ravage-city"],
]


def best_of(argv: list[str], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(argv, check=False, capture_output=True)
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    baseline = best_of([sys.executable, "-c", "pass"], args.repeat)
    print(f"{'command':45} {'seconds':>8} {'× python start-up':>18}")
    print(f"{'python -c pass':45} {baseline:8.3f} {1.0:18.1f}")
    rows = []
    for command in COMMANDS:
        seconds = best_of([sys.executable, "-m", "barbu_dsl", *command], args.repeat)
        rows.append(seconds)
        print(f"{'barbu ' + ' '.join(command):45} {seconds:8.3f} {seconds / baseline:18.1f}")
    print(f"median command: {statistics.median(rows):.3f} s")


if __name__ == "__main__":
    main()
