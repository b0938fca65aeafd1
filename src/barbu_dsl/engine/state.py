"""The game as a state of pending decisions: one game that every front end drives.

A :class:`GameState` holds a whole game of a spec: the schedule and who
chooses each hand, the contract, the trump suit or domino starting rank,
the doubling round, every card and domino pass, the end of each hand and of
the game (docs/rules.md sections 1 to 3 and docs/rules.md section 6).  It never
calls anyone.  A front end asks it what is pending and gives it the answer,
as OpenSpiel's games are driven::

    while (decision := state.pending()) is not None:
        state.apply(bots[decision.seat](decision, state.seat_view(decision.seat)))

* :meth:`GameState.pending` is the :class:`Decision` to make (a seat, a
  kind and its options, written as the table protocol writes them:
  docs/game.md), or None once the game is over;
* :meth:`GameState.apply` takes one of the options; anything else raises
  :class:`AnswerError` and changes nothing;
* :meth:`GameState.view` is everything a seat may know now, as JSON
  (:meth:`GameState.seat_view`, the same as Python values, is what bots
  read: :mod:`.views`);
* :attr:`GameState.events` is what has happened, in order, each
  :class:`Event` with the seats that may know it (the deal is one event
  per seat);
* :meth:`GameState.to_json` is the game as its spec text, seed, players,
  names and answers; :meth:`GameState.from_json` replays them.

Chance is the seed's: the first declarer and any random contract lists are
drawn with ``f"{seed}/game"``, hand ``n`` is dealt with ``f"{seed}/hand
{n}"`` (independent of every answer, so two sets of players meet the same
cards; a void deal is dealt again with ``f"{seed}/hand {n}/redeal {k}"``,
docs/rules.md section 6, Misdeals), and the same seed and answers give the
same game anywhere.

Implementation decisions: a decision with a single option is still asked
(a forced card, a pass), except the contract of a hand that has only one,
which is announced at once, as a table would; the advisory count of
doubles each player has made against the current declarer in the
declarer's series is kept and shown, never enforced (docs/rules.md section 2).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from .. import cards as C
from ..bounded_json import loads
from ..compiled import announcement, cards_of
from ..errors import SpecError
from ..language import model as m
from .base import PASS, Hand, IllegalPlay, PlayAfterEnd
from .deal import Deal, Seeds, Source, deal_packets, sorted_hands, void_at_deal, void_for_trump
from .decisions import EVENT_FIELDS, KINDS, AnswerError, Decision, Event, GameFileError, card_options, double_options
from .doubling import DoublingRound, HandTerms, hand_terms
from .hand import hand_for
from .passing import PassingRound
from .results import GameResult, HandResult, best_seats
from .schedule import Schedule, Turn
from .tricks import TrickHand
from .views import DoubleOffer, PublicHand, SeatView, card_texts, move_text

FORMAT = "barbu_dsl game"
VERSION = 1

PlayOut = Callable[[m.Contract, Deal, int, int | None, int | None, Source], tuple[list[int], list[int]]]
"""Plays a whole hand in one go: ``(contract, hands, declarer, trump,
start_rank, source) -> (raw scores, moves)``, drawing from ``source`` (a
seed or a generator, :data:`~.deal.Source`), the moves as ints (``PASS``
for a pass, :data:`STOP` for a seat that stops playing on): the balance
lab's generated playouts of random hands, and rule bots' hands compiled."""

STOP = -3
"""A :data:`PlayOut`'s move for a domino seat that stops when it may play
on (docs/rules.md section 6): answered ``pass``, and kept nowhere in the
hand's record (the next move shows it)."""


# --------------------------------------------------------------------------
# The game.


