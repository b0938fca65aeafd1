"""How much better the rule-based bot plays than random bots: one
rule-based seat (moving round the table from game to game) against three
random seats, over many seeded games.  Prints each side's average score per
hand (raw play and final, after doubles), per contract and overall, and the
rule-based seat's win rate against the 25 % of chance.

    python benchmarks/bots_strength.py [SPEC] [--games N]
"""

from __future__ import annotations

import argparse
from collections import defaultdict

from barbu_dsl.engine.bots import make_bots
from barbu_dsl.engine.game import default_players, play_game
from barbu_dsl.language import load_spec


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("spec", nargs="?", default="tournament")
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    spec = load_spec(args.spec)
    players = default_players(spec)
    # per contract: [hands, rule raw, random raw, rule final, random final]
    sums: dict[str, list[float]] = defaultdict(lambda: [0, 0.0, 0.0, 0.0, 0.0])
    wins = 0
    for game in range(args.games):
        seat = game % players
        kinds = ["rules" if s == seat else "random" for s in range(players)]
        result = play_game(spec, make_bots(kinds, players, game), seed=game, players=players)
        wins += seat in result.winners
        for hand in result.hands:
            row = sums[hand.contract]
            others = players - 1
            row[0] += 1
            row[1] += hand.raw[seat]
            row[2] += (sum(hand.raw) - hand.raw[seat]) / others
            row[3] += hand.final[seat]
            row[4] += (sum(hand.final) - hand.final[seat]) / others
    total = [sum(row[i] for row in sums.values()) for i in range(5)]
    print(f"{spec.full_name}: {args.games} games, {players} players, one rule-based seat against random seats; "
          f"the {spec.game.aim} score is better")
    print(f"{'contract':32} {'hands':>6} {'raw rules':>10} {'raw random':>11} {'final rules':>12} "
          f"{'final random':>13}")
    for name, row in [*sorted(sums.items()), ("all hands", total)]:
        n = row[0]
        print(f"{name:32} {int(n):6d} {row[1] / n:10.2f} {row[2] / n:11.2f} {row[3] / n:12.2f} {row[4] / n:13.2f}")
    margin = (total[3] - total[4]) / total[0]
    if spec.game.aim == "lowest":
        margin = -margin
    print(f"margin per hand (final, towards the aim): {margin:+.2f} points")
    print(f"rule-based seat wins {wins}/{args.games} games ({wins / args.games:.0%}; chance {1 / players:.0%})")


if __name__ == "__main__":
    main()
