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

The cards left over (docs/rules.md section 6, Packs, decks and player
counts) are cards in no hand: an unseen widow, or the dealer's discards
for the other seats, is drawn with the hidden hands, among the cards the
seat has not seen; a widow taken with the first trick is the one the
server shows once it is taken, and the dealer knows its own discards.
"""

from __future__ import annotations

import bisect
import functools
import operator
import random
from typing import Any

from .. import cards as C
from ..compiled import cards_of, domino_position, domino_table, mask_of
from ..engine import PASS, Event, SeatView
from ..engine.base import Hand, IllegalPlay, PlayAfterEnd
from ..engine.domino import DominoPosition
from ..engine.hand import first_leader, hand_for
from ..engine.passing import PassingRound
from ..engine.sampling import Knowledge, draw, holds, knowledge
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
    ``move``; as it stands without one), for what the play tells
    (:func:`~barbu_dsl.engine.sampling.knowledge`)."""

    def __init__(self, public: PublicHand, seat: int | None = None, move: int | None = None):
        self._public = public
        self.table = public.table
        self.is_domino = public.is_domino
        self.start_rank = public.start_rank
        self.tricks = public.tricks
        self.leader = public.leader
        self.current_trick = list(public.current_trick)
        self.seats = list(public.seats)
        self.moves = public.moves
        counts = list(public.counts)
        if seat is not None and move is not None:
            if not self.current_trick:
                self.leader = seat
            self.current_trick.append(move)
            self.seats.append(seat)
            self.moves = (*self.moves, move)
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
        self._out = 0  # the hand's opening card, where it may lie in no hand (a widow, the discards)
        self._gone = 0  # cards in no hand: a widow shown, a domino's starting cards missing (rules.md section 6)
        self._held = 0  # cards in some hand (a domino's starting cards not missing)
        self._leader = 0  # the seat that makes the hand's first move
        self.stale = False  # a play the mirror could not fit (its public facts are the server's still)

    # ---- what the narrator reads -----------------------------------------------------

    @property
    def public(self) -> PublicHand | None:
        return self.view.public

    def events_after(self, n: int) -> list[Event]:
        """The seat's events later than number ``n`` (they are in order: the
        narrator asks after each one, so this is not a walk through them all)."""
        return self._events[bisect.bisect_right(self._events, n, key=lambda event: event.n):]

    @property
    def last_event(self) -> int:
        """The number of the last event the seat has (0 before any): a
        connection asks the server for the events after it."""
        return self._events[-1].n if self._events else 0

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
        elif kind in ("play_begins", "card", "widow"):
            self._on_table(kind, data)
        elif kind == "hand_ends":
            view.totals = tuple(data["totals"])
            self._set_hand(None)
        elif kind == "game_ends":
            view.over = True
            view.totals = tuple(data["totals"])

    def _on_table(self, kind: str, data: dict[str, Any]) -> None:
        """The hand's play: it begins, a card is played, the first trick's taker takes the widow."""
        if kind == "play_begins":
            self._begin_play(data["seat"])
        elif kind == "card":
            self._play(data["seat"], move_of(data["card"]))
        else:
            self._shown_widow(mask_of(C.CARD_INDEX[card] for card in data["cards"]))

    def _passing(self, kind: str, data: dict[str, Any]) -> None:
        """The passing round as this seat sees it: its own cards given, then
        those it received (docs/rules.md section 6, Passing)."""
        view = self.view
        if kind == "passing":
            # Only this seat's own cards are known: the others' stay empty.
            dealt = tuple(view.dealt if seat == self.seat else () for seat in range(self.players))
            direction, count = data["direction"], data["cards"]
            view.passing = PassingRound.discards(count, dealt, view.dealer) if direction == "discard" \
                else PassingRound(direction, count, dealt, self.seat, 1)
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
        if data["table"] is not None and "rows" in data["table"]:
            self._opened(data["table"])
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
        self._gone = self._held = 0
        known = Knowledge(self.seat, mine, self._unseen(mine, 0), (mine.bit_count(),) * self.players,
                          (0,) * self.players)
        rules = contract.rules_for(self.players)
        opening = rules.play.opening_card  # its holder makes the first move (a trick or a domino)
        self._opening = None
        self._out = 0
        if opening is not None and known.unseen >> opening & 1:
            self._opening = (leader, opening)
            if self.spec.widow_size(self.players) and leader == first_leader(
                    rules, [()] * self.players, view.declarer, self.spec.game.first_lead):
                self._out = 1 << opening  # the leader's, or in no hand: the hand is led as without it
        known = self._opening_known(known)
        self._moves = []
        self._leader = leader
        self._set_hand(self._deal(self._fit(known, ())))
        self._moves = []

    def _unseen(self, mine: int, played: int) -> int:
        """The cards this seat has not seen, with ``mine`` in its hand and
        ``played`` on the table: the deck's, less its own discards and a
        widow shown (docs/rules.md section 6); the hidden hands, and any
        cards in no hand, are drawn from them."""
        gone = mine | played | self._gone
        if self.view.passing is not None and self.view.passing.discarding:
            gone |= mask_of(self.view.given)
        return mask_of(self.spec.deck_for(self.players)) & ~gone

    def _opening_known(self, known: Knowledge) -> Knowledge:
        """``known`` with what the leader of a hand that names its opening
        card tells: it holds the card (while unseen), or, where the card may
        be in no hand and the leader would lead without it, nobody else
        holds it."""
        if self._opening is None:
            return known
        leader, card = self._opening
        if not self._out:
            return holds(known, leader, card, unseen_only=True)
        if not known.unseen >> card & 1:
            return known
        excluded = tuple(mask | self._out if other != leader else mask for other, mask in enumerate(known.excluded))
        return Knowledge(known.seat, known.mine, known.unseen, known.counts, excluded)

    def _deal(self, holdings: list[int]) -> Hand:
        view = self.view
        assert view.contract is not None
        cards = tuple(tuple(cards_of(mask)) for mask in holdings)
        # Every trick is played out: the server's hand_ends says when the hand ends early (with cards in
        # no hand, a deal drawn may run out of cards that score sooner or later than the real one).
        return hand_for(self.spec, view.contract, cards, view.declarer, trump=view.trump,
                        start_rank=view.start_rank, early_end=False)

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
            if by_seat and self._held & ~functools.reduce(operator.or_, start):
                continue  # a starting card the rows say is held lies in no hand of this deal
            hand = self._deal(start)
            if by_seat and hand.to_play != self._leader:
                continue  # the leader's cards are not those drawn (an opening card in no hand)
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
        self._gone |= self._passed_over(before, move)
        moves = tuple(self._moves)
        self._replay(self._fit_after(before, seat, move, moves), moves)

    def _passed_over(self, before: PublicHand, move: int) -> int:
        """The cards a domino card passes over, in no hand: a row grows
        past the cards nobody holds (docs/rules.md section 6, Packs, decks
        and player counts)."""
        if not before.is_domino or move == PASS or not self.spec.widow_size(self.players):
            return 0
        rows = before.position()
        assert isinstance(rows, DominoPosition)
        suit, aces_low = move // 13, before.table.aces_low  # type: ignore[attr-defined]
        low, high, at = rows.low[suit], rows.high[suit], domino_position(move, aces_low)
        if not low:
            return 0
        between = range(at + 1, low) if at < low else range(high + 1, at)
        return mask_of(card for card in range(suit * 13, suit * 13 + 13) if domino_position(card, aces_low) in between)

    def _fit_after(self, before: PublicHand, seat: int, move: int, moves: tuple[tuple[int, int], ...]) -> list[int]:
        return self._refit(self._known(_After(before, seat, move)), moves)

    def _known(self, after: _After) -> Knowledge:
        """What the seat knows once the play of ``after`` is made, with the
        cards it has not seen (:meth:`_unseen`) and the opening card's leader."""
        assert self._hand is not None and self.view.contract is not None
        if after.is_domino and self.spec.widow_size(self.players):
            # A pass tells which row ends the seat cannot play on: the ends of the rows with every card
            # not known to lie in no hand, not those of the deal drawn (docs/rules.md section 6).
            deck = tuple(cards_of(mask_of(self.spec.deck_for(self.players)) & ~self._gone))
            after.table = domino_table(self.view.contract.rules_for(self.players), self.players, deck,
                                       after.start_rank)
        held = self._hand.held(self.seat)
        played = mask_of(move for move in after.moves if move != PASS)
        known = knowledge(after, self.seat, held, self._unseen(held, played))  # type: ignore[arg-type]
        return self._opening_known(known)

    def _redraw(self) -> None:
        """Draw the deal again to fit what the seat now knows, and play the hand's moves in it."""
        assert self.public is not None
        moves = tuple(self._moves)
        self._replay(self._refit(self._known(_After(self.public)), moves), moves)

    def _shown_widow(self, widow: int) -> None:
        """The widow the first trick's taker takes, as the server shows it
        (docs/rules.md section 6): the deal is drawn again where it does not lie so."""
        self._gone |= widow
        hand = self._hand
        if hand is not None and getattr(hand, "widow", widow) != widow:
            self._redraw()

    def _opened(self, table: dict[str, Any]) -> None:
        """A domino's rows as the server shows them: a suit whose starting
        card lies in no hand is open from the start (docs/rules.md section
        6, Packs, decks and player counts), and one that is not open has
        its starting card in a hand; the deal is drawn again to fit."""
        public = self.public
        if public is None or table["start_rank"] is None or not self.spec.widow_size(self.players):
            return
        rank = table["start_rank"]
        missing = held = 0
        for suit, row in table["rows"].items():
            card = C.CARD_INDEX[rank + suit]
            if not public.played >> card & 1:
                if row is None:
                    held |= 1 << card
                else:
                    missing |= 1 << card
        if missing & ~self._gone or held & ~self._held:
            self._gone |= missing
            self._held |= held
            self._redraw()

    def _replay(self, start: list[int], moves: tuple[tuple[int, int], ...]) -> None:
        replayed = self._deal(start)
        for _, made in moves:
            replayed.play(made)
        self._hand = replayed
        self.view.set_hand(replayed)

    def _refit(self, known: Knowledge, moves: tuple[tuple[int, int], ...]) -> list[int]:
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
