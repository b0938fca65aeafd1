"""Games of random bots played without a game state: the lab's lean path.

A study of random bots spends its time around the cards, not in them: a
:class:`~barbu_dsl.engine.state.GameState` keeps views, events and a hand
record for every hand, which the tally never reads.  :class:`LeanGame`
plays the same game with only what the tally reads: each hand is dealt,
its turn worked out once (:class:`~barbu_dsl.engine.schedule.Schedule`),
the contract, trump or starting rank and doubles asked of the random bots
directly (:class:`~barbu_dsl.engine.bots.RandomBot`), the cards played out
in one go by the spec's generated playouts and the hand scored
(:class:`~barbu_dsl.engine.doubling.HandTerms`, the plan's ``add_hand``).
It draws every random number a game state with the same seeds draws, in
the same order, so the tallies are the same (a test checks it).

A game whose hands cannot end it early (no target score) is prepared
whole before any card is played: its hands' playouts then go to the
generated rollouts together (:mod:`.backend`); a game's deals do not
depend on its play, and each game's playouts draw from its own generator
in the order of its hands.

The lean path covers the specs whose hands need nothing but these steps
(:func:`lean_reason` says why one does not): no passing, no dealer's
discards, no part of the hand dealt after the choice, no misdeals and no
widow the first trick takes.  Other games are played by a game state.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ..compiled import announcement
from ..engine.bots import RandomBot
from ..engine.deal import Deal, NumberSeeds, Source, deal_packets, generator, sorted_hands
from ..engine.doubling import DoublingRound, HandTerms, hand_terms
from ..engine.schedule import Schedule
from ..language import model as m
from ..runtime.announcement import START_RANK, TRUMP

Pair = tuple[int, int]


class HandScore(NamedTuple):
    """What the tally reads of a hand (the fields of
    :class:`~barbu_dsl.engine.results.HandResult` it reads)."""

    contract: str
    declarer: int
    doubles: tuple[Pair, ...]
    raw: tuple[int, ...]
    final: tuple[int, ...]
    totals: tuple[int, ...]
    options: tuple[str, ...]


class Playout(NamedTuple):
    """A hand dealt, to play out in one go with random legal moves drawn
    from ``play``, its game's generator for hands played out in one go
    (:meth:`~barbu_dsl.engine.deal.NumberSeeds.play`)."""

    contract: m.Contract
    hands: Deal
    declarer: int
    trump: int | None
    start_rank: int | None
    play: random.Random


def deal(spec: m.Spec, players: int, seed: Source) -> Deal:
    """A hand's cards as a game deals them from ``seed``: each seat's in card order."""
    return sorted_hands(deal_packets(spec.deck_for(players), players, seed, spec.widow))


@dataclass
class _Prepared:
    """A hand dealt, chosen and doubled, waiting for its cards to be played."""

    contract: m.Contract
    declarer: int
    options: tuple[str, ...]
    terms: HandTerms
    doubles: tuple[Pair, ...]
    playout: Playout | None  # None: not played (every seat doubled out)
    not_played: list[int]  # the raw scores of a hand not played


def lean_reason(spec: m.Spec, players: int) -> str | None:
    """Why games of ``spec`` cannot take the lean path (None: they can)."""
    if spec.passing.on:
        return "cards are passed"
    if spec.discards(players):
        return "the dealer discards"
    if spec.game.choose_after is not None:
        return "part of each hand is dealt after the choice"
    if spec.redeal.on:
        return "a deal may be void"
    if spec.leftover == "widow to first trick":
        return "the first trick takes the widow"
    return None


class HandFacts:
    """What every hand of a contract of ``spec`` shares, worked out once for
    all the games a study plays: what its declarer names, and its terms
    (values and doubling) for each trump suit."""

    def __init__(self, spec: m.Spec, players: int):
        self.spec = spec
        self.players = players
        self.deck = spec.deck_for(players)
        self._named: dict[str, str | None] = {}
        self._terms: dict[tuple[str, int | None], HandTerms] = {}

    def named(self, contract: m.Contract) -> str | None:
        """What the declarer of ``contract`` names: TRUMP, START_RANK or None."""
        name = contract.name
        if name not in self._named:
            self._named[name] = announcement(contract.rules_for(self.players).play).names
        return self._named[name]

    def terms(self, contract: m.Contract, trump: int | None) -> HandTerms:
        key = (contract.name, trump)
        terms = self._terms.get(key)
        if terms is None:
            terms = self._terms[key] = hand_terms(self.spec, contract.rules_for(self.players), self.players,
                                                  self.deck, trump)
        return terms


class LeanGame:
    """One game of ``spec`` between random bots (see the module docstring);
    ``seeds`` are the game's, as a game state would use them; ``facts``
    the spec's :class:`HandFacts` (shared by the games of a study)."""

    def __init__(self, spec: m.Spec, players: int, seeds: NumberSeeds, bots: Sequence[RandomBot],
                 first: int | None, facts: HandFacts | None = None):
        self.spec = spec
        self.players = players
        self.facts = HandFacts(spec, players) if facts is None else facts
        self.seeds = seeds
        self.bots = bots
        self.schedule = Schedule(spec, players, random.Random(seeds.game()), first)
        self.plan = self.schedule.plan
        self.totals: tuple[int, ...] = (0,) * players
        self.pot = 0
        self.hands: list[HandScore] = []
        self._prepared: list[_Prepared] = []

    @property
    def fixed_length(self) -> bool:
        """Whether the scores never end the game early (no target score):
        every hand can then be prepared before any is played."""
        return self.plan.target is None

    @property
    def over(self) -> bool:
        """Whether the game is over after the hands prepared, by the totals scored so far."""
        return self.plan.over(len(self._prepared), self.totals)

    def prepare(self) -> Playout | None:
        """Deal the next hand (the game is not :attr:`over`), and let its
        declarer choose and the seats double: the hand's
        :class:`Playout`, or None when the hand is not played."""
        number = len(self._prepared)
        spec, players = self.spec, self.players
        hands = deal(spec, players, self.seeds.deal(number))  # every hand is dealt, as a game state deals it
        by_card = number == 0 and self.plan.first_declarer is not None and not self.schedule.named_first
        turn = self.schedule.turn(number, hands if by_card else ())
        declarer, options = turn.declarer, turn.options
        bot = self.bots[declarer]
        contract = options[0] if len(options) == 1 else bot.contract(options)
        self.schedule.played(turn, contract)
        named = self.facts.named(contract)
        trump = bot.trump() if named == TRUMP else None
        start_rank = bot.start_rank() if named == START_RANK else None
        terms = self.facts.terms(contract, trump)
        round_ = DoublingRound(spec.doubling, declarer, players, spec.game.direction, terms.positive)
        while (seat := round_.seat) is not None:
            round_.answer(sorted(set(self.bots[seat].doubles(round_.targets, round_.cover_all))))
        doubles = tuple(round_.doubles)
        terms.check(declarer, doubles)
        names = tuple(option.name for option in options)
        if terms.not_played(declarer, doubles):
            self._prepared.append(_Prepared(contract, declarer, names, terms, doubles, None,
                                            terms.not_played_scores(declarer)))
            return None
        playout = Playout(contract, hands, declarer, trump, start_rank, generator(self.seeds.play(number)))
        self._prepared.append(_Prepared(contract, declarer, names, terms, doubles, playout, []))
        return playout

    def prepare_all(self) -> list[Playout]:
        """Prepare every hand of a game of :attr:`fixed_length`; their playouts."""
        assert self.fixed_length
        playouts = []
        while not self.over:
            playout = self.prepare()
            if playout is not None:
                playouts.append(playout)
        return playouts

    def score(self, raw: Sequence[int] | None = None) -> None:
        """Score the oldest hand prepared and not scored: ``raw``, its
        playout's raw scores (None for a hand not played)."""
        hand = self._prepared[len(self.hands)]
        if hand.playout is None:
            raw = final = hand.not_played
        else:
            assert raw is not None
            final = hand.terms.settle(raw, hand.doubles)[1]
        self.totals, self.pot = self.plan.add_hand(self.totals, final, self.pot)
        self.hands.append(HandScore(hand.contract.name, hand.declarer, hand.doubles, tuple(raw), tuple(final),
                                    self.totals, hand.options))

    def score_all(self, raws: Sequence[Sequence[int]]) -> None:
        """Score every hand prepared, ``raws`` the played ones' raw scores in order."""
        played = iter(raws)
        while len(self.hands) < len(self._prepared):
            pending = self._prepared[len(self.hands)]
            self.score(None if pending.playout is None else next(played))
