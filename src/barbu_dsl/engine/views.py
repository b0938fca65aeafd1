"""What one seat may know: its own cards and everything said or played in public.

A :class:`SeatView` is one seat's view of a game (:class:`~.state.GameState`
keeps one per seat, current until the next answer): the hand's number,
declarer and dealer, the seat's own cards, the contracts it may choose,
the contract announced with its trump suit or starting rank, the doubles
made so far and, when it is this seat's turn to double, whom it may double
(:class:`DoubleOffer`), the hand on the table (:class:`PublicHand`: the
cards played, the trick, who took what, the domino rows, how many cards
each seat holds) and the running totals.  It never shows another seat's
cards that have not been played.

Bots answer from it (its fields are Python values: cards as ints, the
contracts as the model's); :meth:`SeatView.to_json` writes the same
knowledge as JSON for a front end, cards, suits and ranks as records
write them (docs/records.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .. import cards as C
from ..compiled import cards_of, mask_of
from ..language import model as m
from .base import PASS, Hand, Trick
from .domino import DominoHand, DominoPosition
from .doubling import Pair
from .tricks import TrickHand, TrickPosition

if TYPE_CHECKING:
    from .passing import PassingRound


def card_texts(cards: list[int] | tuple[int, ...]) -> list[str]:
    """Cards as records write them (``QH``), in the order given."""
    strs = C.CARD_STRS
    return [strs[c] for c in cards]


def move_text(move: int) -> str:
    """A move as records write it: a card, or ``pass``."""
    return "pass" if move == PASS else C.CARD_STRS[move]


class PublicHand:
    """The hand being played as everyone at the table sees it: the moves
    made, the tricks, the domino rows, what each seat has taken, how many
    cards each still holds; never the cards in anyone's hand."""

    __slots__ = ("_hand", "_kept", "is_domino", "table")

    def __init__(self, hand: Hand):
        self._hand = hand
        self._kept: tuple[int, list[Any], list[Any]] = (0, [], [])  # see _finished_json
        self.is_domino = isinstance(hand, DominoHand)
        self.table: Any = hand.table  # type: ignore[attr-defined]
        """The compiled rules of the hand (:class:`~barbu_dsl.compiled.TrickTable`
        or :class:`~barbu_dsl.compiled.DominoTable`)."""

    @property
    def players(self) -> int:
        return self._hand.players

    @property
    def declarer(self) -> int:
        return self._hand.declarer

    @property
    def to_play(self) -> int | None:
        return self._hand.to_play

    @property
    def is_over(self) -> bool:
        return self._hand.to_play is None

    @property
    def moves(self) -> tuple[int, ...]:
        """Every move so far, in order (:data:`~.base.PASS` for a pass)."""
        return tuple(self._hand.moves)

    @property
    def played(self) -> int:
        """The mask of every card played so far."""
        hand = self._hand
        if isinstance(hand, TrickHand):
            return hand.played
        return mask_of(move for move in hand.moves if move != PASS)

    @property
    def counts(self) -> tuple[int, ...]:
        """How many cards each seat still holds."""
        return self.position().counts

    def position(self) -> TrickPosition | DominoPosition:
        """The public position (:meth:`.TrickHand.position`, :meth:`.DominoHand.position`)."""
        return self._hand.position()  # type: ignore[attr-defined, no-any-return]

    def raw_scores(self) -> list[int]:
        """Each seat's points from play so far (final once the hand is over)."""
        return self._hand.raw_scores()

    # ---- trick play --------------------------------------------------------

    @property
    def tricks(self) -> list[Trick]:
        return self._hand.tricks

    @property
    def tricks_played(self) -> int:
        return self._hand.tricks_played

    @property
    def current_trick(self) -> list[int]:
        hand = self._hand
        return hand.current_trick if isinstance(hand, TrickHand) else []

    @property
    def leader(self) -> int | None:
        """The seat that led (or leads) the current trick; None in domino."""
        hand = self._hand
        return hand.leader if isinstance(hand, TrickHand) else None

    @property
    def winning(self) -> tuple[int, int] | None:
        """The card winning the current trick and its seat, or None."""
        hand = self._hand
        return hand.winning if isinstance(hand, TrickHand) else None

    def captured(self, seat: int) -> list[int]:
        """The cards ``seat`` has taken in tricks."""
        return self._hand.captured(seat)

    # ---- domino ------------------------------------------------------------

    @property
    def placings(self) -> list[int]:
        return self._hand.placings

    @property
    def seats(self) -> list[int]:
        """Domino: the seat that made each move."""
        hand = self._hand
        return hand.seats if isinstance(hand, DominoHand) else []

    @property
    def start_rank(self) -> int | None:
        """Domino: the starting rank (None until the first card sets it)."""
        hand = self._hand
        return hand.start_rank if isinstance(hand, DominoHand) else None

    def to_json(self) -> dict[str, Any]:
        """The hand on the table as JSON (see :meth:`SeatView.to_json`)."""
        hand = self._hand
        data: dict[str, Any] = {"held": list(self.counts), "points": self.raw_scores()}
        if isinstance(hand, DominoHand):
            pos = hand.position()
            rows: dict[str, Any] = {}
            for suit in C.SUITS:
                if not pos.low[suit]:
                    rows[C.SUIT_LETTERS[suit]] = None
                    continue
                low, high = (C.ACE if hand.table.aces_low and p == 1 else p for p in (pos.low[suit], pos.high[suit]))
                rows[C.SUIT_LETTERS[suit]] = {"low": C.RANK_LETTERS[low], "high": C.RANK_LETTERS[high]}
            start = pos.start
            data.update(start_rank=None if start is None else C.RANK_LETTERS[start], rows=rows,
                        plays=self._finished_json()[1], placings=list(pos.placings))
            return data
        assert isinstance(hand, TrickHand)
        winning = hand.winning
        _, tricks, taken = self._finished_json()
        data.update(
            trick={"number": hand.tricks_played + 1, "leader": hand.leader, "cards": card_texts(hand.current_trick),
                   "winning": None if winning is None else {"seat": winning[1], "card": C.CARD_STRS[winning[0]]}}
            if not hand.is_over else None,
            tricks=tricks, taken=taken)
        return data

    def _finished_json(self) -> tuple[int, list[Any], list[Any]]:
        """What of the hand's JSON only grows — the finished tricks and what
        each seat has taken (tricks), the plays (domino) — with the objects
        of the last call kept: the lists are new when something was added,
        and the items already there are the same objects, so that the
        table's server compares a view with the one before it by identity
        (``protocol.view_changes``), not over the whole hand each move."""
        hand = self._hand
        done, items, taken = self._kept
        if isinstance(hand, DominoHand):
            if len(hand.moves) != done:
                moves, seats = hand.moves, hand.seats
                items = [*items, *([seats[i], move_text(moves[i])] for i in range(done, len(moves)))]
                self._kept = (len(moves), items, taken)
            return self._kept
        assert isinstance(hand, TrickHand)
        if len(hand.tricks) != done or not taken:
            finished = hand.tricks
            items = [*items, *({"leader": t.leader, "cards": card_texts(t.cards), "winner": t.winner}
                               for t in finished[done:])]
            taken = [card_texts(hand.captured(seat)) for seat in range(hand.players)]
            self._kept = (len(finished), items, taken)
        return self._kept


