"""The strong bot: every decision by simulation (perfect-information Monte Carlo).

* **Play.**  The bot draws deals of the cards it cannot see that fit all
  it knows (:mod:`.sampling`: its own cards, the cards played, the voids
  and other facts the play has shown, the domino passes).  It finishes the
  hand from each deal after each of its legal moves with fast playouts
  (:mod:`.playouts`), every seat playing the playouts' policy, and plays
  the move with the best average result.  The result it counts is its own
  score from play plus what the hand's doubles settle for it (docs/rules.md
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

Search.  With numba installed (the ``fast`` extra) the deals and
playouts of a decision run compiled, in one call
(:mod:`.compiled_playouts`); without it they run in Python
(:mod:`.playouts`, :mod:`.sampling`).  Both draw the same random numbers
and give the same results for the same work; numba is compiled (or loaded
from its cache) when the bot first searches.

Budget.  Every decision does a fixed amount of work, never timed by a
clock, so a seed gives the same game on any machine with the same search:
the numbers below are calibrated so that a decision of the Python search
takes under 50 ms on average on one core of the project's machines
(``benchmarks/bots_strength.py`` measures it), the compiled search does
:data:`COMPILED_WORK` times as much in about the same time (unless told to
do the Python search's work, as the lab's studies do: then it plays the
same game, faster), and ``think`` multiplies both.  All randomness comes from the bot's seeded generator,
except the average declarer's result per contract, worked out once per
spec with a fixed seed of its own (and kept in the user's cache
directory).
"""

from __future__ import annotations

import hashlib
import importlib.util
import math
import os
import random
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal

from .. import cards as C
from ..compiled import DominoTable, TrickTable, cards_of, mask_of, value_sum
from ..language import model as m
from ..limits import THINK
from .bots import Bot, RuleBot, named_at_first_sight, start_rank_order
from .deal import deal
from .domino import DominoHand
from .hand import first_leader, start_hand
from .playouts import Playouts, playouts_for
from .sampling import Knowledge, draw, fresh_knowledge, knowledge, with_passed
from .tricks import TrickHand
from .views import SeatView

if TYPE_CHECKING:
    from .compiled_playouts import Search

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

COMPILED_WORK = 16
"""The compiled search's work per decision, in times the Python search's:
about the same CPU time (``benchmarks/search_speed.py`` measures the ratio)."""

DECISIONS = frozenset({"play", "contract", "double"})
"""The decisions the bot makes by simulation (all, unless told otherwise)."""

Announced = tuple[int | None, int | None]  # the trump suit and the domino starting rank

SearchKind = Literal["python", "compiled"]
SEARCHES: tuple[SearchKind, ...] = ("python", "compiled")
ENV_SEARCH = "BARBU_SEARCH"
"""The environment variable that chooses the search (``python`` or
``compiled``) of strong bots not told which; by default the compiled one
when numba is installed."""


def default_search() -> SearchKind:
    """The search a strong bot uses when not told (see :data:`ENV_SEARCH`)."""
    chosen = os.environ.get(ENV_SEARCH, "")
    if chosen == "python":
        return "python"
    if chosen == "compiled" or importlib.util.find_spec("numba") is not None:
        return "compiled"
    return "python"


def _compiled_search(aim: m.Aim) -> Search:
    """The compiled search (numba is imported, and its code compiled or loaded, on first use)."""
    from .compiled_playouts import Search

    return Search(aim)


def _sign(aim: m.Aim) -> int:
    return 1 if aim == "highest" else -1


def _guess(rules: m.Rules, cards: Sequence[int]) -> Announced:
    """The trump suit and starting rank a declarer holding ``cards`` names
    at first sight (the rule-based bot's choice), where the contract asks."""
    return named_at_first_sight(rules.play, cards)


def _fresh_hand(spec: m.Spec, rules: m.Rules, hands: list[int], declarer: int,
                announced: Announced, widow: int = 0) -> TrickHand | DominoHand:
    """A hand of ``rules`` from its start; ``widow``: the cards the first
    trick's taker takes with it (docs/rules.md section 6)."""
    trump, start = announced
    hand = start_hand(rules, [cards_of(h) for h in hands], declarer, trump=trump, start_rank=start,
                      first_lead=spec.game.first_lead, widow=cards_of(widow))
    assert isinstance(hand, TrickHand | DominoHand)
    return hand


