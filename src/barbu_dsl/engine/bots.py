"""Computer players: a random bot and a rule-based bot.

A bot is a callable that answers a :class:`~.state.Decision` from what its
seat may know, a :class:`~.views.SeatView` (its own cards, the
announcements, the cards played in public): ``bot(decision, view)``
returns one of ``decision.options``.  :class:`Bot` turns each kind of
decision into a question (which contract to choose, which trump suit or
domino starting rank to name, whom to double, which card to play) that
its subclasses answer with the engine's values.  Bots are seeded and never
read any other source of chance, so a game is reproducible; a bot's
:meth:`Bot.state` is what a saved game keeps of it.

Which bot sits where is the caller's choice (:mod:`barbu_dsl.bots` names
them for the command line).

* :class:`RandomBot` — a uniformly random legal answer to every question.
* :class:`RuleBot` — plays by the kind of contract, read from the model
  (docs/rules.md sections 2 and 3), not from its name:

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
    advisory minimum of doubles against each declarer (docs/rules.md section 2)
    when the series is running out.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .. import cards as C
from ..compiled import (
    SUIT_MASKS,
    TrickTable,
    announcement,
    card_strengths,
    domino_position,
    mask_of,
    placing_values,
    trick_table,
    value_sum,
)
from ..language import model as m
from ..runtime.announcement import START_RANK, TRUMP
from .base import PASS, move_str
from .views import SeatView

if TYPE_CHECKING:
    from .state import Decision

Pair = tuple[int, int]


class Bot:
    """A computer player: ``bot(decision, view)`` answers a decision from
    what the seat may know, through the question of its kind, which
    subclasses answer.

    ``thinks``: the bot takes a ``think`` factor, the work it puts into a
    decision."""

    name = "bot"
    thinks = False

    def __init__(self, seed: int | str = 0):
        self.rng = random.Random(seed)

    def __call__(self, decision: Decision, view: SeatView) -> Any:
        """One of ``decision.options``."""
        kind = decision.kind
        if kind == "card":
            move = self.choose_move(view)
            return C.CARD_STRS[move] if move >= 0 else move_str(move)
        if kind == "double":
            return sorted(set(self.choose_doubles(view)))
        if kind == "contract":
            return self.choose_contract(view).name
        if kind == "trump":
            return C.SUIT_LETTERS[self.choose_trump(view)]
        if kind == "start_rank":
            return C.RANK_LETTERS[self.choose_start_rank(view)]
        if kind == "give":
            return C.CARD_STRS[self.choose_give(view)]
        raise ValueError(f"the {self.name} bot does not answer {kind} decisions")

    def choose_contract(self, view: SeatView) -> m.Contract:
        """One of ``view.contract_options``."""
        raise NotImplementedError

    def choose_trump(self, view: SeatView) -> int:
        """The trump suit the declarer names for ``view.contract``."""
        raise NotImplementedError

    def choose_start_rank(self, view: SeatView) -> int:
        """The domino starting rank the declarer names for ``view.contract``."""
        raise NotImplementedError

    def choose_doubles(self, view: SeatView) -> Sequence[int]:
        """The seats, among ``view.offer.targets``, this player doubles."""
        raise NotImplementedError

    def choose_give(self, view: SeatView) -> int:
        """One of ``view.cards`` to pass before play (docs/rules.md section 6,
        Passing), or for the dealer to discard (``leftover: dealer discards``)."""
        raise NotImplementedError

    def choose_move(self, view: SeatView) -> int:
        """One of ``view.legal_moves()``."""
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


class RandomBot(Bot):
    """A uniformly random legal answer to every question."""

    name = "random"

    # Each question is also asked without a view (``contract``, ``trump``,
    # ``start_rank``, ``doubles``): the lab's lean games ask them so.

    def choose_contract(self, view: SeatView) -> m.Contract:
        return self.contract(view.contract_options)

    def contract(self, options: Sequence[m.Contract]) -> m.Contract:
        return self.rng.choice(options)

    def choose_trump(self, view: SeatView) -> int:
        return self.trump()

    def trump(self) -> int:
        return self.rng.choice(C.SUITS)

    def choose_start_rank(self, view: SeatView) -> int:
        return self.start_rank()

    def start_rank(self) -> int:
        return self.rng.choice(C.RANKS)

    def choose_doubles(self, view: SeatView) -> list[int]:
        offer = view.offer
        assert offer is not None
        return self.doubles(offer.targets, offer.cover_all)

    def doubles(self, targets: Sequence[int], cover_all: bool) -> list[int]:
        """Whom it doubles among ``targets`` (all or none with ``cover_all``):
        each one by a third's chance, or all by a half's."""
        if cover_all:
            return list(targets) if self.rng.random() < 0.5 else []
        return [seat for seat in targets if self.rng.random() < 1 / 3]

    def choose_move(self, view: SeatView) -> int:
        return self.rng.choice(view.legal_moves())

    def choose_give(self, view: SeatView) -> int:
        return self.rng.choice(view.cards)


# --------------------------------------------------------------------------
# Hand outlook: how good a hand is for a contract, before play.

# Trick-taking weight of a card by its strength (14 for the strongest rank:
# the ace, the 2 when 2 is high, the first of a card order; TrickTable.strength).
_TRICK_WEIGHT = {14: 1.0, 13: 0.75, 12: 0.5, 11: 0.3, 10: 0.15, 9: 0.05}


def _suit_cards(cards: Sequence[int], suit: int) -> list[int]:
    return [c for c in cards if c // 13 == suit]


_NATURAL = card_strengths(False, None)


def play_strengths(play: m.Play) -> tuple[int, ...]:
    """Per card, its strength in its suit in ``play``'s order, 14 for the
    strongest: natural, ``2 high`` or the contract's own ``order``
    (docs/rules.md sections 3 and 6, Card orders; natural for domino)."""
    return card_strengths(play.inverted, play.order) if isinstance(play, m.TrickPlay) else _NATURAL


def best_trump(cards: Sequence[int], strength: Sequence[int] = _NATURAL) -> int:
    """The suit a player names as trump: the longest, then the strongest,
    each card weighed by its ``strength`` in the contract's order
    (:func:`play_strengths`; the natural order by default)."""
    return max(C.SUITS, key=lambda s: (len(_suit_cards(cards, s)),
                                       sum(strength[c] for c in _suit_cards(cards, s)), -s))


def domino_quality(cards: Sequence[int], start: int, aces_low: bool) -> float:
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
        return holds, domino_quality(cards, rank, aces_low), -rank
    return sorted(C.RANKS, key=key, reverse=True)


def best_start_rank(cards: Sequence[int], aces_low: bool = False) -> int:
    """The starting rank a domino declarer names (:func:`start_rank_order`)."""
    return start_rank_order(cards, aces_low)[0]


def named_at_first_sight(play: m.Play, cards: Sequence[int]) -> tuple[int | None, int | None]:
    """The trump suit and the starting rank a declarer holding ``cards``
    names at first sight, where the contract asks for one (its announcement)."""
    named = announcement(play).names
    if named == TRUMP:
        return best_trump(cards, play_strengths(play)), None
    if named == START_RANK and isinstance(play, m.DominoPlay):
        return None, best_start_rank(cards, play.aces_low)
    return None, None


@lru_cache(maxsize=16)
def _card_weights(strength: tuple[int, ...]) -> tuple[float, ...]:
    """Each card's trick-taking weight, by its strength in the contract's order."""
    return tuple(_TRICK_WEIGHT.get(s, 0.0) for s in strength)


def _trick_strength(cards: Sequence[int], strength: tuple[int, ...], trump: int | None) -> float:
    """Expected trick-taking power of ``cards`` (roughly: tricks taken)."""
    weights = _card_weights(strength)
    power = 0.0
    for c in cards:
        power += weights[c]
    if trump is not None:
        trumps = _suit_cards(cards, trump)
        power += 0.45 * len(trumps)
        if len(trumps) >= 3:
            for suit in C.SUITS:
                if suit != trump:
                    power += 0.3 * max(0, 2 - len(_suit_cards(cards, suit)))
    return power


@lru_cache(maxsize=256)
def deck_strength(deck: tuple[int, ...], strength: tuple[int, ...], trump: int | None) -> float:
    """:func:`_trick_strength` of a whole deck, worked out once."""
    return _trick_strength(deck, strength, trump)


def _take_chance(card: int, cards: Sequence[int], players: int, strength: tuple[int, ...]) -> float:
    """How likely the holder of ``card`` is to take it in a trick."""
    below = sum(1 for c in _suit_cards(cards, card // 13) if strength[c] < strength[card])
    chance = 0.15 + 0.7 * (strength[card] - 2) / 12 - 0.07 * below
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
        mine = domino_quality(cards, start, play.aces_low)
        average = domino_quality(deck, start, play.aces_low) / players
        spread = (values[0] - values[-1]) / 2
        mean = sum(values) / players
        guess = mean + (mine / average - 1) * spread
        return max(min(values), min(max(values), guess))
    if play.trumps is not None:
        trump = play.trumps.suit if play.trumps.suit is not None else (trump if trump is not None
                                                                        else best_trump(cards, play_strengths(play)))
    table = trick_table(rules, players, tuple(sorted(deck)), trump)
    # A hand seen in part (docs/rules.md section 6) is judged as if the rest of it were alike.
    seen = len(cards) * players / len(deck) if cards and len(deck) else 1.0
    mine = _trick_strength(cards, table.strength, table.trump) / min(1.0, seen)
    average = deck_strength(deck, table.strength, table.trump) / players
    share = min(1.0, mine / average / players) if average else 1 / players
    trick_points = table.per_trick * table.tricks + sum(table.trick_at) + sum(p.part.value for p in table.most)
    points = trick_points * share
    held = set(cards)
    for c in deck:
        value = table.values[c]
        if value:
            chance = _take_chance(c, cards, players, table.strength) if c in held else share * 0.8
            points += value * chance
    return points


def advantage(view: SeatView, contract: m.Contract, trump: int | None = None,
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
    aim: m.Aim
    sign: int  # +1 when points are good (aim highest), -1 when bad
    positive: bool  # taking tricks is good in this contract
    bad: tuple[float, ...]  # per card: how much taking it hurts (<0: it helps)
    bad_mask: int  # the cards whose ``bad`` is above zero
    trick_bad: tuple[float, ...]  # per trick index: how much taking the trick hurts


def trick_plan(t: TrickTable, aim: m.Aim) -> TrickPlan:
    """The :class:`TrickPlan` of a hand of ``t`` in a game won by the ``aim`` total."""
    sign = 1 if aim == "highest" else -1
    cards = t.deck.bit_count()
    # Ravage City counts captured cards: treat each as a small penalty.
    most = sum(p.part.value for p in t.most) * t.players / cards if cards else 0
    bad = tuple(-sign * (t.values[c] + most) for c in range(52))
    trick_bad = tuple(-sign * (t.per_trick + at) for at in t.trick_at)
    total = sum(trick_bad) + sum(bad[c] for c in range(52) if t.deck >> c & 1)
    bad_mask = mask_of(c for c in range(52) if bad[c] > 0 and t.deck >> c & 1)
    return TrickPlan(t, aim, sign, total < 0, bad, bad_mask, trick_bad)


def _sum_and_max(values: Sequence[float], mask: int) -> tuple[float, float]:
    """The sum and the largest (0 for none) of ``values`` over the cards
    of ``mask``, added in card order, without a list of the cards."""
    total, top = 0.0, 0.0
    first = True
    while mask:
        low = mask & -mask
        value = values[low.bit_length() - 1]
        total += value
        if first or value > top:
            top, first = value, False
        mask ^= low
    return total, top


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
        self._plan: TrickPlan | None = None  # the last hand's, kept while its table and aim stay

    # ---- choices before play ---------------------------------------------

    def _outlook(self, view: SeatView, contract: m.Contract) -> float:
        rules = contract.rules_for(view.players)
        trump, start = named_at_first_sight(rules.play, view.cards)
        return advantage(view, contract, trump, start)

    def choose_contract(self, view: SeatView) -> m.Contract:
        options = view.contract_options
        if len(options) == 1:
            return options[0]
        return max(options, key=lambda contract: self._outlook(view, contract))

    def choose_trump(self, view: SeatView) -> int:
        return best_trump(view.cards, play_strengths(view.rules.play))

    def choose_start_rank(self, view: SeatView) -> int:
        play = view.rules.play
        return best_start_rank(view.cards, isinstance(play, m.DominoPlay) and play.aces_low)

    def choose_doubles(self, view: SeatView) -> list[int]:
        offer = view.offer
        if offer is None or not offer.targets:
            return []
        assert view.contract is not None
        mine = advantage(view, view.contract, view.trump, view.start_rank)
        scale = abs(value_sum(view.rules, view.players, view.deck, view.trump)) or 1
        if view.seat == view.declarer and offer.redouble:
            # A redouble: the declarer chose this contract for their hand.
            return list(offer.targets) if mine > -0.05 * scale else []
        chosen = []
        needed = offer.minimum - offer.made
        # The declarer chose the contract, so expect them to do well; but keep
        # the advisory minimum while the series still allows it.
        keep_minimum = needed > 0 and offer.series_left < needed
        if view.declarer in offer.targets and (mine > 0.12 * scale or keep_minimum):
            chosen.append(view.declarer)
        if not offer.positive and mine > 0.15 * scale:
            chosen.extend(seat for seat in offer.targets if seat != view.declarer)
        return sorted(chosen)

    def choose_give(self, view: SeatView) -> int:
        """The card it would least like to hold: in a contract that is good
        to take, its weakest card; otherwise the card that costs most if it
        is taken (Q♠, high hearts), a high card first among equals, since
        high cards take the tricks."""
        cards = view.cards
        rules = view.rules
        if isinstance(rules.play, m.DominoPlay):
            return min(cards, key=lambda c: (c % 13, c))
        trump = named_at_first_sight(rules.play, cards)[0] if view.trump is None else view.trump
        table = trick_table(rules, view.players, tuple(sorted(view.deck)), trump)
        plan = trick_plan(table, view.spec.game.aim)
        strength = table.strength
        if plan.positive:
            return min(cards, key=lambda c: (strength[c], c))
        return max(cards, key=lambda c: (max(plan.bad[c], 0.0) * 2 + _TRICK_WEIGHT.get(strength[c], 0), c))

    # ---- play -------------------------------------------------------------

    def choose_move(self, view: SeatView) -> int:
        legal = view.legal_moves()
        if len(legal) == 1:
            return legal[0]
        hand = view.public
        assert hand is not None
        if hand.is_domino:
            return self._domino_move(view, legal)
        plan = self._plan
        if plan is None or plan.table is not hand.table or plan.aim != view.spec.game.aim:
            plan = self._plan = trick_plan(hand.table, view.spec.game.aim)
        if plan.positive:
            return self._take_move(view, legal, plan)
        return self._duck_move(view, legal, plan)

    @staticmethod
    def _state(view: SeatView, t: TrickTable) -> tuple[int, int, list[int], int]:
        hand = view.public
        assert hand is not None
        mine = view.mine
        unseen = view.unseen  # a widow's cards among them until shown (docs/rules.md section 6)
        trick = hand.current_trick
        win = trick[0] if trick else -1
        for c in trick[1:]:
            if _beats(t, c, win):
                win = c
        return mine, unseen, trick, win

    def _duck_move(self, view: SeatView, legal: list[int], plan: TrickPlan) -> int:
        """Negative contracts: minimise the expected cost of the trick,
        minus the worth of getting rid of a dangerous card."""
        t = plan.table
        mine, unseen, trick, win = self._state(view, t)
        assert view.public is not None
        index = view.public.tricks_played
        after = t.players - 1 - len(trick)
        trick_cost = plan.trick_bad[index] + sum(plan.bad[c] for c in trick)
        unseen_bad, dump = _sum_and_max(plan.bad, unseen & plan.bad_mask)
        # How much a trick still costs on average from here: high cards are
        # dangerous in proportion.
        left = t.tricks - index
        held_bad = _sum_and_max(plan.bad, mine & plan.bad_mask)[0]
        future = (sum(plan.trick_bad[index:]) + unseen_bad + held_bad) / max(1, left)
        best, best_cost = legal[0], float("inf")
        bad, stronger, weaker, trump, strengths = plan.bad, t.stronger, t.weaker, t.trump, t.strength
        trumps_out = (unseen & SUIT_MASKS[trump]).bit_count() // 2 if trump is not None else 0
        for c in legal:
            suit = c // 13
            if trick and not (weaker[c] >> win & 1 if suit == win // 13 else suit == trump):  # c does not beat win
                chance = 0.0
            else:
                higher = (stronger[c] & unseen).bit_count()
                if trump is not None and suit != trump:
                    higher += trumps_out
                chance = 1.0 if after == 0 or higher == 0 else 1.0 / (1 + higher)
            cost = 0.0
            if chance:
                led = SUIT_MASKS[trick[0] // 13 if trick else suit]
                in_suit = (unseen & led).bit_count()
                voids = max(0, after - in_suit)
                # Penalty cards still out in the suit, below c: a follower
                # gladly drops them under it.
                under = _sum_and_max(bad, unseen & led & weaker[c] & plan.bad_mask)[0]
                caught = under * min(1.0, after / in_suit) if in_suit else 0.0
                cost = chance * (trick_cost + bad[c] + voids * dump + caught)
            # The worth of being rid of c: its own penalty, and the tricks a
            # high card would take later.
            danger = max(0.0, bad[c]) + future * (weaker[c] & unseen).bit_count() / 8
            cost -= danger + 0.001 * strengths[c]  # ties: keep the low cards
            if cost < best_cost - 1e-9:
                best, best_cost = c, cost
        return best

    def _take_move(self, view: SeatView, legal: list[int], plan: TrickPlan) -> int:  # noqa: C901 -- the rule bot's play to a trick, one branch a situation of its ducking plan
        """Positive contracts: win tricks cheaply, cash sure winners, ruff."""
        t = plan.table
        mine, unseen, trick, win = self._state(view, t)
        trump = t.trump
        trumps_out = (unseen & SUIT_MASKS[trump]).bit_count() if trump is not None else 0

        def strength(c: int) -> int:
            return t.strength[c] + (20 if c // 13 == trump else 0)

        def master(c: int) -> bool:
            if t.stronger[c] & unseen:
                return False
            return c // 13 == trump or trumps_out == 0 or (unseen & SUIT_MASKS[c // 13]).bit_count() >= t.players - 1

        if not trick:
            if trump is not None and trumps_out:
                top_trumps = [c for c in legal if c // 13 == trump and master(c)]
                if top_trumps:
                    return max(top_trumps, key=strength)
            masters = [c for c in legal if master(c)]
            if masters:
                return max(masters, key=strength)
            side = [c for c in legal if c // 13 != trump] or legal
            lengths = {s: (mine & SUIT_MASKS[s]).bit_count() for s in C.SUITS}
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
            if (t.stronger[top] & unseen).bit_count() <= 1:
                return top
        # Cannot (or should not) win: throw the least useful card.
        lengths = {s: (mine & SUIT_MASKS[s]).bit_count() for s in C.SUITS}
        return min(legal, key=lambda c: (master(c), c // 13 == trump, strength(c) > 11, lengths[c // 13],
                                          strength(c)))

    # ---- domino -----------------------------------------------------------

    def _domino_move(self, view: SeatView, legal: list[int]) -> int:
        """Play what opens our own runs; hold what would open the others'.
        A seat that may stop playing on (docs/rules.md section 6) plays on
        with a card that does not only open the others' runs, else stops."""
        if PASS in legal:  # a stop: the seat may also play on
            cards = [c for c in legal if c != PASS]
            best, score = self._domino_card(view, cards)
            return best if score >= 0 else PASS
        return self._domino_card(view, legal)[0]

    def _domino_card(self, view: SeatView, legal: list[int]) -> tuple[int, float]:
        """The card to play of ``legal`` and its worth (below 0: it only
        opens runs that others hold)."""
        hand = view.public
        assert hand is not None
        t = hand.table
        mine = set(view.cards)
        if hand.start_rank is None:
            # Our first card sets the starting rank (docs/rules.md section 2, variant 7).
            rank = best_start_rank(view.cards, t.aces_low)  # in card order, as the compiled bot sums
            return max((c for c in legal if C.rank_of(c) == rank),
                       key=lambda c: sum(1 for d in mine if d // 13 == c // 13)), 0.0
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
        return best, best_score


__all__ = ["Bot", "RandomBot", "RuleBot", "TrickPlan", "advantage", "best_start_rank", "best_trump", "play_strengths",
           "expected_points", "start_rank_order", "trick_plan"]
