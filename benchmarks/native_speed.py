"""Native playouts against a hand-written C engine: random hands of No hearts.

In one run, random whole hands per second on one core of:

* **C**: ``benchmarks/no_hearts.c``, the same contract and algorithm written
  by hand (cards as a 64-bit mask, CPython's Mersenne Twister), compiled
  with ``gcc -O2 -march=native`` into a temporary directory;
* **native**: the generated package's ``native`` playouts (numba),
  ``load_native().playouts("No hearts", rng, N)``;
* **python**: the generated Python playout, ``make_rollout("No hearts")(rng)``;
* **interpreter**: the engine, ``hand_for`` and random legal moves one by one.

First it checks that all three play the same hands: seeded alike, their
first hands' scores are equal.  Machines are shared and noisy: each figure
is the best of several rounds in CPU time of the process (so that another
program on the core does not count), the engines interleaved, and the ratios
(native / C, native / python) from the same run are what to read.
``--tiny`` measures one round of 1,000 hands (2,000 of python, 500 of the
interpreter), in seconds once numba's code is compiled.

    python benchmarks/native_speed.py [--rounds 5] [--hands 400000] [--tiny]
"""

from __future__ import annotations

import argparse
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from generated_speed import generated_package, interpreter_hand
from tiny import parse_args

CONTRACT = "No hearts"


def compile_c(directory: Path) -> Path:
    """The C engine, compiled into ``directory``."""
    compiler = shutil.which("gcc") or shutil.which("cc")
    if compiler is None:
        sys.exit("native_speed: no C compiler (gcc or cc) on this machine")
    binary = directory / "no_hearts"
    subprocess.run([compiler, "-O2", "-march=native", "-o", str(binary), str(HERE / "no_hearts.c")], check=True)
    return binary


def run_c(binary: Path, hands: int, seed: int) -> tuple[float, list[int]]:
    """Hands per second of the C engine, and its first hand's scores."""
    fields = subprocess.run([str(binary), str(hands), str(seed)], check=True, capture_output=True,
                            text=True).stdout.split()
    return int(fields[0]) / float(fields[1]), [int(x) for x in fields[3:7]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="best of this many rounds")
    parser.add_argument("--hands", type=int, default=400_000, help="hands per round of C and native")
    parser.add_argument("--seed", type=int, default=7)
    args = parse_args(parser, rounds=1, hands=1000)

    package = generated_package("tournament", None)
    try:
        native = package.load_native()
    except ImportError:
        sys.exit("native_speed: numba is not installed (pip install 'barbu_dsl[fast]')")
    with tempfile.TemporaryDirectory(prefix="barbu-c-") as tmp:
        binary = compile_c(Path(tmp))
        _, c_first = run_c(binary, 1, args.seed)
        python_first = package.make_rollout(CONTRACT)(random.Random(args.seed))
        native_first = native.playouts(CONTRACT, random.Random(args.seed), 1)[0].tolist()
        if not c_first == python_first == native_first:
            sys.exit(f"native_speed: the engines disagree on the first hand: C {c_first}, "
                     f"python {python_first}, native {native_first}")
        native.playouts(CONTRACT, random.Random(0), 1000)  # compiled (or loaded from numba's cache) before timing
        playout = package.make_rollout(CONTRACT)
        from barbu_dsl.language import load_spec

        spec = load_spec("tournament")
        interpreter = interpreter_hand(spec, next(c for c in spec.contracts if c.name == CONTRACT), random.Random(1))
        best = {"C": 0.0, "native": 0.0, "python": 0.0, "interpreter": 0.0}
        for round_ in range(args.rounds):
            best["C"] = max(best["C"], run_c(binary, args.hands, args.seed + round_)[0])
            rng = random.Random(round_)
            start = time.process_time()
            native.playouts(CONTRACT, rng, args.hands)
            best["native"] = max(best["native"], args.hands / (time.process_time() - start))
            count = max(2000, args.hands // 40)
            start = time.process_time()
            for _ in range(count):
                playout(rng)
            best["python"] = max(best["python"], count / (time.process_time() - start))
            count = max(500, args.hands // 400)
            start = time.process_time()
            for _ in range(count):
                interpreter()
            best["interpreter"] = max(best["interpreter"], count / (time.process_time() - start))
    print(f"random hands of {CONTRACT} per second, one core, best of {args.rounds} rounds "
          f"(Python {sys.version.split()[0]}, the same first hand checked for C, native and python)")
    for name, rate in best.items():
        print(f"  {name:8} {rate:12,.0f}")
    print(f"native / C:      {best['native'] / best['C']:.2f}")
    print(f"native / python: {best['native'] / best['python']:.1f}")
    print(f"native / interpreter: {best['native'] / best['interpreter']:.0f}")
    print(f"python / interpreter: {best['python'] / best['interpreter']:.1f}")


if __name__ == "__main__":
    main()
