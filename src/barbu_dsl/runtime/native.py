"""What every native playout uses: bit counts, CPython's random numbers,
uniform picks and the deal, compiled with numba; and what a whole game of
random bots needs around its hands (the last section: the schedule, the
bots' answers, the doubling round, settling and running totals, and what a
study counts of each hand), so that a batch of whole games is one call.

The random numbers are CPython's own: ``random.Random`` is a Mersenne
Twister (MT19937) and ``getrandbits(k)``, for ``k`` up to 32, is the top
``k`` bits of its next 32-bit output.  :func:`next32` is that generator
over the state ``random.Random.getstate()`` holds (624 words and the index,
in an int64 array of 625), so a native playout draws exactly the numbers
the Python playout draws from the same ``random.Random``, and leaves the
state where the Python playout leaves it.

Cards are one-bit masks in int64 (52 bits), as in the Python playouts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple, cast

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic

CACHE = True  # compiled functions are kept next to the source, or in numba's user cache

# The game's steps around a hand (the deal, the schedule, the doubling
# round, settling, the totals and the counts) are functions that read and
# write the arrays they are given and allocate none.  They are compiled
# without numba's reference counting (``UNCOUNTED``: ``_nrt=False``): with it, every call
# counts each array argument in and out, atomically, which cost more than
# the doubling round's own work (0.6 µs a hand against 0.07 µs of draws).
UNCOUNTED: dict[str, Any] = {"cache": CACHE, "_nrt": False}


@intrinsic
def _popcount(typingctx, x):  # type: ignore[no-untyped-def]
    """The number of bits set in an int64 (LLVM's ctpop)."""

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        return builder.ctpop(args[0])

    return types.int64(types.int64), codegen


popcount = cast("Callable[[int], int]", _popcount)
"""The number of bits set in an int64 (LLVM's ctpop)."""


@intrinsic
def _lowest(typingctx, x):  # type: ignore[no-untyped-def]
    """The index of the lowest bit set in a non-zero int64 (LLVM's cttz): a card bit's card."""

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))

    return types.int64(types.int64), codegen


lowest = cast("Callable[[int], int]", _lowest)
"""The index of the lowest bit set in a non-zero int64 (LLVM's cttz): a card bit's card."""

card_index = lowest
"""A card bit's card, as the Python runtime's ``card_index`` (a card order's tables are indexed by it)."""


@intrinsic
def _leading_zeros(typingctx, x):  # type: ignore[no-untyped-def]
    """The number of leading zero bits of an int64, 64 for 0 (LLVM's ctlz)."""

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        return builder.ctlz(args[0], ir.Constant(ir.IntType(1), 0))

    return types.int64(types.int64), codegen


leading_zeros = cast("Callable[[int], int]", _leading_zeros)
"""The number of leading zero bits of an int64, 64 for 0 (LLVM's ctlz)."""


@njit(cache=CACHE)
def twist(mt: np.ndarray) -> None:
    """Refill the Mersenne Twister state ``mt`` with its next 624 words and
    set its index (``mt[624]``) back to 0, as CPython's ``genrand_uint32``
    does every 624 outputs."""
    for kk in range(227):
        y = (mt[kk] & 0x80000000) | (mt[kk + 1] & 0x7FFFFFFF)
        mt[kk] = mt[kk + 397] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
    for kk in range(227, 623):
        y = (mt[kk] & 0x80000000) | (mt[kk + 1] & 0x7FFFFFFF)
        mt[kk] = mt[kk - 227] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
    y = (mt[623] & 0x80000000) | (mt[0] & 0x7FFFFFFF)
    mt[623] = mt[396] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
    mt[624] = 0


# The helpers a move calls are inlined by LLVM (``forceinline``): called
# as functions, each call passes the state array whole and costs more than
# the draw itself (the playouts ran at half the speed).  The twist, once
# every 624 draws, stays a call.


@njit(cache=CACHE, forceinline=True)
def next32(mt: np.ndarray) -> int:
    """The next 32-bit output of the Mersenne Twister state ``mt``
    (``mt[624]`` is the index), exactly as CPython's ``genrand_uint32``."""
    if mt[624] >= 624:
        twist(mt)
    index = mt[624]
    y = mt[index]
    mt[624] = index + 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y


