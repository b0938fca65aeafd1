"""Trick play: the state machine of one trick-taking hand.

Implements docs/rules.md section 1 (follow suit, the highest card of the led suit
or the highest trump wins, the winner leads, early end), section 2 (trumps
with the "must win with a trump" ruling, lead bans, shed-when-safe of
variant 5, the no-forced-ruff variant 6), section 3 (``2 high``, bans on
the opening lead only, first-trick bans, "until broken") and section 6
(play passing either way round; the forced plays of a void player).

Legal moves are a short cascade (:meth:`TrickHand._legal`), one rule per
step, each step narrowing the candidates unless that would leave none:

1. the opening card (``2♣ leads``) leads the first trick;
2. follow suit;
3. trump obligations: when trumps are led and ``must_overtrump``, a higher
   trump if one is held; when void and ``must_win``, a trump that wins the
   trick as it stands if one is held, else, with ``must trump``, any trump
   (following a plain suit never obliges beating anything);
4. first-trick bans (``no points on first trick``);
5. lead restrictions (every lead, the opening lead, or until broken), with
   the escape "unless holding only that suit";
6. shed-when-safe: a void player must discard the card; a player following
   in its suit under a higher card of that suit must play it;
7. discard when void: a void player holding one of the cards must play one;
8. anything left.

State is kept in ints: each hand and each seat's captured cards are 52-bit
masks (:mod:`.tables`), the current trick a short list of cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .. import cards as C
from ..compiled import SUIT_MASKS, Broken, TrickTable, broken, cards_of, lead_ban_rule, mask_of, seat_after
from ..runtime.entry import EntryPlan
from .base import PASS, Hand, Trick, after_end, illegal
from .scoring import can_still_score, hand_scores


class TrickPosition(NamedTuple):
    """Where a trick hand stands, without anybody's cards: what every
    player at the table knows (the cards played, who is winning the trick,
    the points taken), for search from this position with sampled hands
    (:mod:`.playouts`)."""

    to_play: int | None
    leader: int  # the seat that led the current trick (or leads the next)
    trick: tuple[int, ...]  # the current trick's cards, in play order
    led: int  # the suit led to the current trick, -1 before the lead
    best_led: int  # the highest card of the led suit in the trick, -1 before the lead
    win: int  # the card winning the trick so far, -1 before the lead
    taker: int  # the seat that played it, -1 before the lead
    played: int  # mask of every card played so far
    won: tuple[int, ...]  # per seat: mask of the cards taken
    points: tuple[int, ...]  # per seat: points taken so far
    winners: tuple[int, ...]  # the seat that took each finished trick
    moves: int  # moves made so far
    counts: tuple[int, ...]  # per seat: cards still held
    after: tuple[int, ...]  # per seat: the seat that plays next (docs/rules.md section 6, direction)


class TrickHand(Hand):
    """One trick-taking hand.  Build it with :func:`barbu_dsl.engine.start_hand`.

    ``early_end=False`` plays every trick out, ignoring the early-end
    ruling (for tests: ending early must never change a score).  ``after``
    gives the seat whose turn comes after each seat (clockwise unless said).
    ``widow`` (a card mask) is taken, with its points, by the taker of the
    first trick (docs/rules.md section 6, ``leftover: widow to first trick``).
    """

    __slots__ = (
        "_after",
        "_best_led",
        "_cache",
        "_hands",
        "_leader",
        "_led",
        "_played",
        "_points",
        "_scores",
        "_taker",
        "_trick",
        "_tricks",
        "_win",
        "_winners",
        "_won",
        "declarer",
        "early_end",
        "moves",
        "plan",
        "players",
        "table",
        "to_play",
        "widow",
    )

    def __init__(self, table: TrickTable, plan: EntryPlan, hands: Sequence[Sequence[int]], declarer: int,
                 leader: int, early_end: bool = True, after: tuple[int, ...] | None = None, widow: int = 0):
        self.table = table
        self.plan = plan  # what a scorer would enter for this hand: its end is scored from those facts
        self.widow = widow
        self.players = table.players
        self._after = after or seat_after(table.players)
        self.declarer = declarer
        self.to_play: int | None = leader
        self.moves: list[int] = []
        self.early_end = early_end
        self._hands = [mask_of(h) for h in hands]
        self._leader = leader
        self._trick: list[int] = []
        self._led = -1  # suit led to the current trick
        self._best_led = -1  # highest card of the led suit in the current trick
        self._win = -1  # the card winning the current trick
        self._taker = -1  # the seat that played it
        self._played = 0  # every card played so far
        self._won = [0] * self.players
        self._points = [0] * self.players
        self._winners: list[int] = []
        self._tricks: list[Trick] = []
        self._scores: list[int] | None = None
        self._cache = -1  # the legal mask of this position, -1 until computed

    # ---- legal moves -------------------------------------------------------

    def _legal(self, bit: int = 0) -> tuple[int, Broken | None]:  # noqa: C901 -- the legal-move cascade of the module docstring, one commented step a rule
        """The legal moves as a mask and, when ``bit`` (a card's mask bit)
        is given, the rule that excludes that card."""
        t = self.table
        seat = self.to_play
        assert seat is not None
        hand = self._hands[seat]
        first_trick = not self._winners
        reason: Broken | None = None
        if not self._trick:
            # 1. The opening card (2♣ leads) leads the first trick.
            if first_trick and t.opening_card is not None and not self.moves:
                cand = 1 << t.opening_card
                if bit & hand and not bit & cand:
                    reason = broken("opening_card", card=C.card_str(t.opening_card))
                return cand, reason
            cand = hand
            follow = 0
        else:
            # 2. Follow suit.
            follow = hand & SUIT_MASKS[self._led]
            cand = follow or hand
            if bit & hand and not bit & cand:
                reason = broken("follow_suit", suit=C.SUIT_NAMES[self._led])
            # 3. Trump obligations (docs/rules.md section 2, "must win with a trump").
            trump = t.trump
            if trump is not None:
                if follow and self._led == trump and t.must_overtrump:
                    higher = follow & t.stronger[self._win]
                    if higher:
                        if bit & cand and not bit & higher:
                            reason = broken("overtrump", card=C.card_str(self._win))
                        cand = higher
                elif not follow and (t.must_win or t.must_trump):
                    trumps = hand & SUIT_MASKS[trump]
                    winning = trumps & t.stronger[self._win] if self._win // 13 == trump else trumps
                    if winning and t.must_win:
                        if bit & cand and not bit & winning:
                            reason = broken("win_with_trump")
                        cand = winning
                    elif trumps and t.must_trump:
                        # Section 6: a void player trumps, even with a trump that loses.
                        if bit & cand and not bit & trumps:
                            reason = broken("must_trump")
                        cand = trumps
        # 4. First-trick bans.
        if first_trick and t.first_trick_ban:
            allowed = cand & ~t.first_trick_ban
            if allowed:
                if bit & cand and not bit & allowed:
                    reason = broken("first_trick_ban")
                cand = allowed
        # 5. Lead restrictions.
        if not self._trick and t.lead_bans:
            banned = 0
            for ban in t.lead_bans:
                if (ban.scope == "every" or (ban.scope == "opening" and first_trick)
                        or (ban.scope == "until-broken" and not self._played & ban.broken_by)):
                    banned |= ban.suit_mask
            allowed = cand & ~banned
            if allowed and banned:
                if bit & cand and not bit & allowed:
                    reason = self._ban_reason(bit)
                cand = allowed
        # 6. Shed when safe (docs/rules.md section 2, variant 5).
        if t.shed and self._trick:
            safe = cand & t.shed & t.weaker[self._best_led] if follow else cand & t.shed
            if safe:
                if bit & cand and not bit & safe:
                    reason = broken("shed_when_safe", cards=" or ".join(C.card_str(c) for c in cards_of(safe)))
                cand = safe
        # 7. Discard when void (docs/rules.md section 6).
        if t.discard and self._trick and not follow:
            forced = cand & t.discard
            if forced:
                if bit & cand and not bit & forced:
                    reason = broken("discard_when_void", cards=" or ".join(C.card_str(c) for c in cards_of(forced)))
                cand = forced
        # 8. Anything left.
        return cand, reason

    def _ban_reason(self, bit: int) -> Broken:
        for ban in self.table.lead_bans:
            if ban.suit_mask & bit:
                return lead_ban_rule(ban.suit, ban.scope)
        raise AssertionError("a banned card always has its ban")

    def legal_mask(self) -> int:
        """The legal moves as a card mask (0 once the hand is over)."""
        if self.to_play is None:
            return 0
        if self._cache < 0:
            self._cache = self._legal()[0]
        return self._cache

    def legal_moves(self) -> list[int]:
        return cards_of(self.legal_mask())

    def broken_rule(self, move: int) -> Broken | None:
        if self.to_play is None:
            return broken("hand_over")
        if not 0 <= move < 52:
            return broken("no_pass") if move == PASS else broken("not_a_card", move=move)
        bit = 1 << move
        if not self._hands[self.to_play] & bit:
            return broken("not_held", seat=self.to_play, card=C.card_str(move))
        legal, reason = self._legal(bit)
        if legal & bit:
            return None
        assert reason is not None, "every excluded card has the rule that excludes it"
        return reason

    # ---- playing -----------------------------------------------------------

    def play(self, move: int) -> None:
        seat = self.to_play
        if seat is None:
            raise after_end(len(self.moves))
        if not 0 <= move < 52 or not self.legal_mask() >> move & 1:
            raise illegal(len(self.moves), seat, move, self.broken_rule(move))
        self._cache = -1
        t = self.table
        bit = 1 << move
        self._hands[seat] ^= bit
        self._played |= bit
        self.moves.append(move)
        trick = self._trick
        if not trick:
            self._led = move // 13
            self._best_led = self._win = move
            self._taker = seat
        elif move // 13 == self._led:
            if t.weaker[move] >> self._best_led & 1:
                if self._win == self._best_led:
                    self._win, self._taker = move, seat
                self._best_led = move
        elif move // 13 == t.trump and (self._win // 13 != t.trump or t.weaker[move] >> self._win & 1):
            self._win, self._taker = move, seat  # the first trump, or an overtrump
        trick.append(move)
        if len(trick) < self.players:
            self.to_play = self._after[seat]
            return
        self._finish_trick()

    def _finish_trick(self) -> None:
        t = self.table
        taker, index, trick = self._taker, len(self._winners), self._trick
        points = t.per_trick + t.trick_at[index]
        taken = 0
        for c in trick:
            points += t.values[c]
            taken |= 1 << c
        if not index and self.widow:  # the widow goes with the first trick (docs/rules.md section 6)
            points += sum(t.values[c] for c in cards_of(self.widow))
            taken |= self.widow
        self._points[taker] += points
        self._won[taker] |= taken
        self._winners.append(taker)
        self._tricks.append(Trick(self._leader, tuple(trick), taker))
        self._trick = []
        self._leader = taker
        done = index + 1
        if done >= t.tricks or (self.early_end and not can_still_score(t, done, self._played | self.widow)):
            self.to_play = None
            self._scores = hand_scores(self.plan, self._won, self._winners)
        else:
            self.to_play = taker

    # ---- what happened so far ----------------------------------------------

    def raw_scores(self) -> list[int]:
        if self._scores is not None:
            return list(self._scores)
        return list(self._points)

    def hand(self, seat: int) -> list[int]:
        return cards_of(self._hands[seat])

    def captured(self, seat: int) -> list[int]:
        return cards_of(self._won[seat])

    def captured_mask(self, seat: int) -> int:
        """The cards ``seat`` has taken, as a mask."""
        return self._won[seat]

    @property
    def tricks(self) -> list[Trick]:
        return list(self._tricks)

    @property
    def tricks_played(self) -> int:
        return len(self._winners)

    @property
    def played(self) -> int:
        """The mask of every card played so far."""
        return self._played

    @property
    def current_trick(self) -> list[int]:
        """The cards of the unfinished trick, in play order."""
        return list(self._trick)

    @property
    def leader(self) -> int:
        """The seat that led (or is to lead) the current trick."""
        return self._leader

    @property
    def winning(self) -> tuple[int, int] | None:
        """The card winning the current trick so far and the seat that
        played it, or None before the lead."""
        return (self._win, self._taker) if self._trick else None

    def position(self) -> TrickPosition:
        """The public state of the hand (see :class:`TrickPosition`)."""
        return TrickPosition(self.to_play, self._leader, tuple(self._trick), self._led, self._best_led,
                             self._win, self._taker, self._played, tuple(self._won), tuple(self._points),
                             tuple(self._winners), len(self.moves), tuple(h.bit_count() for h in self._hands),
                             self._after)

    def copy(self) -> TrickHand:
        other = TrickHand.__new__(TrickHand)
        for name in self.__slots__:
            value = getattr(self, name)
            setattr(other, name, value.copy() if isinstance(value, list) else value)
        return other
