"""What every hand of a generated package offers.

A hand is a small state machine: whose turn it is (``to_play``, None once
the hand is over), the legal moves in card order, ``play(move)``, and the
scores so far.  Moves are cards (ints 0..51, see ``cards``) or ``PASS`` in
domino.  The contract modules subclass :class:`TrickHand` and
:class:`DominoHand` with their own rules written out as code, and set the
class attributes that say what the declarer announces (``TRUMPS``,
``TRUMP_SUIT``, ``START``, ``START_RANK``: see ``announcement``).

A move that breaks a rule raises ``IllegalPlay``, a move after the end of
the hand ``PlayAfterEnd`` (``errors``).
"""

from __future__ import annotations

from .announcement import Announcement
from .cards import PASS, cards_of
from .errors import Broken


def followers(after: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """For each leader, the seats that follow it in turn, given the seat
    after each seat."""
    rows = []
    for leader in range(len(after)):
        seats = [after[leader]]
        while len(seats) < len(after) - 1:
            seats.append(after[seats[-1]])
        rows.append(tuple(seats))
    return tuple(rows)


class Hand:
    """One hand of one contract, from the deal to the end."""

    __slots__ = ("deck", "declarer", "hands", "moves", "players", "to_play")

    kind = ""
    TRUMPS = "none"  # none, named (by the declarer) or fixed
    TRUMP_SUIT: int | None = None
    START: str | None = None  # domino: chosen, first-card or fixed
    START_RANK: int | None = None
    legal = -1  # the legal moves' mask once worked out (a slot of TrickHand, kept from move to move), else -1
    may_stop = False  # domino played on at will: the seat to play may end its turn (a slot of DominoHand)

    def __init__(
        self, hands: list[int], declarer: int, trump: int | None = None, start_rank: int | None = None
    ) -> None:
        """A hand dealt ``hands`` (a mask per seat) with ``declarer``; a
        contract's own class reads ``trump`` and ``start_rank`` when the
        declarer names them (:meth:`announcement`)."""
        self.players = len(hands)
        self.declarer = declarer
        self.hands = list(hands)
        self.moves: list[int] = []
        self.to_play: int | None = declarer
        deck = 0
        for hand in hands:
            deck |= hand
        self.deck = deck

    @property
    def is_over(self) -> bool:
        return self.to_play is None

    @classmethod
    def announcement(cls) -> Announcement:
        """What the declarer announces before a hand of this contract."""
        return Announcement(cls.TRUMPS, cls.TRUMP_SUIT, cls.START, cls.START_RANK)

    def legal_mask(self) -> int:
        raise NotImplementedError

    def legal_moves(self) -> list[int]:
        """The legal moves of the seat to play, in card order; empty once over."""
        return cards_of(self.legal_mask())

    def implied_stop(self, move: int) -> bool:
        """Whether a record's next ``move`` shows that the seat to play
        stopped playing on (domino): it may stop, and ``move`` is not a card it
        holds (a record keeps no stops)."""
        seat = self.to_play
        return self.may_stop and seat is not None and not (0 <= move < 52 and self.hands[seat] >> move & 1)

    def broken_rule(self, move: int) -> Broken | None:
        """The rule ``move`` would break, or None when it is legal."""
        raise NotImplementedError

    def why_illegal(self, move: int) -> str | None:
        """The message of the rule ``move`` would break, or None when it is legal."""
        rule = self.broken_rule(move)
        return None if rule is None else rule.message

    def play(self, move: int) -> None:
        raise NotImplementedError

    def raw_scores(self) -> list[int]:
        raise NotImplementedError

    def hand(self, seat: int) -> list[int]:
        """The cards ``seat`` still holds, in card order."""
        return cards_of(self.hands[seat])

    @property
    def tricks_played(self) -> int:
        return 0

    @property
    def placings(self) -> list[int]:
        return []

    def copy(self) -> Hand:
        other = type(self).__new__(type(self))
        for cls in type(self).__mro__:
            for name in getattr(cls, "__slots__", ()):
                value = getattr(self, name)
                setattr(other, name, value.copy() if isinstance(value, list) else value)
        return other


class TrickHand(Hand):
    """Trick play: the state every trick contract keeps.  Cards in hand and
    cards taken are masks; the current trick is a list of cards."""

    __slots__ = (
        "best",
        "discard",
        "ftb",
        "gathered",
        "last_scoring",
        "leader",
        "legal",
        "lmask",
        "opening",
        "played",
        "points",
        "scores",
        "scoring",
        "shed",
        "taker",
        "tmask",
        "trick",
        "trick_at",
        "tricks",
        "trump",
        "values",
        "widow",
        "win",
        "winners",
        "won",
    )

    kind = "tricks"

    def __init__(
        self, hands: list[int], declarer: int, trump: int | None = None, start_rank: int | None = None
    ) -> None:
        super().__init__(hands, declarer)
        players = self.players
        self.tricks = hands[0].bit_count() if hands else 0
        self.trump: int | None = None
        self.legal = -1  # the legal moves' mask, once worked out for this move
        self.tmask = self.scoring = self.ftb = self.shed = self.discard = 0
        self.values: tuple[tuple[int, int], ...] = ()
        self.trick_at: tuple[int, ...] = ()
        self.last_scoring = -1
        self.opening = -1
        self.leader = declarer
        self.trick: list[int] = []
        self.lmask = 0  # the mask of the suit led to the current trick
        self.best = self.win = 0  # the bits of the highest led card and of the winning card
        self.gathered = 0  # the cards of the tricks complete, as a mask (and a widow the first trick takes)
        self.widow = 0  # the widow the taker of the first trick takes (docs/rules.md section 6)
        self.taker = -1
        self.played = 0
        self.won = [0] * players
        self.points = [0] * players
        self.winners: list[int] = []
        self.scores: list[int] | None = None

    def raw_scores(self) -> list[int]:
        """Each seat's score from play: final once over, else the points taken so far."""
        return list(self.scores if self.scores is not None else self.points)

    def captured(self, seat: int) -> list[int]:
        """The cards ``seat`` has taken, in card order."""
        return cards_of(self.won[seat])

    @property
    def tricks_played(self) -> int:
        return len(self.winners)

    @property
    def current_trick(self) -> list[int]:
        return list(self.trick)


class DominoHand(Hand):
    """Domino: the cards that may be played next form one mask, ``ends``
    (each unopened suit's card of the starting rank, each open suit's next
    card below and above its run)."""

    __slots__ = ("down", "ends", "may_stop", "opened", "placed", "start", "start_pos", "up")

    kind = "domino"

    def __init__(
        self, hands: list[int], declarer: int, trump: int | None = None, start_rank: int | None = None
    ) -> None:
        super().__init__(hands, declarer)
        self.start = 0  # the starting rank, 0 while the first card has not set it
        self.start_pos = 0
        self.ends = 0
        self.opened = 0  # bit s: suit s is open
        self.placed: list[int] = []  # the seats in the order they went out
        self.down: tuple[int, ...] = ()
        self.up: tuple[int, ...] = ()
        self.may_stop = False

    def legal_moves(self) -> list[int]:
        if self.to_play is None:
            return []
        cards = cards_of(self.legal_mask())
        return [*cards, PASS] if self.may_stop else cards or [PASS]

    @property
    def placings(self) -> list[int]:
        return list(self.placed)
