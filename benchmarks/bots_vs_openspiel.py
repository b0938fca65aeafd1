"""The strong bot against OpenSpiel's search bots at Hearts, at the same CPU
time per decision.

Each deal of the bundled ``hearts+no-passing`` spec (Hearts without its
passing of cards: OpenSpiel's ``hearts`` with ``pass_cards=False`` plays
the same rules: the 2♣ leads, no
points on the first trick, hearts broken by a heart or the Q♠, shooting
the moon) is played twice, seats swapped: the strong bot at North and
South against two OpenSpiel bots at East and West, then the other way
round, so both sides hold the same cards (duplicate deals).  The game runs
in barbu_dsl's :class:`~barbu_dsl.engine.GameState`, mirrored move by move
in an OpenSpiel state whose chance nodes deal the same cards; at every card
decision the two must agree on the legal cards, or the run stops.

The opponents, from OpenSpiel's own C++ bots:

* ``ismcts`` — information-set MCTS (Cowling et al.) with random rollouts,
  searching over deals that fit what the seat has seen;
* ``mcts`` — plain MCTS with random rollouts, run on the true state: it
  sees every hand, an opponent stronger in information than any player.

Their simulation budget is set so that their CPU time per decision equals
the strong bot's, measured on two deals (``--think`` sets the strong bot's
effort) after a first deal that is not measured: the strong bot's compiled
search loads (or compiles) then, once, which is no decision's cost.  Points
are Hearts points (lower is better): the result is the strong bot's mean
points per hand minus the opponent's, per seat, with a 95% interval over
the deals.  ``--tiny`` plays 10 deals at think 0.05, calibration included,
in seconds.

Needs OpenSpiel (``pip install 'barbu_dsl[openspiel]'``; the test extra
brings it too).  Example::

    python benchmarks/bots_vs_openspiel.py --deals 200 --opponent ismcts [--tiny]
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from dataclasses import dataclass, field

from tiny import parse_args

from barbu_dsl.bots import make_bot
from barbu_dsl.engine import GameState
from barbu_dsl.language import load_spec

try:
    import pyspiel
except ImportError:  # pragma: no cover - an optional benchmark dependency
    sys.exit("bots_vs_openspiel needs OpenSpiel: pip install 'barbu_dsl[openspiel]'")

GAME = pyspiel.load_game("hearts", {"pass_cards": False})
SPEC = "hearts+no-passing"  # the bundled hearts passes three cards first, which OpenSpiel's game does not
OURS_NS = (0, 2)


@dataclass
class Clock:
    """CPU seconds spent deciding, and decisions made, by one side."""

    seconds: float = 0.0
    decisions: int = 0

    @property
    def per_decision(self) -> float:
        return self.seconds / max(1, self.decisions)


@dataclass
class Tally:
    """Per deal: the strong bot's mean points per seat minus the opponent's."""

    differences: list[float] = field(default_factory=list)
    ours: Clock = field(default_factory=Clock)
    theirs: Clock = field(default_factory=Clock)

    def interval(self) -> tuple[float, float]:
        mean = statistics.fmean(self.differences)
        spread = statistics.stdev(self.differences) if len(self.differences) > 1 else 0.0
        return mean, 1.96 * spread / math.sqrt(len(self.differences))


def opponent(kind: str, simulations: int, seed: int) -> pyspiel.Bot:
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    if kind == "ismcts":
        return pyspiel.ISMCTSBot(seed, evaluator, 2.0, simulations, -1,
                                 pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False)
    return pyspiel.MCTSBot(GAME, evaluator, 2.0, simulations, 1000, False, seed, False)


def mirror_deal(state: GameState) -> pyspiel.State:
    """An OpenSpiel Hearts state dealt the cards ``state`` dealt (its chance
    nodes: no pass, then one card to each seat in turn)."""
    hands = [list(state.view(seat)["cards"]) for seat in range(4)]
    mirror = GAME.new_initial_state()
    mirror.apply_action(mirror.legal_actions()[0])  # "No Pass", the only outcome without passing
    codes = {mirror.action_to_string(a): a for a in mirror.legal_actions()}
    for round_ in range(13):
        for seat in range(4):
            mirror.apply_action(codes[hands[seat][round_]])
    return mirror


def play_deal(seed: int, ours_at: tuple[int, ...], kind: str, simulations: int, think: float,
              tally: Tally) -> list[int]:
    """One hand of hearts from game seed ``seed``: the strong bot in the
    seats ``ours_at``, the opponent in the others; each seat's points."""
    state = GameState.new(load_spec(SPEC), players=4, seed=seed)
    bots = {seat: make_bot("strong", f"{seed}/{seat}", think) for seat in ours_at}
    theirs = {seat: opponent(kind, simulations, seed * 4 + seat) for seat in range(4) if seat not in ours_at}
    mirror: pyspiel.State | None = None
    while (decision := state.pending()) is not None:
        if decision.kind != "card":
            raise SystemExit(f"unexpected {decision.kind} decision in hearts")
        if mirror is None:
            mirror = mirror_deal(state)
        legal = {mirror.action_to_string(a): a for a in mirror.legal_actions()}
        if set(legal) != set(decision.options):
            raise SystemExit(f"the two rule sets disagree: barbu {decision.options}, OpenSpiel {sorted(legal)}")
        seat = decision.seat
        start = time.process_time()
        if seat in bots:
            answer = bots[seat](decision, state.seat_view(seat))
            clock = tally.ours
        else:
            answer = mirror.action_to_string(theirs[seat].step(mirror))
            clock = tally.theirs
        clock.seconds += time.process_time() - start
        clock.decisions += 1
        state.apply(answer)
        mirror.apply_action(legal[answer])
        if state.over or state.view(0)["hand"] > 1:
            break
    ends = [e.event for e in state.events if e.event["type"] == "hand_ends"]
    return list(ends[0]["raw"])