@njit(cache=CACHE, forceinline=True)
def getrandbits(mt: np.ndarray, k: int) -> int:
    """``random.Random.getrandbits(k)`` for 1 <= k <= 32."""
    return next32(mt) >> (32 - k)


@njit(cache=CACHE, forceinline=True)
def random01(mt: np.ndarray) -> float:
    """``random.Random.random()``: 53 bits from two 32-bit outputs."""
    a = next32(mt) >> 5
    b = next32(mt) >> 6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


@njit(cache=CACHE, forceinline=True)
def below(mt: np.ndarray, n: int) -> int:
    """A uniformly random int in ``0 .. n-1``, drawn as the Python ``below``."""
    width = max(1, 64 - leading_zeros(n - 1))  # the random bits that cover 0 .. n-1
    k = getrandbits(mt, width)
    while k >= n:
        k = getrandbits(mt, width)
    return k


@njit(cache=CACHE, forceinline=True)
def pick(mt: np.ndarray, cand: int) -> int:
    """A uniformly random card of the non-empty mask ``cand``, as a bit:
    no draw when there is one card, else an index drawn as the Python
    playouts draw it, then that many low cards skipped."""
    if cand & (cand - 1):
        skip = below(mt, popcount(cand))
        while skip:
            cand &= cand - 1
            skip -= 1
    return cand & -cand


WORK = 128
"""The scratch ints a playout needs (the cards each seat took, who took
each trick; domino's runs), passed in so that no hand allocates."""


@njit(cache=CACHE)
def deal(mt: np.ndarray, deck_bits: np.ndarray, players: int, hands: np.ndarray, pool: np.ndarray) -> None:
    """A uniformly random deal of ``deck_bits`` (one-bit masks, card order)
    to ``players`` seats into ``hands``: the Python ``deal_masks``, draw for
    draw (``pool``: scratch of the same length); the cards left over when
    they do not deal out evenly are a widow's, in no hand."""
    cards = len(deck_bits)
    size = cards // players
    left = 0
    for i in range(cards):
        pool[i] = deck_bits[i]
        left |= deck_bits[i]
    drawn = players if cards % players else players - 1  # with a widow every seat draws; it keeps the rest
    for seat in range(drawn):
        hand = 0
        for n in range(cards - seat * size, cards - (seat + 1) * size, -1):
            j = below(mt, n)
            hand |= pool[j]
            pool[j] = pool[n - 1]
        hands[seat] = hand
        left ^= hand
    if drawn < players:
        hands[players - 1] = left


@njit(cache=CACHE)
def dealer_discards(mt: np.ndarray, hands: np.ndarray, dealer: int, deck: int) -> None:
    """The cards of ``deck`` in no hand dealt to ``dealer``, who discards as
    many, each a uniformly random card of its hand (docs/rules.md section
    6, ``leftover: dealer discards``): the Python ``dealer_discards``, draw
    for draw."""
    held = 0
    for hand in hands:
        held |= hand
    extra = deck & ~held
    hand = hands[dealer] | extra
    for _ in range(popcount(extra)):
        hand ^= pick(mt, hand)
    hands[dealer] = hand


def _init_genrand(seed: int) -> np.ndarray:
    """CPython's ``init_genrand(seed)``: the state every ``init_by_array`` starts from."""
    mt = [seed]
    for i in range(1, 624):
        mt.append((1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & 0xFFFFFFFF)
    return np.array(mt, dtype=np.int64)


_GENRAND_19650218 = _init_genrand(19650218)
"""The state seeding starts from, worked out once (the same for every seed)."""


@njit(cache=CACHE)
def seed_state(mt: np.ndarray, seed: int) -> None:
    """Seed the Mersenne Twister state ``mt`` with the int ``seed`` (0 to
    2**63 - 1) as ``random.Random(seed)`` seeds itself (CPython's
    ``init_by_array`` over the seed's 32-bit words, low word first), so
    native code draws from a seed exactly the numbers Python draws."""
    low, high = seed & 0xFFFFFFFF, seed >> 32
    length = 2 if high else 1
    mt[:624] = _GENRAND_19650218
    i, j = 1, 0
    for _ in range(max(624, length)):
        word = low if j == 0 else high
        mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525)) + word + j) & 0xFFFFFFFF
        i += 1
        j += 1
        if i >= 624:
            mt[0] = mt[623]
            i = 1
        if j >= length:
            j = 0
    for _ in range(623):
        mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & 0xFFFFFFFF
        i += 1
        if i >= 624:
            mt[0] = mt[623]
            i = 1
    mt[0] = 0x80000000
    mt[624] = 624


