"""How fast random hands play: generated code, the interpreter, OpenSpiel.

In one run, for each contract of a spec (default ``tournament``), random
full hands per second (deal, then uniformly random legal moves to the end):

* **generated**: the package in ``generated/`` (``barbu generate``), through
  its whole-hand entry point ``make_rollout(contract)(rng)``;
* **interpreter**: ``barbu_dsl.engine`` — ``deal`` and ``hand_for``, then
  ``rng.choice(hand.legal_moves())`` and ``hand.play(move)`` to the end;
* **OpenSpiel**: its Hearts (``pass_cards=false``) driven from its Python
  API, with random chance outcomes and random legal actions.  Its first
  chance node still offers the pass directions; the no-pass outcome is
  applied there.  Compared with the no-trump contracts, and with the
  generated ``hearts`` package's Hearts (the same game).

Machines are shared and noisy: every figure is the best of several short
rounds, interleaved, and the ratios (from the same run) are what to read.

OpenSpiel comes with the ``openspiel`` and ``test`` extras
(``pip install 'barbu_dsl[openspiel]'``); without it the OpenSpiel column
is skipped with a note.  ``--tiny`` measures one round of 0.01 s.

    python benchmarks/generated_speed.py [--spec tournament] [--rounds 12] [--seconds 0.12] [--tiny]
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from tiny import parse_args

ROOT = Path(__file__).resolve().parents[1]
if (ROOT / "src" / "barbu_dsl").is_dir():  # a checkout: use its source
    sys.path.insert(0, str(ROOT / "src"))

if TYPE_CHECKING:
    from barbu_dsl.language import model as m


def rate(play_one: Callable[[], object], seconds: float) -> float:
    """Hands per second over about ``seconds``."""
    count = 0
    start = time.perf_counter()
    end = start + seconds
    now = start
    while now < end:
        for _ in range(20):
            play_one()
        count += 20
        now = time.perf_counter()
    return count / (now - start)


def generated_package(spec_name: str, directory: Path | None):
    """The generated package of ``spec_name``: from ``generated/`` (or
    ``directory``), else generated now into a temporary directory."""
    from barbu_dsl.generator.naming import package_name
    from barbu_dsl.language import load_spec

    name = package_name(load_spec(spec_name).full_name)
    root = directory or ROOT / "generated"
    if not (root / name / "__init__.py").is_file():
        from barbu_dsl.generator import generate_files

        root = Path(tempfile.mkdtemp(prefix="barbu-bench-"))
        for path, text in generate_files(spec_name, conformance=False).items():
            (root / path).parent.mkdir(parents=True, exist_ok=True)
            (root / path).write_text(text, encoding="utf-8")
    sys.path.insert(0, str(root))
    return importlib.import_module(name)


def interpreter_hand(spec: m.Spec, contract: m.Contract, rng: random.Random) -> Callable[[], object]:
    from barbu_dsl.engine import deal, hand_for
    from barbu_dsl.language import model as m

    players = 4 if 4 in spec.players else spec.players[0]
    rules = contract.rules_for(players)
    named_trump = isinstance(rules.play, m.TrickPlay) and rules.play.trumps is not None
    chosen_rank = isinstance(rules.play, m.DominoPlay) and rules.play.start == "chosen"

    def play_one() -> list[int]:
        hands = deal(spec, players, rng.getrandbits(32))
        hand = hand_for(spec, contract, hands, rng.randrange(players),
                        trump=rng.randrange(4) if named_trump else None,
                        start_rank=rng.randrange(2, 15) if chosen_rank else None)
        while not hand.is_over:
            hand.play(rng.choice(hand.legal_moves()))
        return hand.raw_scores()

    return play_one


def openspiel_hand(rng: random.Random) -> Callable[[], object] | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("hearts", {"pass_cards": False})
    probe = game.new_initial_state()
    no_pass = next(action for action in probe.legal_actions()
                   if "no pass" in probe.action_to_string(action).lower())
    choice = rng.choice

    def play_one() -> list[float]:
        state = game.new_initial_state()
        state.apply_action(no_pass)  # the pass-direction chance node
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
        return state.returns()

    return play_one


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spec", default="tournament")
    parser.add_argument("--rounds", type=int, default=12, help="best of this many rounds")
    parser.add_argument("--seconds", type=float, default=0.12, help="length of one round of one measurement")
    parser.add_argument("--generated", type=Path, default=None, help="directory holding the generated packages")
    args = parse_args(parser, rounds=1, seconds=0.01)

    from barbu_dsl.language import load_spec
    from barbu_dsl.language import model as m

    spec = load_spec(args.spec)
    package = generated_package(args.spec, args.generated)
    rng = random.Random(2024)
    runs: dict[tuple[str, str], Callable[[], object]] = {}
    no_trump = []
    for contract in spec.contracts:
        rules = contract.rules_for(4 if 4 in spec.players else spec.players[0])
        playout = package.make_rollout(contract.name)
        runs[("generated", contract.name)] = lambda playout=playout: playout(rng)
        runs[("interpreter", contract.name)] = interpreter_hand(spec, contract, rng)
        if isinstance(rules.play, m.TrickPlay) and rules.play.trumps is None:
            no_trump.append(contract.name)
    hearts = generated_package("hearts", args.generated)
    hearts_playout = hearts.make_rollout("Hearts")
    runs[("generated", "Hearts (hearts spec)")] = lambda: hearts_playout(rng)
    openspiel = openspiel_hand(rng)
    if openspiel is not None:
        runs[("openspiel", "Hearts")] = openspiel

    best: dict[tuple[str, str], float] = {}
    for _ in range(args.rounds):
        for key, play_one in runs.items():
            best[key] = max(best.get(key, 0.0), rate(play_one, args.seconds))

    print(f"random full hands per second, best of {args.rounds} rounds of {args.seconds} s "
          f"(Python {sys.version.split()[0]})")
    print(f"{'contract':24} {'generated':>10} {'interpreter':>12} {'gen/interp':>11} {'gen/OpenSpiel':>14}")
    os_rate = best.get(("openspiel", "Hearts"))
    for contract in spec.contracts:
        gen, interp = best[("generated", contract.name)], best[("interpreter", contract.name)]
        vs_openspiel = (f"{gen / os_rate:14.2f}" if os_rate and contract.name in no_trump else f"{'':14}")
        print(f"{contract.name:24} {gen:10.0f} {interp:12.0f} {gen / interp:11.2f} {vs_openspiel}")
    gen_hearts = best[("generated", "Hearts (hearts spec)")]
    print(f"{'Hearts (hearts spec)':24} {gen_hearts:10.0f} {'':12} {'':11} "
          + (f"{gen_hearts / os_rate:14.2f}" if os_rate else ""))
    if os_rate:
        print(f"{'OpenSpiel Hearts':24} {os_rate:10.0f}")
    else:
        print("OpenSpiel: not importable here, column skipped (see the module docstring to install it)")
    ratios = [best[("generated", c.name)] / best[("interpreter", c.name)] for c in spec.contracts]
    print(f"generated / interpreter: min {min(ratios):.2f}, max {max(ratios):.2f}")
    if os_rate and no_trump:
        vs = [best[("generated", name)] / os_rate for name in no_trump]
        print(f"generated / OpenSpiel (no-trump contracts): min {min(vs):.2f}, max {max(vs):.2f}")


if __name__ == "__main__":
    main()
