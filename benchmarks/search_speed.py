"""The strong bot's search, compiled against Python, in one run: playouts
per CPU second of a play decision (deals drawn and hands finished, the
whole of ``analyse_move``), of the contract and doubling decisions (deals
drawn and played from the start), and of the playouts alone.

Both searches do the same work from the same seed (the Python bot is
given ``COMPILED_WORK`` times the think factor) and give the same result,
which the script checks.  Positions: every contract of the spec, from
seeded deals with a seeded number of random moves made.  Each figure is
the best of ``--rounds`` interleaved rounds of CPU time
(``time.process_time``); numba's compiling is done before timing.
``--tiny``: one round of 4 positions at think 0.05, in seconds once
numba's code is compiled.

    python benchmarks/search_speed.py [SPEC] [--positions 40] [--rounds 5] [--think 1] [--tiny]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if (ROOT / "src" / "barbu_dsl").is_dir():  # a checkout: use its source
    sys.path.insert(0, str(ROOT / "src"))

import numpy as np
from tiny import parse_args

from barbu_dsl.compiled import mask_of
from barbu_dsl.engine import SeatView, deal, default_players, hand_for
from barbu_dsl.engine import compiled_playouts as cp
from barbu_dsl.engine.playouts import playouts_for
from barbu_dsl.engine.strong import COMPILED_WORK, StrongBot
from barbu_dsl.language import load_spec
from barbu_dsl.language import model as m


def positions(spec: m.Spec, count: int) -> list[SeatView]:
    """Seat views of the seat to play, at seeded positions of every contract."""
    players = default_players(spec)
    rng = random.Random(1)
    views = []
    k = 0
    while len(views) < count:
        contract = spec.contracts[k % len(spec.contracts)]
        rules = contract.rules_for(players)
        trump = rng.randrange(4) if isinstance(rules.play, m.TrickPlay) and rules.play.trumps else None
        start = rng.randrange(2, 15) if isinstance(rules.play, m.DominoPlay) and rules.play.start == "chosen" else None
        hands = deal(spec, players, f"search speed/{k}")
        hand = hand_for(spec, contract, hands, 0, trump=trump, start_rank=start)
        for _ in range(rng.randrange(len(hands[0]) * players // 2)):
            hand.play(rng.choice(hand.legal_moves()))
        k += 1
        if hand.is_over or len(hand.legal_moves()) < 2:
            continue
        view = SeatView(spec, players, hand.to_play or 0, declarer=0, contract=contract, trump=trump,
                        start_rank=start, hand=hand)
        views.append(view)
    return views


def before_play(spec: m.Spec, count: int) -> list[SeatView]:
    """Seat views of a declarer choosing among every contract, and of a seat offered doubles."""
    players = default_players(spec)
    views = []
    for k in range(count):
        hands = deal(spec, players, f"search speed/contract/{k}")
        view = SeatView(spec, players, 0, declarer=0, dealt=tuple(hands[0]))
        view.contract_options = tuple(spec.contracts)
        views.append(view)
    return views


def cpu(work: Callable[[], object]) -> float:
    start = time.process_time()
    work()
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("spec", nargs="?", default="tournament")
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--think", type=float, default=1.0, help="the compiled search's think factor")
    args = parse_args(parser, positions=4, rounds=1, think=0.05)
    spec = load_spec(args.spec)
    views = positions(spec, args.positions)
    choosing = before_play(spec, max(2, args.positions // 10))
    think = args.think

    def decisions(search: str) -> Callable[[], object]:
        def run() -> list[object]:
            bot = StrongBot("speed", think=think * (COMPILED_WORK if search == "python" else 1),
                            search=search)  # type: ignore[arg-type]
            return [bot.analyse_move(view) for view in views]
        return run

    def contracts(search: str) -> Callable[[], object]:
        def run() -> list[object]:
            bot = StrongBot("speed", think=think * (COMPILED_WORK if search == "python" else 1),
                            search=search)  # type: ignore[arg-type]
            return [bot.analyse_contracts(view) for view in choosing]
        return run

    # The playouts alone: the same hands finished from each position.
    rng = random.Random(2)
    cases = []
    for view in views:
        hand = view.public
        assert hand is not None
        known = view.unseen
        others = [s for s in range(view.players) if s != view.seat]
        counts = hand.position().counts
        rows = []
        for _ in range(200):
            cards = [c for c in range(52) if known >> c & 1]
            rng.shuffle(cards)
            row = [0] * view.players
            row[view.seat] = view.mine
            at = 0
            for s in others:
                row[s] = mask_of(cards[at:at + counts[s]])
                at += counts[s]
            rows.append(row)
        cases.append((hand, rows))
    search = cp.Search(spec.game.aim)

    def python_playouts() -> None:
        state = random.Random(3)
        for hand, rows in cases:
            runner = playouts_for(hand.table, spec.game.aim)
            pos = hand.position()
            for row in rows:
                runner.run(pos, list(row), None, state.random)  # type: ignore[arg-type]

    def compiled_playouts() -> None:
        state = cp.mt_state(random.Random(3))
        for hand, rows in cases:
            t, bad = search.packed(hand.table)
            out = np.zeros((len(rows), cp.SEATS), dtype=np.int64)
            cp.policy_scores(t, bad, cp.pack_position(hand.position()), np.array(rows, dtype=np.int64),
                             cp.NO_MOVE, state, 0, out)

    # Compile (or load) before timing; check that both give the same results.
    assert decisions("python")() == decisions("compiled")(), "the searches differ"
    assert contracts("python")() == contracts("compiled")(), "the searches differ"
    compiled_playouts()
    best: dict[str, float] = {}
    for _ in range(args.rounds):
        for name, work in (("play, python", decisions("python")), ("play, compiled", decisions("compiled")),
                           ("contract, python", contracts("python")), ("contract, compiled", contracts("compiled")),
                           ("playouts, python", python_playouts), ("playouts, compiled", compiled_playouts)):
            best[name] = min(best.get(name, float("inf")), cpu(work))
    playouts = sum(len(rows) for _, rows in cases)
    print(f"{spec.full_name}: {len(views)} play positions, {len(choosing)} contract choices, "
          f"best of {args.rounds} rounds, CPU seconds")
    for kind in ("play", "contract", "playouts"):
        python, compiled = best[f"{kind}, python"], best[f"{kind}, compiled"]
        print(f"  {kind:9} python {python:7.3f} s   compiled {compiled:7.3f} s   ratio {python / compiled:6.1f}")
    print(f"  playouts alone: python {playouts / best['playouts, python']:,.0f} a second, "
          f"compiled {playouts / best['playouts, compiled']:,.0f} a second")


if __name__ == "__main__":
    main()
