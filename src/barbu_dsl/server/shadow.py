"""A seat's mirror of a server's game: the terminal table's view of a game
it does not hold.

``barbu join`` reuses the terminal table (:mod:`barbu_dsl.table`): its
narrator follows a game's events, and its person's seat answers decisions
from a :class:`~barbu_dsl.engine.SeatView`.  A client of a server seat has
neither the game nor the other seats' cards, only what its seat is sent:
the events it may know, its view, its decisions.  :class:`SeatMirror`
rebuilds from them what the terminal table reads:

* the events, as :class:`~barbu_dsl.engine.Event` objects
  (:meth:`SeatMirror.events_after`), for the narrator;
* a :class:`~barbu_dsl.engine.SeatView` of the seat (:attr:`SeatMirror.view`):
  the hand's number, declarer, contract, trumps, doubles, totals and the
  doubling offer as the server's view says them, and the hand on the table;
* the hand on the table as the engine plays it (:attr:`SeatMirror.public`),
  so that the trick, who is winning, who took what and the domino rows are
  the engine's own.

The other seats' hidden cards are unknown, so the mirror's hand holds a
deal *drawn to fit everything the play has shown*, with the strong bot's
own reasoning about what each seat cannot hold (:mod:`barbu_dsl.engine.sampling`):
each card a seat plays is put in its hand, and the deal is drawn again
whenever a play does not fit the one drawn.  Nothing about another seat's
cards is ever shown, and what is public — the cards played, the tricks,
the scores from play — is exactly the server's.  The seat's legal moves
are the server's options, never the mirror's.
"""

from __future__ import annotations

import random
from typing import Any

from .. import cards as C
from ..compiled import cards_of, mask_of
from ..engine import PASS, Event, SeatView
from ..engine.base import Hand, IllegalPlay, PlayAfterEnd
from ..engine.hand import hand_for
from ..engine.passing import PassingRound
from ..engine.sampling import Knowledge, draw, fresh_knowledge, holds, knowledge
from ..engine.views import DoubleOffer, PublicHand
from ..language import model as m

DRAWS = 200
"""Deals drawn to fit a play before the mirror gives up on that play's
hidden cards (it then keeps the public facts it has)."""

_RANKS = {letter: rank for rank, letter in C.RANK_LETTERS.items()}


def move_of(text: str) -> int:
    """A card or ``pass`` as the engine's move."""
    return PASS if text == "pass" else C.CARD_INDEX[text]


class MirroredView(SeatView):
    """A seat's view whose legal moves are the server's options."""

    __slots__ = ("options",)

    def __init__(self, spec: m.Spec, players: int, seat: int):
        super().__init__(spec, players, seat)
        self.options: list[int] | None = None  # the pending card decision's options, as moves

    def legal_moves(self) -> list[int]:
        return list(self.options) if self.options is not None else super().legal_moves()

    def broken_rule(self, move: int) -> Any:
        if self.options is not None and move in self.options:
            return None
        return super().broken_rule(move)


class _After:
    """A hand on the table as it would be after one more move (``seat`` makes
    ``move``), for what that move tells (:func:`~barbu_dsl.engine.sampling.knowledge`)."""

    def __init__(self, public: PublicHand, seat: int, move: int):
        self._public = public
        self.table = public.table
        self.is_domino = public.is_domino
        self.tricks = public.tricks
        self.leader = public.leader
        self.current_trick = [*public.current_trick, move]
        if not self.current_trick[:-1]:
            self.leader = seat
        self.seats = [*public.seats, seat]
        self.moves = (*public.moves, move)
        counts = list(public.counts)
        if move != PASS:
            counts[seat] -= 1
        self.counts = tuple(counts)

    def position(self) -> Any:
        return self._public.position()._replace(counts=self.counts)