def _takes_widow(spec: m.Spec, rules: m.Rules) -> bool:
    """Whether a hand of ``rules`` gives the cards dealt to no seat to the
    taker of its first trick (``leftover: widow to first trick``; a domino
    plays without them)."""
    return spec.leftover == "widow to first trick" and isinstance(rules.play, m.TrickPlay)


@lru_cache(maxsize=256)
def declarer_average(spec: m.Spec, contract: m.Contract, players: int) -> float:
    """What a declarer scores on average in ``contract`` (towards the
    game's aim), naming trumps or the starting rank by the shape of their
    hand, every seat playing the playouts' policy.  Seeded by the contract
    alone, so every bot and every game agrees on it; kept in the user's
    cache directory (:mod:`barbu_dsl.cache`) under the spec, the contract
    and the code, since it takes a few hundred playouts."""
    from .. import cache

    key = f"{cache.code_fingerprint()}\0{spec!r}\0{contract.name}\0{players}"
    path = cache.cache_root() / "declarer-averages" / f"{hashlib.sha256(key.encode()).hexdigest()}.txt"
    kept = cache.read_entry(path, key)
    if kept is not None:
        try:
            return float(kept.decode("ascii"))
        except ValueError:
            pass
    average = _declarer_average(spec, contract, players)
    cache.write_entry(path, key, repr(average).encode("ascii"))
    return average


def _declarer_average(spec: m.Spec, contract: m.Contract, players: int) -> float:
    rules = contract.rules_for(players)
    sign = _sign(spec.game.aim)
    rng = random.Random(f"declarer average/{contract.name}/{players}")
    deals = [[mask_of(h) for h in deal(spec, players, f"declarer average/{k}")] for k in range(BASELINE_DEALS)]
    deck = mask_of(spec.deck_for(players))
    widows = [deck & ~sum(cards) if _takes_widow(spec, rules) else 0 for cards in deals]
    hands = [_fresh_hand(spec, rules, cards, 0, _guess(rules, cards_of(cards[0])), widow)
             for cards, widow in zip(deals, widows, strict=True)]
    scores = None
    if default_search() == "compiled" and not any(widows):  # the compiled search deals no widow
        index: dict[int, int] = {}
        tables: list[TrickTable | DominoTable] = []
        for hand in hands:
            if id(hand.table) not in index:
                index[id(hand.table)] = len(tables)
                tables.append(hand.table)
        scores = _compiled_search(spec.game.aim).dealt_scores(
            tables, [index[id(hand.table)] for hand in hands], [_default_leader(spec, rules, players, 0)] * len(tables),
            hands[0].position().after, deals, rng)
    if scores is None:
        runners = _Runners(spec.game.aim)
        scores = [runners.run(hand, cards, None, rng, widow)
                  for hand, cards, widow in zip(hands, deals, widows, strict=True)]
    return sum(sign * raw[0] for raw in scores) / BASELINE_DEALS


def _default_leader(spec: m.Spec, rules: m.Rules, players: int, declarer: int) -> int:
    """The seat that moves first in a fresh hand when no opening card says otherwise."""
    nobody: list[list[int]] = [[] for _ in range(players)]
    return first_leader(rules, nobody, declarer, spec.game.first_lead)


class _Runners:
    """The playouts of each table met, made once."""

    def __init__(self, aim: m.Aim):
        self.aim = aim
        self._made: dict[int, tuple[object, Playouts]] = {}

    def get(self, table: TrickTable | DominoTable) -> Playouts:
        """The playouts of ``table`` (a hand's compiled rules)."""
        made = self._made.get(id(table))
        if made is None or made[0] is not table:
            made = self._made[id(table)] = (table, playouts_for(table, self.aim))
        return made[1]

    def run(self, hand: TrickHand | DominoHand, hands: list[int], first: int | None, rng: random.Random,
            widow: int = 0) -> list[int]:
        """Finish ``hand`` from its position with ``hands`` (a copy is used
        up); ``widow``: the cards its first trick's taker takes too."""
        runner = self.get(hand.table)
        if widow:
            return runner.run(hand.position(), list(hands), first, rng.random, widow=widow)  # type: ignore[arg-type,call-arg]
        return runner.run(hand.position(), list(hands), first, rng.random)  # type: ignore[arg-type]


