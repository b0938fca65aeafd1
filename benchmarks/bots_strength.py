"""How much better each bot plays than the one below it, measured on
duplicate deals: the strong bot against the rule-based bot, and the
rule-based bot against random bots.

For each pairing A against B and each of ``--deals`` deal seeds, A plays
one seat against B in every other seat, once from each seat (every seat
rotation, on the same deals), and B plays all seats once more on those
deals (the duplicate baseline).  Per hand, in points towards the game's
aim (after doubles):

* **margin**: A's score minus the average of the B seats at its table;
* **duplicate gain**: A's score minus what B scored in the same seat on the
  same deals.

Each figure is the mean over deal seeds (each seed averaged over its
rotations) with a 95 % confidence interval (normal, 1.96 standard errors).
With ``--only search`` the strong bot (with numba: the compiled search,
``COMPILED_WORK`` times the deals) plays against the strong bot searching
in Python with today's budget, at about the same CPU time per decision
(both times are reported).  With ``--ablation`` the strong bot also plays with only one kind of
decision by simulation (play, contract choice, doubling), the others
made as the rule-based bot makes them, to show which gains most.  A's CPU
time per decision is reported (mean and maximum, by kind).  ``--tiny``
plays every pairing (the Python search's and the ablations too) on one
deal seed at think 0.02 (its intervals: nan), in seconds once numba's code
is compiled.

    python benchmarks/bots_strength.py [SPEC] [--deals 50] [--think 1] [--jobs 1] [--ablation]
        [--only strong|rules|search] [--tiny]
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tiny import parse_args

ROOT = Path(__file__).resolve().parents[1]
if (ROOT / "src" / "barbu_dsl").is_dir():  # a checkout: use its source
    sys.path.insert(0, str(ROOT / "src"))

from barbu_dsl.bots import make_bot, seat_seed
from barbu_dsl.engine import Decision, SeatView, default_players, play_game
from barbu_dsl.engine.bots import Bot
from barbu_dsl.engine.game import Player
from barbu_dsl.engine.strong import StrongBot
from barbu_dsl.language import load_spec

KINDS = {"contract": "contract", "trump": "contract", "start_rank": "contract", "double": "double",
         "card": "play"}
ABLATIONS = {"strong, play only": frozenset({"play"}), "strong, contract choice only": frozenset({"contract"}),
             "strong, doubling only": frozenset({"double"})}
PYTHON_SEARCH = "strong, Python search"


class Timed:
    """A seat whose decisions are timed in CPU time, by kind."""

    def __init__(self, inner: Player):
        self.inner = inner
        self.times: dict[str, list[float]] = defaultdict(list)

    def __call__(self, decision: Decision, view: SeatView) -> Any:
        start = time.process_time()
        answer = self.inner(decision, view)
        self.times[KINDS[decision.kind]].append(time.process_time() - start)
        return answer


def bot(name: str, seed: str, think: float) -> Bot:
    """``strong``, ``rules``, ``random``, or an ablation's name."""
    if name in ABLATIONS:
        return StrongBot(seed, think, ABLATIONS[name])
    if name == PYTHON_SEARCH:
        return StrongBot(seed, think, search="python")
    return make_bot(name, seed, think)


@dataclass
class Game:
    """One game: per seat, the final points per hand; the timed seat's decision times."""

    per_hand: list[float]
    times: dict[str, list[float]] = field(default_factory=dict)


def play(spec_name: str, deal_seed: int, seat: int | None, a: str, b: str, think: float) -> Game:
    """A game on the deals of ``deal_seed``: ``a`` at ``seat`` (None: nobody), ``b`` elsewhere."""
    spec = load_spec(spec_name)
    players = default_players(spec)
    bots: list[Player] = [bot(a if s == seat else b, seat_seed(deal_seed, s), think) for s in range(players)]
    timed = None
    if seat is not None:
        timed = bots[seat] = Timed(bots[seat])
    else:  # the baseline times the B seat at seat 0
        timed = bots[0] = Timed(bots[0])
    result = play_game(spec, bots, seed=deal_seed, players=players)
    sign = 1 if spec.game.aim == "highest" else -1
    per_hand = [sign * total / len(result.hands) for total in result.totals]
    return Game(per_hand, dict(timed.times))