SEED_LANES = 64
"""How many generators :func:`seed_states` seeds at once, at most."""
_GENRAND_WORDS = _GENRAND_19650218.astype(np.uint32)


@njit(cache=CACHE)
def seed_states(states: np.ndarray, seeds: np.ndarray, count: int, work: np.ndarray) -> None:
    """:func:`seed_state` for ``states[k]`` and ``seeds[k]``, each ``k``
    below ``count`` (at most :data:`SEED_LANES`).

    Seeding is two chains of 623 dependent multiplications, and a chain
    leaves the processor idle between its steps; so the ``count``
    generators are seeded side by side, word ``i`` of every generator in
    row ``i`` of ``work`` (uint32 scratch of (624, SEED_LANES)), where one
    vector instruction takes a step of many chains at once; the rows are
    then copied out in blocks."""
    _init_by_array_lanes(work, seeds, count)
    for block in range(0, 624, 16):  # out, 16 words of each generator at a time
        for k in range(count):
            state = states[k]
            for i in range(block, block + 16):
                state[i] = work[i, k]
    for k in range(count):
        states[k, 624] = 624


@njit(cache=CACHE)
def _init_by_array_lanes(work: np.ndarray, seeds: np.ndarray, count: int) -> None:
    """CPython's ``init_by_array`` over each seed's 32-bit words (see
    :func:`seed_state`), generator ``k`` in column ``k`` of ``work``."""
    adds = np.empty((2, count), dtype=np.uint32)  # the key's word added at even and at odd steps
    for k in range(count):
        seed = seeds[k]
        adds[0, k] = seed & 0xFFFFFFFF
        adds[1, k] = (seed >> 32) + 1 if seed >> 32 else seed & 0xFFFFFFFF  # the high word, + j; or the low again
    m1, m2, s30 = np.uint32(1664525), np.uint32(1566083941), np.uint32(30)
    row = work[0]
    for k in range(count):
        row[k] = _GENRAND_WORDS[0]
    for i in range(1, 624):  # the first pass: each word still as init_genrand left it
        add, cur, prv, word = adds[(i - 1) & 1], work[i], work[i - 1], _GENRAND_WORDS[i]
        for k in range(count):
            p = prv[k]
            cur[k] = (word ^ ((p ^ (p >> s30)) * m1)) + add[k]
    work[0, :count] = work[623, :count]
    add, cur, prv = adds[1], work[1], work[0]  # the pass's 624th step, at word 1 again
    for k in range(count):
        p = prv[k]
        cur[k] = (cur[k] ^ ((p ^ (p >> s30)) * m1)) + add[k]
    for i in range(2, 625):  # the second pass: 623 steps, from word 2 round to word 1
        at = i if i < 624 else 1
        if at == 1:
            work[0, :count] = work[623, :count]
        cur, prv, sub = work[at], work[at - 1], np.uint32(at)
        for k in range(count):
            p = prv[k]
            cur[k] = (cur[k] ^ ((p ^ (p >> s30)) * m2)) - sub
    work[0, :count] = 0x80000000


@njit(cache=CACHE, forceinline=True)
def randbelow(mt: np.ndarray, n: int) -> int:
    """``random.Random._randbelow(n)`` for 1 <= n < 2**32: the random bits
    of ``n``'s length, drawn again while they reach ``n``."""
    width = 64 - leading_zeros(n)
    k = getrandbits(mt, width)
    while k >= n:
        k = getrandbits(mt, width)
    return k


@njit(**UNCOUNTED)
def shuffled_deal(mt: np.ndarray, deck_bits: np.ndarray, players: int, hands: np.ndarray, pool: np.ndarray) -> None:
    """The engine's deal (``deal_packets``): ``deck_bits`` (one-bit masks,
    the deck's order) shuffled as ``random.Random.shuffle`` shuffles it,
    then given out in equal blocks, seat 0 the first; the cards left over
    go to nobody (a widow).  ``pool``: scratch of the deck's length."""
    cards = len(deck_bits)
    for i in range(cards):
        pool[i] = deck_bits[i]
    for i in range(cards - 1, 0, -1):
        j = randbelow(mt, i + 1)
        pool[i], pool[j] = pool[j], pool[i]
    size = cards // players
    for seat in range(players):
        hand = 0
        for k in range(seat * size, (seat + 1) * size):
            hand |= pool[k]
        hands[seat] = hand