class StrongBot(Bot):
    """Decides by simulation (see the module docstring).  ``think``
    multiplies the work of every decision; ``decisions`` names those made
    by simulation, the others being the rule-based bot's (for measuring
    what each kind of decision gains); ``search`` is ``python`` or
    ``compiled`` (None: :func:`default_search`); ``reference_work``: the
    Python search's work whatever the search, so that the bot plays the
    same game with numba or without, the compiled one many times faster
    (the lab's studies)."""

    name = "strong"
    thinks = True

    def __init__(self, seed: int | str = 0, think: float = 1.0, decisions: frozenset[str] = DECISIONS,
                 search: SearchKind | None = None, reference_work: bool = False):
        super().__init__(seed)
        if not 0 < think <= THINK:
            raise ValueError(f"think must be above zero and at most {THINK:g}")
        if search is not None and search not in SEARCHES:
            raise ValueError(f"search must be one of {', '.join(SEARCHES)}")
        self.think = think
        self.decisions = decisions
        self.search: SearchKind = search or default_search()
        self._scale = COMPILED_WORK if self.search == "compiled" and not reference_work else 1
        self._rules = RuleBot(f"{seed}/rules")
        self._runners = _Runners("highest")
        self._compiled: Search | None = None

    def state(self) -> Any:
        return {"rng": super().state(), "rules": self._rules.state()}

    def restore(self, state: Any) -> None:
        super().restore(state["rng"])
        self._rules.restore(state["rules"])

    def _work(self, amount: int) -> int:
        return max(1, math.ceil(amount * self.think * self._scale))

    def _runners_for(self, aim: m.Aim) -> _Runners:
        if self._runners.aim != aim:
            self._runners = _Runners(aim)
        return self._runners

    def _compiled_for(self, aim: m.Aim) -> Search | None:
        """The compiled search for ``aim``, or None when the bot searches in Python."""
        if self.search != "compiled":
            return None
        if self._compiled is None or self._compiled.aim != aim:
            self._compiled = _compiled_search(aim)
        return self._compiled

    # ---- play ---------------------------------------------------------------

    @staticmethod
    def _weights(view: SeatView) -> list[float]:
        """The bot's result as a weighted sum of the raw scores: its own
        score, plus for each double between it and another player the gap
        between their scores (docs/rules.md section 2, settling the doubles),
        signed towards the aim."""
        seat = view.seat
        weights = [0.0] * view.players
        weights[seat] = 1.0
        for doubler, doubled in view.doubles:
            if seat in (doubler, doubled):
                other = doubled if doubler == seat else doubler
                weights[seat] += 1
                weights[other] -= 1
        sign = _sign(view.spec.game.aim)
        return [sign * w for w in weights]

    def analyse_move(self, view: SeatView) -> list[tuple[int, float]]:
        """Each legal move of the seat with its average result, best first
        (ties in card order).  A single legal move is not weighed (0.0)."""
        legal = view.legal_moves()
        if len(legal) == 1:
            return [(legal[0], 0.0)]
        hand = view.public
        assert hand is not None
        receiver = view.passing.receiver(view.seat) if view.passing is not None else None
        known = with_passed(knowledge(hand, view.seat, view.mine, view.unseen), receiver, view.given)
        pos = hand.position()
        runner = self._runners_for(view.spec.game.aim).get(hand.table)
        weights = self._weights(view)
        deals = max(self._work(MIN_DEALS), math.ceil(self._work(PLAY_PLAYOUTS) / len(legal)))
        rng = self.rng
        # A widow the first trick is still to take holds the unseen cards no seat is imagined to hold.
        widow_left = (not hand.is_domino and view.spec.leftover == "widow to first trick"
                      and not pos.winners)  # type: ignore[union-attr]
        compiled = self._compiled_for(view.spec.game.aim)
        totals = None
        if compiled is not None:
            totals = compiled.move_totals(hand.table, pos, legal, weights, deals, known, widow_left, rng)
        if totals is None:
            totals = [0.0] * len(legal)
            for _ in range(deals):
                dealt = draw(known, rng)
                widow = (known.unseen & ~sum(dealt[s] for s in range(view.players) if s != view.seat)
                         if widow_left else 0)
                for index, move in enumerate(legal):
                    raw = (runner.run(pos, list(dealt), move, rng.random, widow=widow)  # type: ignore[arg-type,call-arg]
                           if widow else runner.run(pos, list(dealt), move, rng.random))  # type: ignore[arg-type]
                    totals[index] += sum(w * r for w, r in zip(weights, raw, strict=True) if w)
        ranked = sorted(range(len(legal)), key=lambda i: -totals[i])
        return [(legal[i], totals[i] / deals) for i in ranked]

    def choose_move(self, view: SeatView) -> int:
        if "play" not in self.decisions:
            return self._rules.choose_move(view)
        return self.analyse_move(view)[0][0]

    # ---- before play --------------------------------------------------------

    def _simulate(self, spec: m.Spec, rules: m.Rules, known: Knowledge, declarer: int,
                  choices: Sequence[Announced], deals: int) -> list[list[list[int]]]:
        """The raw scores of ``deals`` random deals fitting ``known``, played
        out from the start with each announcement of ``choices``: per
        choice, per deal."""
        compiled = self._compiled_for(spec.game.aim)
        if compiled is not None:
            found = self._compiled_simulate(compiled, spec, rules, known, declarer, choices, deals)
            if found is not None:
                return found
        results: list[list[list[int]]] = [[] for _ in choices]
        runners = self._runners_for(spec.game.aim)
        takes_widow = _takes_widow(spec, rules)
        for _ in range(deals):
            dealt = draw(known, self.rng)
            # A widow the first trick takes holds the unseen cards no other seat is imagined to hold.
            widow = known.unseen & ~sum(dealt[s] for s in range(len(dealt)) if s != known.seat) if takes_widow else 0
            for index, announced in enumerate(choices):
                hand = _fresh_hand(spec, rules, dealt, declarer, announced, widow)
                results[index].append(runners.run(hand, dealt, None, self.rng, widow))
        return results

    def _compiled_simulate(self, compiled: Search, spec: m.Spec, rules: m.Rules, known: Knowledge, declarer: int,
                           choices: Sequence[Announced], deals: int) -> list[list[list[int]]] | None:
        """:meth:`_simulate` compiled, when every deal is of the same cards
        (no part-seen hand, no widow among the unseen cards); else None."""
        others = [s for s in range(len(known.counts)) if s != known.seat]
        cards = cards_of(known.unseen)
        if known.mine.bit_count() != known.counts[known.seat] or len(cards) != sum(known.counts[s] for s in others):
            compiled.declined += 1
            return None
        sample = [0] * len(known.counts)  # any deal of these cards: the hands' tables are the same for all
        sample[known.seat] = known.mine
        at = 0
        for s in others:
            sample[s] = mask_of(cards[at:at + known.counts[s]])
            at += known.counts[s]
        hands = [_fresh_hand(spec, rules, sample, declarer, announced) for announced in choices]
        leader = _default_leader(spec, rules, len(sample), declarer)
        return compiled.fresh_scores([hand.table for hand in hands], [leader] * len(hands),
                                     hands[0].position().after, deals, known, self.rng)

    def _mean_score(self, spec: m.Spec, scores: list[list[int]], seat: int) -> float:
        return _sign(spec.game.aim) * sum(raw[seat] for raw in scores) / len(scores)

    @staticmethod
    def _known(view: SeatView) -> Knowledge:
        """What the seat knows before any card is played: its own cards, and
        where the cards it passed went."""
        receiver = view.passing.receiver(view.seat) if view.passing is not None and view.received is not None \
            else None
        discarded = mask_of(view.given) if view.passing is not None and view.passing.discarding else 0
        known = fresh_knowledge(view.seat, mask_of(view.cards), mask_of(view.deck) & ~discarded, view.players)
        return with_passed(known, receiver, view.given)

    def analyse_contracts(self, view: SeatView) -> list[tuple[m.Contract, float]]:
        """Each contract the chooser may choose with how much better than
        an average declarer's result this hand should do in it, best first."""
        known = self._known(view)
        valued = []
        for contract in view.contract_options:
            rules = contract.rules_for(view.players)
            scores = self._simulate(view.spec, rules, known, view.seat, [_guess(rules, view.cards)],
                                    self._work(CONTRACT_DEALS))[0]
            mean = self._mean_score(view.spec, scores, view.seat)
            valued.append((contract, mean - declarer_average(view.spec, contract, view.players)))
        return sorted(valued, key=lambda item: -item[1])

    def choose_contract(self, view: SeatView) -> m.Contract:
        if "contract" not in self.decisions or len(view.contract_options) == 1:
            return self._rules.choose_contract(view)
        return self.analyse_contracts(view)[0][0]

    def _announcements(self, view: SeatView, choices: Sequence[Announced]) -> list[tuple[Announced, float]]:
        results = self._simulate(view.spec, view.rules, self._known(view), view.seat, choices,
                                 self._work(CONTRACT_DEALS))
        valued = [(choice, self._mean_score(view.spec, scores, view.seat))
                  for choice, scores in zip(choices, results, strict=True)]
        return sorted(valued, key=lambda item: -item[1])

    def analyse_trumps(self, view: SeatView) -> list[tuple[int, float]]:
        """Each suit with the average result of naming it trumps for
        ``view.contract``, best first."""
        valued = self._announcements(view, [(suit, None) for suit in C.SUITS])
        return [(choice[0], value) for choice, value in valued if choice[0] is not None]

    def choose_trump(self, view: SeatView) -> int:
        if "contract" not in self.decisions:
            return self._rules.choose_trump(view)
        return self.analyse_trumps(view)[0][0]

    def analyse_start_ranks(self, view: SeatView) -> list[tuple[int, float]]:
        """The likeliest starting ranks for ``view.contract`` with the
        average result of naming each, best first."""
        play = view.rules.play
        aces_low = isinstance(play, m.DominoPlay) and play.aces_low
        ranks = start_rank_order(view.cards, aces_low)[:START_RANKS]
        valued = self._announcements(view, [(None, rank) for rank in ranks])
        return [(choice[1], value) for choice, value in valued if choice[1] is not None]

    def choose_start_rank(self, view: SeatView) -> int:
        if "contract" not in self.decisions:
            return self._rules.choose_start_rank(view)
        return self.analyse_start_ranks(view)[0][0]

    # ---- doubling -----------------------------------------------------------

    def analyse_doubles(self, view: SeatView) -> list[tuple[int, float]]:
        """Each seat this player may double with the points by which it
        expects to beat that seat in the hand (towards the aim), best first."""
        offer = view.offer
        assert offer is not None
        scores = self._simulate(view.spec, view.rules, self._known(view), view.declarer,
                                [(view.trump, view.start_rank)], self._work(DOUBLE_DEALS))[0]
        sign = _sign(view.spec.game.aim)
        gaps = [(seat, sign * sum(raw[view.seat] - raw[seat] for raw in scores) / len(scores))
                for seat in offer.targets]
        return sorted(gaps, key=lambda item: -item[1])

    def choose_give(self, view: SeatView) -> int:
        """The rule-based bot's pass: the search does not yet weigh passes."""
        return self._rules.choose_give(view)

    def choose_doubles(self, view: SeatView) -> list[int]:
        offer = view.offer
        if "double" not in self.decisions or offer is None or not offer.targets:
            return self._rules.choose_doubles(view)
        scale = abs(value_sum(view.rules, view.players, view.deck, view.trump)) or 1
        gaps = dict(self.analyse_doubles(view))
        if view.seat == view.declarer and offer.redouble:
            if offer.cover_all:
                mean = sum(gaps.values()) / len(gaps)
                return list(offer.targets) if mean > REDOUBLE_MARGIN * scale else []
            return sorted(seat for seat, gap in gaps.items() if gap > REDOUBLE_MARGIN * scale)
        chosen = {seat for seat, gap in gaps.items()
                  if gap > (DOUBLE_DECLARER_MARGIN if seat == view.declarer else DOUBLE_OTHER_MARGIN) * scale}
        needed = offer.minimum - offer.made
        if view.declarer in offer.targets and needed > 0 and offer.series_left < needed:
            chosen.add(view.declarer)  # the advisory minimum, while the series still allows it
        return sorted(chosen)


__all__ = ["StrongBot", "declarer_average"]