def interval(samples: list[float]) -> str:
    """The mean and its 95 % interval; one sample has no interval, and says so."""
    mean = statistics.mean(samples)
    if len(samples) < 2:
        return f"{mean:+7.2f} (one deal: no interval)"
    half = 1.96 * statistics.stdev(samples) / math.sqrt(len(samples))
    return f"{mean:+7.2f} ± {half:5.2f}"


def report(title: str, a: str, b: str, games: dict[tuple[int, int | None], Game], deals: list[int],
           players: int) -> None:
    margins, gains, a_points, b_points = [], [], [], []
    times: dict[str, list[float]] = defaultdict(list)
    b_times: dict[str, list[float]] = defaultdict(list)
    for d in deals:
        base = games[d, None].per_hand
        for kind, values in games[d, None].times.items():
            b_times[kind].extend(values)
        margin = gain = mine = theirs = 0.0
        for seat in range(players):
            game = games[d, seat]
            others = (sum(game.per_hand) - game.per_hand[seat]) / (players - 1)
            margin += game.per_hand[seat] - others
            gain += game.per_hand[seat] - base[seat]
            mine += game.per_hand[seat]
            theirs += others
            for kind, values in game.times.items():
                times[kind].extend(values)
        margins.append(margin / players)
        gains.append(gain / players)
        a_points.append(mine / players)
        b_points.append(theirs / players)
    print(f"\n{title}: {len(deals)} deal seeds × {players} seat rotations = {len(deals) * players} games "
          f"(+ {len(deals)} duplicate baseline games)")
    print(f"  points per hand, {a}: {interval(a_points)}   {b} seats: {interval(b_points)}")
    print(f"  margin per hand ({a} − {b} seats at its table): {interval(margins)}")
    print(f"  duplicate gain per hand ({a} − {b} in the same seat, same deals): {interval(gains)}")
    for name, timed in ((a, times), (f"{b} (seat 0 of the baseline games)", b_times)):
        every = [t for values in timed.values() for t in values]
        if every:
            print(f"  {name}: {len(every)} decisions, CPU time per decision mean "
                  f"{1000 * statistics.mean(every):.1f} ms, max {1000 * max(every):.0f} ms")
            for kind in ("play", "contract", "double"):
                values = timed.get(kind)
                if values:
                    print(f"    {kind:9} {len(values):6d} decisions, mean {1000 * statistics.mean(values):6.1f} ms, "
                          f"max {1000 * max(values):5.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("spec", nargs="?", default="tournament")
    parser.add_argument("--deals", type=int, default=50, help="deal seeds (games = seeds × players)")
    parser.add_argument("--think", type=float, default=1.0, help="the strong bot's think factor")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once")
    parser.add_argument("--ablation", action="store_true", help="also each kind of decision alone")
    parser.add_argument("--only", choices=["strong", "rules", "search"],
                        help="only the pairing led by this bot; search: the strong bot against its Python search")
    args = parse_args(parser, deals=1, think=0.02, ablation=True)
    spec = load_spec(args.spec)
    players = default_players(spec)
    deals = list(range(1000, 1000 + args.deals))
    pairings = [("strong", "rules"), ("rules", "random")]
    if args.only == "search":
        pairings = [("strong", PYTHON_SEARCH)]
    elif args.only:
        pairings = [p for p in pairings if p[0] == args.only]
    elif args.tiny:
        pairings.append(("strong", PYTHON_SEARCH))
    if args.ablation:
        pairings += [(name, "rules") for name in ABLATIONS]
    print(f"{spec.full_name}, {players} players; the {spec.game.aim} total wins; strong bot think {args.think}, "
          f"search {StrongBot(0).search}")
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for a, b in pairings:
            started = time.perf_counter()
            jobs = {(d, seat): pool.submit(play, args.spec, d, seat, a, b, args.think)
                    for d in deals for seat in [None, *range(players)]}
            games = {key: job.result() for key, job in jobs.items()}
            report(f"{a} against {b}", a, b, games, deals, players)
            print(f"  ({time.perf_counter() - started:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
