"""Computer players for whole games: a random bot and a rule-based bot.

A bot answers the questions a game (:mod:`.game`) asks a player: which
contract to choose, which trump suit or domino starting rank to name, whom
to double, and which move to make.  Each question comes with a *view* that
holds what that player may know (their own cards and the announcements); a
move is asked with the engine's hand state, of which the bots read only
their own cards and what has been played in public.  Every answer is legal:
moves come from ``hand.legal_moves()`` and doubles from the targets the
game offers.  Bots are seeded and never read any other source of chance,
so a game is reproducible.

* :class:`Proxy` — a seat that passes each question to another bot, for
  timing, recording or replaying its answers;
* :class:`RandomBot` — a uniformly random legal answer to every question.
* :class:`RuleBot` — plays by the kind of contract, read from the model
  (RULES.md sections 2 and 3), not from its name:

  - negative trick contracts (the taker loses points): duck with the highest
    card that still loses, dump the most expensive card when void, shed high
    cards while tricks are free (early tricks of No last two), avoid the
    scoring tricks;
  - positive trick contracts (Trumps, and the French twins that reward
    taking): cash sure winners, draw trumps, win cheaply, ruff when void;
    it names its longest, strongest suit as trump;
  - domino: play cards that open its own runs, hold cards that would open
    runs for the others (blocking), and names the rank its hand sits around;
  - it chooses the remaining contract its hand suits best, and doubles when
    its hand looks better than the declarer's for the contract; it keeps the
    advisory minimum of doubles against each declarer (RULES.md section 2)
    when the series is running out.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .. import cards as C
from ..compiled import (
    SUIT_MASKS,
    TrickTable,
    cards_of,
    domino_position,
    mask_of,
    placing_values,
    trick_table,
    value_sum,
)
from ..language import model as m
from .base import PASS, Hand
from .domino import DominoHand
from .tricks import TrickHand

Pair = tuple[int, int]

# --------------------------------------------------------------------------
# What a bot is shown.


@dataclass(frozen=True)
class ContractView:
    """A chooser's view before naming the contract: their cards and the
    contracts they may choose (RULES.md section 2: the declarer chooses;
    section 3: from the chooser's own list of contracts not yet played)."""

    spec: m.Spec
    players: int
    seat: int
    cards: tuple[int, ...]
    options: tuple[m.Contract, ...]
    deck: tuple[int, ...]


@dataclass(frozen=True)
class HandView:
    """A player's view once the contract (and trump or starting rank) is
    announced."""

    spec: m.Spec
    players: int
    seat: int
    declarer: int
    cards: tuple[int, ...]
    contract: m.Contract
    rules: m.Rules
    trump: int | None
    start_rank: int | None
    deck: tuple[int, ...]
    doubles: tuple[Pair, ...] = ()  # the hand's doubles, once the doubling round is over


@dataclass(frozen=True)
class DoubleView:
    """A player's one chance to double (RULES.md section 2, Doubling).

    ``targets`` are the seats this player may double now; with
    ``cover_all`` (variant 3, the declarer's redouble) the answer must be
    all of them or none.  ``made`` is how many doubles this player has made
    against the current declarer in the declarer's series so far,
    ``minimum`` the advisory number (never enforced), ``series_left`` the
    declarer's hands still to come after this one.
    """

    hand: HandView
    positive: bool
    targets: tuple[int, ...]
    cover_all: bool
    doubles: tuple[Pair, ...]
    made: int
    minimum: int
    series_left: int


class Bot:
    """The questions a game asks a player.  Subclasses answer them.

    ``thinks``: the bot takes a ``think`` factor, the work it puts into a
    decision.  ``interactive``: its answers come from a person, so it is
    made by the table that talks to them (:mod:`barbu_dsl.table`), not by
    :func:`make_bot`."""

    name = "bot"
    thinks = False
    interactive = False

    def __init__(self, seed: int | str = 0):
        self.rng = random.Random(seed)

    def choose_contract(self, view: ContractView) -> m.Contract:
        raise NotImplementedError

    def choose_trump(self, view: ContractView, contract: m.Contract) -> int:
        """The trump suit the chooser names for ``contract``."""
        raise NotImplementedError

    def choose_start_rank(self, view: ContractView, contract: m.Contract) -> int:
        """The domino starting rank the chooser names for ``contract``."""
        raise NotImplementedError

    def choose_doubles(self, view: DoubleView) -> Sequence[int]:
        """The seats, among ``view.targets``, this player doubles."""
        raise NotImplementedError

    def begin_hand(self, view: HandView) -> None:
        """Called for every seat once the hand's contract is announced."""

    def choose_move(self, hand: Hand, seat: int) -> int:
        """One of ``hand.legal_moves()`` for ``seat``, the seat to play."""
        raise NotImplementedError

    def state(self) -> Any:
        """What the bot's next answers depend on besides the game (its
        random generator), as JSON data, for saving a game."""
        version, internal, gauss = self.rng.getstate()
        return [version, list(internal), gauss]

    def restore(self, state: Any) -> None:
        """Take up a :meth:`state` again."""
        version, internal, gauss = state
        self.rng.setstate((version, tuple(internal), gauss))


class Proxy(Bot):
    """A seat whose questions go to another bot, ``inner``, each through
    :meth:`ask`: a subclass overrides it to time, record or replace the
    answers.  The question kinds: ``contract``, ``trump``, ``start_rank``,
    ``doubles``, ``move``."""

    def __init__(self, inner: Bot):
        self.inner = inner
        self.name = inner.name
        self.rng = inner.rng

    def ask(self, kind: str, question: Callable[..., Any], *args: Any) -> Any:
        """The answer to ``question(*args)``, a question of ``kind``."""
        return question(*args)

    def choose_contract(self, view: ContractView) -> m.Contract:
        return self.ask("contract", self.inner.choose_contract, view)

    def choose_trump(self, view: ContractView, contract: m.Contract) -> int:
        return self.ask("trump", self.inner.choose_trump, view, contract)

    def choose_start_rank(self, view: ContractView, contract: m.Contract) -> int:
        return self.ask("start_rank", self.inner.choose_start_rank, view, contract)

    def choose_doubles(self, view: DoubleView) -> Sequence[int]:
        return self.ask("doubles", self.inner.choose_doubles, view)

    def begin_hand(self, view: HandView) -> None:
        self.inner.begin_hand(view)

    def choose_move(self, hand: Hand, seat: int) -> int:
        return self.ask("move", self.inner.choose_move, hand, seat)

    def state(self) -> Any:
        return self.inner.state()

    def restore(self, state: Any) -> None:
        self.inner.restore(state)


class RandomBot(Bot):
    """A uniformly random legal answer to every question."""

    name = "random"

    def choose_contract(self, view: ContractView) -> m.Contract:
        return self.rng.choice(view.options)

    def choose_trump(self, view: ContractView, contract: m.Contract) -> int:
        return self.rng.choice(C.SUITS)

    def choose_start_rank(self, view: ContractView, contract: m.Contract) -> int:
        return self.rng.choice(C.RANKS)

    def choose_doubles(self, view: DoubleView) -> list[int]:
        if view.cover_all:
            return list(view.targets) if self.rng.random() < 0.5 else []
        return [seat for seat in view.targets if self.rng.random() < 1 / 3]

    def choose_move(self, hand: Hand, seat: int) -> int:
        return self.rng.choice(hand.legal_moves())


# --------------------------------------------------------------------------
# Hand outlook: how good a hand is for a contract, before play.

# Trick-taking weight of a card by its strength (2..14, inverted when 2 is high).
_TRICK_WEIGHT = {14: 1.0, 13: 0.75, 12: 0.5, 11: 0.3, 10: 0.15, 9: 0.05}


def _strength(card: int, inverted: bool) -> int:
    rank = C.rank_of(card)
    return 16 - rank if inverted else rank


def _suit_cards(cards: Sequence[int], suit: int) -> list[int]:
    return [c for c in cards if c // 13 == suit]


def best_trump(cards: Sequence[int]) -> int:
    """The suit a player names as trump: the longest, then the strongest."""
    return max(C.SUITS, key=lambda s: (len(_suit_cards(cards, s)),
                                       sum(C.rank_of(c) for c in _suit_cards(cards, s)), -s))


def _domino_quality(cards: Sequence[int], start: int, aces_low: bool) -> float:
    """How easily ``cards`` go out in domino from the rank ``start``: cards
    near the starting rank are played early, far ones wait for long runs."""
    origin = domino_position(C.card(start, C.CLUBS), aces_low)
    return sum(1.0 / (1 + abs(domino_position(c, aces_low) - origin)) for c in cards)


def start_rank_order(cards: Sequence[int], aces_low: bool = False) -> list[int]:
    """Every starting rank, best first for a domino declarer holding
    ``cards``: the ranks its hand sits around, preferring a rank it holds
    (the declarer moves first)."""
    def key(rank: int) -> tuple[bool, float, int]:
        holds = any(C.rank_of(c) == rank for c in cards)
        return holds, _domino_quality(cards, rank, aces_low), -rank
    return sorted(C.RANKS, key=key, reverse=True)


def best_start_rank(cards: Sequence[int], aces_low: bool = False) -> int:
    """The starting rank a domino declarer names (:func:`start_rank_order`)."""
    return start_rank_order(cards, aces_low)[0]


def _trick_strength(cards: Sequence[int], inverted: bool, trump: int | None) -> float:
    """Expected trick-taking power of ``cards`` (roughly: tricks taken)."""
    power = 0.0
    for c in cards:
        power += _TRICK_WEIGHT.get(_strength(c, inverted), 0.0)
    if trump is not None:
        trumps = _suit_cards(cards, trump)
        power += 0.45 * len(trumps)
        if len(trumps) >= 3:
            for suit in C.SUITS:
                if suit != trump:
                    power += 0.3 * max(0, 2 - len(_suit_cards(cards, suit)))
    return power


def _take_chance(card: int, cards: Sequence[int], players: int, inverted: bool) -> float:
    """How likely the holder of ``card`` is to take it in a trick."""
    below = sum(1 for c in _suit_cards(cards, card // 13) if _strength(c, inverted) < _strength(card, inverted))
    chance = 0.15 + 0.7 * (_strength(card, inverted) - 2) / 12 - 0.07 * below
    return min(0.95, max(1.0 / (2 * players), chance))


def expected_points(rules: m.Rules, cards: Sequence[int], players: int, deck: Sequence[int],
                    trump: int | None = None, start_rank: int | None = None) -> float:
    """A rough estimate of the points ``cards`` score in a hand of ``rules``
    (in the contract's own sign: a penalty is negative)."""
    deck = tuple(deck)
    play = rules.play
    if isinstance(play, m.DominoPlay):
        values = placing_values(rules.scoring, players)
        start = play.start if isinstance(play.start, int) else start_rank
        if start is None:
            start = best_start_rank(cards, play.aces_low)
        mine = _domino_quality(cards, start, play.aces_low)
        average = _domino_quality(deck, start, play.aces_low) / players
        spread = (values[0] - values[-1]) / 2
        mean = sum(values) / players
        guess = mean + (mine / average - 1) * spread
        return max(min(values), min(max(values), guess))
    if play.trumps is not None:
        trump = play.trumps.suit if play.trumps.suit is not None else (trump if trump is not None
                                                                        else best_trump(cards))
    table = trick_table(rules, players, tuple(sorted(deck)), trump)
    mine = _trick_strength(cards, table.inverted, table.trump)
    average = _trick_strength(deck, table.inverted, table.trump) / players
    share = min(1.0, mine / average / players) if average else 1 / players
    trick_points = table.per_trick * table.tricks + sum(table.trick_at) + sum(p.part.value for p in table.most)
    points = trick_points * share
    held = set(cards)
    for c in deck:
        value = table.values[c]
        if value:
            chance = _take_chance(c, cards, players, table.inverted) if c in held else share * 0.8
            points += value * chance
    return points


def advantage(view: ContractView | HandView, contract: m.Contract, trump: int | None = None,
              start_rank: int | None = None) -> float:
    """How much better than an average hand the player's cards should do
    in ``contract``, in points towards the game's aim."""
    rules = contract.rules_for(view.players)
    sign = 1 if view.spec.game.aim == "highest" else -1
    expected = expected_points(rules, view.cards, view.players, view.deck, trump, start_rank)
    total = value_sum(rules, view.players, view.deck, trump)
    return sign * (expected - total / view.players)


# --------------------------------------------------------------------------
# The rule-based bot.


@dataclass
class TrickPlan:
    """How taking cards and tricks feels in one hand, worked out once per
    hand: what the rule bot plays by, and the playouts' policy too."""

    table: TrickTable
    sign: int  # +1 when points are good (aim highest), -1 when bad
    positive: bool  # taking tricks is good in this contract
    bad: tuple[float, ...]  # per card: how much taking it hurts (<0: it helps)
    bad_mask: int  # the cards whose ``bad`` is above zero
    trick_bad: tuple[float, ...]  # per trick index: how much taking the trick hurts


def trick_plan(t: TrickTable, aim: m.Aim) -> TrickPlan:
    """The :class:`TrickPlan` of a hand of ``t`` in a game won by the ``aim`` total."""
    sign = 1 if aim == "highest" else -1
    cards = _popcount(t.deck)
    # Ravage City counts captured cards: treat each as a small penalty.
    most = sum(p.part.value for p in t.most) * t.players / cards if cards else 0
    bad = tuple(-sign * (t.values[c] + most) for c in range(52))
    trick_bad = tuple(-sign * (t.per_trick + at) for at in t.trick_at)
    total = sum(trick_bad) + sum(bad[c] for c in range(52) if t.deck >> c & 1)
    bad_mask = mask_of(c for c in range(52) if bad[c] > 0 and t.deck >> c & 1)
    return TrickPlan(t, sign, total < 0, bad, bad_mask, trick_bad)


def _popcount(mask: int) -> int:
    return mask.bit_count()


def _beats(t: TrickTable, card: int, win: int) -> bool:
    """Whether ``card`` would take the trick from ``win``."""
    if card // 13 == win // 13:
        return bool(t.weaker[card] >> win & 1)
    return t.trump is not None and card // 13 == t.trump


class RuleBot(Bot):
    """Plays sensibly for each kind of contract (see the module docstring)."""

    name = "rules"

    def __init__(self, seed: int | str = 0):
        super().__init__(seed)
        self._aim: m.Aim = "highest"
        self._plan: TrickPlan | None = None

    # ---- choices before play ---------------------------------------------

    def _outlook(self, view: ContractView, contract: m.Contract) -> float:
        rules = contract.rules_for(view.players)
        trump = start = None
        if isinstance(rules.play, m.TrickPlay) and rules.play.trumps is not None and rules.play.trumps.suit is None:
            trump = best_trump(view.cards)
        if isinstance(rules.play, m.DominoPlay) and rules.play.start == "chosen":
            start = best_start_rank(view.cards, rules.play.aces_low)
        return advantage(view, contract, trump, start)

    def choose_contract(self, view: ContractView) -> m.Contract:
        if len(view.options) == 1:
            return view.options[0]
        return max(view.options, key=lambda contract: self._outlook(view, contract))

    def choose_trump(self, view: ContractView, contract: m.Contract) -> int:
        return best_trump(view.cards)

    def choose_start_rank(self, view: ContractView, contract: m.Contract) -> int:
        rules = contract.rules_for(view.players)
        return best_start_rank(view.cards, isinstance(rules.play, m.DominoPlay) and rules.play.aces_low)

    def choose_doubles(self, view: DoubleView) -> list[int]:
        hand = view.hand
        if not view.targets:
            return []
        mine = advantage(hand, hand.contract, hand.trump, hand.start_rank)
        scale = abs(value_sum(hand.rules, hand.players, hand.deck, hand.trump)) or 1
        if hand.seat == hand.declarer:
            # A redouble: the declarer chose this contract for their hand.
            return list(view.targets) if mine > -0.05 * scale else []
        chosen = []
        needed = view.minimum - view.made
        # The declarer chose the contract, so expect them to do well; but keep
        # the advisory minimum while the series still allows it.
        keep_minimum = 0 < needed and view.series_left < needed
        if hand.declarer in view.targets and (mine > 0.12 * scale or keep_minimum):
            chosen.append(hand.declarer)
        if not view.positive and mine > 0.15 * scale:
            chosen.extend(seat for seat in view.targets if seat != hand.declarer)
        return sorted(chosen)

    # ---- play -------------------------------------------------------------

    def begin_hand(self, view: HandView) -> None:
        self._aim = view.spec.game.aim
        self._plan = None

    def choose_move(self, hand: Hand, seat: int) -> int:
        legal = hand.legal_moves()
        if len(legal) == 1:
            return legal[0]
        if isinstance(hand, DominoHand):
            return self._domino_move(hand, seat, legal)
        assert isinstance(hand, TrickHand)
        plan = self._plan
        if plan is None or plan.table is not hand.table:
            plan = self._plan = trick_plan(hand.table, self._aim)
        if plan.positive:
            return self._take_move(hand, seat, legal, plan)
        return self._duck_move(hand, seat, legal, plan)

    @staticmethod
    def _state(hand: TrickHand, seat: int) -> tuple[int, int, list[int], int]:
        mine = mask_of(hand.hand(seat))
        unseen = hand.table.deck & ~mask_of(hand.moves) & ~mine
        trick = hand.current_trick
        win = trick[0] if trick else -1
        for c in trick[1:]:
            if _beats(hand.table, c, win):
                win = c
        return mine, unseen, trick, win

    def _duck_move(self, hand: TrickHand, seat: int, legal: list[int], plan: TrickPlan) -> int:
        """Negative contracts: minimise the expected cost of the trick,
        minus the worth of getting rid of a dangerous card."""
        t = plan.table
        mine, unseen, trick, win = self._state(hand, seat)
        index = hand.tricks_played
        after = t.players - 1 - len(trick)
        trick_cost = plan.trick_bad[index] + sum(plan.bad[c] for c in trick)
        unseen_bad = [plan.bad[c] for c in cards_of(unseen & plan.bad_mask)]
        dump = max(unseen_bad) if unseen_bad else 0.0
        # How much a trick still costs on average from here: high cards are
        # dangerous in proportion.
        left = t.tricks - index
        held_bad = sum(plan.bad[c] for c in cards_of(mine & plan.bad_mask))
        future = (sum(plan.trick_bad[index:]) + sum(unseen_bad) + held_bad) / max(1, left)
        best, best_cost = legal[0], float("inf")
        for c in legal:
            suit = c // 13
            if trick and not _beats(t, c, win):
                chance = 0.0
            else:
                higher = _popcount(t.stronger[c] & unseen)
                if t.trump is not None and suit != t.trump:
                    higher += _popcount(unseen & SUIT_MASKS[t.trump]) // 2
                chance = 1.0 if after == 0 or higher == 0 else 1.0 / (1 + higher)
            cost = 0.0
            if chance:
                led = SUIT_MASKS[trick[0] // 13 if trick else suit]
                in_suit = _popcount(unseen & led)
                voids = max(0, after - in_suit)
                # Penalty cards still out in the suit, below c: a follower
                # gladly drops them under it.
                under = sum(plan.bad[q] for q in cards_of(unseen & led & t.weaker[c] & plan.bad_mask))
                caught = under * min(1.0, after / in_suit) if in_suit else 0.0
                cost = chance * (trick_cost + plan.bad[c] + voids * dump + caught)
            # The worth of being rid of c: its own penalty, and the tricks a
            # high card would take later.
            danger = max(0.0, plan.bad[c]) + future * _popcount(t.weaker[c] & unseen) / 8
            cost -= danger + 0.001 * _strength(c, t.inverted)  # ties: keep the low cards
            if cost < best_cost - 1e-9:
                best, best_cost = c, cost
        return best

    def _take_move(self, hand: TrickHand, seat: int, legal: list[int], plan: TrickPlan) -> int:
        """Positive contracts: win tricks cheaply, cash sure winners, ruff."""
        t = plan.table
        mine, unseen, trick, win = self._state(hand, seat)
        trump = t.trump
        trumps_out = _popcount(unseen & SUIT_MASKS[trump]) if trump is not None else 0

        def strength(c: int) -> int:
            return _strength(c, t.inverted) + (20 if c // 13 == trump else 0)

        def master(c: int) -> bool:
            if t.stronger[c] & unseen:
                return False
            return c // 13 == trump or trumps_out == 0 or _popcount(unseen & SUIT_MASKS[c // 13]) >= t.players - 1

        if not trick:
            if trump is not None and trumps_out:
                top_trumps = [c for c in legal if c // 13 == trump and master(c)]
                if top_trumps:
                    return max(top_trumps, key=strength)
            masters = [c for c in legal if master(c)]
            if masters:
                return max(masters, key=strength)
            side = [c for c in legal if c // 13 != trump] or legal
            lengths = {s: _popcount(mine & SUIT_MASKS[s]) for s in C.SUITS}
            if trump is not None and lengths[trump]:
                return min(side, key=lambda c: (lengths[c // 13], strength(c)))
            return min(side, key=lambda c: (-lengths[c // 13], strength(c)))
        winners = [c for c in legal if _beats(t, c, win)]
        last = len(trick) == t.players - 1
        if winners:
            cheap = min(winners, key=strength)
            if last:
                return cheap
            sure = [c for c in winners if master(c)]
            if sure:
                return min(sure, key=strength)
            top = max(winners, key=strength)
            if _popcount(t.stronger[top] & unseen) <= 1:
                return top
        # Cannot (or should not) win: throw the least useful card.
        lengths = {s: _popcount(mine & SUIT_MASKS[s]) for s in C.SUITS}
        return min(legal, key=lambda c: (master(c), c // 13 == trump, strength(c) > 11, lengths[c // 13],
                                          strength(c)))

    # ---- domino -----------------------------------------------------------

    def _domino_move(self, hand: DominoHand, seat: int, legal: list[int]) -> int:
        """Play what opens our own runs; hold what would open the others'."""
        t = hand.table
        mine = set(hand.hand(seat))
        if hand.start_rank is None:
            # Our first card sets the starting rank (RULES.md section 2, variant 7).
            rank = best_start_rank(list(mine), t.aces_low)
            return max((c for c in legal if C.rank_of(c) == rank),
                       key=lambda c: sum(1 for d in mine if d // 13 == c // 13))
        placed = {mv for mv in hand.moves if mv != PASS}
        best, best_score = legal[0], float("-inf")
        for c in legal:
            suit, pos = c // 13, t.position[c]
            opened = [d for d in (t.below[suit][pos], t.above[suit][pos]) if d >= 0 and d not in placed]
            score = 0.0
            for nxt in opened:
                # Walk on in that direction: our own cards there gain, a gap
                # held by someone else is a gift to them.
                step = -1 if t.position[nxt] < pos else 1
                run, gap = 0, nxt
                while gap >= 0 and gap in mine:
                    run += 1
                    gap = t.below[suit][t.position[gap]] if step < 0 else t.above[suit][t.position[gap]]
                beyond = 0
                probe = gap
                while probe >= 0:
                    beyond += probe in mine
                    probe = t.below[suit][t.position[probe]] if step < 0 else t.above[suit][t.position[probe]]
                score += 2.0 * run + 0.5 * beyond - (1.5 if run == 0 else 0.0)
            if hand.start_rank is not None and C.rank_of(c) == hand.start_rank:
                score += 0.5 * sum(1 for d in mine if d // 13 == suit)
            score += 0.01 * abs(pos - t.position[C.card(hand.start_rank, suit)])  # break ties: far cards first
            if score > best_score:
                best, best_score = c, score
        return best


BOTS: dict[str, type[Bot]] = {"random": RandomBot, "rules": RuleBot}
"""The bots ``barbu play --bots`` knows, by name (:mod:`.strong` adds
``strong``, :mod:`barbu_dsl.table` the ``human`` seat)."""


def make_bot(name: str, seed: int | str = 0, think: float = 1.0) -> Bot:
    """A bot by name (:data:`BOTS`), seeded, with the ``think`` factor for
    bots that take one; KeyError for an unknown name, ValueError for a seat
    a person plays."""
    kind = BOTS[name]
    if kind.interactive:
        raise ValueError(f"a '{name}' seat is played at a table (barbu_dsl.table), not made alone")
    return kind(seed, think=think) if kind.thinks else kind(seed)  # type: ignore[call-arg]


def seat_seed(seed: int | str, seat: int) -> str:
    """The seed of the bot at ``seat`` in a game seeded ``seed``."""
    return f"{seed}/seat {seat}"


def make_bots(names: Sequence[str], players: int, seed: int | str = 0, think: float = 1.0) -> list[Bot]:
    """One bot per seat: ``names`` gives one name for every seat or one
    per seat.  Each seat's bot has its own seed derived from ``seed``."""
    if len(names) == 1:
        names = list(names) * players
    if len(names) != players:
        raise ValueError(f"{len(names)} bots for {players} players")
    return [make_bot(name, seat_seed(seed, seat), think) for seat, name in enumerate(names)]
