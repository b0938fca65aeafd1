"""Fast playouts: a hand finished from any position, for search.

The strong bot (:mod:`.strong`) judges a move by finishing the hand many
times, each time with other cards in the hands it cannot see.  A playout
starts from a hand's public position (:meth:`.TrickHand.position`,
:meth:`.DominoHand.position`) and one card mask per seat, plays every seat
by a cheap policy to the end of the hand and returns the raw scores.  It
keeps its state in local ints and masks read from the compiled tables
(:class:`~barbu_dsl.compiled.TrickTable`, :class:`~barbu_dsl.compiled.DominoTable`)
and builds no lists of moves, which makes it several times faster than
driving the engine's hand objects.

Rules.  The legal moves are the engine's: the cascade of :mod:`.tricks`
(opening card, follow suit, trump duties, first-trick bans, lead bans,
shed when safe, discard when void) and the rows of :mod:`.domino`
(an ace that plays again, the end at the first out), computed on masks;
play passes as the position says (its ``after``, docs/rules.md section 6);
the trick winner, the early end (docs/rules.md section 1) and the scores
(:func:`.scoring.finish_scores`, :func:`.scoring.placing_scores`) are the
engine's too.  A test replays playouts through the engine move by move.

Policy, the same for every seat (``epsilon`` of the moves are uniformly
random instead, so the playouts of one position differ):

* trick play where taking hurts (:class:`~.bots.TrickPlan`): lead the
  lowest card; follow with the highest card that loses the trick, or, when
  every card wins, the highest if last to play, else the lowest; when void,
  throw the costliest penalty card, else the highest card;
* trick play where taking helps: lead the highest card; follow with the
  cheapest winning card when last, the highest winning card otherwise, the
  lowest card when none wins; when void, the lowest winning trump, else the
  lowest card;
* domino: a card of the suit the player holds most of.

A domino playout in which every seat passes in turn ends there, the seats
placed by the cards they hold: it happens only when a deal drawn with an
unseen widow (docs/rules.md section 6) put a card a row needs in that
widow, out of every hand.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .. import cards as C
from ..compiled import FULL_MASK, SUIT_MASKS, DominoTable, TrickTable
from ..language import model as m
from .base import PASS
from .bots import trick_plan
from .domino import DominoPosition, placed_by_cards_left
from .scoring import finish_scores, placing_scores
from .tricks import TrickPosition

EPSILON = 0.1
"""The share of random moves in a playout."""

_RANKS = (1 << 13) - 1
ACES = sum(1 << C.card(C.ACE, suit) for suit in C.SUITS)
"""The mask of the four aces."""

Random = Callable[[], float]


def _fold(mask: int) -> int:
    """The ranks present in ``mask``, one bit per rank (bit 0 = the two)."""
    return (mask | mask >> 13 | mask >> 26 | mask >> 39) & _RANKS


def _low_card(mask: int, inverted: bool) -> int:
    """The bit of a weakest-ranked card of ``mask`` (the first suit on ties)."""
    ranks = _fold(mask)
    rank = (ranks.bit_length() - 1) if inverted else ((ranks & -ranks).bit_length() - 1)
    for shift in (0, 13, 26, 39):
        bit = mask & (1 << (rank + shift))
        if bit:
            return bit
    raise AssertionError("an empty mask has no card")


def _by_strength(mask: int, strength: Sequence[int], strongest: bool) -> int:
    """The bit of a weakest (or strongest) card of ``mask`` by a card order
    of its own (docs/rules.md section 6, Card orders), the first suit on ties."""
    best, best_key = 0, 0
    while mask:
        bit = mask & -mask
        key = strength[bit.bit_length() - 1]
        key = key if strongest else -key
        if not best or key > best_key:
            best, best_key = bit, key
        mask ^= bit
    return best


def _random_card(mask: int, random: Random) -> int:
    """The bit of a uniformly random card of ``mask``."""
    skip = int(random() * mask.bit_count())
    while skip:
        mask &= mask - 1
        skip -= 1
    return mask & -mask


class TrickPlayouts:
    """Playouts of trick hands of one table, for a game won by the ``aim`` total."""

    def __init__(self, table: TrickTable, aim: m.Aim, epsilon: float = EPSILON):
        self.table = table
        self.epsilon = epsilon
        plan = trick_plan(table, aim)
        self.positive = plan.positive
        self.bad = plan.bad
        self.bad_mask = plan.bad_mask
        self.trump_mask = SUIT_MASKS[table.trump] if table.trump is not None else 0
        self.ban_every = 0
        self.ban_opening = 0
        self.until_broken = tuple((ban.suit_mask, ban.broken_by) for ban in table.lead_bans
                                  if ban.scope == "until-broken")
        for ban in table.lead_bans:
            if ban.scope == "every":
                self.ban_every |= ban.suit_mask
            elif ban.scope == "opening":
                self.ban_opening |= ban.suit_mask
        self.simple = not (table.trump is not None or table.opening_card is not None or table.first_trick_ban
                           or table.lead_bans or table.shed or table.discard)  # follow suit is the only rule

    def legal(self, hand: int, trick: Sequence[int], led: int, best_led: int, win: int, first_trick: bool,  # noqa: C901 -- the legal-move cascade inlined for the playouts' speed (engine.tricks is the readable one)
              moves: int, played: int) -> int:
        """The legal moves of a seat holding ``hand`` (the cascade of :mod:`.tricks`)."""
        t = self.table
        if not trick:
            if first_trick and t.opening_card is not None and not moves:
                return 1 << t.opening_card
            cand = hand
            follow = 0
        else:
            follow = hand & SUIT_MASKS[led]
            cand = follow or hand
            if self.trump_mask:
                if follow and led == t.trump and t.must_overtrump:
                    higher = follow & t.stronger[win]
                    if higher:
                        cand = higher
                elif not follow and (t.must_win or t.must_trump):
                    trumps = hand & self.trump_mask
                    winning = trumps & t.stronger[win] if (1 << win) & self.trump_mask else trumps
                    if winning and t.must_win:
                        cand = winning
                    elif trumps and t.must_trump:
                        cand = trumps
        if first_trick and t.first_trick_ban:
            allowed = cand & ~t.first_trick_ban
            if allowed:
                cand = allowed
        if not trick and t.lead_bans:
            banned = self.ban_every | (self.ban_opening if first_trick else 0)
            for suit_mask, broken_by in self.until_broken:
                if not played & broken_by:
                    banned |= suit_mask
            allowed = cand & ~banned
            if allowed and banned:
                cand = allowed
        if t.shed and trick:
            safe = cand & t.shed & (t.weaker[best_led] if follow else -1)
            if safe:
                cand = safe
        if t.discard and trick and not follow:
            forced = cand & t.discard
            if forced:
                cand = forced
        return cand

    def choose(self, legal: int, trick: Sequence[int], win: int, random: Random) -> int:
        """The policy's card (as a bit) among ``legal`` (see the module docstring)."""
        if not legal & (legal - 1):
            return legal
        if random() < self.epsilon:
            return _random_card(legal, random)
        t = self.table
        if not trick:
            return self._extreme(legal, self.positive)
        trump_mask = self.trump_mask
        beat = legal & t.stronger[win] if (1 << win) & trump_mask else legal & (t.stronger[win] | trump_mask)
        last = len(trick) == t.players - 1
        if legal & SUIT_MASKS[trick[0] // 13]:
            # Following suit: within one suit the bit order is the rank order
            # (unless the contract has a card order of its own).
            if self.positive:
                pick, strongest = (beat, not last) if beat else (legal, False)
            else:
                lose = legal & ~beat
                pick, strongest = (lose, True) if lose else (legal, last)
            if t.ordered:
                return _by_strength(pick, t.strength, strongest)
            return 1 << (pick.bit_length() - 1) if strongest != t.inverted else pick & -pick
        if self.positive:
            return self._extreme(beat or legal & ~trump_mask or legal, False)
        dump = legal & self.bad_mask
        if dump:
            bad = self.bad
            best, worst = 0, -1.0
            while dump:
                bit = dump & -dump
                value = bad[bit.bit_length() - 1]
                if value > worst:
                    best, worst = bit, value
                dump ^= bit
            return best
        return self._extreme(legal, True)

    def _extreme(self, mask: int, strongest: bool) -> int:
        """The bit of a strongest (or weakest) ranked card of ``mask``: by the
        bits, or by a card order of its own (docs/rules.md section 6, Card orders)."""
        t = self.table
        if t.ordered:
            return _by_strength(mask, t.strength, strongest)
        return _low_card(mask, t.inverted != strongest)

    def run(self, pos: TrickPosition, hands: list[int], first: int | None, random: Random,  # noqa: C901 -- a whole playout in one loop, calling nothing per move, for speed
            record: list[int] | None = None, widow: int = 0) -> list[int]:
        """Play ``first`` (a card of the seat to play; None: the policy's
        card) from ``pos``, then the policy to the end; ``hands`` (one mask
        per seat) is used up.  The raw scores of the hand; every move is
        appended to ``record`` when given.  ``widow``: the cards the taker
        of the first trick takes with it (docs/rules.md section 6), when
        that trick is still to be taken."""
        t = self.table
        players, tricks, weaker, values = t.players, t.tricks, t.weaker, t.values
        trump = t.trump if t.trump is not None else -1
        per_trick, trick_at = t.per_trick, t.trick_at
        plays_out, scoring, last_scoring = t.plays_out, t.scoring_mask, t.last_scoring_trick
        legal_of, choose = self.legal, self.choose
        simple = self.simple
        trick = list(pos.trick)
        led, best_led, win, taker = pos.led, pos.best_led, pos.win, pos.taker
        played, moves = pos.played, pos.moves
        won, points, winners = list(pos.won), list(pos.points), list(pos.winners)
        gone = played | widow  # the cards no hand holds any more: played, or in a widow (taken or to be)
        for taken in won:
            gone |= taken
        after = pos.after
        seat = pos.to_play
        assert seat is not None
        bit = 0 if first is None else 1 << first
        while True:
            if not bit:
                if simple:  # follow suit is the only rule
                    hand = hands[seat]
                    legal = (hand & SUIT_MASKS[led] or hand) if trick else hand
                else:
                    legal = legal_of(hands[seat], trick, led, best_led, win, not winners, moves, played)
                bit = choose(legal, trick, win, random) if legal & (legal - 1) else legal
            card = bit.bit_length() - 1
            if record is not None:
                record.append(card)
            hands[seat] ^= bit
            played |= bit
            moves += 1
            suit = card // 13
            if not trick:
                led, best_led, win, taker = suit, card, card, seat
            elif suit == led:
                if weaker[card] >> best_led & 1:
                    if win == best_led:
                        win, taker = card, seat
                    best_led = card
            elif suit == trump and (win // 13 != trump or weaker[card] >> win & 1):
                win, taker = card, seat
            trick.append(card)
            bit = 0
            if len(trick) < players:
                seat = after[seat]
                continue
            done = len(winners)
            gained = per_trick + trick_at[done]
            taken = 0
            for c in trick:
                taken |= 1 << c
            if widow and not done:  # the first trick takes the widow
                taken |= widow
                gained += sum(values[c] for c in range(52) if widow >> c & 1)
            if taken & scoring:
                for c in trick:
                    gained += values[c]
            points[taker] += gained
            won[taker] |= taken
            winners.append(taker)
            trick = []
            seat = taker
            done += 1
            gone |= taken
            if done >= tricks or (not plays_out and not scoring & ~(played | gone) and last_scoring < done):
                return finish_scores(t, points, won, winners)


class DominoPlayouts:
    """Playouts of domino hands of one table."""

    def __init__(self, table: DominoTable, epsilon: float = EPSILON):
        self.table = table
        self.epsilon = epsilon

    def ends(self, start: int | None, low: Sequence[int], high: Sequence[int]) -> int:
        """The cards that fit now, whoever holds them (docs/rules.md section 2,
        Domino): the starting-rank card of a suit not begun, the cards next
        to each row."""
        t = self.table
        if start is None:
            return t.deck
        ends = 0
        for suit in C.SUITS:
            if not low[suit]:
                ends |= 1 << C.card(start, suit)
                continue
            below, above = t.below[suit][low[suit]], t.above[suit][high[suit]]
            if below >= 0:
                ends |= 1 << below
            if above >= 0:
                ends |= 1 << above
        return ends

    def opened(self, start: int | None) -> tuple[list[int], list[int]]:
        """The rows (lowest and highest position per suit, 0 while not
        begun) before any card is played from ``start``: a suit whose card
        of the starting rank is set aside is open from the first move."""
        t = self.table
        low, high = [0] * 4, [0] * 4
        if start is not None:
            for suit in C.SUITS:
                opener = C.card(start, suit)
                if not t.deck >> opener & 1:
                    low[suit] = high[suit] = t.position[opener]
        return low, high

    def place(self, start: int | None, low: list[int], high: list[int], card: int) -> int:
        """Put ``card`` on the table (``low``/``high`` are updated); the starting rank after it."""
        t = self.table
        if start is None:  # the first card sets the rank
            start = C.rank_of(card)
            low[:], high[:] = self.opened(start)
        suit, position = card // 13, t.position[card]
        if not low[suit]:
            low[suit] = high[suit] = position
        elif position < low[suit]:
            low[suit] = position
        else:
            high[suit] = position
        return start

    def choose(self, playable: int, hand: int, random: Random) -> int:
        """The policy's card (as a bit): one of the suit the player holds most of."""
        if not playable & (playable - 1):
            return playable
        if random() < self.epsilon:
            return _random_card(playable, random)
        best, length = 0, -1
        rest = playable
        while rest:
            bit = rest & -rest
            held = (hand & SUIT_MASKS[(bit.bit_length() - 1) // 13]).bit_count()
            if held > length:
                best, length = bit, held
            rest ^= bit
        return best

    def run(self, pos: DominoPosition, hands: list[int], first: int | None, random: Random,
            record: list[int] | None = None) -> list[int]:
        """Make ``first`` (a card or :data:`PASS`; None: the policy's move)
        for the seat to play, then the policy to the end; ``hands`` is used
        up.  The raw scores; every move is appended to ``record`` when given."""
        t = self.table
        players = t.players
        start, low, high = pos.start, list(pos.low), list(pos.high)
        placings = list(pos.placings)
        after = pos.after
        ace_again, first_out = t.ace_again, t.first_out
        play_on = ACES if t.play_on == "after-ace" else FULL_MASK if t.play_on == "always" else 0
        stopping = pos.may_stop  # a pass now is the seat's stop, kept nowhere
        seat = pos.to_play
        assert seat is not None
        move: int | None = first
        passes = 0  # passes in a row
        ends = self.ends(start, low, high) if pos.moves or t.opening < 0 else 1 << t.opening
        while True:
            hand = hands[seat]
            if move is None:
                playable = hand & ends
                bit = self.choose(playable, hand, random) if playable else 0
            else:
                bit = 0 if move == PASS else 1 << move
                move = None
            if record is not None and (bit or not stopping):
                record.append(bit.bit_length() - 1 if bit else PASS)
            stopping = False
            if bit:
                passes = 0
                start = self.place(start, low, high, bit.bit_length() - 1)
                ends = self.ends(start, low, high)
                hand ^= bit
                hands[seat] = hand
                if not hand:
                    placings.append(seat)
                    if first_out or len(placings) == players - 1:
                        placings.extend(placed_by_cards_left(seat, hands, after))
                        return placing_scores(t.placings, placings, players)
                elif ace_again and bit & ACES:
                    continue  # the same seat moves again (docs/rules.md section 6)
                elif bit & play_on and hand & ends:
                    stopping = True  # the policy plays on at will (docs/rules.md section 6)
                    continue
            else:
                passes += 1
                if passes > players:  # nobody can move: a card of a row is in the imagined widow
                    placings.extend(placed_by_cards_left(seat, hands, after))
                    return placing_scores(t.placings, placings, players)
            seat = after[seat]
            while not hands[seat]:
                seat = after[seat]


Playouts = TrickPlayouts | DominoPlayouts


def playouts_for(table: TrickTable | DominoTable, aim: m.Aim) -> Playouts:
    """The playouts of hands of ``table`` (trick or domino)."""
    if isinstance(table, DominoTable):
        return DominoPlayouts(table)
    return TrickPlayouts(table, aim)
