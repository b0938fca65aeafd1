"""Whole games: who chooses each hand, the doubling round, play, settlement
and running totals, from the model's ``game`` and ``doubling``.

Who declares each hand and what they may choose is the game plan's
(:func:`~barbu_dsl.compiled.game_plan`, followed hand by hand with
:func:`~barbu_dsl.compiled.plan_turn`: declarer series, rotating choosers
with their own lists or a shared one, fixed orders; RULES.md sections 2,
3 and 6).  The game adds what only a game played with cards knows: the
first declarer, drawn by lot or (section 6) the holder of a named card in
the first deal, and the random lists of the French random modes.  The
dealer is the player before the declarer in turn (on the declarer's right
in a clockwise game), or the declarer when the dealer chooses.

Each hand: a seeded deal (independent of the bots, so two sets of bots can
play the same cards), the chooser's contract and, when the contract asks,
the trump suit or domino starting rank; the doubling round (each player in
turn from the one after the declarer has one chance; the declarer, last, may
only redouble; with ``redouble: anyone`` each doubled player may then double
back), checked with :func:`~.doubling.check_doubles`; variant 4 (an
undoubled negative contract is not played); play; the raw scores, the
settlement and the running totals.  The advisory count of doubles each
player has made against the current declarer in the declarer's series is
kept and shown, never enforced (RULES.md section 2).

Every hand yields a hand record in the format of formats/RECORDS.md that
:func:`~.replay.replay_record` replays to the same raw and final scores.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .. import cards as C
from ..compiled import GamePlan, game_plan, in_turn, plan_turn, seat_before
from ..language import model as m
from .base import Hand, move_str
from .bots import Bot, ContractView, DoubleView, HandView
from .deal import deal
from .doubling import HandTerms, Pair, hand_terms
from .hand import hand_for

# --------------------------------------------------------------------------
# The schedule: who chooses each hand, from which contracts.


@dataclass(frozen=True)
class Turn:
    """One hand's place in the game: ``declarer`` is the seat that chooses
    (the record's declarer), ``options`` the contracts they may choose."""

    number: int  # 0-based
    declarer: int
    dealer: int
    options: tuple[m.Contract, ...]
    series_left: int  # hands this declarer still declares after this one, in this series


def contract_lists(plan: GamePlan, rng: random.Random) -> list[tuple[m.Contract, ...]]:
    """Each seat's list of contracts in a ``rotating`` game (RULES.md
    section 3, modes): the plan's round for everyone, or lists drawn at
    random from the pool (one for all, or one for each seat)."""
    players = plan.players
    if plan.draw == "shared":
        return [tuple(rng.sample(plan.pool, plan.per_player))] * players
    if plan.draw == "individual":
        return [tuple(rng.sample(plan.pool, plan.per_player)) for _ in range(players)]
    return [plan.round] * players


class Schedule:
    """Who chooses each hand and from which contracts, as the game goes:
    :func:`~barbu_dsl.compiled.game_plan` followed hand by hand with
    :func:`~barbu_dsl.compiled.plan_turn`.  The first declarer is drawn by
    lot with ``rng``, or is the holder of the spec's card in the first deal
    (docs/rules.md section 6); random lists are drawn with ``rng``."""

    def __init__(self, spec: m.Spec, players: int, rng: random.Random):
        self.plan = plan = game_plan(spec, players)
        self.players = players
        self.direction = spec.game.direction
        self.first = rng.randrange(players)  # drawn by lot
        self.lists = contract_lists(plan, rng) if plan.chooser == "rotating" and plan.lists == "own" else []
        self.history: list[tuple[str, int]] = []

    @property
    def total(self) -> int:
        return self.plan.hands

    def turn(self, number: int, first_deal: Sequence[Sequence[int]] = ()) -> Turn:
        """Hand ``number``, the next one to play; ``first_deal`` is the
        first hand's deal, for a first declarer named by a card."""
        plan, n = self.plan, self.players
        first = None
        if number == 0:
            card = plan.first_declarer
            holders = [seat for seat, cards in enumerate(first_deal) if card is not None and card in cards]
            first = holders[0] if holders else self.first
        planned = plan_turn(plan, self.history[:number], self.lists or None, first)
        declarer = planned.declarer
        assert declarer is not None
        dealer = declarer if plan.chooser == "dealer" else seat_before(declarer, n, self.direction)
        if plan.series:
            left = min(plan.per_player - number % plan.per_player, plan.hands - number) - 1
        else:
            left = len(range(number + n, plan.hands, n))  # no series: the declarer's later hands in the game
        return Turn(number, declarer, dealer, planned.options, left)

    def starts_series(self, number: int) -> bool:
        """Whether hand ``number`` starts a declarer's series (the advisory
        count of doubles against the declarer starts again)."""
        return self.plan.series and number % self.plan.per_player == 0

    def played(self, turn: Turn, contract: m.Contract) -> None:
        self.history.append((contract.name, turn.declarer))


# --------------------------------------------------------------------------
# Results.


@dataclass(frozen=True)
class HandResult:
    """One hand of a game: what was chosen, the doubles, the scores."""

    number: int  # 0-based
    contract: str
    declarer: int
    dealer: int
    trump: int | None
    start_rank: int | None
    doubles: tuple[Pair, ...]
    status: str  # "complete" or "not_played"
    raw: tuple[int, ...]
    transfers: tuple[int, ...]
    final: tuple[int, ...]
    totals: tuple[int, ...]  # running totals after this hand
    against_declarer: tuple[int, ...]  # per seat: doubles made against this declarer in their series so far
    record: dict[str, Any]

    @property
    def announcement(self) -> str:
        """The contract as announced: ``Trumps ♠``, ``Domino from J``."""
        if self.trump is not None:
            return f"{self.contract} {C.suit_symbol(self.trump)}"
        if self.start_rank is not None:
            return f"{self.contract} from {C.rank_str(self.start_rank)}"
        return self.contract


@dataclass(frozen=True)
class GameResult:
    """A whole game."""

    spec: str
    players: int
    seed: int | str
    bots: tuple[str, ...]
    aim: m.Aim
    doubling: bool  # whether the spec has doubling at all
    minimum: int  # the advisory number of doubles against each declarer
    hands: tuple[HandResult, ...]

    @property
    def totals(self) -> tuple[int, ...]:
        return self.hands[-1].totals if self.hands else (0,) * self.players

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the best total (highest or lowest by the aim)."""
        best = (max if self.aim == "highest" else min)(self.totals)
        return tuple(seat for seat, total in enumerate(self.totals) if total == best)

    def records(self) -> list[dict[str, Any]]:
        return [hand.record for hand in self.hands]


# --------------------------------------------------------------------------
# Watching.


class Watcher:
    """Someone who follows a game as it is played (a table's narrator):
    :class:`GameRun` tells it every public event, in order.  The methods do
    nothing here; a subclass overrides those it needs."""

    def hand_begins(self, turn: Turn) -> None:
        """Hand ``turn.number`` is dealt; ``turn.declarer`` is to choose."""

    def contract_named(self, declarer: int, contract: m.Contract, trump: int | None,
                       start_rank: int | None) -> None:
        """The declarer has announced the contract (with trumps or the starting rank)."""

    def doubled(self, seat: int, targets: Sequence[int]) -> None:
        """``seat`` had its chance to double and doubled ``targets`` (maybe none)."""

    def play_begins(self, hand: Hand) -> None:
        """The cards are about to be played."""

    def move_made(self, hand: Hand, seat: int, move: int) -> None:
        """``seat`` has made ``move`` (``hand`` is the state after it)."""

    def hand_ends(self, result: HandResult) -> None:
        """The hand is scored (played or not)."""


# --------------------------------------------------------------------------
# Playing.


def default_players(spec: m.Spec) -> int:
    """Four players when the spec allows it, else its smallest count."""
    return 4 if 4 in spec.players else spec.players[0]


Chooser = Callable[[int, tuple[int, ...], bool, tuple[Pair, ...]], Sequence[int]]
"""Asked for one player's doubles: their seat, the seats they may double,
whether it must be all of them or none, and the doubles made so far."""


def doubling_round(doubling: m.Doubling, declarer: int, players: int, direction: m.Direction, positive: bool,
                   choose: Chooser) -> list[Pair]:
    """The doubles of one hand, asked in the order of the doubling round
    (RULES.md section 2, Doubling; section 6): each player in turn from the
    one after the declarer gets one chance, the declarer last; then, with
    ``redouble: anyone``, each doubled player in the same order may double
    back those who doubled them.  ``choose`` answers for each player; the
    engine's bots and the score sheet's questions both go through here."""
    if not doubling.allowed:
        return []
    doubles: list[Pair] = []
    order = in_turn(declarer, players, direction)
    for seat in (*order[1:], declarer):
        targets, cover_all = legal_targets(doubling, declarer, seat, doubles, positive, players)
        if targets:
            doubles.extend((seat, target) for target in choose(seat, targets, cover_all, tuple(doubles)))
    if doubling.redouble == "anyone":
        for seat in order[1:]:
            targets = redouble_targets(seat, doubles)
            if targets:
                doubles.extend((seat, target) for target in choose(seat, targets, False, tuple(doubles)))
    return doubles


def redouble_targets(seat: int, doubles: Sequence[Pair]) -> tuple[int, ...]:
    """The players ``seat`` may double back in the redouble round of
    ``redouble: anyone`` (docs/rules.md section 6): those who doubled it and
    whom it has not doubled."""
    given = set(doubles)
    return tuple(sorted({a for a, b in doubles if b == seat and (seat, a) not in given}))


def legal_targets(doubling: m.Doubling, declarer: int, seat: int, doubles: Sequence[Pair],
                  positive: bool, players: int) -> tuple[tuple[int, ...], bool]:
    """The seats ``seat`` may double now, and whether the answer must be
    all of them or none (RULES.md section 2, Doubling, and variant 3)."""
    if seat == declarer:
        if not doubling.redouble:
            return (), False
        doubled_me = tuple(sorted({a for a, b in doubles if b == declarer}))
        return doubled_me, doubling.whom == "declarer-only"
    if doubling.whom == "declarer-only" or (positive and doubling.positive_declarer_only):
        return (declarer,), False
    return tuple(s for s in range(players) if s != seat), False


PlayOut = Callable[[m.Contract, Sequence[Sequence[int]], int, int | None, int | None, str],
                  tuple[list[int], list[int]]]
"""Plays a whole hand with uniformly random legal moves in one go:
``(contract, hands, declarer, trump, start_rank, seed) -> (raw scores,
moves)``, the moves as ints (``PASS`` for a pass)."""


class GameRun:
    """One game of ``spec`` played by ``bots`` (one per seat), hand by hand.

    Iterate over it to play the hands one at a time (for progress), or call
    :meth:`play` for the whole :class:`GameResult`.  ``seed`` fixes the draw
    for the first declarer, the random contract lists and every deal.
    ``watcher`` is told every public event of the game as it happens.
    ``play_out``, when given, plays each hand's cards in one go instead of
    asking the bots move by move (for random bots: the generated playouts,
    seeded with ``f"{seed}/play {number}"``); the bots still choose the
    contract, the trump, the starting rank and the doubles, and the watcher
    is told of the hands but not of their moves.
    """

    def __init__(self, spec: m.Spec, bots: Sequence[Bot], seed: int | str = 0, players: int | None = None,
                 watcher: Watcher | None = None, play_out: PlayOut | None = None):
        self.spec = spec
        self.watcher = watcher or Watcher()
        self.play_out = play_out
        self.players = players if players is not None else len(bots)
        if self.players not in spec.players:
            allowed = ", ".join(map(str, spec.players))
            raise ValueError(f"{spec.full_name} is played by {allowed} players, not {self.players}")
        if len(bots) != self.players:
            raise ValueError(f"{len(bots)} bots for {self.players} players")
        self.bots = list(bots)
        self.seed = seed
        self.schedule = Schedule(spec, self.players, random.Random(f"{seed}/game"))
        self.deck = spec.deck_for(self.players)
        self.hands: list[HandResult] = []
        self._totals = [0] * self.players
        self._against = [[0] * self.players for _ in range(self.players)]  # [declarer][doubler]

    @property
    def total_hands(self) -> int:
        return self.schedule.total

    def __iter__(self) -> Iterator[HandResult]:
        while len(self.hands) < self.schedule.total:
            yield self.play_hand()

    def play(self, on_hand: Callable[[HandResult], None] | None = None) -> GameResult:
        for hand in self:
            if on_hand is not None:
                on_hand(hand)
        return self.result()

    def result(self) -> GameResult:
        return GameResult(self.spec.full_name, self.players, self.seed, tuple(b.name for b in self.bots),
                          self.spec.game.aim, self.spec.doubling.allowed, self.spec.doubling.minimum,
                          tuple(self.hands))

    def play_hand(self) -> HandResult:
        """Play the next hand of the game."""
        spec, players, watcher = self.spec, self.players, self.watcher
        number = len(self.hands)
        cards = deal(spec, players, f"{self.seed}/hand {number}")
        turn = self.schedule.turn(number, cards)
        declarer = turn.declarer
        if self.schedule.starts_series(number):
            self._against[declarer] = [0] * players
        watcher.hand_begins(turn)
        chooser = self.bots[declarer]
        view = ContractView(spec, players, declarer, cards[declarer], turn.options, self.deck)
        contract = turn.options[0] if len(turn.options) == 1 else chooser.choose_contract(view)
        if contract not in turn.options:
            raise ValueError(f"bot {chooser.name} chose {contract.name}, which seat {declarer} may not choose now")
        self.schedule.played(turn, contract)
        rules = contract.rules_for(players)
        trump = start_rank = None
        play = rules.play
        if isinstance(play, m.TrickPlay) and play.trumps is not None and play.trumps.suit is None:
            trump = chooser.choose_trump(view, contract)
        if isinstance(play, m.DominoPlay) and play.start == "chosen":
            start_rank = chooser.choose_start_rank(view, contract)
        watcher.contract_named(declarer, contract, trump, start_rank)

        views = [HandView(spec, players, seat, declarer, cards[seat], contract, rules, trump, start_rank,
                          self.deck) for seat in range(players)]
        terms = hand_terms(spec, rules, players, self.deck, trump)
        doubles = self._doubling_round(views, turn, terms)

        if terms.not_played(declarer, doubles):
            raw = terms.not_played_scores(declarer)
            transfers = [0] * players  # nobody doubled the declarer; nothing else settles either
            final = raw
            moves: list[str] = []
            status = "not_played"
        else:
            for seat, bot in enumerate(self.bots):
                bot.begin_hand(replace(views[seat], doubles=tuple(doubles)))
            if self.play_out is not None:
                raw, played = self.play_out(contract, cards, declarer, trump, start_rank, f"{self.seed}/play {number}")
            else:
                hand = hand_for(spec, contract, cards, declarer, trump=trump, start_rank=start_rank)
                watcher.play_begins(hand)
                while hand.to_play is not None:
                    seat = hand.to_play
                    move = self.bots[seat].choose_move(hand, seat)
                    hand.play(move)
                    watcher.move_made(hand, seat, move)
                raw, played = hand.raw_scores(), hand.moves
            moves = [move_str(move) for move in played]
            status = "complete"
            transfers, final = terms.settle(raw, doubles)
        self._totals = [total + f for total, f in zip(self._totals, final)]
        record = {
            "contract": contract.name,
            "declarer": declarer,
            "trump": None if trump is None else C.SUIT_LETTERS[trump],
            "start_rank": None if start_rank is None else C.RANK_LETTERS[start_rank],
            "hands": [C.cards_str(seat_cards) for seat_cards in cards],
            "plays": moves,
            "doubles": [list(pair) for pair in doubles],
        }
        result = HandResult(number, contract.name, declarer, turn.dealer, trump, start_rank, tuple(doubles), status,
                            tuple(raw), tuple(transfers), tuple(final), tuple(self._totals),
                            tuple(self._against[declarer]), record)
        self.hands.append(result)
        watcher.hand_ends(result)
        return result

    def _doubling_round(self, views: list[HandView], turn: Turn, terms: HandTerms) -> list[Pair]:
        """Each player in turn from the one after the declarer, the declarer
        last; then, with ``redouble: anyone``, each doubled player in the same
        order may double back those who doubled them (docs/rules.md section 6)."""
        doubling, declarer = self.spec.doubling, turn.declarer

        def choose(seat: int, targets: tuple[int, ...], cover_all: bool, made: tuple[Pair, ...]) -> list[int]:
            offer = DoubleView(views[seat], terms.positive, targets, cover_all, made,
                               self._against[declarer][seat], doubling.minimum, turn.series_left)
            chosen = sorted(set(self.bots[seat].choose_doubles(offer)))
            if not set(chosen) <= set(targets) or (cover_all and chosen and len(chosen) != len(targets)):
                raise ValueError(f"bot {self.bots[seat].name} at seat {seat} made an illegal double: {chosen}")
            self.watcher.doubled(seat, chosen)
            return chosen

        doubles = doubling_round(doubling, declarer, self.players, self.spec.game.direction, terms.positive, choose)
        terms.check(declarer, doubles)
        for doubler, doubled in doubles:
            if doubled == declarer:
                self._against[declarer][doubler] += 1
        return doubles


def play_game(spec: m.Spec, bots: Sequence[Bot], seed: int | str = 0, players: int | None = None,
              on_hand: Callable[[HandResult], None] | None = None) -> GameResult:
    """Play a whole game of ``spec`` with one bot per seat."""
    return GameRun(spec, bots, seed, players).play(on_hand)


__all__ = [
    "GameResult", "GameRun", "HandResult", "Schedule", "Turn", "Watcher", "contract_lists", "default_players",
    "doubling_round", "legal_targets", "play_game", "redouble_targets",
]
