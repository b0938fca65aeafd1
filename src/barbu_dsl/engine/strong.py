"""The strong bot: every decision by simulation (perfect-information Monte Carlo).

* **Play.**  The bot draws deals of the cards it cannot see that fit all
  it knows (:mod:`.sampling`: its own cards, the cards played, the voids
  and other facts the play has shown, the domino passes).  It finishes the
  hand from each deal after each of its legal moves with fast playouts
  (:mod:`.playouts`), every seat playing the playouts' policy, and plays
  the move with the best average result.  The result it counts is its own
  score from play plus what the hand's doubles settle for it (RULES.md
  section 2, settling the doubles), in the direction of the game's aim.
* **Contract choice.**  For each contract it may choose, the bot deals
  the other hands at random many times and plays them out, with the trump
  suit or starting rank it would name; it chooses the contract where its
  hand does best against what that contract gives a declarer on average
  (every contract of its list has to be played once, so a contract is worth
  choosing when this hand suits it better than an average hand would).
  The trump suit and the domino starting rank are chosen the same way among
  the suits and its four likeliest ranks.
* **Doubling.**  The bot plays the announced hand out from random deals of
  the other hands and doubles a player when it expects to beat them by a
  margin (a larger one against the declarer, who chose the contract for
  their hand); as declarer it redoubles a doubler it expects to beat.  Like
  the rule-based bot it keeps the advisory minimum of doubles against each
  declarer when the declarer's series is running out.

Budget.  Every decision does a fixed amount of work, never timed by a
clock, so a seed gives the same game on any machine: the numbers below are
calibrated so that a decision takes under 50 ms on average on one core of
the project's machines (``benchmarks/bots_strength.py`` measures it), and
``think`` multiplies them.  All randomness comes from the bot's seeded
generator, except the average declarer's result per contract, worked out
once per spec with a fixed seed of its own.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from .. import cards as C
from ..compiled import cards_of, mask_of, value_sum
from ..language import model as m
from .base import Hand
from .bots import BOTS, Bot, ContractView, DoubleView, HandView, RuleBot, best_start_rank, best_trump, start_rank_order
from .deal import deal
from .hand import start_hand
from .playouts import Playouts, playouts_for
from .sampling import Knowledge, draw, fresh_knowledge, knowledge

PLAY_PLAYOUTS = 320
"""Playouts for one move decision, shared out among the legal moves."""
MIN_DEALS = 8
"""Deals per legal move at the least, however many moves there are."""
CONTRACT_DEALS = 32
"""Deals played out for each contract (and each trump suit or starting rank) weighed."""
DOUBLE_DEALS = 64
"""Deals played out to decide the doubles."""
BASELINE_DEALS = 200
"""Deals behind a contract's average declarer result (once per spec)."""
START_RANKS = 4
"""Domino starting ranks weighed: the likeliest by the hand's shape."""

DOUBLE_DECLARER_MARGIN = 0.10
"""Double the declarer when expecting to beat them by this share of the contract's total."""
DOUBLE_OTHER_MARGIN = 0.06
"""Double another player when expecting to beat them by this share."""
REDOUBLE_MARGIN = 0.04
"""Redouble a doubler when expecting to beat them by this share."""

DECISIONS = frozenset({"play", "contract", "double"})
"""The decisions the bot makes by simulation (all, unless told otherwise)."""

Announced = tuple[int | None, int | None]  # the trump suit and the domino starting rank


def _sign(aim: m.Aim) -> int:
    return 1 if aim == "highest" else -1


def _guess(rules: m.Rules, cards: Sequence[int]) -> Announced:
    """The trump suit and starting rank a declarer holding ``cards`` names
    at first sight (the rule-based bot's choice), where the contract asks."""
    play = rules.play
    trump = start = None
    if isinstance(play, m.TrickPlay) and play.trumps is not None and play.trumps.suit is None:
        trump = best_trump(cards)
    if isinstance(play, m.DominoPlay) and play.start == "chosen":
        start = best_start_rank(cards, play.aces_low)
    return trump, start


def _fresh_hand(spec: m.Spec, rules: m.Rules, hands: list[int], declarer: int, announced: Announced) -> Hand:
    trump, start = announced
    return start_hand(rules, [cards_of(h) for h in hands], declarer, trump=trump, start_rank=start,
                      first_lead=spec.game.first_lead)


@lru_cache(maxsize=256)
def declarer_average(spec: m.Spec, contract: m.Contract, players: int) -> float:
    """What a declarer scores on average in ``contract`` (towards the
    game's aim), naming trumps or the starting rank by the shape of their
    hand, every seat playing the playouts' policy.  Seeded by the contract
    alone, so every bot and every game agrees on it."""
    rules = contract.rules_for(players)
    sign = _sign(spec.game.aim)
    rng = random.Random(f"declarer average/{contract.name}/{players}")
    total = 0.0
    runners = _Runners(spec.game.aim)
    for k in range(BASELINE_DEALS):
        cards = [mask_of(h) for h in deal(spec, players, f"declarer average/{k}")]
        hand = _fresh_hand(spec, rules, cards, 0, _guess(rules, cards_of(cards[0])))
        total += sign * runners.run(hand, cards, None, rng)[0]
    return total / BASELINE_DEALS