def warm_up(think: float) -> None:
    """A deal of strong bots, not measured: the strong bot's compiled search
    loads (or compiles) in it, once, before any decision is timed."""
    play_deal(10_000, (0, 1, 2, 3), "ismcts", 1, think, Tally())


def calibrate(kind: str, think: float, target: float | None) -> int:
    """The opponent's simulations per decision whose CPU time matches the
    strong bot's (measured on two deals, after :func:`warm_up`, unless
    ``target`` is given)."""
    probe = Tally()
    if target is None:
        for seed in (10_001, 10_002):
            play_deal(seed, (0, 1, 2, 3), kind, 1, think, probe)
        target = probe.ours.per_decision
    simulations = 200
    for _ in range(3):
        trial = Tally()
        play_deal(10_003, (), kind, simulations, think, trial)
        simulations = max(10, round(simulations * target / max(trial.theirs.per_decision, 1e-6)))
    return simulations


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--opponent", choices=("ismcts", "mcts"), default="ismcts")
    parser.add_argument("--think", type=float, default=1.0, help="the strong bot's effort (1: about 50 ms)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cpu-per-decision", type=float, default=None,
                        help="the CPU seconds per decision to give the opponent (default: the strong bot's)")
    args = parse_args(parser, deals=10, think=0.05)
    warm_up(args.think)
    simulations = calibrate(args.opponent, args.think, args.cpu_per_decision)
    print(f"{args.opponent}: {simulations} simulations a decision", flush=True)
    tally = Tally()
    for deal in range(args.deals):
        seed = args.seed * 1_000_003 + deal
        ours_first = play_deal(seed, OURS_NS, args.opponent, simulations, args.think, tally)
        theirs_first = play_deal(seed, (1, 3), args.opponent, simulations, args.think, tally)
        ours = [ours_first[s] for s in OURS_NS] + [theirs_first[s] for s in (1, 3)]
        theirs = [ours_first[s] for s in (1, 3)] + [theirs_first[s] for s in OURS_NS]
        tally.differences.append(statistics.fmean(ours) - statistics.fmean(theirs))
        if (deal + 1) % 10 == 0:
            mean, half = tally.interval()
            print(f"  {deal + 1} deals: strong − {args.opponent} {mean:+.2f} ± {half:.2f} points per hand",
                  flush=True)
    mean, half = tally.interval()
    print(f"strong bot − {args.opponent}: {mean:+.2f} ± {half:.2f} Hearts points per hand and seat "
          f"(95%, {args.deals} duplicate deals; lower is better for the strong bot)")
    print(f"CPU per decision: strong {tally.ours.per_decision * 1000:.1f} ms ({tally.ours.decisions} decisions), "
          f"{args.opponent} {tally.theirs.per_decision * 1000:.1f} ms ({tally.theirs.decisions} decisions, "
          f"{simulations} simulations)")


if __name__ == "__main__":
    main()