# ---------------------------------------------------------------------------
# Whole games of random bots: what happens around the hands.
#
# A native package's ``play_games`` plays a batch of whole games with these
# and its contracts' playouts, drawing every random number a game of random
# bots draws in Python (``barbu_dsl.lab.lean``), in the same order: so the
# same seeds give the same games.  The game plan, the doubling rules and the
# contracts' terms come in as int arrays laid out by the caller
# (``barbu_dsl.lab.native_games``); the offsets below name their fields.

G_KIND, G_PER_PLAYER, G_HANDS, G_FIXED_ONCE, G_SERIES, G_TARGET, G_HAS_TARGET, G_POT = range(8)
G_FIRST_CARD, G_N_POOL, G_N_UNIT, G_N_RESETS = range(8, 12)
GAME_FIELDS = 12
"""The game plan's fields (``plan``)."""
FIXED_ORDER, FIXED_SERIES, SERIES, SHARED, OWN = range(5)
"""How the contracts of a hand are offered (``plan[G_KIND]``): the fixed
order, a fixed series, what is left of a declarer's series, what is left of
the rubber's shared list, or what is left of the chooser's own list."""

D_ALLOWED, D_DECLARER_ONLY, D_POSITIVE_DECLARER_ONLY, D_REDOUBLE, D_NOT_PLAYED, D_DECLARER_FIRST = range(6)
DOUBLING_FIELDS = 6
"""The doubling rules' fields (``doubling``); ``D_REDOUBLE``: 0 nobody, 1 the declarer, 2 anyone doubled."""

NAMES_NOTHING, NAMES_TRUMP, NAMES_START_RANK = range(3)
"""What a contract's declarer names (``named``)."""


class GameTables(NamedTuple):
    """A spec's game for one number of players, as ``play_games`` reads
    it: int arrays (``bool`` ones as 0 and 1), contracts by their number in
    the package (``CODES``)."""

    plan: np.ndarray  # GAME_FIELDS ints: the game plan (the G_ offsets)
    after: np.ndarray  # the seat whose turn comes after each seat
    pool: np.ndarray  # the fixed order, or the pool lists are drawn from (codes)
    unit: np.ndarray  # a series, a shared list's rubber, or the own list (codes, each as often as played)
    quotas: np.ndarray  # per code: times each player must choose it in a rubber of a shared list (0: no quota)
    resets: np.ndarray  # (exactly, to) rows
    doubling: np.ndarray  # DOUBLING_FIELDS ints: the doubling rules (the D_ offsets)
    orders: np.ndarray  # per declarer: every seat in turn from it
    named: np.ndarray  # per code: what its declarer names (NAMES_)
    hand_totals: np.ndarray  # per code and trump (none, then C D H S): the hand's total
    positive: np.ndarray  # per code and trump: whether that total favours the taker


class GameCounts(NamedTuple):
    """What ``play_games`` counts of each game (``g``) of a batch: what a
    study's tally reads (``count_hand``), the game's final totals and, per
    hand, its contract and its declarer's final score."""

    scores: np.ndarray  # [g, code, role, (seats, raw, final)]; roles: places from the declarer, doubler, doubled
    totals: np.ndarray  # [g, code, (hands, raw total, final total)]
    doubling: np.ndarray  # [g, code, (hands, hands doubled, doubles)]
    picks: np.ndarray  # [g, code, (times offered among two or more, times chosen then)]
    lengths: np.ndarray  # [g]: hands played
    game_totals: np.ndarray  # [g, seat]: the running totals at the end
    contracts: np.ndarray  # [g, hand]: the hand's contract (code)
    finals: np.ndarray  # [g, hand]: its declarer's final score


def game_counts(games: int, contracts: int, players: int, hands: int) -> GameCounts:
    """Zeroed :class:`GameCounts` for ``games`` games of at most ``hands`` hands."""

    def zeros(*shape: int) -> np.ndarray:
        return np.zeros(shape, dtype=np.int64)

    return GameCounts(
        zeros(games, contracts, players + 2, 3),
        zeros(games, contracts, 3),
        zeros(games, contracts, 3),
        zeros(games, contracts, 2),
        zeros(games),
        zeros(games, players),
        zeros(games, hands),
        zeros(games, hands),
    )


