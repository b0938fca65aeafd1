"""The strong bot's search compiled with numba: a whole decision's deals
and playouts in one call.

This is :mod:`.playouts` and :func:`.sampling.draw` written over numpy
arrays for numba (the Python ones stay the reference, and a test checks
that both give the same scores from the same seed).  One call does all
the work of a decision: for a move, it draws each deal that fits what the
seat knows and finishes the hand after each legal move; before play, it
draws deals (or takes them) and plays each announcement out from the
start of the hand.

The random numbers are CPython's: the bot's ``random.Random`` state is
copied in once per decision (:func:`mt_state`), the compiled code draws
exactly what the Python code draws from it (``random()``, ``shuffle``,
``randrange``) and the state is copied back after (:func:`set_mt_state`),
so the same work from the same seed gives the same result with or
without this module.  A case the compiled code does not cover (a hand
seen in part, more seats or scoring parts than its tables hold) answers
:data:`FALLBACK`, and the caller runs the Python search from the same
state.

Tables and positions are packed into int64 arrays at the fixed offsets
below (:func:`pack_table`, :func:`pack_position`).  Compiled code is kept
by numba's cache (next to this file, or in numba's user cache when the
package directory cannot be written), and compiled only when the strong
bot first searches.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np
from numba import njit

from ..compiled import DominoTable, TrickTable
from ..language import model as m
from ..runtime.native import CACHE, leading_zeros, lowest, popcount, randbelow, random01
from .bots import trick_plan
from .domino import DominoPosition
from .sampling import Knowledge
from .tricks import TrickPosition

OK = 0
"""A batch finished."""
FALLBACK = 1
"""A batch met a case only the Python search covers (see the module docstring)."""

SEATS = 16
"""The most seats a packed table or position holds (a deal's widow is one more)."""
NO_MOVE = -2
"""No first move: the policy makes it."""
PASS = -1
"""A domino pass (:data:`barbu_dsl.engine.base.PASS`)."""
STOP = -3
"""A rule bot's seat that stops playing on (:data:`barbu_dsl.engine.state.STOP`), in a run's record."""

FULL = (1 << 52) - 1
SUIT = ((1 << 13) - 1, ((1 << 13) - 1) << 13, ((1 << 13) - 1) << 26, ((1 << 13) - 1) << 39)
ACES = (1 << 12) | (1 << 25) | (1 << 38) | (1 << 51)

# ---- the packed table: header fields, then per-card arrays -------------------

K_KIND, K_PLAYERS, K_TRICKS, K_TRUMP, K_MUST_WIN, K_MUST_OVERTRUMP, K_MUST_TRUMP, K_INVERTED = range(8)
K_ORDERED, K_SCORING, K_PER_TRICK, K_LAST_SCORING, K_PLAYS_OUT, K_OPENING, K_FIRST_BAN, K_SHED = range(8, 16)
K_DISCARD, K_DECK, K_POSITIVE, K_BAD_MASK, K_TRUMP_MASK, K_BAN_EVERY, K_BAN_OPENING, K_N_UNTIL = range(16, 24)
K_UNTIL = 24  # (suit mask, broken by) × UNTIL_BANS
UNTIL_BANS = 4
K_SIMPLE, K_ALL_OR_NOTHING, K_MOON, K_HAS_SLAM, K_SLAM, K_N_BY_TRICKS, K_N_NONE_OF, K_N_MOST = range(32, 40)
K_HAS_BANS, K_START, K_ACE_AGAIN, K_FIRST_OUT, K_PLAY_ON, K_N_PLACINGS = range(40, 46)
K_POLICY, K_ACES_LOW, K_N_TRICK_AT = range(46, 49)
A_STRONGER, A_WEAKER, A_VALUES, A_STRENGTH = 64, 116, 168, 220
A_TRICK_AT = 272  # per trick index (52)
A_BY_TRICKS = 324  # per number of tricks taken (53)
A_NONE_OF = 377  # (mask, points) × NONE_OF
NONE_OF = 16
A_MOST = 409  # per part, its shares (SEATS + 1)
MOST_PARTS = 4
A_POSITION, A_BELOW, A_ABOVE, A_PLACINGS = 64, 116, 180, 244  # domino
TABLE_SIZE = 512

TRICK, DOMINO = 0, 1

PLAYOUT, RULES = 0, 1
"""Who chooses the moves of a run (``t[K_POLICY]``): the playouts' policy
(``TrickPlayouts.choose``, ``DominoPlayouts.choose``) or the rule bot
(``RuleBot.choose_move``), every seat alike."""

B_EPSILON = 52
"""The float array: per card how much taking it hurts, then the playouts' epsilon, ..."""
B_TRICK_BAD = 53
"""... then per trick index how much taking the trick hurts (``TrickPlan.trick_bad``)."""
BAD_SIZE = B_TRICK_BAD + 52

# ---- the packed position -------------------------------------------------------

P_TO_PLAY, P_LED, P_BEST_LED, P_WIN, P_TAKER, P_PLAYED, P_MOVES, P_N_TRICK, P_N_WINNERS = range(9)
P_START, P_N_PLACINGS, P_MAY_STOP = 9, 10, 11  # domino
P_TRICK, P_WON, P_POINTS, P_AFTER = 16, 32, 48, 64  # SEATS each
P_LOW, P_HIGH, P_PLACINGS = 80, 84, 88  # domino: 4, 4, SEATS
P_WINNERS = 104  # 52
POSITION_SIZE = 160


class Unpackable(Exception):
    """A table or position the packed arrays cannot hold."""


def pack_trick_table(table: TrickTable, aim: m.Aim, policy: int = PLAYOUT) -> tuple[np.ndarray, np.ndarray]:
    """A trick table as the int64 array and the float64 array (per card:
    how much taking it hurts; then the playouts' epsilon; then per trick
    how much taking it hurts) the kernels read; ``policy`` chooses the
    moves of its runs (:data:`PLAYOUT` or :data:`RULES`)."""
    from .playouts import EPSILON, TrickPlayouts

    plan = trick_plan(table, aim)
    runs = TrickPlayouts(table, aim)
    if (table.players > SEATS or len(runs.until_broken) > UNTIL_BANS or len(table.none_of) > NONE_OF
            or len(table.most) > MOST_PARTS):
        raise Unpackable
    t = np.zeros(TABLE_SIZE, dtype=np.int64)
    t[K_KIND] = TRICK
    t[K_PLAYERS], t[K_TRICKS] = table.players, table.tricks
    t[K_TRUMP] = -1 if table.trump is None else table.trump
    t[K_MUST_WIN], t[K_MUST_OVERTRUMP], t[K_MUST_TRUMP] = table.must_win, table.must_overtrump, table.must_trump
    t[K_INVERTED], t[K_ORDERED] = table.inverted, table.ordered
    t[K_SCORING], t[K_PER_TRICK], t[K_LAST_SCORING] = table.scoring_mask, table.per_trick, table.last_scoring_trick
    t[K_PLAYS_OUT] = table.plays_out
    t[K_OPENING] = -1 if table.opening_card is None else table.opening_card
    t[K_FIRST_BAN], t[K_SHED], t[K_DISCARD], t[K_DECK] = table.first_trick_ban, table.shed, table.discard, table.deck
    t[K_POSITIVE], t[K_BAD_MASK], t[K_TRUMP_MASK] = plan.positive, plan.bad_mask, runs.trump_mask
    t[K_BAN_EVERY], t[K_BAN_OPENING], t[K_N_UNTIL] = runs.ban_every, runs.ban_opening, len(runs.until_broken)
    for index, (suit_mask, broken_by) in enumerate(runs.until_broken):
        t[K_UNTIL + 2 * index], t[K_UNTIL + 2 * index + 1] = suit_mask, broken_by
    t[K_HAS_BANS] = bool(table.lead_bans)
    t[K_SIMPLE] = runs.simple
    t[K_ALL_OR_NOTHING], t[K_MOON] = table.all_or_nothing, table.shoot_the_moon
    t[K_HAS_SLAM], t[K_SLAM] = table.slam is not None, table.slam or 0
    t[K_N_BY_TRICKS], t[K_N_NONE_OF], t[K_N_MOST] = len(table.by_tricks), len(table.none_of), len(table.most)
    t[K_POLICY], t[K_N_TRICK_AT] = policy, len(plan.trick_bad)
    t[A_STRONGER:A_STRONGER + 52] = table.stronger
    t[A_WEAKER:A_WEAKER + 52] = table.weaker
    t[A_VALUES:A_VALUES + 52] = table.values
    t[A_STRENGTH:A_STRENGTH + 52] = table.strength
    t[A_TRICK_AT:A_TRICK_AT + len(table.trick_at)] = table.trick_at
    t[A_BY_TRICKS:A_BY_TRICKS + len(table.by_tricks)] = table.by_tricks
    for index, (mask, value) in enumerate(table.none_of):
        t[A_NONE_OF + 2 * index], t[A_NONE_OF + 2 * index + 1] = mask, value
    for index, most in enumerate(table.most):
        start = A_MOST + index * (SEATS + 1)
        t[start:start + len(most.shares)] = most.shares
    bad = np.zeros(BAD_SIZE, dtype=np.float64)
    bad[:52] = plan.bad
    bad[B_EPSILON] = EPSILON
    bad[B_TRICK_BAD:B_TRICK_BAD + len(plan.trick_bad)] = plan.trick_bad
    return t, bad


def pack_domino_table(table: DominoTable, policy: int = PLAYOUT) -> tuple[np.ndarray, np.ndarray]:
    """A domino table as the arrays the kernels read (see :func:`pack_trick_table`)."""
    from .playouts import EPSILON

    if table.players > SEATS or len(table.placings) > SEATS:
        raise Unpackable
    t = np.zeros(TABLE_SIZE, dtype=np.int64)
    t[K_KIND] = DOMINO
    t[K_PLAYERS], t[K_DECK] = table.players, table.deck
    t[K_START] = -1 if table.start is None else table.start
    t[K_ACE_AGAIN], t[K_FIRST_OUT], t[K_OPENING] = table.ace_again, table.first_out, table.opening
    t[K_PLAY_ON] = ACES if table.play_on == "after-ace" else FULL if table.play_on == "always" else 0
    t[K_N_PLACINGS] = len(table.placings)
    t[K_POLICY], t[K_ACES_LOW] = policy, table.aces_low
    t[A_POSITION:A_POSITION + 52] = table.position
    for suit in range(4):
        t[A_BELOW + 16 * suit:A_BELOW + 16 * suit + 16] = table.below[suit]
        t[A_ABOVE + 16 * suit:A_ABOVE + 16 * suit + 16] = table.above[suit]
    t[A_PLACINGS:A_PLACINGS + len(table.placings)] = table.placings
    bad = np.zeros(BAD_SIZE, dtype=np.float64)
    bad[B_EPSILON] = EPSILON
    return t, bad


def pack_table(table: TrickTable | DominoTable, aim: m.Aim, policy: int = PLAYOUT) -> tuple[np.ndarray, np.ndarray]:
    """A trick or domino table as the kernels read it."""
    if isinstance(table, DominoTable):
        return pack_domino_table(table, policy)
    return pack_trick_table(table, aim, policy)


def pack_position(pos: TrickPosition | DominoPosition) -> np.ndarray:
    """A hand's public position as the kernels read it."""
    p = np.zeros(POSITION_SIZE, dtype=np.int64)
    if len(pos.after) > SEATS:
        raise Unpackable
    assert pos.to_play is not None
    p[P_TO_PLAY], p[P_MOVES] = pos.to_play, pos.moves
    p[P_AFTER:P_AFTER + len(pos.after)] = pos.after
    if isinstance(pos, DominoPosition):
        p[P_START] = -1 if pos.start is None else pos.start
        p[P_LOW:P_LOW + 4], p[P_HIGH:P_HIGH + 4] = pos.low, pos.high
        p[P_N_PLACINGS], p[P_MAY_STOP] = len(pos.placings), pos.may_stop
        p[P_PLACINGS:P_PLACINGS + len(pos.placings)] = pos.placings
        return p
    p[P_LED], p[P_BEST_LED], p[P_WIN], p[P_TAKER], p[P_PLAYED] = pos.led, pos.best_led, pos.win, pos.taker, pos.played
    p[P_N_TRICK], p[P_N_WINNERS] = len(pos.trick), len(pos.winners)
    p[P_TRICK:P_TRICK + len(pos.trick)] = pos.trick
    p[P_WON:P_WON + len(pos.won)] = pos.won
    p[P_POINTS:P_POINTS + len(pos.points)] = pos.points
    p[P_WINNERS:P_WINNERS + len(pos.winners)] = pos.winners
    return p


def pack_knowledge(known: Knowledge) -> tuple[np.ndarray, np.ndarray]:
    """Per seat (and one more for a widow) the cards it holds and the cards it cannot hold."""
    if len(known.counts) >= SEATS:
        raise Unpackable
    counts = np.zeros(SEATS + 1, dtype=np.int64)
    excluded = np.zeros(SEATS + 1, dtype=np.int64)
    counts[:len(known.counts)] = known.counts
    excluded[:len(known.excluded)] = known.excluded
    return counts, excluded


def mt_state(rng: random.Random) -> np.ndarray:
    """``rng``'s Mersenne Twister state (624 words and the index) as the kernels use it."""
    return np.array(rng.getstate()[1], dtype=np.int64)


def set_mt_state(rng: random.Random, state: np.ndarray) -> None:
    """Leave ``rng`` where the kernels left ``state``."""
    version, _, gauss = rng.getstate()
    rng.setstate((version, tuple(int(word) for word in state), gauss))


# ---- CPython's random numbers ------------------------------------------------------


@njit(cache=CACHE, forceinline=True)
def random_card(mt: np.ndarray, mask: int) -> int:
    """The playouts' uniformly random card of ``mask``, as a bit (``int(random() * count)`` low cards skipped)."""
    skip = int(random01(mt) * popcount(mask))
    while skip:
        mask &= mask - 1
        skip -= 1
    return mask & -mask


@njit(cache=CACHE, forceinline=True)
def highest_bit(mask: int) -> int:
    return 1 << (63 - leading_zeros(mask))


# ---- trick playouts ------------------------------------------------------------------


@njit(cache=CACHE)
def _by_strength(t: np.ndarray, mask: int, strongest: bool) -> int:
    best = 0
    best_key = 0
    while mask:
        bit = mask & -mask
        key = t[A_STRENGTH + lowest(bit)]
        if not strongest:
            key = -key
        if not best or key > best_key:
            best = bit
            best_key = key
        mask ^= bit
    return best


@njit(cache=CACHE)
def _extreme(t: np.ndarray, mask: int, strongest: bool) -> int:
    """The bit of a strongest (or weakest) card of ``mask`` (``TrickPlayouts._extreme``)."""
    if t[K_ORDERED]:
        return _by_strength(t, mask, strongest)
    ranks = (mask | mask >> 13 | mask >> 26 | mask >> 39) & 0x1FFF
    rank = 63 - leading_zeros(ranks) if (t[K_INVERTED] != 0) != strongest else lowest(ranks)
    for shift in (0, 13, 26, 39):
        bit = mask & (1 << (rank + shift))
        if bit:
            return bit
    return 0


# ---- the rule bot's moves (RuleBot.choose_move, step for step) ------------------------------
#
# The same sums in the same order as the Python bot, so that the floats and
# every choice come out the same; ties go to the lowest card, as Python's
# ``min`` and ``max`` over the legal moves in card order give them.


@njit(cache=CACHE)
def _sum_and_max(bad: np.ndarray, mask: int) -> tuple[float, float]:
    """``bots._sum_and_max``: the sum and the largest (0 for none) of ``bad`` over ``mask``, in card order."""
    total, top = 0.0, 0.0
    first = True
    while mask:
        card = lowest(mask)
        value = bad[card]
        total += value
        if first or value > top:
            top, first = value, False
        mask &= mask - 1
    return total, top


@njit(cache=CACHE)
def _duck_move(t: np.ndarray, bad: np.ndarray, legal: int, mine: int, unseen: int, trick: np.ndarray,
               n_trick: int, win: int, index: int) -> int:
    """``RuleBot._duck_move``: the card of ``legal`` that costs least."""
    players, trump, bad_mask = t[K_PLAYERS], t[K_TRUMP], t[K_BAD_MASK]
    after = players - 1 - n_trick
    on_table = 0.0
    for i in range(n_trick):
        on_table += bad[trick[i]]
    trick_cost = bad[B_TRICK_BAD + index] + on_table
    unseen_bad, dump = _sum_and_max(bad, unseen & bad_mask)
    left = t[K_TRICKS] - index
    held_bad = _sum_and_max(bad, mine & bad_mask)[0]
    still = 0.0
    for i in range(index, t[K_N_TRICK_AT]):
        still += bad[B_TRICK_BAD + i]
    future = (still + unseen_bad + held_bad) / max(1, left)
    trumps_out = popcount(unseen & (0x1FFF << (13 * trump))) // 2 if trump >= 0 else 0
    best, best_cost = -1, np.inf
    rest = legal
    while rest:
        c = lowest(rest)
        rest &= rest - 1
        suit = c // 13
        weaker = t[A_WEAKER + c]
        if n_trick and not ((weaker >> win & 1) != 0 if suit == win // 13 else suit == trump):
            chance = 0.0  # c does not beat the trick's winner
        else:
            higher = popcount(t[A_STRONGER + c] & unseen)
            if trump >= 0 and suit != trump:
                higher += trumps_out
            chance = 1.0 if after == 0 or higher == 0 else 1.0 / (1 + higher)
        cost = 0.0
        if chance:
            led = 0x1FFF << (13 * (trick[0] // 13 if n_trick else suit))
            in_suit = popcount(unseen & led)
            voids = max(0, after - in_suit)
            under = _sum_and_max(bad, unseen & led & weaker & bad_mask)[0]
            caught = under * min(1.0, after / in_suit) if in_suit else 0.0
            cost = chance * (trick_cost + bad[c] + voids * dump + caught)
        danger = max(0.0, bad[c]) + future * popcount(weaker & unseen) / 8
        cost -= danger + 0.001 * t[A_STRENGTH + c]
        if cost < best_cost - 1e-9:
            best, best_cost = c, cost
    return best


@njit(cache=CACHE)
def _take_strength(t: np.ndarray, c: int) -> int:
    return t[A_STRENGTH + c] + (20 if c // 13 == t[K_TRUMP] else 0)


@njit(cache=CACHE)
def _master(t: np.ndarray, c: int, unseen: int, trumps_out: int) -> bool:
    if t[A_STRONGER + c] & unseen:
        return False
    return (c // 13 == t[K_TRUMP] or trumps_out == 0
            or popcount(unseen & (0x1FFF << (13 * (c // 13)))) >= t[K_PLAYERS] - 1)


@njit(cache=CACHE)
def _strongest(t: np.ndarray, mask: int, weakest: bool) -> int:
    """The first card of ``mask`` in card order with the highest (or lowest) :func:`_take_strength`, or -1."""
    best, best_key = -1, 0
    while mask:
        c = lowest(mask)
        mask &= mask - 1
        key = _take_strength(t, c)
        if weakest:
            key = -key
        if best < 0 or key > best_key:
            best, best_key = c, key
    return best


@njit(cache=CACHE)
def _take_move(t: np.ndarray, legal: int, mine: int, unseen: int, n_trick: int, win: int) -> int:  # noqa: C901 -- RuleBot._take_move, one branch a situation
    """``RuleBot._take_move``: win tricks cheaply, cash sure winners, ruff."""
    trump = t[K_TRUMP]
    trump_suit = 0x1FFF << (13 * trump) if trump >= 0 else 0
    trumps_out = popcount(unseen & trump_suit)
    masters = 0
    rest = legal
    while rest:
        c = lowest(rest)
        rest &= rest - 1
        if _master(t, c, unseen, trumps_out):
            masters |= 1 << c
    if not n_trick:
        if trump >= 0 and trumps_out and masters & trump_suit:
            return _strongest(t, masters & trump_suit, False)
        if masters:
            return _strongest(t, masters, False)
        side = legal & ~trump_suit
        if not side:
            side = legal
        trumps_held = popcount(mine & trump_suit)
        best, best_length, best_strength = -1, 0, 0
        while side:
            c = lowest(side)
            side &= side - 1
            length = popcount(mine & (0x1FFF << (13 * (c // 13))))
            if not (trump >= 0 and trumps_held):
                length = -length
            strength = _take_strength(t, c)
            if best < 0 or length < best_length or (length == best_length and strength < best_strength):
                best, best_length, best_strength = c, length, strength
        return best
    winners = 0
    rest = legal
    while rest:
        c = lowest(rest)
        rest &= rest - 1
        if (t[A_WEAKER + c] >> win & 1 if c // 13 == win // 13 else c // 13 == trump):
            winners |= 1 << c
    if winners:
        if n_trick == t[K_PLAYERS] - 1:
            return _strongest(t, winners, True)
        if winners & masters:
            return _strongest(t, winners & masters, True)
        top = _strongest(t, winners, False)
        if popcount(t[A_STRONGER + top] & unseen) <= 1:
            return top
    # Cannot (or should not) win: throw the least useful card.
    best = -1
    best_key = (True, True, True, 0, 0)
    rest = legal
    while rest:
        c = lowest(rest)
        rest &= rest - 1
        strength = _take_strength(t, c)
        key = (masters >> c & 1 != 0, c // 13 == trump, strength > 11,
               popcount(mine & (0x1FFF << (13 * (c // 13)))), strength)
        if best < 0 or key < best_key:
            best, best_key = c, key
    return best


@njit(cache=CACHE)
def rule_trick_move(t: np.ndarray, bad: np.ndarray, legal: int, mine: int, unseen: int, trick: np.ndarray,
                    n_trick: int, win: int, index: int) -> int:
    """The rule bot's card of ``legal`` (two or more cards) as a bit: ``mine``
    its hand, ``unseen`` the cards it has not seen, ``trick`` the trick so
    far, ``win`` its winning card, ``index`` the tricks finished."""
    if t[K_POSITIVE]:
        return 1 << _take_move(t, legal, mine, unseen, n_trick, win)
    return 1 << _duck_move(t, bad, legal, mine, unseen, trick, n_trick, win, index)


@njit(cache=CACHE)
def _domino_position(card: int, aces_low: bool) -> int:
    """``tables.domino_position``."""
    rank = card % 13 + 2
    return 1 if aces_low and rank == 14 else rank


@njit(cache=CACHE)
def best_start_rank(cards: int, aces_low: bool) -> int:
    """``bots.best_start_rank`` of the cards of a mask (taken in card order)."""
    best, best_holds, best_quality = -1, False, 0.0
    for rank in range(14, 1, -1):  # ties of the first two keys go to the lowest rank
        origin = _domino_position(rank - 2, aces_low)
        holds = False
        quality = 0.0
        rest = cards
        while rest:
            c = lowest(rest)
            rest &= rest - 1
            holds = holds or c % 13 + 2 == rank
            quality += 1.0 / (1 + abs(_domino_position(c, aces_low) - origin))
        if best < 0 or (holds, quality) >= (best_holds, best_quality):
            best, best_holds, best_quality = rank, holds, quality
    return best


@njit(cache=CACHE)
def _walk(t: np.ndarray, suit: int, card: int, down: bool) -> int:
    """The deck's next card of ``suit`` past ``card``, down or up (-1: none)."""
    return t[(A_BELOW if down else A_ABOVE) + 16 * suit + t[A_POSITION + card]]


@njit(cache=CACHE)
def rule_domino_move(t: np.ndarray, legal: int, mine: int, start: int, placed: int) -> tuple[int, float]:
    """``RuleBot._domino_card``: the rule bot's card of ``legal`` as a bit,
    and its worth (below 0: it only opens runs that others hold, so a seat
    that may stop stops); ``start`` the starting rank (-1 while the first
    card sets it), ``placed`` the cards on the table."""
    if start < 0:
        # Our first card sets the starting rank (docs/rules.md section 2, variant 7).
        rank = best_start_rank(mine, t[K_ACES_LOW] != 0)
        best, longest = -1, -1
        rest = legal
        while rest:
            c = lowest(rest)
            rest &= rest - 1
            length = popcount(mine & (0x1FFF << (13 * (c // 13))))
            if c % 13 + 2 == rank and length > longest:
                best, longest = c, length
        return 1 << best, 0.0
    best, best_score = -1, -np.inf
    rest = legal
    while rest:
        c = lowest(rest)
        rest &= rest - 1
        suit, pos = c // 13, t[A_POSITION + c]
        score = 0.0
        for down in (True, False):
            nxt = t[(A_BELOW if down else A_ABOVE) + 16 * suit + pos]
            if nxt < 0 or placed >> nxt & 1:
                continue
            # Walk on in that direction: our own cards there gain, a gap
            # held by someone else is a gift to them.
            run, gap = 0, nxt
            while gap >= 0 and mine >> gap & 1:
                run += 1
                gap = _walk(t, suit, gap, down)
            beyond = 0
            probe = gap
            while probe >= 0:
                beyond += mine >> probe & 1
                probe = _walk(t, suit, probe, down)
            score += 2.0 * run + 0.5 * beyond - (1.5 if run == 0 else 0.0)
        in_suit = popcount(mine & (0x1FFF << (13 * suit)))
        if c % 13 + 2 == start:
            score += 0.5 * in_suit
        score += 0.01 * abs(pos - t[A_POSITION + suit * 13 + start - 2])  # break ties: far cards first
        if score > best_score:
            best, best_score = c, score
    return 1 << best, best_score


@njit(cache=CACHE)
def _legal(t: np.ndarray, hand: int, n_trick: int, led: int, best_led: int, win: int,  # noqa: C901 -- the cascade of TrickPlayouts.legal, step for step
           first_trick: bool, moves: int, played: int) -> int:
    """``TrickPlayouts.legal``."""
    if n_trick == 0:
        if first_trick and t[K_OPENING] >= 0 and moves == 0:
            return 1 << t[K_OPENING]
        cand = hand
        follow = 0
    else:
        follow = hand & (0x1FFF << (13 * led))
        cand = follow if follow else hand
        trump_mask = t[K_TRUMP_MASK]
        if trump_mask:
            if follow and led == t[K_TRUMP] and t[K_MUST_OVERTRUMP]:
                higher = follow & t[A_STRONGER + win]
                if higher:
                    cand = higher
            elif not follow and (t[K_MUST_WIN] or t[K_MUST_TRUMP]):
                trumps = hand & trump_mask
                winning = trumps & t[A_STRONGER + win] if (1 << win) & trump_mask else trumps
                if winning and t[K_MUST_WIN]:
                    cand = winning
                elif trumps and t[K_MUST_TRUMP]:
                    cand = trumps
    if first_trick and t[K_FIRST_BAN]:
        allowed = cand & ~t[K_FIRST_BAN]
        if allowed:
            cand = allowed
    if n_trick == 0 and t[K_HAS_BANS]:
        banned = t[K_BAN_EVERY] | (t[K_BAN_OPENING] if first_trick else 0)
        for index in range(t[K_N_UNTIL]):
            if not played & t[K_UNTIL + 2 * index + 1]:
                banned |= t[K_UNTIL + 2 * index]
        allowed = cand & ~banned
        if allowed and banned:
            cand = allowed
    if t[K_SHED] and n_trick:
        safe = cand & t[K_SHED] & (t[A_WEAKER + best_led] if follow else -1)
        if safe:
            cand = safe
    if t[K_DISCARD] and n_trick and not follow:
        forced = cand & t[K_DISCARD]
        if forced:
            cand = forced
    return cand


@njit(cache=CACHE)
def _choose(t: np.ndarray, bad: np.ndarray, legal: int, first_card: int, n_trick: int, win: int,  # noqa: C901 -- TrickPlayouts.choose, step for step
            mt: np.ndarray) -> int:
    """``TrickPlayouts.choose``."""
    if not legal & (legal - 1):
        return legal
    if random01(mt) < bad[B_EPSILON]:
        return random_card(mt, legal)
    positive = t[K_POSITIVE] != 0
    if n_trick == 0:
        return _extreme(t, legal, positive)
    trump_mask = t[K_TRUMP_MASK]
    beat = legal & t[A_STRONGER + win] if (1 << win) & trump_mask else legal & (t[A_STRONGER + win] | trump_mask)
    last = n_trick == t[K_PLAYERS] - 1
    if legal & (0x1FFF << (13 * (first_card // 13))):
        if positive:
            if beat:
                pick, strongest = beat, not last
            else:
                pick, strongest = legal, False
        else:
            lose = legal & ~beat
            if lose:
                pick, strongest = lose, True
            else:
                pick, strongest = legal, last
        if t[K_ORDERED]:
            return _by_strength(t, pick, strongest)
        return highest_bit(pick) if strongest != (t[K_INVERTED] != 0) else pick & -pick
    if positive:
        pick = beat
        if not pick:
            pick = legal & ~trump_mask
        if not pick:
            pick = legal
        return _extreme(t, pick, False)
    dump = legal & t[K_BAD_MASK]
    if dump:
        best = 0
        worst = -1.0
        while dump:
            bit = dump & -dump
            value = bad[lowest(bit)]
            if value > worst:
                best = bit
                worst = value
            dump ^= bit
        return best
    return _extreme(t, legal, True)


@njit(cache=CACHE)
def _sole_taker(t: np.ndarray, won: np.ndarray, winners: np.ndarray, n_winners: int) -> int:
    """``scoring.sole_taker``: the seat that took every scoring element, or -1."""
    players = t[K_PLAYERS]
    candidates = (1 << players) - 1
    has_elements = False
    scoring = t[K_SCORING]
    if scoring:
        has_elements = True
        for seat in range(players):
            if won[seat] & scoring != scoring:
                candidates &= ~(1 << seat)
    if t[K_PER_TRICK]:
        has_elements = True
        same = n_winners == t[K_TRICKS]
        for index in range(1, n_winners):
            if winners[index] != winners[0]:
                same = False
        candidates = candidates & (1 << winners[0]) if same else 0
    for index in range(t[K_TRICKS]):
        if t[A_TRICK_AT + index]:
            has_elements = True
            candidates = candidates & (1 << winners[index]) if index < n_winners else 0
    if not has_elements or popcount(candidates) != 1:
        return -1
    return lowest(candidates)


@njit(cache=CACHE)
def _add_most(t: np.ndarray, index: int, won: np.ndarray, out: np.ndarray) -> None:
    """``scoring.most_of_one_suit`` of the table's part ``index``, added to ``out``."""
    players = t[K_PLAYERS]
    top = -1
    tied = 0
    for seat in range(players):
        count = 0
        for suit in range(4):
            count = max(count, popcount(won[seat] & (0x1FFF << (13 * suit))))
        if count > top:
            top, tied = count, 1 << seat
        elif count == top:
            tied |= 1 << seat
    value = t[A_MOST + index * (SEATS + 1) + popcount(tied)]
    for seat in range(players):
        if tied >> seat & 1:
            out[seat] += value


@njit(cache=CACHE)
def _all_or_moon(t: np.ndarray, won: np.ndarray, winners: np.ndarray, n_winners: int, out: np.ndarray) -> None:
    """All or nothing (the sole taker's score negated) or shooting the moon (everyone else scores it)."""
    taker = _sole_taker(t, won, winners, n_winners)
    if taker < 0:
        return
    if t[K_ALL_OR_NOTHING]:
        out[taker] = -out[taker]
        return
    total = out[taker]
    for seat in range(t[K_PLAYERS]):
        out[seat] = total
    out[taker] = 0


@njit(cache=CACHE)
def _finish(t: np.ndarray, points: np.ndarray, won: np.ndarray, winners: np.ndarray, n_winners: int,  # noqa: C901 -- finish_scores, a branch a scoring rule
            out: np.ndarray) -> None:
    """``scoring.finish_scores`` into ``out``."""
    players = t[K_PLAYERS]
    for seat in range(players):
        out[seat] = points[seat]
    if t[K_N_BY_TRICKS]:
        for seat in range(players):
            out[seat] += t[A_BY_TRICKS + popcount(won[seat]) // players]
    for index in range(t[K_N_NONE_OF]):
        mask, value = t[A_NONE_OF + 2 * index], t[A_NONE_OF + 2 * index + 1]
        for seat in range(players):
            if not won[seat] & mask:
                out[seat] += value
    for index in range(t[K_N_MOST]):
        _add_most(t, index, won, out)
    if t[K_ALL_OR_NOTHING] or t[K_MOON]:
        _all_or_moon(t, won, winners, n_winners, out)
    if t[K_HAS_SLAM]:
        for seat in range(players):
            if popcount(won[seat]) // players == t[K_TRICKS]:
                for other in range(players):
                    out[other] = 0
                out[seat] = t[K_SLAM]
                break


@njit(cache=CACHE)
def trick_run(t: np.ndarray, bad: np.ndarray, p: np.ndarray, hands: np.ndarray, first: int, mt: np.ndarray,  # noqa: C901 -- TrickPlayouts.run, one loop as there
              widow: int, out: np.ndarray, trick: np.ndarray, won: np.ndarray, points: np.ndarray,
              winners: np.ndarray, record: np.ndarray) -> int:
    """``TrickPlayouts.run`` from the packed position ``p``: ``hands`` is
    used up, the raw scores go to ``out``; ``first`` a card or :data:`NO_MOVE`.
    The moves are chosen by ``t[K_POLICY]``; they go to ``record`` (as far
    as it holds them), and their number is returned."""
    players, tricks = t[K_PLAYERS], t[K_TRICKS]
    trump = t[K_TRUMP]
    scoring, plays_out, last_scoring = t[K_SCORING], t[K_PLAYS_OUT], t[K_LAST_SCORING]
    simple = t[K_SIMPLE] != 0
    n_trick = p[P_N_TRICK]
    for i in range(n_trick):
        trick[i] = p[P_TRICK + i]
    led, best_led, win, taker = p[P_LED], p[P_BEST_LED], p[P_WIN], p[P_TAKER]
    played, moves = p[P_PLAYED], p[P_MOVES]
    gone = played | widow
    for seat in range(players):
        won[seat] = p[P_WON + seat]
        points[seat] = p[P_POINTS + seat]
        gone |= won[seat]
    n_winners = p[P_N_WINNERS]
    for i in range(n_winners):
        winners[i] = p[P_WINNERS + i]
    seat = p[P_TO_PLAY]
    bit = 0 if first == NO_MOVE else 1 << first
    rules = t[K_POLICY] == RULES
    recorded = 0
    while True:
        if not bit:
            hand = hands[seat]
            if simple:
                if n_trick:
                    legal = hand & (0x1FFF << (13 * led))
                    if not legal:
                        legal = hand
                else:
                    legal = hand
            else:
                legal = _legal(t, hand, n_trick, led, best_led, win, n_winners == 0, moves, played)
            if not legal & (legal - 1):
                bit = legal
            elif rules:
                bit = rule_trick_move(t, bad, legal, hand, t[K_DECK] & ~(hand | played), trick, n_trick, win,
                                      n_winners)
            else:
                bit = _choose(t, bad, legal, trick[0], n_trick, win, mt)
        card = lowest(bit)
        if recorded < len(record):
            record[recorded] = card
        recorded += 1
        hands[seat] ^= bit
        played |= bit
        moves += 1
        suit = card // 13
        if n_trick == 0:
            led, best_led, win, taker = suit, card, card, seat
        elif suit == led:
            if t[A_WEAKER + card] >> best_led & 1:
                if win == best_led:
                    win, taker = card, seat
                best_led = card
        elif suit == trump and (win // 13 != trump or t[A_WEAKER + card] >> win & 1):
            win, taker = card, seat
        trick[n_trick] = card
        n_trick += 1
        bit = 0
        if n_trick < players:
            seat = p[P_AFTER + seat]
            continue
        done = n_winners
        gained = t[K_PER_TRICK] + t[A_TRICK_AT + done]
        taken = 0
        for i in range(n_trick):
            taken |= 1 << trick[i]
        if widow and not done:
            taken |= widow
            rest = widow
            while rest:
                gained += t[A_VALUES + lowest(rest)]
                rest &= rest - 1
        if taken & scoring:
            for i in range(n_trick):
                gained += t[A_VALUES + trick[i]]
        points[taker] += gained
        won[taker] |= taken
        winners[n_winners] = taker
        n_winners += 1
        n_trick = 0
        seat = taker
        done += 1
        gone |= taken
        if done >= tricks or (not plays_out and not scoring & ~(played | gone) and last_scoring < done):
            _finish(t, points, won, winners, n_winners, out)
            return recorded


# ---- domino playouts ---------------------------------------------------------------------


@njit(cache=CACHE)
def _ends(t: np.ndarray, start: int, low: np.ndarray, high: np.ndarray) -> int:
    """``DominoPlayouts.ends``."""
    if start < 0:
        return t[K_DECK]
    ends = 0
    for suit in range(4):
        if not low[suit]:
            ends |= 1 << (suit * 13 + start - 2)
            continue
        under = t[A_BELOW + 16 * suit + low[suit]]
        over = t[A_ABOVE + 16 * suit + high[suit]]
        if under >= 0:
            ends |= 1 << under
        if over >= 0:
            ends |= 1 << over
    return ends


@njit(cache=CACHE)
def _opened(t: np.ndarray, start: int, low: np.ndarray, high: np.ndarray) -> None:
    """``DominoPlayouts.opened`` into ``low`` and ``high``."""
    for suit in range(4):
        low[suit] = 0
        high[suit] = 0
        if start >= 0:
            opener = suit * 13 + start - 2
            if not t[K_DECK] >> opener & 1:
                low[suit] = high[suit] = t[A_POSITION + opener]


@njit(cache=CACHE)
def _place(t: np.ndarray, start: int, low: np.ndarray, high: np.ndarray, card: int) -> int:
    """``DominoPlayouts.place``: the starting rank after ``card``."""
    if start < 0:
        start = card % 13 + 2
        _opened(t, start, low, high)
    suit, position = card // 13, t[A_POSITION + card]
    if not low[suit]:
        low[suit] = high[suit] = position
    elif position < low[suit]:
        low[suit] = position
    else:
        high[suit] = position
    return start


@njit(cache=CACHE)
def _domino_choose(bad: np.ndarray, playable: int, hand: int, mt: np.ndarray) -> int:
    """``DominoPlayouts.choose``."""
    if not playable & (playable - 1):
        return playable
    if random01(mt) < bad[B_EPSILON]:
        return random_card(mt, playable)
    best, length = 0, -1
    rest = playable
    while rest:
        bit = rest & -rest
        held = popcount(hand & (0x1FFF << (13 * (lowest(bit) // 13))))
        if held > length:
            best, length = bit, held
        rest ^= bit
    return best


@njit(cache=CACHE)
def domino_run(t: np.ndarray, bad: np.ndarray, p: np.ndarray, hands: np.ndarray, first: int, mt: np.ndarray,  # noqa: C901 -- DominoPlayouts.run, one loop as there
               out: np.ndarray, low: np.ndarray, high: np.ndarray, placings: np.ndarray, record: np.ndarray) -> int:
    """``DominoPlayouts.run`` from the packed position ``p``: ``first`` a
    card, :data:`PASS` or :data:`NO_MOVE`; the raw scores go to ``out``;
    the moves (chosen by ``t[K_POLICY]``) to ``record``, as in :func:`trick_run`."""
    players = t[K_PLAYERS]
    start = p[P_START]
    for suit in range(4):
        low[suit] = p[P_LOW + suit]
        high[suit] = p[P_HIGH + suit]
    n_placings = p[P_N_PLACINGS]
    for i in range(n_placings):
        placings[i] = p[P_PLACINGS + i]
    ace_again, first_out, play_on = t[K_ACE_AGAIN], t[K_FIRST_OUT], t[K_PLAY_ON]
    seat = p[P_TO_PLAY]
    move = first
    passes = 0
    ends = _ends(t, start, low, high) if p[P_MOVES] or t[K_OPENING] < 0 else 1 << t[K_OPENING]
    rules = t[K_POLICY] == RULES
    placed = t[K_DECK]  # the cards on the table: those in no hand
    for s in range(players):
        placed &= ~hands[s]
    recorded = 0
    may_stop = False  # the rule bot's seat may play on or stop (docs/rules.md section 6)
    while True:
        hand = hands[seat]
        stop_allowed, may_stop = may_stop, False
        if move == NO_MOVE:
            playable = hand & ends
            if stop_allowed:
                bit, worth = rule_domino_move(t, playable, hand, start, placed)
                if worth < 0:  # it stops: the turn passes on
                    if recorded < len(record):
                        record[recorded] = STOP
                    recorded += 1
                    seat = p[P_AFTER + seat]
                    while not hands[seat]:
                        seat = p[P_AFTER + seat]
                    continue
            elif not playable & (playable - 1):
                bit = playable
            elif rules:
                bit = rule_domino_move(t, playable, hand, start, placed)[0]
            else:
                bit = _domino_choose(bad, playable, hand, mt)
        else:
            bit = 0 if move == PASS else 1 << move
            move = NO_MOVE
        if recorded < len(record):
            record[recorded] = lowest(bit) if bit else PASS
        recorded += 1
        if bit:
            placed |= bit
            passes = 0
            start = _place(t, start, low, high, lowest(bit))
            ends = _ends(t, start, low, high)
            hand ^= bit
            hands[seat] = hand
            if not hand:
                placings[n_placings] = seat
                n_placings += 1
                if first_out or n_placings == players - 1:
                    _placing_scores(t, seat, hands, p, players, placings, n_placings, out)
                    return recorded
            elif ace_again and bit & ACES:
                continue  # the same seat moves again (docs/rules.md section 6)
            elif bit & play_on and hand & ends:
                may_stop = rules  # the playouts always play on; the rule bot may stop
                continue
        else:
            passes += 1
            if passes > players:  # nobody can move: a card of a row is in the imagined widow
                _placing_scores(t, seat, hands, p, players, placings, n_placings, out)
                return recorded
        seat = p[P_AFTER + seat]
        while not hands[seat]:
            seat = p[P_AFTER + seat]


@njit(cache=CACHE)
def _placing_scores(t: np.ndarray, last: int, hands: np.ndarray, p: np.ndarray, players: int,
                    placings: np.ndarray, n_placings: int, out: np.ndarray) -> None:
    """The seats still holding cards placed after ``last`` (``placed_by_cards_left``), then ``placing_scores``."""
    n_placings = _placed_by_cards_left(last, hands, p, players, placings, n_placings)
    for s in range(players):
        out[s] = 0
    for place in range(min(n_placings, t[K_N_PLACINGS])):
        out[placings[place]] += t[A_PLACINGS + place]


@njit(cache=CACHE)
def _placed_by_cards_left(out: int, hands: np.ndarray, p: np.ndarray, players: int, placings: np.ndarray,
                          n_placings: int) -> int:
    """``domino.placed_by_cards_left`` appended to ``placings``: fewest cards first, ties in turn order."""
    for _ in range(players):
        best, best_count = -1, 99
        seat = p[P_AFTER + out]
        for _ in range(players):
            count = popcount(hands[seat])
            if count and count < best_count:
                placed = False
                for i in range(n_placings):
                    if placings[i] == seat:
                        placed = True
                if not placed:
                    best, best_count = seat, count
            seat = p[P_AFTER + seat]
        if best < 0:
            break
        placings[n_placings] = best
        n_placings += 1
    return n_placings


# ---- one playout of either kind, with its scratch ----------------------------------------


@njit(cache=CACHE)
def _run(t: np.ndarray, bad: np.ndarray, p: np.ndarray, hands: np.ndarray, first: int, mt: np.ndarray,
         widow: int, out: np.ndarray, scratch: np.ndarray) -> None:
    if t[K_KIND] == DOMINO:
        domino_run(t, bad, p, hands, first, mt, out, scratch[0, :4], scratch[1, :4], scratch[2], scratch[4, :0])
    else:
        trick_run(t, bad, p, hands, first, mt, widow, out, scratch[0], scratch[1], scratch[2], scratch[3],
                  scratch[4, :0])


@njit(cache=CACHE)
def recorded_run(t: np.ndarray, bad: np.ndarray, p: np.ndarray, hands: np.ndarray, mt: np.ndarray,
                 out: np.ndarray, record: np.ndarray) -> int:
    """A whole run from the packed position ``p`` (no widow), its moves
    into ``record``: their number (a run that makes more than ``record``
    holds keeps only the first)."""
    scratch = np.zeros((4, 52), dtype=np.int64)
    if t[K_KIND] == DOMINO:
        return domino_run(t, bad, p, hands, NO_MOVE, mt, out, scratch[0, :4], scratch[1, :4], scratch[2], record)
    return trick_run(t, bad, p, hands, NO_MOVE, mt, 0, out, scratch[0], scratch[1], scratch[2], scratch[3], record)


def new_scratch() -> np.ndarray:
    """The scratch rows a playout uses (its trick, takings, points, winners; the last row's empty slice: no record)."""
    return np.zeros((5, 52), dtype=np.int64)


# ---- deals that fit what a seat knows (sampling.draw) -------------------------------------------


@njit(cache=CACHE)
def draw(mt: np.ndarray, seat: int, mine: int, unseen: int, counts: np.ndarray, excluded: np.ndarray,  # noqa: C901 -- sampling.draw, a branch a case of it
         players: int, hands: np.ndarray, cards: np.ndarray, allowed: np.ndarray, order: np.ndarray,
         need: np.ndarray) -> bool:
    """``sampling.draw`` into ``hands`` (one more seat for a widow); False
    when only the Python draw can deal it (a hand seen in part)."""
    if counts[seat] - popcount(mine) > 0:
        return False
    others_total = 0
    for s in range(players):
        if s != seat:
            others_total += counts[s]
    spare = popcount(unseen) - others_total
    seats = players
    if spare > 0:
        counts[players] = spare
        excluded[players] = 0
        seats = players + 1
    n = _shuffled(mt, unseen, cards)
    for s in range(seats):
        hands[s] = 0
    hands[seat] = mine
    constrained = False
    for s in range(seats):
        if s != seat and counts[s] and excluded[s] & unseen:
            constrained = True
    if not constrained:
        _deal_in_order(seat, counts, seats, cards, hands)
        return True
    _most_constrained_first(seat, counts, excluded, seats, cards, n, allowed, order)
    for _ in range(8):
        if _greedy(mt, order, n, allowed, counts, seats, hands, need):
            return True
        for s in range(seats):
            if s != seat:
                hands[s] = 0
    if _matching(order, n, allowed, counts, seats, hands):
        return True
    # The facts contradict each other (they cannot, for a legal history): deal freely.
    _shuffled(mt, unseen, cards)
    _deal_in_order(seat, counts, seats, cards, hands)
    return True


@njit(cache=CACHE)
def _deal_in_order(seat: int, counts: np.ndarray, seats: int, cards: np.ndarray, hands: np.ndarray) -> None:
    """The shuffled ``cards`` dealt in turn: each other seat takes as many as it holds."""
    at = 0
    for s in range(seats):
        if s != seat and counts[s]:
            for i in range(at, at + counts[s]):
                hands[s] |= 1 << cards[i]
            at += counts[s]


@njit(cache=CACHE)
def _matching(order: np.ndarray, n: int, allowed: np.ndarray, counts: np.ndarray, seats: int,  # noqa: C901 -- one augmenting-path search, its recursion unrolled
              hands: np.ndarray) -> bool:
    """``sampling._matching``: each card of ``order`` to a seat slot by
    augmenting paths, searched in the same order (seats, then slots, in
    turn; the recursion kept on a stack), so the same deal; False if none."""
    first = np.zeros(seats + 1, dtype=np.int64)  # the first slot of each seat
    for s in range(seats):
        first[s + 1] = first[s] + counts[s]
    owner = np.full(64, -1, dtype=np.int64)  # slot -> card
    cards = np.zeros(64, dtype=np.int64)  # per stack frame: the card being placed,
    at_seat = np.zeros(64, dtype=np.int64)  # the seat and slot where its search goes on,
    at_slot = np.zeros(64, dtype=np.int64)
    via = np.zeros(64, dtype=np.int64)  # and the slot it was taken from (its parent's)
    for i in range(n):
        seen = 0
        depth = 0
        cards[0], at_seat[0], at_slot[0], via[0] = order[i], 0, 0, -1
        placed = False
        while depth >= 0:
            c = cards[depth]
            pushed = False
            while at_seat[depth] < seats and not pushed:
                s = at_seat[depth]
                if allowed[c] >> s & 1:
                    while at_slot[depth] < first[s + 1] - first[s]:
                        slot = first[s] + at_slot[depth]
                        at_slot[depth] += 1
                        if seen >> slot & 1:
                            continue
                        seen |= 1 << slot
                        if owner[slot] < 0:
                            owner[slot] = c  # a free slot: every card on the path moves along it
                            while depth > 0:
                                owner[via[depth]] = cards[depth - 1]
                                depth -= 1
                            placed = True
                            break
                        depth += 1
                        cards[depth], at_seat[depth], at_slot[depth], via[depth] = owner[slot], 0, 0, slot
                        pushed = True
                        break
                    if placed:
                        break
                if not pushed:
                    at_seat[depth] += 1
                    at_slot[depth] = 0
            if placed:
                break
            if not pushed:
                depth -= 1  # no slot for this card: its parent searches on
        if not placed:
            return False
    for s in range(seats):
        for slot in range(first[s], first[s + 1]):
            if owner[slot] >= 0:
                hands[s] |= 1 << owner[slot]
    return True


@njit(cache=CACHE)
def _shuffled(mt: np.ndarray, unseen: int, cards: np.ndarray) -> int:
    """The cards of ``unseen`` into ``cards`` in card order, shuffled as ``random.shuffle``; how many."""
    n = 0
    rest = unseen
    while rest:
        cards[n] = lowest(rest)
        n += 1
        rest &= rest - 1
    for i in range(n - 1, 0, -1):
        j = randbelow(mt, i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return n


@njit(cache=CACHE)
def _most_constrained_first(seat: int, counts: np.ndarray, excluded: np.ndarray, seats: int, cards: np.ndarray,
                            n: int, allowed: np.ndarray, order: np.ndarray) -> None:
    """Per card, the seats that may hold it (``allowed``); the cards in
    ``order``, those fewest seats may hold first, ties in shuffled order
    (the stable sort of ``sampling._draw``)."""
    for i in range(n):
        mask = 0
        for s in range(seats):
            if s != seat and counts[s] and not excluded[s] >> cards[i] & 1:
                mask |= 1 << s
        allowed[cards[i]] = mask
    at = 0
    for k in range(seats + 1):
        for i in range(n):
            if popcount(allowed[cards[i]]) == k:
                order[at] = cards[i]
                at += 1


@njit(cache=CACHE)
def _greedy(mt: np.ndarray, order: np.ndarray, n: int, allowed: np.ndarray, counts: np.ndarray, seats: int,
            hands: np.ndarray, need: np.ndarray) -> bool:
    """``sampling._greedy``: each card to a seat that may hold it, with
    odds in proportion to the cards it still needs; False at a dead end."""
    for s in range(seats):
        need[s] = 0 if hands[s] else counts[s]
    for i in range(n):
        c = order[i]
        total = 0
        for s in range(seats):
            if allowed[c] >> s & 1:
                total += need[s]
        if not total:
            return False
        pick = randbelow(mt, total)
        chosen = 0
        for s in range(seats):
            if allowed[c] >> s & 1 and need[s]:
                chosen = s
                pick -= need[s]
                if pick < 0:
                    break
        hands[chosen] |= 1 << c
        need[chosen] -= 1
    return True


# ---- a decision's batch ----------------------------------------------------------------------


@njit(cache=CACHE)
def _buffers() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """A batch's scratch: a deal and the hands a playout uses up (a row a
    seat, and one for a widow), the draw's rows (the cards, the seats each
    may go to, their order, the cards each seat needs), a playout's rows."""
    return (np.zeros(SEATS + 1, dtype=np.int64), np.zeros(SEATS + 1, dtype=np.int64),
            np.zeros((4, 52), dtype=np.int64), np.zeros((5, 52), dtype=np.int64))


@njit(cache=CACHE)
def move_totals(t: np.ndarray, bad: np.ndarray, p: np.ndarray, moves: np.ndarray, weights: np.ndarray,
                deals: int, seat: int, mine: int, unseen: int, counts: np.ndarray, excluded: np.ndarray,
                widow_left: bool, mt: np.ndarray, totals: np.ndarray) -> int:
    """The play decision's search (``StrongBot.analyse_move``): ``deals``
    draws, each legal move of ``moves`` finished from each; ``totals`` gets
    each move's summed weighted result.  :data:`OK` or :data:`FALLBACK`."""
    players = t[K_PLAYERS]
    dealt, hands, work, scratch = _buffers()
    out = np.zeros(SEATS, dtype=np.int64)
    for _ in range(deals):
        if not draw(mt, seat, mine, unseen, counts, excluded, players, dealt, work[0], work[1], work[2], work[3]):
            return FALLBACK
        widow = 0
        if widow_left:
            held = 0
            for s in range(players):
                if s != seat:
                    held |= dealt[s]
            widow = unseen & ~held
        for index in range(len(moves)):
            for s in range(players):
                hands[s] = dealt[s]
            _run(t, bad, p, hands, moves[index], mt, widow, out, scratch)
            result = 0.0
            for s in range(players):
                if weights[s] != 0:
                    result += weights[s] * out[s]
            totals[index] += result
    return OK


@njit(cache=CACHE)
def _fresh_position(t: np.ndarray, hands: np.ndarray, leader: int, after: np.ndarray, p: np.ndarray) -> None:
    """The packed position of a hand dealt ``hands``, before any move
    (``start_hand``): the holder of the opening card moves first, else ``leader``."""
    players = t[K_PLAYERS]
    for i in range(POSITION_SIZE):
        p[i] = 0
    first = leader
    opening = t[K_OPENING]
    if opening >= 0:
        for s in range(players):
            if hands[s] >> opening & 1:
                first = s
                break
    p[P_TO_PLAY] = first
    for s in range(players):
        p[P_AFTER + s] = after[s]
    if t[K_KIND] == DOMINO:
        start = t[K_START]
        p[P_START] = start
        if start >= 0:
            for suit in range(4):
                opener = suit * 13 + start - 2
                if not t[K_DECK] >> opener & 1:
                    p[P_LOW + suit] = p[P_HIGH + suit] = t[A_POSITION + opener]
    else:
        p[P_LED] = p[P_BEST_LED] = p[P_WIN] = p[P_TAKER] = -1


@njit(cache=CACHE)
def dealt_run(t: np.ndarray, bad: np.ndarray, hands: np.ndarray, leader: int, after: np.ndarray, p: np.ndarray,
              mt: np.ndarray, out: np.ndarray, scratch: np.ndarray) -> None:
    """One run of a hand dealt ``hands`` (used up) from its start, the raw
    scores into ``out``: the holder of the opening card moves first, else
    ``leader``.  ``p`` and ``scratch`` (:func:`new_scratch`) are scratch."""
    _fresh_position(t, hands, leader, after, p)
    _run(t, bad, p, hands, NO_MOVE, mt, 0, out, scratch)


@njit(cache=CACHE)
def fresh_scores(tables: np.ndarray, bads: np.ndarray, leaders: np.ndarray, after: np.ndarray, deals: int,
                 seat: int, mine: int, unseen: int, counts: np.ndarray, excluded: np.ndarray, mt: np.ndarray,
                 out: np.ndarray) -> int:
    """The contract and doubling search (``StrongBot._simulate``):
    ``deals`` draws, each played from the start with each announcement's
    table (``tables[i]``, first mover ``leaders[i]`` unless an opening card
    says otherwise); ``out[i, deal]`` gets the raw scores.  :data:`OK` or
    :data:`FALLBACK`."""
    players = tables[0, K_PLAYERS]
    dealt, hands, work, scratch = _buffers()
    p = np.zeros(POSITION_SIZE, dtype=np.int64)
    for d in range(deals):
        if not draw(mt, seat, mine, unseen, counts, excluded, players, dealt, work[0], work[1], work[2], work[3]):
            return FALLBACK
        for index in range(tables.shape[0]):
            for s in range(players):
                hands[s] = dealt[s]
            _fresh_position(tables[index], hands, leaders[index], after, p)
            _run(tables[index], bads[index], p, hands, NO_MOVE, mt, 0, out[index, d], scratch)
    return OK


@njit(cache=CACHE)
def dealt_scores(tables: np.ndarray, bads: np.ndarray, table_of: np.ndarray, leaders: np.ndarray,
                 after: np.ndarray, deals: np.ndarray, mt: np.ndarray, out: np.ndarray) -> None:
    """Given deals (``deals[k]``, one mask per seat) played from the start,
    deal ``k`` with table ``table_of[k]``; ``out[k]`` gets the raw scores
    (``declarer_average``)."""
    players = tables[0, K_PLAYERS]
    hands = np.zeros(SEATS + 1, dtype=np.int64)
    p = np.zeros(POSITION_SIZE, dtype=np.int64)
    scratch = np.zeros((5, 52), dtype=np.int64)
    for k in range(deals.shape[0]):
        index = table_of[k]
        for s in range(players):
            hands[s] = deals[k, s]
        _fresh_position(tables[index], hands, leaders[index], after, p)
        _run(tables[index], bads[index], p, hands, NO_MOVE, mt, 0, out[k], scratch)


@njit(cache=CACHE)
def policy_scores(t: np.ndarray, bad: np.ndarray, p: np.ndarray, hands: np.ndarray, first: int,
                  mt: np.ndarray, widow: int, out: np.ndarray) -> None:
    """Playouts from one position (for benchmarks): each row of ``hands`` finished from ``p``."""
    players = t[K_PLAYERS]
    row = np.zeros(SEATS + 1, dtype=np.int64)
    scratch = np.zeros((5, 52), dtype=np.int64)
    for k in range(hands.shape[0]):
        for s in range(players):
            row[s] = hands[k, s]
        _run(t, bad, p, row, first, mt, widow, out[k], scratch)


def stack(packed: Sequence[tuple[np.ndarray, np.ndarray]]) -> tuple[np.ndarray, np.ndarray]:
    """Several packed tables as two 2-d arrays, a row each."""
    return np.stack([t for t, _ in packed]), np.stack([bad for _, bad in packed])


# ---- the bot's side ------------------------------------------------------------------------------


class Search:
    """The compiled search for one bot: packed tables made once per table
    met, and the batches run on the bot's ``random.Random``.  Each method
    answers None where only the Python search can answer (the generator
    is then where it was before the call)."""

    def __init__(self, aim: m.Aim):
        self.aim = aim
        self.declined = 0  # the batches left to the Python search
        self._packed: dict[int, tuple[object, tuple[np.ndarray, np.ndarray]]] = {}

    def packed(self, table: TrickTable | DominoTable) -> tuple[np.ndarray, np.ndarray]:
        """``table`` packed (raises :class:`Unpackable`)."""
        made = self._packed.get(id(table))
        if made is None or made[0] is not table:
            made = self._packed[id(table)] = (table, pack_table(table, self.aim))
        return made[1]

    def move_totals(self, table: TrickTable | DominoTable, pos: TrickPosition | DominoPosition,
                    legal: Sequence[int], weights: Sequence[float], deals: int, known: Knowledge,
                    widow_left: bool, rng: random.Random) -> list[float] | None:
        """Each legal move's summed weighted result over ``deals`` deals (``StrongBot.analyse_move``)."""
        try:
            t, bad = self.packed(table)
            p = pack_position(pos)
            counts, excluded = pack_knowledge(known)
        except Unpackable:
            self.declined += 1
            return None
        state = mt_state(rng)
        totals = np.zeros(len(legal), dtype=np.float64)
        status = move_totals(t, bad, p, np.array(legal, dtype=np.int64), np.array(weights, dtype=np.float64),
                             deals, known.seat, known.mine, known.unseen, counts, excluded, widow_left, state,
                             totals)
        if status != OK:
            self.declined += 1
            return None
        set_mt_state(rng, state)
        return [float(total) for total in totals]

    def fresh_scores(self, tables: Sequence[TrickTable | DominoTable], leaders: Sequence[int],
                     after: Sequence[int], deals: int, known: Knowledge,
                     rng: random.Random) -> list[list[list[int]]] | None:
        """The raw scores of ``deals`` deals drawn to fit ``known``, each
        played from the start with each table (``StrongBot._simulate``):
        per table, per deal."""
        try:
            t, bad = stack([self.packed(table) for table in tables])
            counts, excluded = pack_knowledge(known)
        except Unpackable:
            self.declined += 1
            return None
        if len(after) > SEATS:
            self.declined += 1
            return None
        state = mt_state(rng)
        players = len(after)
        out = np.zeros((len(tables), deals, SEATS), dtype=np.int64)
        status = fresh_scores(t, bad, np.array(leaders, dtype=np.int64), np.array(after, dtype=np.int64), deals,
                              known.seat, known.mine, known.unseen, counts, excluded, state, out)
        if status != OK:
            self.declined += 1
            return None
        set_mt_state(rng, state)
        return out[:, :, :players].tolist()

    def dealt_scores(self, tables: Sequence[TrickTable | DominoTable], table_of: Sequence[int],
                     leaders: Sequence[int], after: Sequence[int], deals: Sequence[Sequence[int]],
                     rng: random.Random) -> list[list[int]] | None:
        """The raw scores of the given ``deals`` (a mask per seat) played
        from the start, deal ``k`` with ``tables[table_of[k]]``."""
        try:
            t, bad = stack([self.packed(table) for table in tables])
        except Unpackable:
            return None
        players = len(after)
        if players > SEATS:
            return None
        state = mt_state(rng)
        out = np.zeros((len(deals), SEATS), dtype=np.int64)
        dealt_scores(t, bad, np.array(table_of, dtype=np.int64), np.array(leaders, dtype=np.int64),
                     np.array(after, dtype=np.int64), np.array(deals, dtype=np.int64).reshape(len(deals), players),
                     state, out)
        set_mt_state(rng, state)
        return out[:, :players].tolist()