class SeatMirror:
    """The game as one seat knows it (see the module docstring)."""

    def __init__(self, spec: m.Spec, players: int, seat: int, seed: int | str = 0):
        self.spec = spec
        self.players = players
        self.seat = seat
        self.view = MirroredView(spec, players, seat)
        self.rng = random.Random(f"mirror/{seed}/{seat}")
        self._events: list[Event] = []
        self._hand: Hand | None = None
        self._moves: list[tuple[int, int]] = []  # the hand's moves so far: (seat, move)
        self._opening: tuple[int, int] | None = None  # (leader, opening card) of a hand that names one
        self.stale = False  # a play the mirror could not fit (its public facts are the server's still)

    # ---- what the narrator reads -----------------------------------------------------

    @property
    def public(self) -> PublicHand | None:
        return self.view.public

    def events_after(self, n: int) -> list[Event]:
        return [event for event in self._events if event.n > n]

    # ---- what the server says -----------------------------------------------------------

    def event(self, n: int, data: dict[str, Any]) -> None:
        """One event of the seat's, in order (an event already known is ignored)."""
        if self._events and n <= self._events[-1].n:
            return
        self._events.append(Event(n, (self.seat,), data))
        view = self.view
        kind = data["type"]
        if kind == "hand_begins":
            view.number, view.total = data["hand"] - 1, data["hands"]
            view.declarer, view.dealer = data["declarer"], data["dealer"]
            view.contract = view.trump = view.start_rank = None
            view.doubles, view.offer = (), None
            view.passing, view.received = None, None
            self._set_hand(None)
        elif kind == "deal" and data["seat"] == self.seat:
            view.dealt = tuple(C.CARD_INDEX[card] for card in data["cards"])
        elif kind == "redeal":  # the deal is void: the declarer chooses again (docs/rules.md section 6, Misdeals)
            view.contract = view.trump = view.start_rank = None
        elif kind in ("passing", "give", "exchange"):
            self._passing(kind, data)
        elif kind == "contract":
            view.contract = self.spec.contract(data["contract"])
            view.trump = None if data["trump"] is None else C.SUIT_LETTERS.index(data["trump"])
            view.start_rank = None if data["start_rank"] is None else _RANKS[data["start_rank"]]
            view.contract_options = ()
        elif kind == "double":
            view.doubles = (*view.doubles, *((data["seat"], target) for target in data["doubled"]))
        elif kind == "play_begins":
            self._begin_play(data["seat"])
        elif kind == "card":
            self._play(data["seat"], move_of(data["card"]))
        elif kind == "hand_ends":
            view.totals = tuple(data["totals"])
            self._set_hand(None)
        elif kind == "game_ends":
            view.over = True
            view.totals = tuple(data["totals"])

    def _passing(self, kind: str, data: dict[str, Any]) -> None:
        """The passing round as this seat sees it: its own cards given, then
        those it received (docs/rules.md section 6, Passing)."""
        view = self.view
        if kind == "passing":
            # Only this seat's own cards are known: the others' stay empty.
            dealt = tuple(view.dealt if seat == self.seat else () for seat in range(self.players))
            view.passing = PassingRound(data["direction"], data["cards"], dealt, self.seat, 1)
        elif kind == "give" and view.passing is not None:
            view.passing.give(self.seat, C.CARD_INDEX[data["card"]])
        elif kind == "exchange":
            view.received = tuple(sorted(C.CARD_INDEX[card] for card in data["received"]))

    def set_view(self, message: dict[str, Any]) -> None:
        """The server's ``view`` message: what it says of the seat is the truth."""
        data = message["view"]
        view = self.view
        view.names = tuple(data["names"]) if data.get("names") else None
        view.number, view.total = data["hand"] - 1, data["hands"]
        view.declarer, view.dealer = data["declarer"], data["dealer"]
        view.totals = tuple(data["totals"])
        view.against = tuple(data["against_declarer"])
        view.doubles = tuple((a, b) for a, b in data["doubles"])
        view.over = data["over"]
        turn = data["turn"]
        view.waiting = None if turn is None or turn["kind"] == "card" else (turn["seat"], turn["kind"])
        if view.public is None and data["table"] is None:
            view.dealt = tuple(C.CARD_INDEX[card] for card in data["cards"])
        offer = message.get("offer")
        view.offer = None if offer is None else DoubleOffer(
            tuple(offer["targets"]), offer["cover_all"], offer["redouble"], offer["positive"], offer["made"],
            offer["minimum"], offer["series_left"])
        if offer is not None:
            view.series_left = offer["series_left"]

    def decision(self, kind: str, options: list[Any]) -> None:
        """A decision of the seat's: its options become what the view offers."""
        view = self.view
        view.options = None
        if kind == "contract":
            view.contract_options = tuple(self.spec.contract(name) for name in options)
        elif kind in ("card", "give"):
            view.options = [move_of(option) for option in options]

    # ---- the hand on the table ---------------------------------------------------------

    def _set_hand(self, hand: Hand | None) -> None:
        self._hand = hand
        self.view.set_hand(hand)
        if hand is None:
            self._moves = []

    def _begin_play(self, leader: int) -> None:
        """Cards are dealt to the other seats to fit the one who leads."""
        view = self.view
        contract = view.contract
        assert contract is not None
        mine = mask_of(view.cards)  # as dealt, or after the cards passed and received
        deck = mask_of(self.spec.deck_for(self.players))
        known = fresh_knowledge(self.seat, mine, deck, self.players)
        rules = contract.rules_for(self.players)
        opening = rules.play.opening_card  # its holder makes the first move (a trick or a domino)
        self._opening = None
        if opening is not None and not mine >> opening & 1:
            self._opening = (leader, opening)
            known = holds(known, leader, opening)
        self._moves = []
        self._set_hand(self._deal(self._fit(known, ())))
        self._moves = []

    def _deal(self, holdings: list[int]) -> Hand:
        view = self.view
        assert view.contract is not None
        cards = tuple(tuple(cards_of(mask)) for mask in holdings)
        return hand_for(self.spec, view.contract, cards, view.declarer, trump=view.trump,
                        start_rank=view.start_rank)

    def _fit(self, known: Knowledge, moves: tuple[tuple[int, int], ...], by_seat: bool = True) -> list[int]:
        """A deal (each seat's cards at the start of the hand) that fits
        ``known`` (what the seat knows after ``moves``) and in which every
        one of ``moves`` is legal and (``by_seat``) made by the seat to play:
        a domino seat that played on or stopped had a card that fits; raise
        LookupError when none is found."""
        played = [0] * self.players
        for seat, move in moves:
            if move != PASS:
                played[seat] |= 1 << move
        for _ in range(DRAWS):
            now = draw(known, self.rng)
            start = [now[seat] | played[seat] for seat in range(self.players)]
            hand = self._deal(start)
            try:
                for who, move in moves:
                    if by_seat and hand.to_play != who:
                        raise LookupError  # in this deal another seat was to play
                    hand.play(move)
            except (IllegalPlay, PlayAfterEnd, LookupError):  # the deal does not fit the play: draw another
                continue
            return start
        raise LookupError("no deal fits the play")

    def _play(self, seat: int, move: int) -> None:
        hand = self._hand
        if hand is None:
            return
        self._moves.append((seat, move))
        if hand.to_play == seat and (move == PASS or hand.held(seat) >> move & 1):
            try:
                hand.play(move)
                self.view.set_hand(hand)
                return
            except (IllegalPlay, PlayAfterEnd):  # legal for the seat, not in the deal drawn: draw again
                pass
        before = self.public
        assert before is not None
        moves = tuple(self._moves)
        replayed = self._deal(self._fit_after(before, seat, move, moves))
        for _, made in moves:
            replayed.play(made)
        self._hand = replayed
        self.view.set_hand(replayed)

    def _fit_after(self, before: PublicHand, seat: int, move: int, moves: tuple[tuple[int, int], ...]) -> list[int]:
        assert self._hand is not None
        known = knowledge(_After(before, seat, move), self.seat, self._hand.held(self.seat))  # type: ignore[arg-type]
        if self._opening is not None:
            known = holds(known, *self._opening, unseen_only=True)
        try:
            return self._fit(known, moves)
        except LookupError:
            self.stale = True
            # The public facts come first: a deal in which each seat holds what it played, the rest anyhow.
            blind = Knowledge(known.seat, known.mine, known.unseen, known.counts, (0,) * self.players)
            try:
                return self._fit(blind, moves)
            except LookupError:  # a domino seat's stop no deal drawn fits: the cards alone, as a last resort
                return self._fit(blind, moves, by_seat=False)


__all__ = ["DRAWS", "MirroredView", "SeatMirror", "move_of"]