@njit(cache=CACHE)
def number_seed(seed: int | np.uint64, path: np.ndarray, steps: int) -> np.int64:
    """``barbu_dsl.engine.deal.mixed_seed(seed, *path[:steps])``: one
    SplitMix64 step per number of ``path``, in unsigned 64-bit arithmetic,
    then halved to fit an int64."""
    x = np.uint64(seed)
    for i in range(steps):
        x = x + np.uint64(0x9E3779B97F4A7C15) * np.uint64(path[i] + 1)
        x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        x = x ^ (x >> np.uint64(31))
    return np.int64(x >> np.uint64(1))


@njit(cache=CACHE)
def game_seeds(study: int | np.uint64, games: np.ndarray) -> np.ndarray:
    """``barbu_dsl.lab.study.game_seed`` of each game number of ``games``
    in a study whose seed is the number ``study`` (taken modulo 2**64, as
    ``mixed_seed`` takes it): a batch's seeds in one call."""
    seeds = np.empty(len(games), dtype=np.int64)
    path = np.zeros(1, dtype=np.int64)
    for i in range(len(games)):
        path[0] = games[i]
        seeds[i] = number_seed(study, path, 1)
    return seeds


@njit(cache=CACHE)
def first_by_lot(game_mt: np.ndarray, players: int) -> int:
    """A game's first declarer drawn by lot from the generator of its own
    draws (``game_mt``, seeded with ``NumberSeeds(seed).game()``), as
    ``Schedule`` draws it: ``randrange(players)``."""
    return randbelow(game_mt, players)


GAME_DEALS, GAME_PLAYS, GAME_DRAWS, GAME_SEATS = range(4)
"""The rows of a game's generators in :func:`seed_games`' block: its deals
(``NumberSeeds.deals``), its hands played out in one go
(``NumberSeeds.plays``), its own draws (``NumberSeeds.game``: the first
declarer by lot), then each bot's (``NumberSeeds.seat``), when seeded."""


