"""How fast the engine plays: random full hands per second for each
contract of the tournament (with Ravage City) and of hearts, and whole
games per second with random and rule-based bots.  Machines are shared and
noisy, so read the ratios (each row against the fastest row of its table,
measured in the same run), not the absolute figures.  ``--tiny`` spends
0.02 s on each row and replays 20 records.

    python benchmarks/engine_speed.py [--seconds S] [--records N] [--tiny]
"""

from __future__ import annotations

import argparse
import random
import time

from tiny import parse_args

from barbu_dsl.bots import make_bots
from barbu_dsl.engine import deal, hand_for, play_game, replay_record
from barbu_dsl.language import load_spec


def hands_per_second(spec_name: str, contract: str, seconds: float) -> tuple[float, float]:
    """Random legal play-outs of fresh deals: hands and moves per second."""
    spec = load_spec(spec_name)
    rng = random.Random(0)
    hands = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        cards = deal(spec, 4, hands)
        hand = hand_for(spec, contract, cards, hands % 4, trump=rng.randrange(4), start_rank=rng.randrange(2, 15))
        while not hand.is_over:
            hand.play(rng.choice(hand.legal_moves()))
        hands += 1
        moves += len(hand.moves)
    elapsed = time.perf_counter() - start
    return hands / elapsed, moves / elapsed


def games_per_second(spec_name: str, bots: str, seconds: float) -> tuple[float, float]:
    """Whole games (choice, doubling, play, settlement): games and hands per second."""
    spec = load_spec(spec_name)
    games = hands = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        hands += len(play_game(spec, make_bots([bots], 4, games), games, 4).hands)
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, hands / elapsed


def replay_rate(spec_name: str, records: int) -> tuple[float, float]:
    """Replaying ``records`` hand records of a whole recorded game each
    (``barbu replay``'s work): records per second and seconds for them all."""
    spec = load_spec(spec_name)
    pool: list[dict] = []
    seed = 0
    while len(pool) < records:
        pool.extend(play_game(spec, make_bots(["random"], 4, seed), seed, 4).records())
        seed += 1
    pool = pool[:records]
    start = time.perf_counter()
    for record in pool:
        replay_record(spec, record)
    elapsed = time.perf_counter() - start
    return records / elapsed, elapsed


def table(title: str, units: tuple[str, str], rows: list[tuple[str, float, float]], by: int) -> None:
    """Print ``rows`` (name, two rates) with each row's ratio to the fastest
    by the rate at index ``by`` (0 or 1)."""
    best = max((first, second)[by] for _, first, second in rows)
    print(f"\n{title}")
    print(f"{'':36} {units[0]:>10} {units[1]:>10} {'× fastest ' + units[by]:>20}")
    for name, first, second in rows:
        print(f"{name:36} {first:10.0f} {second:10.0f} {(first, second)[by] / best:20.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time spent on each row")
    parser.add_argument("--records", type=int, default=1000, help="tournament hand records replayed")
    args = parse_args(parser, seconds=0.02, records=20)
    spec = load_spec("tournament+ravage-city")
    rows = [(f"tournament: {c.name}", *hands_per_second(spec.full_name, c.name, args.seconds))
            for c in spec.contracts]
    rows.append(("hearts: Hearts", *hands_per_second("hearts", "Hearts", args.seconds)))
    table("Random full hands (4 players)", ("hands/s", "moves/s"), rows, 0)
    games = [
        ("tournament, random bots", *games_per_second("tournament", "random", args.seconds)),
        ("tournament, rule-based bots", *games_per_second("tournament", "rules", args.seconds)),
        ("tournament+ravage-city, rule-based", *games_per_second("tournament+ravage-city", "rules", args.seconds)),
        ("french-classic, rule-based bots", *games_per_second("french-classic", "rules", args.seconds)),
        ("hearts, rule-based bots", *games_per_second("hearts", "rules", args.seconds)),
    ]
    table("Whole games (4 players; games differ in length, so hands/s compares them)", ("games/s", "hands/s"),
          games, 1)
    per_second, elapsed = replay_rate("tournament", args.records)
    print(f"\nReplaying {args.records:,} tournament records: {elapsed:.2f} s ({per_second:.0f} records/s)")


if __name__ == "__main__":
    main()