class GameState:
    """A whole game of a spec as a state of pending decisions (see the
    module docstring).  Make one with :meth:`new` or :meth:`from_json`."""

    def __init__(self, spec: m.Spec, players: int, seed: int | str, names: tuple[str, ...] | None,
                 first_declarer: int | None, play_out: PlayOut | None, seeds: Seeds | None = None):
        self.spec = spec
        self.players = players
        self.seed = seed
        self.names = names
        self.first_declarer = first_declarer
        self._play_out = play_out
        self._seeds = Seeds(seed) if seeds is None else seeds
        self._everyone = tuple(range(players))
        self._schedule = Schedule(spec, players, random.Random(self._seeds.game()), first_declarer)
        self._answers: list[Any] = []
        self._public_json: tuple[tuple[int, Any], dict[str, Any]] | None = None  # the hand on the table, per position
        self._log: list[tuple[Any, ...]] = []  # events as (type, seats, *fields)
        self._events: list[Event] = []  # the log's events made so far
        self._results: list[HandResult] = []
        self._totals = [0] * players
        self._pot = 0  # what the pot holds between hands (docs/rules.md section 6, "A pot")
        self._against = [[0] * players for _ in range(players)]  # [declarer][doubler]
        self._views = [SeatView(spec, players, seat, names=names, total=self._schedule.total,
                                target=self._schedule.target) for seat in self._everyone]
        self._decision: Decision | None = None
        # The hand being played.
        self._cards: Deal = ()  # the cards played with (after any passes)
        self._dealt: Deal = ()  # the cards as dealt
        self._passing: PassingRound | None = None
        self._redeals = 0  # the hand's deals made void so far (docs/rules.md section 6, Misdeals)
        self._rest_to_deal = False  # whether the seats hold only the first cards of their hands
        self._turn: Turn | None = None
        self._contract: m.Contract | None = None
        self._trump: int | None = None
        self._start_rank: int | None = None
        self._terms: HandTerms | None = None
        self._round: DoublingRound | None = None
        self._hand: Hand | None = None
        self._domino = False  # whether the hand is a domino hand
        self._raw_said: list[int] = []  # the hand's raw scores as of the last trick said
        self._phase = "over"
        self._start_hand()

    @classmethod
    def new(cls, spec: m.Spec, *, players: int | None = None, seed: int | str = 0,
            names: Sequence[str] | None = None, first_declarer: int | None = None,
            play_out: PlayOut | None = None, seeds: Seeds | None = None) -> GameState:
        """A game of ``spec`` for ``players`` (four when the spec allows it,
        else its smallest count), dealt from ``seed``; ``names`` names the
        seats; ``first_declarer`` is the seat that declares the first hand
        (default: drawn by lot, or the holder of the spec's card).
        ``play_out`` plays each hand's cards in one go instead of asking for
        them (the balance lab's random hands; see :data:`PlayOut`).
        ``seeds`` draws the game's chance from ``seed`` another way (the
        lab's :class:`~.deal.NumberSeeds`; such a game is not saved).
        ValueError when the spec is not played by ``players``."""
        count = default_players(spec) if players is None else players
        if count not in spec.players:
            allowed = ", ".join(map(str, spec.players))
            raise ValueError(f"{spec.full_name} is played by {allowed} players, not {count}")
        if names is not None and len(names) != count:
            raise ValueError(f"{len(names)} names for {count} players")
        if first_declarer is not None and not 0 <= first_declarer < count:
            raise ValueError(f"seat {first_declarer} is not a seat of {count} players")
        return cls(spec, count, seed, None if names is None else tuple(names), first_declarer, play_out, seeds)

    # ---- what the game is now ---------------------------------------------------

    @property
    def total_hands(self) -> int | None:
        """The hands of the game, or None when it is played to a target score
        without a number of hands (docs/rules.md section 6)."""
        return self._schedule.total

    @property
    def target(self) -> int | None:
        """The score that ends the game when a running total reaches it."""
        return self._schedule.target

    @property
    def number(self) -> int:
        """The hand being played (0-based); the number of hands once over."""
        return len(self._results)

    @property
    def hands(self) -> tuple[HandResult, ...]:
        """The hands finished so far."""
        return tuple(self._results)

    @property
    def over(self) -> bool:
        return self._phase == "over"

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(self._totals)

    @property
    def pot(self) -> int:
        """What the pot holds now (0 in a game without one)."""
        return self._pot

    @property
    def counted(self) -> m.Counted:
        """What the advisory count of doubles covers: a declarer's
        ``series``, a ``rubber`` of the shared list or the ``game``
        (docs/rules.md section 2, "The minimum of two doubles")."""
        return self._schedule.plan.counted

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the best total so far (the game's winners once over)."""
        return best_seats(tuple(self._totals), self.spec.game.aim)

    @property
    def answers(self) -> tuple[Any, ...]:
        """Every answer given so far, in order (copies: the game keeps its own)."""
        return tuple(list(answer) if isinstance(answer, list) else answer for answer in self._answers)

    @property
    def answer_count(self) -> int:
        """How many answers have been given (the number the next one will have, less one)."""
        return len(self._answers)

    @property
    def turn(self) -> Turn | None:
        """The schedule's turn of the hand being played."""
        return None if self.over else self._turn

    @property
    def public(self) -> PublicHand | None:
        """The hand on the table as everyone sees it, or None."""
        return self._views[0].public

    def records(self) -> list[dict[str, Any]]:
        """The finished hands as hand records (docs/records.md)."""
        return [hand.record for hand in self._results]

    def result(self, bots: Sequence[str] = ()) -> GameResult:
        """The game so far, played by the bots named ``bots``."""
        return GameResult(self.spec.full_name, self.players, self.seed, tuple(bots), self.spec.game.aim,
                          self.spec.doubling.allowed, self.spec.doubling.minimum, tuple(self._results),
                          self.spec.game.target, self.spec.game.payout_for(self.players))

    # ---- decisions ---------------------------------------------------------------

    def pending(self) -> Decision | None:
        """The decision to make now, or None once the game is over."""
        decision = self._decision
        if decision is None and self._phase != "over":
            decision = self._decision = self._make_decision()
        return decision

    def _make_decision(self) -> Decision:
        phase, turn = self._phase, self._turn
        assert turn is not None
        if phase == "card":
            hand = self._hand
            assert hand is not None and hand.to_play is not None
            # The legal cards now: the options stay those of this position whenever they are read.
            return Decision(hand.to_play, "card", card_options, hand.legal_mask(), hand.may_stop)
        if phase == "give":
            passing = self._passing
            assert passing is not None and passing.seat is not None
            return Decision(passing.seat, "give", _card_texts, passing.options(passing.seat))
        if phase == "double":
            round_ = self._round
            assert round_ is not None and round_.seat is not None
            return Decision(round_.seat, "double", double_options, round_.targets, round_.cover_all)
        if phase == "contract":
            return Decision(turn.declarer, "contract", tuple, [contract.name for contract in turn.options])
        if phase == "trump":
            return Decision(turn.declarer, "trump", tuple, C.SUIT_LETTERS)
        return Decision(turn.declarer, "start_rank", tuple, _RANKS)

    def apply(self, answer: Any) -> None:
        """Answer the pending decision with one of its options.  Raise
        :class:`AnswerError` (and change nothing) for anything else."""
        decision = self.pending()
        if decision is None:
            raise AnswerError(None, answer)
        phase = self._phase
        if phase == "card":
            self._play(decision, answer)
        elif phase == "double":
            self._double(decision, answer)
        elif phase == "give":
            self._give(decision, answer)
        elif phase == "contract":
            turn = self._turn
            assert turn is not None
            contract = next((c for c in turn.options if c.name == answer), None) if isinstance(answer, str) else None
            if contract is None:
                raise AnswerError(decision, answer)
            self._answered(answer)
            self._choose(contract)
        elif phase == "trump":
            if not (isinstance(answer, str) and len(answer) == 1 and answer in C.SUIT_LETTERS):
                raise AnswerError(decision, answer)
            self._answered(answer)
            self._trump = C.SUIT_LETTERS.index(answer)
            self._announce()
        else:
            rank = _RANKS.get(answer) if isinstance(answer, str) else None
            if rank is None:
                raise AnswerError(decision, answer)
            self._answered(answer)
            self._start_rank = rank
            self._announce()

    def check(self, answer: Any) -> None:
        """Raise :class:`AnswerError` — with the rule a card breaks, as
        :meth:`apply` would — unless ``answer`` is one of the pending
        decision's options; change nothing either way.  A front end that
        stores an answer before applying it (the table server) checks it
        first, so that what it stores :meth:`apply` takes."""
        decision = self.pending()
        if decision is None:
            raise AnswerError(None, answer)
        plain = isinstance(answer, str) or (isinstance(answer, list) and all(type(seat) is int for seat in answer))
        if plain and answer in decision.options:  # (True == 1 in Python, never in an answer)
            return
        reason = None
        hand = self._hand
        if self._phase == "card" and hand is not None and isinstance(answer, str) \
                and (answer == "pass" or answer in C.CARD_INDEX):
            reason = hand.why_illegal(PASS if answer == "pass" else C.CARD_INDEX[answer])
        raise AnswerError(decision, answer, reason)

    def _answered(self, answer: Any) -> None:
        self._answers.append(answer)
        self._decision = None

    # ---- the steps of a hand -------------------------------------------------------

    def _say(self, kind: str, seats: tuple[int, ...], *fields: Any) -> None:
        self._log.append((kind, seats, *fields))

    def _start_hand(self) -> None:
        """Deal the next hand and go to its first decision (or end the game)."""
        number = len(self._results)
        views = self._views
        self._hand = None
        self._contract = self._trump = self._start_rank = None
        self._terms = self._round = self._passing = None
        for view in views:
            view.set_hand(None)
            view.passing = view.received = None
            view.contract = view.trump = view.start_rank = view.offer = None
            view.doubles = ()
            view.totals = tuple(self._totals)
        if self._schedule.plan.over(number, self._totals):
            self._phase = "over"
            self._turn = None
            self._decision = None
            for view in views:
                view.over, view.waiting, view.dealt = True, None, ()
            self._say("game_ends", self._everyone, list(self._totals), list(self.winners))
            return
        self._redeals = 0
        packets = self._sound_deal(number)
        turn = self._turn = self._schedule.turn(number, sorted_hands(packets))
        declarer = turn.declarer
        if self._schedule.starts_count(number):  # a series or a rubber: every count starts again
            self._against = [[0] * self.players for _ in range(self.players)]
        against = tuple(self._counts(declarer))
        for view in views:
            view.number, view.declarer, view.dealer, view.series_left = number, declarer, turn.dealer, turn.series_left
            view.against = against
        self._say("hand_begins", self._everyone, number + 1, self._schedule.total, declarer, turn.dealer,
                  self._schedule.target)
        self._deal_cards(packets)
        self._ask_contract()

    def _sound_deal(self, number: int) -> Deal:
        """Hand ``number``'s next deal that is not void at sight: one with no
        hand short of an honour (docs/rules.md section 6, Misdeals), or the
        deal after the spec's limit of redeals, which stands.  Each seat's
        cards in the order dealt (its packet)."""
        redeal = self.spec.redeal
        while True:
            packets = deal_packets(self._views[0].deck, self.players, self._seeds.deal(number, self._redeals),
                                   self.spec.widow)
            if self._redeals >= redeal.limit or void_at_deal(packets, redeal) is None:
                return packets
            self._redeals += 1

    def _deal_cards(self, packets: Deal) -> None:
        """Give each seat its cards (with ``choose_after``, only the first
        ones of its packet: docs/rules.md section 6, Choosing after part of
        the hand)."""
        views = self._views
        packets = self._to_dealer(packets)
        cards = self._cards = self._dealt = sorted_hands(packets)
        after = self.spec.game.choose_after
        self._rest_to_deal = after is not None
        seen = cards if after is None else sorted_hands(tuple(packet[:after] for packet in packets))
        for seat, view in enumerate(views):
            view.dealt = seen[seat]
        for seat in self._everyone:
            self._say("deal", (seat,), seat, card_texts(seen[seat]))

    def _to_dealer(self, packets: Deal) -> Deal:
        """With ``leftover: dealer discards`` (docs/rules.md section 6, Packs,
        decks and player counts), the cards that do not deal out evenly go
        to the dealer, last in its packet."""
        turn = self._turn
        if self.spec.leftover != "dealer discards" or turn is None:
            return packets
        held = {card for packet in packets for card in packet}
        rest = tuple(card for card in self._views[0].deck if card not in held)
        return tuple((*packet, *rest) if seat == turn.dealer else packet for seat, packet in enumerate(packets))

    def _ask_contract(self) -> None:
        """Ask the declarer for the contract (announced at once when there is one)."""
        turn = self._turn
        assert turn is not None
        self._views[turn.declarer].contract_options = turn.options
        if len(turn.options) == 1:
            self._choose(turn.options[0])
        else:
            self._wait("contract", turn.declarer)

    def _void_for_trump(self) -> bool:
        """With ``no trump`` (docs/rules.md section 6, Misdeals): once the
        trump suit is known, a hand without it voids the deal before the
        contract is announced; the same dealer deals again and the same
        declarer chooses again from the new deal (after the spec's limit of
        redeals the deal stands)."""
        turn, contract, redeal = self._turn, self._contract, self.spec.redeal
        assert turn is not None and contract is not None
        if not redeal.trump:
            return False
        trump = self._trump
        # The only contract, with fixed trumps, is chosen again at once: the deals are judged here, one by one.
        again = len(turn.options) == 1 and trump is None
        if trump is None:
            trump = announcement(contract.rules_for(self.players).play).trump_suit
        void = False
        while self._redeals < redeal.limit and (seat := void_for_trump(self._cards, redeal, trump)) is not None:
            self._redeals += 1
            void = True
            self._say("redeal", self._everyone, seat, "no trump")
            self._deal_cards(self._sound_deal(turn.number))
            if not again:
                break
        if not void or again:
            return False
        self._schedule.unplayed()
        self._contract = self._trump = self._start_rank = None
        self._views[turn.declarer].contract = None
        self._ask_contract()
        return True

    def _wait(self, phase: str, seat: int) -> None:
        """The next decision is ``seat``'s, of ``phase`` (not a card)."""
        self._phase = phase
        self._decision = None
        for view in self._views:
            view.waiting = (seat, phase)

    def _choose(self, contract: m.Contract) -> None:
        """The declarer has chosen ``contract``: name trumps or the starting rank, or announce it."""
        turn = self._turn
        assert turn is not None
        self._schedule.played(turn, contract)
        self._contract = contract
        self._views[turn.declarer].contract = contract
        named = announcement(contract.rules_for(self.players).play).names
        if named is None:
            self._announce()
        else:
            self._wait(named, turn.declarer)  # the decision's kind is the fact's name: trump or start_rank

    def _announce(self) -> None:
        """The contract is announced: the doubling round begins."""
        if self._void_for_trump():
            return
        turn, contract, trump, start = self._turn, self._contract, self._trump, self._start_rank
        assert turn is not None and contract is not None
        for view in self._views:
            view.contract, view.trump, view.start_rank = contract, trump, start
        self._views[turn.declarer].contract_options = ()
        self._say("contract", self._everyone, turn.declarer, contract.name,
                  None if trump is None else C.SUIT_LETTERS[trump], None if start is None else C.RANK_LETTERS[start])
        if self._rest_to_deal:  # the rest of each hand, dealt once the contract is announced
            self._rest_to_deal = False
            for seat, view in enumerate(self._views):
                view.dealt = self._cards[seat]
                self._say("deal", (seat,), seat, card_texts(self._cards[seat]))
        discards = self.spec.discards(self.players)
        if discards:  # the dealer discards the cards left over, face down (docs/rules.md section 6)
            self._passing = PassingRound.discards(discards, self._cards, turn.dealer)
            for view in self._views:
                view.passing = self._passing
            self._say("passing", self._everyone, "discard", discards)
            self._next_give()
            return
        self._pass_cards()

    def _pass_cards(self) -> None:
        """The passing round, when the spec passes this hand (docs/rules.md section 6, Passing)."""
        turn = self._turn
        assert turn is not None
        passing = self.spec.passing
        direction = passing.direction(turn.number)
        if direction == "hold":
            self._begin_doubling()
            return
        step = 1 if self.spec.game.direction == "clockwise" else -1
        self._passing = PassingRound(direction, passing.cards, self._cards, turn.declarer, step)
        for view in self._views:
            view.passing = self._passing
        self._say("passing", self._everyone, direction, passing.cards)
        self._next_give()

    def _next_give(self) -> None:
        """Ask the next seat for a card to pass, or exchange the cards once all are given."""
        passing = self._passing
        assert passing is not None
        seat = passing.seat
        if seat is not None:
            self._wait("give", seat)
            return
        self._cards = passing.exchanged()
        if passing.discarding:  # nobody receives a card; only the dealer sees its discards
            dealer = passing.order[0]
            for view in self._views:
                view.received = ()
            self._say("exchange", (dealer,), dealer, card_texts(passing.given[dealer]), [])
            self._pass_cards()
            return
        for seat_ in self._everyone:
            view = self._views[seat_]
            view.received = tuple(passing.given[passing.giver(seat_)])
            self._say("exchange", (seat_,), seat_, card_texts(passing.given[seat_]), card_texts(view.received))
        self._begin_doubling()

    def _give(self, decision: Decision, answer: Any) -> None:
        passing = self._passing
        assert passing is not None
        card = C.CARD_INDEX.get(answer) if isinstance(answer, str) else None
        if card is None or card not in passing.options(decision.seat):
            raise AnswerError(decision, answer)
        self._answered(answer)
        passing.give(decision.seat, card)
        self._say("give", (decision.seat,), decision.seat, answer)
        self._next_give()

    def _begin_doubling(self) -> None:
        """The cards are passed (or held): the doubling round begins."""
        turn, contract, trump = self._turn, self._contract, self._trump
        assert turn is not None and contract is not None
        terms = self._terms = hand_terms(self.spec, contract.rules_for(self.players), self.players,
                                         self._views[0].deck, trump)
        self._round = DoublingRound(self.spec.doubling, turn.declarer, self.players, self.spec.game.direction,
                                    terms.positive)
        self._next_double()

    def _next_double(self) -> None:
        """Ask the next player of the doubling round, or end the round."""
        round_, turn, terms = self._round, self._turn, self._terms
        assert round_ is not None and turn is not None and terms is not None
        seat = round_.seat
        if seat is None:
            self._end_doubling()
            return
        self._wait("double", seat)
        minimum = self.spec.doubling.minimum
        self._views[seat].offer = DoubleOffer(round_.targets, round_.cover_all, round_.redouble, terms.positive,
                                              self._counts(turn.declarer)[seat], minimum,
                                              self._schedule.doubles_left(turn, seat))

    def _double(self, decision: Decision, answer: Any) -> None:
        round_ = self._round
        assert round_ is not None
        if not (isinstance(answer, (list, tuple)) and all(type(seat) is int for seat in answer)
                and list(answer) == sorted(answer) and round_.allows(answer)):
            raise AnswerError(decision, answer)
        chosen = list(answer)
        self._answered(chosen)
        seat = decision.seat
        round_.answer(chosen)
        doubles = tuple(round_.doubles)
        for view in self._views:
            view.doubles = doubles
        self._views[seat].offer = None
        self._say("double", self._everyone, seat, chosen)
        self._next_double()

    def _counts(self, declarer: int) -> list[int]:
        """The advisory counts of doubles, per seat, that a hand of
        ``declarer`` adds to: the doubles against them in their series (or
        the game), or with ``per: rubber`` the doubles against whoever
        declared, in this rubber (docs/rules.md section 2)."""
        return self._against[0 if self._schedule.plan.counted == "rubber" else declarer]

    def _end_doubling(self) -> None:
        """The doubles are made: settle the advisory count, then play the hand or not."""
        round_, turn, terms, contract = self._round, self._turn, self._terms, self._contract
        assert round_ is not None and turn is not None and terms is not None and contract is not None
        declarer, doubles = turn.declarer, round_.doubles
        terms.check(declarer, doubles)
        against = self._counts(declarer)
        for doubler, doubled in doubles:
            if doubled == declarer:
                against[doubler] += 1
        for view in self._views:
            view.against = tuple(against)
        if terms.not_played(declarer, doubles):
            raw = terms.not_played_scores(declarer)
            self._finish_hand("not_played", raw, [0] * self.players, raw, [])
            return
        if self._play_out is not None:
            raw, played = self._play_out(contract, self._cards, declarer, self._trump, self._start_rank,
                                         self._seeds.play(turn.number))
            self._answers.extend(move_text(PASS if move == STOP else move) for move in played)
            transfers, final = terms.settle(raw, doubles)
            self._finish_hand("complete", raw, transfers, final, [move for move in played if move != STOP])
            return
        hand = self._hand = hand_for(self.spec, contract, self._cards, declarer, trump=self._trump,
                                     start_rank=self._start_rank)
        self._domino = not isinstance(hand, TrickHand)
        self._raw_said = [0] * self.players
        self._phase = "card"
        self._decision = None
        for view in self._views:
            view.waiting = None
            view.set_hand(hand)
        assert hand.to_play is not None
        self._say("play_begins", self._everyone, hand.to_play)

    def _play(self, decision: Decision, answer: Any) -> None:
        hand = self._hand
        assert hand is not None
        move = (PASS if answer == "pass" else C.CARD_INDEX.get(answer)) if isinstance(answer, str) else None
        if move is None:
            raise AnswerError(decision, answer)
        domino = self._domino
        out = len(hand.placings) if domino else 0
        try:
            hand.play(move)
        except (IllegalPlay, PlayAfterEnd) as error:
            raise AnswerError(decision, answer, error.details.get("reason")) from None
        self._answers.append(answer)
        self._decision = None
        everyone = self._everyone
        self._log.append(("card", everyone, decision.seat, answer))
        if not domino:
            if not len(hand.moves) % self.players:  # the trick is complete
                trick = hand.tricks[-1]
                raw = hand.raw_scores()
                gained = raw[trick.winner] - self._raw_said[trick.winner]
                self._raw_said = raw
                self._say("trick", everyone, hand.tricks_played, trick.winner, gained, card_texts(trick.cards))
                if isinstance(hand, TrickHand) and hand.tricks_played == 1 and hand.widow:
                    self._say("widow", everyone, trick.winner, card_texts(cards_of(hand.widow)))
                if hand.to_play is None:
                    if hand.tricks_played < hand.table.tricks:  # type: ignore[attr-defined]
                        self._say("early_end", everyone)
                    self._end_play(hand)
        else:
            placings = hand.placings[: self.players - 1]  # the last seat does not go out
            for place in range(out + 1, len(placings) + 1):
                self._say("out", everyone, placings[place - 1], place)
            if hand.to_play is None:
                self._end_play(hand)

    def _end_play(self, hand: Hand) -> None:
        terms, round_ = self._terms, self._round
        assert terms is not None and round_ is not None
        raw = hand.raw_scores()
        transfers, final = terms.settle(raw, round_.doubles)
        self._finish_hand("complete", raw, transfers, final, hand.moves)

    def _finish_hand(self, status: str, raw: list[int], transfers: list[int], final: list[int],
                     moves: Sequence[int]) -> None:
        """Score the hand, keep its record, and deal the next one."""
        turn, contract, round_ = self._turn, self._contract, self._round
        assert turn is not None and contract is not None and round_ is not None
        doubles = tuple(round_.doubles)
        totals, self._pot = self._schedule.plan.add_hand(self._totals, final, self._pot)
        self._totals = list(totals)
        trump, start = self._trump, self._start_rank
        record = {
            "contract": contract.name,
            "declarer": turn.declarer,
            "trump": None if trump is None else C.SUIT_LETTERS[trump],
            "start_rank": None if start is None else C.RANK_LETTERS[start],
            "hands": [card_texts(seat_cards) for seat_cards in self._dealt],
            "plays": [move_text(move) for move in moves],
            "doubles": [list(pair) for pair in doubles],
        }
        passing = self._passing
        if passing is not None and passing.discarding:
            record["discards"] = card_texts(passing.given[passing.order[0]])
        elif passing is not None:
            record["passes"] = {"direction": passing.direction, "cards": [card_texts(g) for g in passing.given]}
        result = HandResult(turn.number, contract.name, turn.declarer, turn.dealer, trump, start, doubles, status,
                            tuple(raw), tuple(transfers), tuple(final), tuple(self._totals),
                            tuple(self._counts(turn.declarer)), record,
                            tuple(option.name for option in turn.options))
        self._results.append(result)
        self._say("hand_ends", self._everyone, turn.number + 1, contract.name, turn.declarer, status,
                  [list(pair) for pair in doubles], list(raw), list(transfers), list(final), list(self._totals))
        self._start_hand()

    # ---- views and events ------------------------------------------------------------

    def seat_view(self, seat: int) -> SeatView:
        """What ``seat`` may know now, as Python values (what bots read);
        current until the next :meth:`apply`."""
        return self._views[seat]

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know now, as JSON (:meth:`.views.SeatView.to_json`).
        Its ``table`` (the hand on the table, the same for every seat) is
        made once a position and shared by the seats' views: read it, do not
        change it."""
        if not 0 <= seat < self.players:
            raise ValueError(f"seat {seat} is not a seat of {self.players} players")
        public = self._views[0].public  # one seat's, always the same: it keeps what it made (PublicHand)
        if public is None:
            return self._views[seat].to_json()
        position = (len(self._answers), self._hand)
        if self._public_json is None or self._public_json[0] != position:
            self._public_json = (position, public.to_json())
        return self._views[seat].to_json(self._public_json[1])

    @property
    def events(self) -> tuple[Event, ...]:
        """Everything that has happened, in order."""
        return tuple(self._made_events())

    def events_after(self, n: int) -> list[Event]:
        """The events later than event number ``n``."""
        return self._made_events()[max(n, 0):]

    def events_for(self, seat: int, after: int = 0) -> list[Event]:
        """The events later than number ``after`` that ``seat`` may know."""
        return [event for event in self.events_after(after) if seat in event.seats]

    def _made_events(self) -> list[Event]:
        made, log = self._events, self._log
        for index in range(len(made), len(log)):
            kind, seats, *fields = log[index]
            made.append(Event(index + 1, seats, {"type": kind, **dict(zip(EVENT_FIELDS[kind], fields, strict=False))}))
        return made

    # ---- saving ------------------------------------------------------------------------

    def to_json(self) -> str:
        """The game as JSON text: its spec (name and canonical text), the
        number of players, the seed, the seat names and every answer so far
        (docs/game.md).  :meth:`from_json` replays it to the same state."""
        from ..language import print_spec

        if type(self._seeds) is not Seeds:
            raise ValueError("a game seeded with the lab's number seeds is not saved")
        data: dict[str, Any] = {"format": FORMAT, "version": VERSION, "spec": self.spec.full_name,
                                "spec_text": print_spec(self.spec), "players": self.players, "seed": self.seed,
                                "names": None if self.names is None else list(self.names)}
        if self.first_declarer is not None:
            data["first_declarer"] = self.first_declarer
        data["answers"] = self._answers
        return json.dumps(data, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> GameState:
        """The game :meth:`to_json` wrote, its answers replayed.  Raise
        :class:`GameFileError` for text that is not such a game."""
        try:
            data = loads(text)
        except ValueError as error:
            raise GameFileError(f"not a saved game: {error}") from None
        return cls.from_data(data)

    @classmethod
    def from_data(cls, data: Any) -> GameState:
        """:meth:`from_json` for the JSON value already read."""
        from ..language import parse_spec

        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise GameFileError("not a saved game")
        if data.get("version") != VERSION:
            raise GameFileError(f"a game of another version of the format ({data.get('version')!r}, "
                                f"this barbu_dsl reads {VERSION})")
        missing = [key for key in _FIELD_CHECKS if key not in data and key not in _OPTIONAL_FIELDS]
        if missing:
            raise GameFileError(f"it has no {missing[0]}")
        wrong = [key for key, ok in _FIELD_CHECKS.items() if not ok(data.get(key))]
        if wrong:
            raise GameFileError(f"its {wrong[0]} is not what a saved game holds")
        try:
            spec = parse_spec(data["spec_text"], data["spec"], reads_files=False)  # a game file names no file to read
        except SpecError as error:
            first = error.diagnostics[0]
            raise GameFileError(f"its copy of the spec does not read (line {first.line}: {first.message})") from None
        try:
            state = cls.new(spec, players=data["players"], seed=data["seed"], names=data["names"],
                            first_declarer=data.get("first_declarer"))
        except ValueError as error:
            raise GameFileError(str(error)) from None
        state.replay(data["answers"])
        return state

    def replay(self, answers: Sequence[Any]) -> None:
        """Apply ``answers`` in order; :class:`GameFileError` names the first
        one refused (the answers before it stay applied)."""
        for index, answer in enumerate(answers, 1):
            try:
                self.apply(answer)
            except AnswerError as error:
                raise GameFileError(f"its answer {index} does not replay: {error}") from None


_RANKS = {C.RANK_LETTERS[rank]: rank for rank in C.RANKS}


def _card_texts(cards: tuple[int, ...]) -> tuple[str, ...]:
    """A give decision's options: the cards in record order."""
    return tuple(card_texts(cards))


def _seed(value: Any) -> bool:
    return (isinstance(value, int) and not isinstance(value, bool)) or isinstance(value, str)


_FIELD_CHECKS: dict[str, Callable[[Any], bool]] = {
    "spec": lambda v: isinstance(v, str),
    "spec_text": lambda v: isinstance(v, str),
    "players": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "seed": _seed,
    "names": lambda v: v is None or (isinstance(v, list) and all(isinstance(name, str) for name in v)),
    "first_declarer": lambda v: v is None or (isinstance(v, int) and not isinstance(v, bool)),
    "answers": lambda v: isinstance(v, list),
}
"""The type of each field of a game read back (a file edited by hand is refused, not played)."""

_OPTIONAL_FIELDS = ("first_declarer",)
"""Fields :meth:`GameState.to_json` writes only when they are set; every other one must be there."""


def default_players(spec: m.Spec) -> int:
    """Four players when the spec allows it, else its smallest count."""
    return 4 if 4 in spec.players else spec.players[0]


def decisions(state: GameState) -> Iterator[Decision]:
    """The decisions of ``state`` as they come, each before it is answered
    (the caller answers each one before asking for the next)."""
    while (decision := state.pending()) is not None:
        yield decision


__all__ = ["FORMAT", "KINDS", "VERSION", "AnswerError", "Decision", "Event", "GameFileError", "GameState",
           "PlayOut", "decisions", "default_players"]
