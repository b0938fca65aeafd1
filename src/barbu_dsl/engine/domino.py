"""Domino (Fan Tan): the state machine of one domino hand.

Implements docs/rules.md section 2, Domino, with its rulings and variant 7:

* the starting rank is fixed by the contract, named by the declarer
  (``chosen``), or set by the declarer's first card (``first-card``: the
  declarer then plays any card on move one and never passes);
* a card of the starting rank opens its suit; a card adjacent to the
  suit's run on the table extends it up or down; aces are high (A above K)
  or, with ``aces low``, below the 2 (adjacent to the 2, not to the K);
* the declarer moves first; play goes to the left; a seat that has gone out
  is skipped; a seat may pass only when it has no playable card;
* the hand ends when all but one seat have gone out; that seat takes the
  last place.  Placings are the order of going out.

Section 6 adds: play may pass the other way round (``after``); with
``ace plays again`` a seat that plays an ace (and still holds cards) moves
again, passing if it then cannot play; with ``ends at first out`` the hand
ends when the first seat goes out, and the others take the next places by
the cards they still hold, fewest first, a tie going to the seat that
comes sooner in turn after the one that went out; with ``8♦ starts`` the
holder of that card moves first and must play it (the rows grow from its
rank); with ``ace may play again`` (after an ace) or ``any number of cards
a turn`` (after any card) a seat that could play on may play another card
or stop: the stop is a ``PASS`` it may make although it holds a card that
fits, and it is not kept among the moves (a record's next move shows it).

Engine decision (not in docs/rules.md): with a reduced deck (section 3, other
player counts) a card missing from the deck is skipped when extending a
suit, and a suit whose starting-rank card is missing counts as opened from
the start, so no suit ever blocks on a card nobody holds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .. import cards as C
from ..compiled import Broken, DominoTable, broken, cards_of, mask_of, seat_after
from ..runtime.entry import EntryPlan
from .base import PASS, Hand, after_end, illegal
from .scoring import domino_scores


class DominoPosition(NamedTuple):
    """Where a domino hand stands, without anybody's cards: the rows on
    the table and who has gone out, for search (:mod:`.playouts`)."""

    to_play: int | None
    start: int | None  # the starting rank, None until the first card sets it
    low: tuple[int, ...]  # per suit: position of the row's lowest card, 0 while not open
    high: tuple[int, ...]  # per suit: position of the row's highest card
    placings: tuple[int, ...]  # the seats gone out, in order
    moves: int
    counts: tuple[int, ...]  # per seat: cards still held
    after: tuple[int, ...]  # per seat: the seat that moves next (docs/rules.md section 6, direction)
    may_stop: bool = False  # the seat to play may end its turn (docs/rules.md section 6)


def placed_by_cards_left(out: int, hands: Sequence[int], after: Sequence[int]) -> list[int]:
    """The seats still holding cards (``hands``, one mask per seat) once
    ``out`` went out, in the order they are placed: fewest cards first,
    ties in turn order from the seat after ``out`` (docs/rules.md section 6,
    domino endings).  With one seat left it is simply that seat."""
    turn = [after[out]]
    while len(turn) < len(hands):
        turn.append(after[turn[-1]])
    holding = [s for s in turn if hands[s]]
    return sorted(holding, key=lambda s: (hands[s].bit_count(), turn.index(s)))


class DominoHand(Hand):
    """One domino hand.  Build it with :func:`barbu_dsl.engine.start_hand`."""

    __slots__ = (
        "_after",
        "_cache",
        "_hands",
        "_high",
        "_low",
        "_may_stop",
        "_placings",
        "_seats",
        "_start",
        "declarer",
        "moves",
        "plan",
        "players",
        "table",
        "to_play",
    )

    def __init__(self, table: DominoTable, plan: EntryPlan, hands: Sequence[Sequence[int]], declarer: int,
                 after: tuple[int, ...] | None = None, first: int | None = None):
        self.table = table
        self.plan = plan  # what a scorer would enter for this hand: the places are scored from it
        self.players = table.players
        self._after = after or seat_after(table.players)
        self.declarer = declarer
        self.to_play: int | None = declarer if first is None else first
        self.moves: list[int] = []
        self._hands = [mask_of(h) for h in hands]
        self._start: int | None = None
        self._low = [0] * 4  # per suit: position of the run's lowest card, 0 while not open
        self._high = [0] * 4
        self._placings: list[int] = []
        self._may_stop = False  # the seat to play may end its turn (docs/rules.md section 6)
        self._seats: list[int] = []  # the seat that made each move
        self._cache = -1  # the legal mask of this position, -1 until computed
        if table.start is not None:
            self._set_start(table.start)

    def _set_start(self, rank: int) -> None:
        self._start = rank
        for suit in C.SUITS:
            c = C.card(rank, suit)
            if not self.table.deck >> c & 1:  # nobody holds it: the suit is open
                self._low[suit] = self._high[suit] = self.table.position[c]

    # ---- legal moves -------------------------------------------------------

    def legal_mask(self) -> int:
        """The playable cards of the seat to play as a mask (0: it must pass)."""
        seat = self.to_play
        if seat is None:
            return 0
        if self._cache >= 0:
            return self._cache
        self._cache = self._playable(self._hands[seat])
        return self._cache

    def _playable(self, hand: int) -> int:
        t = self.table
        if t.opening >= 0 and not self.moves:  # the card that starts the hand (docs/rules.md section 6)
            return hand & 1 << t.opening
        if self._start is None:  # first-card: the declarer's first card sets the rank
            return hand
        playable = 0
        for suit in C.SUITS:
            low = self._low[suit]
            if not low:
                # A suit opens with the starting rank.
                playable |= hand & (1 << C.card(self._start, suit))
                continue
            # An open suit extends by the next card down or up.
            below, above = t.below[suit][low], t.above[suit][self._high[suit]]
            if below >= 0:
                playable |= hand & (1 << below)
            if above >= 0:
                playable |= hand & (1 << above)
        return playable

    def legal_moves(self) -> list[int]:
        if self.to_play is None:
            return []
        cards = cards_of(self.legal_mask())
        return [*cards, PASS] if self._may_stop else cards or [PASS]

    @property
    def may_stop(self) -> bool:
        return self._may_stop

    def implied_stop(self, move: int) -> bool:
        """Whether a record's next ``move`` shows that the seat to play
        stopped: it may stop, and ``move`` is not a card it holds (a
        record keeps no stops; docs/rules.md section 6)."""
        seat = self.to_play
        return (self._may_stop and seat is not None
                and not (move != PASS and 0 <= move < 52 and self._hands[seat] >> move & 1))

    def broken_rule(self, move: int) -> Broken | None:
        seat = self.to_play
        if seat is None:
            return broken("hand_over")
        playable = self.legal_mask()
        if move == PASS:
            if not playable or self._may_stop:
                return None
            return broken("pass_while_able", cards=", ".join(C.card_str(c) for c in cards_of(playable)))
        if not 0 <= move < 52:
            return broken("not_a_card", move=move)
        if not self._hands[seat] >> move & 1:
            return broken("not_held", seat=seat, card=C.card_str(move))
        if playable >> move & 1:
            return None
        if self.table.opening >= 0 and not self.moves:
            return broken("starting_card", card=C.card_str(self.table.opening))
        suit = C.suit_of(move)
        assert self._start is not None
        if not self._low[suit]:
            return broken("suit_not_open", suits=C.SUIT_NAMES[suit], rank=C.RANK_NAMES[self._start])
        return broken("not_adjacent", card=C.card_str(move), suits=C.SUIT_NAMES[suit])

    # ---- playing -----------------------------------------------------------

    def play(self, move: int) -> None:
        seat = self.to_play
        if seat is None:
            raise after_end(len(self.moves))
        playable = self.legal_mask()
        legal = (not playable or self._may_stop) if move == PASS else (0 <= move < 52 and bool(playable >> move & 1))
        if not legal:
            raise illegal(len(self.moves), seat, move, self.broken_rule(move))
        self._cache = -1
        if self._may_stop:
            self._may_stop = False
            if move == PASS:  # the seat stops: kept nowhere, the next move shows it
                self._pass_on(seat)
                return
        self.moves.append(move)
        self._seats.append(seat)
        if move != PASS:
            self._place(move)
            self._hands[seat] ^= 1 << move
            if not self._hands[seat]:
                self._placings.append(seat)
                if self.table.first_out or len(self._placings) == self.players - 1:
                    self._placings.extend(placed_by_cards_left(seat, self._hands, self._after))
                    self.to_play = None
                    return
            elif self.table.ace_again and C.rank_of(move) == C.ACE:
                return  # the same seat moves again (docs/rules.md section 6)
            elif self._plays_on(move) and self._playable(self._hands[seat]):
                self._may_stop = True  # it may play on or stop (docs/rules.md section 6)
                return
        self._pass_on(seat)

    def _place(self, card: int) -> None:
        """Put ``card`` at the end of its suit's row (opening it, and setting
        the starting rank when the first card sets it)."""
        if self._start is None:
            self._set_start(C.rank_of(card))
        suit, position = card // 13, self.table.position[card]
        if not self._low[suit]:
            self._low[suit] = self._high[suit] = position
        elif position < self._low[suit]:
            self._low[suit] = position
        else:
            self._high[suit] = position

    def _plays_on(self, card: int) -> bool:
        """Whether the seat that played ``card`` may play on at will."""
        play_on = self.table.play_on
        return play_on == "always" or play_on == "after-ace" and C.rank_of(card) == C.ACE

    def _pass_on(self, seat: int) -> None:
        """The turn passes from ``seat`` to the next seat that holds cards."""
        nxt = self._after[seat]
        while not self._hands[nxt]:
            nxt = self._after[nxt]
        self.to_play = nxt

    # ---- what happened so far ----------------------------------------------

    @property
    def start_rank(self) -> int | None:
        """The starting rank (None until the declarer's first card sets it)."""
        return self._start

    def open_ends(self) -> int:
        """The mask of every card that could be put down now, whoever held
        it: the starting-rank cards of suits not open and the cards next to
        each row (every card while the first card sets the rank)."""
        return self._playable(self.table.deck)

    def position(self) -> DominoPosition:
        """The public state of the hand (see :class:`DominoPosition`)."""
        return DominoPosition(self.to_play, self._start, tuple(self._low), tuple(self._high),
                              tuple(self._placings), len(self.moves), tuple(h.bit_count() for h in self._hands),
                              self._after, self._may_stop)

    def raw_scores(self) -> list[int]:
        return domino_scores(self.plan, self._placings)

    def hand(self, seat: int) -> list[int]:
        return cards_of(self._hands[seat])

    @property
    def placings(self) -> list[int]:
        return list(self._placings)

    @property
    def seats(self) -> list[int]:
        """The seat that made each move, in order (everyone at the table sees it)."""
        return list(self._seats)

    def copy(self) -> DominoHand:
        other = DominoHand.__new__(DominoHand)
        for name in self.__slots__:
            value = getattr(self, name)
            setattr(other, name, value.copy() if isinstance(value, list) else value)
        return other