@njit(cache=CACHE)
def seed_games(
    lanes: np.ndarray,
    seeds: np.ndarray,
    start: int,
    players: int,
    with_seats: bool,
    lane_seeds: np.ndarray,
    work: np.ndarray,
) -> int:
    """Seed the generators of the games from number ``start`` of ``seeds``
    on, as many games as the :data:`SEED_LANES` rows of ``lanes`` hold, at
    once (:func:`seed_states`): game ``start + j``'s in the rows from
    ``j * (GAME_SEATS + players)`` (without ``with_seats``, from ``j *
    GAME_SEATS``), in the order :data:`GAME_DEALS` names.  Returns how many
    games were seeded.  ``lane_seeds`` and ``work``: scratch of
    ``seed_states``."""
    rows = GAME_SEATS + (players if with_seats else 0)
    games = min(SEED_LANES // rows, len(seeds) - start)
    path = np.zeros(2, dtype=np.int64)
    for j in range(games):
        seed = seeds[start + j]
        row = j * rows
        for kind, step in ((GAME_DEALS, 1), (GAME_PLAYS, 2), (GAME_DRAWS, 0)):  # mixed_seed(seed, step)
            path[0] = step
            lane_seeds[row + kind] = number_seed(seed, path, 1)
        for k in range(players if with_seats else 0):
            path[0], path[1] = 3, k  # mixed_seed(seed, 3, k)
            lane_seeds[row + GAME_SEATS + k] = number_seed(seed, path, 2)
    seed_states(lanes, lane_seeds, games * rows, work)
    return games


@njit(**UNCOUNTED)
def _left(unit: np.ndarray, n_unit: int, used: np.ndarray, options: np.ndarray) -> int:
    """The distinct contracts of ``unit[:n_unit]`` (codes, each as often as
    played) played fewer times than it holds them (``used``, by code), in
    the order of their first place in it, into ``options``: their number."""
    count = 0
    for i in range(n_unit):
        code = unit[i]
        first = True
        held = 0
        for j in range(n_unit):
            if unit[j] == code:
                held += 1
                if j < i:
                    first = False
        if first and held > used[code]:
            options[count] = code
            count += 1
    return count


@njit(**UNCOUNTED)
def _shared_options(
    plan: np.ndarray,
    unit: np.ndarray,
    quotas: np.ndarray,
    players: int,
    played: np.ndarray,
    declared: np.ndarray,
    number: int,
    declarer: int,
    used: np.ndarray,
    options: np.ndarray,
) -> int:
    """What is left of the rubber's shared list for ``declarer`` (into
    ``options``; their number), as ``_shared_options`` of
    ``barbu_dsl.compiled.schedule``: a contract with a quota while they
    still owe it, any other while they have a hand to spare after their quotas."""
    per_player = plan[G_PER_PLAYER]
    start = number - number % per_player
    for i in range(start, number):
        used[played[i]] += 1
    count = _left(unit, plan[G_N_UNIT], used, options)
    if not quotas.any():
        return count
    end = min(start + per_player, plan[G_HANDS])
    for code in range(len(used)):  # now: what this chooser chose in the rubber
        used[code] = 0
    for i in range(start, number):
        if declared[i] == declarer:
            used[played[i]] += 1
    spare = -(-(end - number) // players)  # this chooser's hands left in the rubber, this one included
    for code in range(len(quotas)):
        if quotas[code] > 0:
            spare -= max(0, quotas[code] - used[code])
    kept = 0
    for i in range(count):
        code = options[i]
        if (used[code] < quotas[code]) if quotas[code] > 0 else spare > 0:
            options[kept] = code
            kept += 1
    return kept


@njit(**UNCOUNTED)
def _own_options(
    per_player: int,
    own: np.ndarray,
    played: np.ndarray,
    declared: np.ndarray,
    number: int,
    declarer: int,
    used: np.ndarray,
    options: np.ndarray,
) -> int:
    """A rotating chooser's contracts not yet played in their current pass
    over their own list ``own`` (into ``options``; their number)."""
    mine = 0
    for i in range(number):
        mine += declared[i] == declarer
    skip = mine - mine % per_player if per_player else mine  # the hands of the passes before this one
    seen = 0
    for i in range(number):
        if declared[i] == declarer:
            if seen >= skip:
                used[played[i]] += 1
            seen += 1
    return _left(own, len(own), used, options)


@njit(**UNCOUNTED)
def schedule_turn(
    plan: np.ndarray,
    after: np.ndarray,
    pool: np.ndarray,
    unit: np.ndarray,
    quotas: np.ndarray,
    own: np.ndarray,
    played: np.ndarray,
    declared: np.ndarray,
    number: int,
    first: int,
    used: np.ndarray,
    options: np.ndarray,
) -> tuple[int, int]:
    """Hand ``number``'s declarer and the contracts it may choose (codes,
    into ``options``), after the hands ``played`` (codes) by ``declared``
    (seats): ``barbu_dsl.compiled.plan_turn`` over codes, ``first`` the
    first hand's declarer, ``own`` each seat's own list.  ``used``: scratch,
    one int a code.  Returns (declarer, the number of options)."""
    players = len(after)
    per_player = plan[G_PER_PLAYER]
    if number == 0:
        declarer = first
    elif plan[G_SERIES] and number % per_player:
        declarer = declared[number - 1]
    else:
        declarer = after[declared[number - 1]]
    kind = plan[G_KIND]
    if kind == FIXED_ORDER:
        n_pool = plan[G_N_POOL]
        options[0] = pool[number % n_pool if plan[G_FIXED_ONCE] else number // players % n_pool]
        return declarer, 1
    if kind == FIXED_SERIES:
        options[0] = unit[number % per_player]
        return declarer, 1
    for code in range(len(used)):
        used[code] = 0
    if kind == SERIES:
        for i in range(number - number % per_player, number):
            used[played[i]] += 1
        return declarer, _left(unit, plan[G_N_UNIT], used, options)
    if kind == SHARED:
        return declarer, _shared_options(plan, unit, quotas, players, played, declared, number, declarer, used, options)
    return declarer, _own_options(per_player, own[declarer], played, declared, number, declarer, used, options)


@njit(**UNCOUNTED)
def double_targets(
    doubling: np.ndarray,
    declarer: int,
    seat: int,
    again: bool,
    positive: bool,
    doubled: np.ndarray,
    targets: np.ndarray,
) -> tuple[int, bool]:
    """The seats ``seat`` may double now (into ``targets``, ascending) and
    whether it must be all of them or none: ``legal_targets`` for a first
    chance, ``redouble_targets`` for a chance to double back
    (``barbu_dsl.engine.doubling``); ``doubled[a, b]``: a doubled b."""
    players = len(doubled)
    count = 0
    if again:
        for a in range(players):
            if doubled[a, seat] and not doubled[seat, a]:
                targets[count] = a
                count += 1
        return count, False
    if seat == declarer and not declarer_opens(doubling, positive):
        if not doubling[D_REDOUBLE]:
            return 0, False
        for a in range(players):
            if doubled[a, declarer]:
                targets[count] = a
                count += 1
        return count, doubling[D_DECLARER_ONLY] != 0
    if seat != declarer and (doubling[D_DECLARER_ONLY] or (positive and doubling[D_POSITIVE_DECLARER_ONLY])):
        targets[0] = declarer
        return 1, False
    for a in range(players):
        if a != seat:
            targets[count] = a
            count += 1
    return count, False


@njit(**UNCOUNTED)
def declarer_opens(doubling: np.ndarray, positive: bool) -> bool:
    """``declarer_opens``: a declarer who doubles first opens the round."""
    return doubling[D_DECLARER_FIRST] != 0 and not (positive and doubling[D_POSITIVE_DECLARER_ONLY])


@njit(**UNCOUNTED)
def doubling_chances(doubling: np.ndarray, positive: bool, players: int) -> int:
    """How many chances to double a hand's round gives (``DoublingRound``):
    the declarer first when it opens, each other seat, the declarer (its
    first chance, or once more to double back), then with redoubles by
    anyone each other seat again."""
    opening = 1 if declarer_opens(doubling, positive) else 0
    closing = 1 if not doubling[D_DECLARER_FIRST] or doubling[D_REDOUBLE] else 0
    return opening + (players - 1) + closing + (players - 1 if doubling[D_REDOUBLE] == 2 else 0)


@njit(**UNCOUNTED)
def doubling_chance(doubling: np.ndarray, order: np.ndarray, positive: bool, chance: int) -> tuple[int, bool]:
    """The seat given chance number ``chance`` (:func:`doubling_chances`),
    ``order`` the seats in turn from the declarer, and whether it is a
    chance to double back (``again``)."""
    players = len(order)
    declarer = order[0]
    opening = 1 if declarer_opens(doubling, positive) else 0
    closing = 1 if not doubling[D_DECLARER_FIRST] or doubling[D_REDOUBLE] else 0
    if chance < opening:
        return declarer, False
    if chance < opening + players - 1:
        return order[chance - opening + 1], False
    if chance < opening + players - 1 + closing:
        return declarer, doubling[D_DECLARER_FIRST] != 0
    return order[chance - opening - closing - players + 2], True


@njit(**UNCOUNTED)
def random_doubles(
    doubling: np.ndarray,
    order: np.ndarray,
    declarer: int,
    positive: bool,
    seat_mts: np.ndarray,
    doubled: np.ndarray,
    targets: np.ndarray,
) -> int:
    """The doubling round of a hand between random bots (``DoublingRound``
    asking ``RandomBot.doubles``): each seat in turn, ``order`` the seats
    from the declarer, answers from its own generator (``seat_mts[seat]``):
    each target by a third's chance, or all of them by a half's when it
    must double all or none.  The doubles into ``doubled`` (cleared
    first); returns how many were made."""
    for a in range(len(doubled)):
        for b in range(len(doubled)):
            doubled[a, b] = False
    if not doubling[D_ALLOWED]:
        return 0
    made = 0
    for chance in range(doubling_chances(doubling, positive, len(order))):
        seat, again = doubling_chance(doubling, order, positive, chance)
        count, cover_all = double_targets(doubling, declarer, seat, again, positive, doubled, targets)
        if count == 0:
            continue
        mt = seat_mts[seat]
        if cover_all:
            if random01(mt) < 0.5:
                for i in range(count):
                    doubled[seat, targets[i]] = True
                    made += 1
        else:
            for i in range(count):
                if random01(mt) < 1 / 3:
                    doubled[seat, targets[i]] = True
                    made += 1
    return made


@njit(**UNCOUNTED)
def settle_doubles(raw: np.ndarray, doubled: np.ndarray, final: np.ndarray) -> None:
    """``final``: ``raw`` plus each seat's transfers from the doubles
    (``barbu_dsl.runtime.doubling.settle``)."""
    players = len(raw)
    for seat in range(players):
        final[seat] = raw[seat]
    for a in range(players):
        for b in range(a + 1, players):
            times = int(doubled[a, b]) + int(doubled[b, a])
            if times:
                amount = times * (raw[a] - raw[b])
                final[a] += amount
                final[b] -= amount


@njit(**UNCOUNTED)
def not_played_split(total: int, declarer: int, scores: np.ndarray) -> None:
    """An unplayed hand's scores (``not_played_scores``): each opponent
    ``total / (n - 1)`` rounded half away from zero, the declarer the rest."""
    ways = len(scores) - 1
    magnitude = (2 * abs(total) + ways) // (2 * ways)
    share = magnitude if total >= 0 else -magnitude
    for seat in range(len(scores)):
        scores[seat] = share
    scores[declarer] = total - share * ways


@njit(**UNCOUNTED)
def add_to_totals(plan: np.ndarray, resets: np.ndarray, totals: np.ndarray, final: np.ndarray, pot: int) -> int:
    """Add a hand's ``final`` scores to the running ``totals`` as
    ``GamePlan.add_hand`` does (the pot shared by those who took nothing,
    then the resets); returns the pot left."""
    players = len(totals)
    collected = 0
    takers = 0
    if plan[G_POT]:
        for seat in range(players):
            pot -= final[seat]
            takers += final[seat] == 0
        if takers:
            collected = pot // takers
            pot -= collected * takers
    for seat in range(players):
        total = totals[seat] + final[seat] + (collected if takers and final[seat] == 0 else 0)
        becomes = total
        for r in range(plan[G_N_RESETS]):  # the last reset of a total counts, as in a dict of them
            if total == resets[r, 0]:
                becomes = resets[r, 1]
        totals[seat] = becomes
    return pot


@njit(**UNCOUNTED)
def target_reached(plan: np.ndarray, totals: np.ndarray) -> bool:
    """Whether a running total reaches the game's target (``target_reached``)."""
    if not plan[G_HAS_TARGET]:
        return False
    target = plan[G_TARGET]
    for total in totals:  # noqa: SIM110 -- numba compiles no generator expression
        if (total >= target) if target > 0 else (total <= target):
            return True
    return False


@njit(**UNCOUNTED)
def count_hand(
    code: int,
    declarer: int,
    raw: np.ndarray,
    final: np.ndarray,
    doubled: np.ndarray,
    doubles: int,
    options: np.ndarray,
    n_options: int,
    scores: np.ndarray,
    totals: np.ndarray,
    doubling: np.ndarray,
    picks: np.ndarray,
) -> None:
    """What a study counts of one hand (``barbu_dsl.lab.tally``), added to
    one game's counts: ``scores[code, role]`` (seats, raw, final) by the
    seat's place from the declarer, then ``doubler`` and ``doubled``;
    ``totals[code]`` (hands, raw total, final total); ``doubling[code]``
    (hands, hands with a double, doubles); ``picks[option]`` (times
    offered among two or more, times chosen then)."""
    players = len(raw)
    raw_total = 0
    final_total = 0
    for k in range(players):
        seat = (declarer + k) % players
        scores[code, k, 0] += 1
        scores[code, k, 1] += raw[seat]
        scores[code, k, 2] += final[seat]
        raw_total += raw[seat]
        final_total += final[seat]
    if doubles:
        for seat in range(players):
            doubler, was_doubled = False, False
            for other in range(players):
                doubler |= doubled[seat, other]
                was_doubled |= doubled[other, seat]
            for role, flag in ((players, doubler), (players + 1, was_doubled)):
                if flag:
                    scores[code, role, 0] += 1
                    scores[code, role, 1] += raw[seat]
                    scores[code, role, 2] += final[seat]
    totals[code, 0] += 1
    totals[code, 1] += raw_total
    totals[code, 2] += final_total
    doubling[code, 0] += 1
    doubling[code, 1] += doubles > 0
    doubling[code, 2] += doubles
    if n_options > 1:
        for i in range(n_options):
            picks[options[i], 0] += 1
            picks[options[i], 1] += options[i] == code