class _Runners:
    """The playouts of each table met, made once."""

    def __init__(self, aim: m.Aim):
        self.aim = aim
        self._made: dict[int, tuple[object, Playouts]] = {}

    def get(self, hand: Hand) -> Playouts:
        table = hand.table  # type: ignore[attr-defined]
        made = self._made.get(id(table))
        if made is None or made[0] is not table:
            made = self._made[id(table)] = (table, playouts_for(table, self.aim))
        return made[1]

    def run(self, hand: Hand, hands: list[int], first: int | None, rng: random.Random) -> list[int]:
        """Finish ``hand`` from its position with ``hands`` (a copy is used up)."""
        return self.get(hand).run(hand.position(), list(hands), first, rng.random)  # type: ignore[attr-defined]


class StrongBot(Bot):
    """Decides by simulation (see the module docstring).  ``think``
    multiplies the work of every decision; ``decisions`` names those made
    by simulation, the others being the rule-based bot's (for measuring
    what each kind of decision gains)."""

    name = "strong"
    thinks = True

    def __init__(self, seed: int | str = 0, think: float = 1.0, decisions: frozenset[str] = DECISIONS):
        super().__init__(seed)
        if think <= 0:
            raise ValueError("think must be above zero")
        self.think = think
        self.decisions = decisions
        self._rules = RuleBot(f"{seed}/rules")
        self._view: HandView | None = None
        self._runners = _Runners("highest")

    def state(self) -> Any:
        return {"rng": super().state(), "rules": self._rules.state()}

    def restore(self, state: Any) -> None:
        super().restore(state["rng"])
        self._rules.restore(state["rules"])

    def _work(self, amount: int) -> int:
        return max(1, math.ceil(amount * self.think))

    # ---- play ---------------------------------------------------------------

    def begin_hand(self, view: HandView) -> None:
        self._view = view
        if view.spec.game.aim != self._runners.aim:
            self._runners = _Runners(view.spec.game.aim)
        self._rules.begin_hand(view)

    def _weights(self, seat: int, players: int) -> list[float]:
        """The bot's result as a weighted sum of the raw scores: its own
        score, plus for each double between it and another player the gap
        between their scores (RULES.md section 2, settling the doubles),
        signed towards the aim."""
        view = self._view
        weights = [0.0] * players
        weights[seat] = 1.0
        sign = 1
        if view is not None and view.seat == seat:
            sign = _sign(view.spec.game.aim)
            for doubler, doubled in view.doubles:
                if seat in (doubler, doubled):
                    other = doubled if doubler == seat else doubler
                    weights[seat] += 1
                    weights[other] -= 1
        return [sign * w for w in weights]

    def analyse_move(self, hand: Hand, seat: int) -> list[tuple[int, float]]:
        """Each legal move of ``seat`` with its average result, best first
        (ties in card order).  A single legal move is not weighed (0.0)."""
        legal = hand.legal_moves()
        if len(legal) == 1:
            return [(legal[0], 0.0)]
        known = knowledge(hand, seat)
        pos = hand.position()  # type: ignore[attr-defined]
        runner = self._runners.get(hand)
        weights = self._weights(seat, hand.players)
        deals = max(self._work(MIN_DEALS), math.ceil(self._work(PLAY_PLAYOUTS) / len(legal)))
        totals = [0.0] * len(legal)
        rng = self.rng
        for _ in range(deals):
            dealt = draw(known, rng)
            for index, move in enumerate(legal):
                raw = runner.run(pos, list(dealt), move, rng.random)
                totals[index] += sum(w * r for w, r in zip(weights, raw) if w)
        ranked = sorted(range(len(legal)), key=lambda i: -totals[i])
        return [(legal[i], totals[i] / deals) for i in ranked]

    def choose_move(self, hand: Hand, seat: int) -> int:
        if "play" not in self.decisions:
            return self._rules.choose_move(hand, seat)
        return self.analyse_move(hand, seat)[0][0]

    # ---- before play --------------------------------------------------------

    def _simulate(self, spec: m.Spec, rules: m.Rules, known: Knowledge, declarer: int,
                  choices: Sequence[Announced], deals: int) -> list[list[list[int]]]:
        """The raw scores of ``deals`` random deals fitting ``known``, played
        out from the start with each announcement of ``choices``: per
        choice, per deal."""
        results: list[list[list[int]]] = [[] for _ in choices]
        runners = self._runners if self._runners.aim == spec.game.aim else _Runners(spec.game.aim)
        for _ in range(deals):
            dealt = draw(known, self.rng)
            for index, announced in enumerate(choices):
                hand = _fresh_hand(spec, rules, dealt, declarer, announced)
                results[index].append(runners.run(hand, dealt, None, self.rng))
        return results

    def _mean_score(self, spec: m.Spec, scores: list[list[int]], seat: int) -> float:
        return _sign(spec.game.aim) * sum(raw[seat] for raw in scores) / len(scores)

    def analyse_contracts(self, view: ContractView) -> list[tuple[m.Contract, float]]:
        """Each contract the chooser may choose with how much better than
        an average declarer's result this hand should do in it, best first."""
        known = fresh_knowledge(view.seat, mask_of(view.cards), mask_of(view.deck), view.players)
        valued = []
        for contract in view.options:
            rules = contract.rules_for(view.players)
            scores = self._simulate(view.spec, rules, known, view.seat, [_guess(rules, view.cards)],
                                    self._work(CONTRACT_DEALS))[0]
            mean = self._mean_score(view.spec, scores, view.seat)
            valued.append((contract, mean - declarer_average(view.spec, contract, view.players)))
        return sorted(valued, key=lambda item: -item[1])

    def choose_contract(self, view: ContractView) -> m.Contract:
        if "contract" not in self.decisions or len(view.options) == 1:
            return self._rules.choose_contract(view)
        return self.analyse_contracts(view)[0][0]

    def _announcements(self, view: ContractView, contract: m.Contract,
                       choices: Sequence[Announced]) -> list[tuple[Announced, float]]:
        known = fresh_knowledge(view.seat, mask_of(view.cards), mask_of(view.deck), view.players)
        rules = contract.rules_for(view.players)
        results = self._simulate(view.spec, rules, known, view.seat, choices, self._work(CONTRACT_DEALS))
        valued = [(choice, self._mean_score(view.spec, scores, view.seat)) for choice, scores in zip(choices, results)]
        return sorted(valued, key=lambda item: -item[1])

    def analyse_trumps(self, view: ContractView, contract: m.Contract) -> list[tuple[int, float]]:
        """Each suit with the average result of naming it trumps, best first."""
        valued = self._announcements(view, contract, [(suit, None) for suit in C.SUITS])
        return [(choice[0], value) for choice, value in valued if choice[0] is not None]

    def choose_trump(self, view: ContractView, contract: m.Contract) -> int:
        if "contract" not in self.decisions:
            return self._rules.choose_trump(view, contract)
        return self.analyse_trumps(view, contract)[0][0]

    def analyse_start_ranks(self, view: ContractView, contract: m.Contract) -> list[tuple[int, float]]:
        """The likeliest starting ranks with the average result of naming each, best first."""
        rules = contract.rules_for(view.players)
        aces_low = isinstance(rules.play, m.DominoPlay) and rules.play.aces_low
        ranks = start_rank_order(view.cards, aces_low)[:START_RANKS]
        valued = self._announcements(view, contract, [(None, rank) for rank in ranks])
        return [(choice[1], value) for choice, value in valued if choice[1] is not None]

    def choose_start_rank(self, view: ContractView, contract: m.Contract) -> int:
        if "contract" not in self.decisions:
            return self._rules.choose_start_rank(view, contract)
        return self.analyse_start_ranks(view, contract)[0][0]

    # ---- doubling -----------------------------------------------------------

    def analyse_doubles(self, view: DoubleView) -> list[tuple[int, float]]:
        """Each seat this player may double with the points by which it
        expects to beat that seat in the hand (towards the aim), best first."""
        hand = view.hand
        known = fresh_knowledge(hand.seat, mask_of(hand.cards), mask_of(hand.deck), hand.players)
        scores = self._simulate(hand.spec, hand.rules, known, hand.declarer, [(hand.trump, hand.start_rank)],
                                self._work(DOUBLE_DEALS))[0]
        sign = _sign(hand.spec.game.aim)
        gaps = [(seat, sign * sum(raw[hand.seat] - raw[seat] for raw in scores) / len(scores))
                for seat in view.targets]
        return sorted(gaps, key=lambda item: -item[1])

    def choose_doubles(self, view: DoubleView) -> list[int]:
        if "double" not in self.decisions or not view.targets:
            return self._rules.choose_doubles(view)
        hand = view.hand
        scale = abs(value_sum(hand.rules, hand.players, hand.deck, hand.trump)) or 1
        gaps = dict(self.analyse_doubles(view))
        if hand.seat == hand.declarer:
            if view.cover_all:
                mean = sum(gaps.values()) / len(gaps)
                return list(view.targets) if mean > REDOUBLE_MARGIN * scale else []
            return sorted(seat for seat, gap in gaps.items() if gap > REDOUBLE_MARGIN * scale)
        chosen = {seat for seat, gap in gaps.items()
                  if gap > (DOUBLE_DECLARER_MARGIN if seat == hand.declarer else DOUBLE_OTHER_MARGIN) * scale}
        needed = view.minimum - view.made
        if hand.declarer in view.targets and 0 < needed and view.series_left < needed:
            chosen.add(hand.declarer)  # the advisory minimum, while the series still allows it
        return sorted(chosen)


BOTS["strong"] = StrongBot