@dataclass(frozen=True)
class DoubleOffer:
    """A seat's chance to double (docs/rules.md section 2, Doubling).

    ``targets`` are the seats it may double now; with ``cover_all``
    (variant 3, the declarer's redouble) it doubles all of them or none;
    ``redouble``: it would be doubling back players who doubled it.
    ``made`` is how many doubles it has made against the current declarer
    in the declarer's series so far, ``minimum`` the advisory number (never
    enforced), ``series_left`` the declarer's hands still to come after
    this one; ``positive``: the contract favours the taker.
    """

    targets: tuple[int, ...]
    cover_all: bool
    redouble: bool
    positive: bool
    made: int
    minimum: int
    series_left: int


class SeatView:
    """What ``seat`` may know now (see the module docstring).

    The fields are set by the game as it goes; a test may build one for a
    position of its own (a hand from :func:`~.hand.start_hand`).
    """

    __slots__ = (
        "_deck_mask",
        "_hand",
        "against",
        "contract",
        "contract_options",
        "dealer",
        "dealt",
        "deck",
        "declarer",
        "doubles",
        "names",
        "number",
        "offer",
        "over",
        "passing",
        "players",
        "public",
        "received",
        "seat",
        "series_left",
        "spec",
        "start_rank",
        "target",
        "total",
        "totals",
        "trump",
        "waiting",
    )

    def __init__(self, spec: m.Spec, players: int, seat: int, *, names: tuple[str, ...] | None = None,
                 number: int = 0, total: int | None = 1, target: int | None = None, declarer: int = 0,
                 dealer: int | None = None,
                 dealt: tuple[int, ...] = (), contract: m.Contract | None = None, trump: int | None = None,
                 start_rank: int | None = None, doubles: tuple[Pair, ...] = (), hand: Hand | None = None):
        self.spec = spec
        self.players = players
        self.seat = seat
        self.names = names
        self.deck: tuple[int, ...] = spec.deck_for(players)
        self._deck_mask = mask_of(self.deck)
        self.number = number  # the hand, 0-based
        self.total = total  # hands in the game; None when not known in advance (a game to a target)
        self.target = target  # the score that ends the game (docs/rules.md section 6)
        self.declarer = declarer
        self.dealer = declarer if dealer is None else dealer
        self.series_left = 0
        self.dealt = dealt  # the seat's cards dealt so far (choose_after deals two rounds: rules.md section 6)
        self.contract_options: tuple[m.Contract, ...] = ()  # the declarer's, until the contract is announced
        self.contract = contract  # once announced (the declarer's own choice as soon as made)
        self.trump = trump
        self.start_rank = start_rank
        self.doubles = doubles
        self.offer: DoubleOffer | None = None  # while the seat is to double
        self.totals: tuple[int, ...] = (0,) * players
        self.against: tuple[int, ...] = (0,) * players  # doubles made against the declarer in their series
        self.waiting: tuple[int, str] | None = None  # the seat and kind of a decision other than a card
        self.over = False
        self.passing: PassingRound | None = None  # the hand's passing round, when cards are passed
        self.received: tuple[int, ...] | None = None  # the cards passed to the seat, once exchanged
        self._hand = hand
        self.public = PublicHand(hand) if hand is not None else None

    def set_hand(self, hand: Hand | None) -> None:
        """The hand now on the table (None between hands)."""
        self._hand = hand
        self.public = PublicHand(hand) if hand is not None else None

    # ---- the seat's own cards and moves -----------------------------------------

    @property
    def rules(self) -> m.Rules:
        """The announced contract's rules for this number of players."""
        assert self.contract is not None
        return self.contract.rules_for(self.players)

    @property
    def mine(self) -> int:
        """The seat's cards as a mask."""
        hand = self._hand
        if hand is None:
            return mask_of(self.cards)
        return hand.held(self.seat)

    @property
    def given(self) -> tuple[int, ...]:
        """The cards the seat has given in this hand's passing, in the order given."""
        passing = self.passing
        return () if passing is None else tuple(passing.given[self.seat])

    @property
    def cards(self) -> tuple[int, ...]:
        """The seat's cards now, in card order: before play, those dealt
        less those it has given, and with those it received once the cards
        are exchanged."""
        hand = self._hand
        if hand is not None:
            return tuple(cards_of(self.mine))
        if self.passing is None:
            return self.dealt
        given = self.given
        return tuple(sorted([c for c in self.dealt if c not in given] + list(self.received or ())))

    def legal_mask(self) -> int:
        """The seat's legal cards as a mask when it is its turn to play (0
        also for a domino pass); 0 otherwise."""
        hand = self._hand
        if hand is None or hand.to_play != self.seat:
            return 0
        return hand.legal_mask()

    def legal_moves(self) -> list[int]:
        """The seat's legal moves when it is its turn to play (``[PASS]``
        for a domino pass), else none."""
        hand = self._hand
        if hand is None or hand.to_play != self.seat:
            return []
        return hand.legal_moves()

    def broken_rule(self, move: int) -> Any:
        """The rule ``move`` would break if the seat made it now (None: legal)."""
        assert self._hand is not None and self._hand.to_play == self.seat
        return self._hand.broken_rule(move)

    @property
    def turn(self) -> tuple[int, str] | None:
        """Whose decision it is and its kind, or None once the game is over."""
        hand = self._hand
        if self.waiting is None and hand is not None and hand.to_play is not None:
            return hand.to_play, "card"
        return self.waiting

    # ---- as JSON ----------------------------------------------------------------

    def to_json(self, table: dict[str, Any] | None = None) -> dict[str, Any]:
        """Everything this seat may know now, as JSON (``table``: the hand on
        the table's JSON when the caller has it already — it is the same for
        every seat).

        ``seat``, ``players``, ``names``, ``spec``; ``hand`` (1-based),
        ``hands`` (null when not known in advance) and ``target`` (the
        score that ends the game, or null); ``declarer``, ``dealer``; ``cards`` (the seat's own, now);
        ``contract``, ``trump``, ``start_rank`` once announced (the
        declarer's own choice as soon as made); ``doubles``
        (``[doubler, doubled]``); ``against_declarer`` (the advisory count);
        ``turn`` (``{"seat", "kind"}``, null once over); ``totals``;
        ``over``; and ``table``, the hand being played (null before play):
        ``held`` (cards each seat holds), ``points`` (each seat's points
        from play so far), then for tricks ``trick`` (``number``,
        ``leader``, ``cards``, ``winning``), ``tricks`` (each finished
        trick's ``leader``, ``cards``, ``winner``) and ``taken`` (each
        seat's cards taken); for domino ``start_rank``, ``rows`` (per suit
        letter, ``{"low", "high"}`` or null), ``plays`` (``[seat, card or
        "pass"]``) and ``placings``; ``passing`` (null when no cards are
        passed this hand): ``direction``, ``cards`` (how many each seat
        passes), ``given`` (the seat's own, so far) and ``received`` (null
        until the exchange); ``widow`` (null without one): ``cards`` (how
        many), ``goes`` (``aside`` or ``first trick``), ``taken_by`` and
        ``shown`` (null until the first trick is taken).
        """
        contract = self.contract
        turn = self.turn
        return {
            "seat": self.seat,
            "players": self.players,
            "names": None if self.names is None else list(self.names),
            "spec": self.spec.full_name,
            "hand": self.number + 1,
            "hands": self.total,
            "target": self.target,
            "declarer": self.declarer,
            "dealer": self.dealer,
            "cards": card_texts(self.cards),
            "contract": None if contract is None else contract.name,
            "trump": None if self.trump is None else C.SUIT_LETTERS[self.trump],
            "start_rank": None if self.start_rank is None else C.RANK_LETTERS[self.start_rank],
            "doubles": [list(pair) for pair in self.doubles],
            "against_declarer": list(self.against),
            "turn": None if turn is None else {"seat": turn[0], "kind": turn[1]},
            "totals": list(self.totals),
            "over": self.over,
            "table": None if self.public is None else table if table is not None else self.public.to_json(),
            "passing": self._passing_json(),
            "widow": self._widow_json(),
        }

    @property
    def unseen(self) -> int:
        """The cards this seat has not seen, as a mask: the deck's less its
        own, those played and those taken (a widow shown with the first
        trick).  An unseen widow's cards are among them, and the dealer's
        discards for the others: the seat cannot tell them from the others'
        (docs/rules.md section 6)."""
        gone = self.mine
        if self.passing is not None and self.passing.discarding:
            gone |= mask_of(self.given)  # the dealer's own discards: seen, out of play (section 6)
        hand = self._hand
        deck = self._deck_mask
        if hand is not None:
            # The hand's cards (a position of a few cards is its own deck), and an unseen widow's.
            deck = hand.table.deck | (deck if self.spec.widow_size(self.players) else 0)  # type: ignore[attr-defined]
            gone |= self.public.played if self.public is not None else 0
        if isinstance(hand, TrickHand):
            for seat in range(hand.players):
                gone |= hand.captured_mask(seat)
        return deck & ~gone

    @property
    def widow(self) -> tuple[int, ...] | None:
        """The widow's cards once its taker has them, for everyone to see
        (docs/rules.md section 6: at the end of the first trick); None
        before, for a widow set aside, and without a widow."""
        hand = self._hand
        if isinstance(hand, TrickHand) and hand.widow and hand.tricks_played:
            return tuple(cards_of(hand.widow))
        return None

    def _widow_json(self) -> dict[str, Any] | None:
        size = self.spec.widow_size(self.players)
        if not size:
            return None
        shown = self.widow
        public = self.public
        taker = public.tricks[0].winner if shown is not None and public is not None else None
        domino = self.contract is not None and self.rules.is_domino  # played with the cards dealt
        return {"cards": size, "goes": "aside" if self.spec.leftover == "widow aside" or domino else "first trick",
                "taken_by": taker, "shown": None if shown is None else card_texts(shown)}

    def _passing_json(self) -> dict[str, Any] | None:
        passing = self.passing
        if passing is None:
            return None
        received = self.received
        return {"direction": passing.direction, "cards": passing.count, "given": card_texts(self.given),
                "received": None if received is None else card_texts(received)}


__all__ = ["DoubleOffer", "PublicHand", "SeatView", "card_texts", "move_text"]
