"""What every native playout uses: bit counts, CPython's random numbers,
uniform picks and the deal, compiled with numba.

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
from typing import cast

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic

CACHE = True  # compiled functions are kept next to the source, or in numba's user cache


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


@njit(cache=CACHE)
def seed_state(mt: np.ndarray, seed: int) -> None:
    """Seed the Mersenne Twister state ``mt`` with the int ``seed`` (0 to
    2**63 - 1) as ``random.Random(seed)`` seeds itself (CPython's
    ``init_by_array`` over the seed's 32-bit words, low word first), so
    native code draws from a seed exactly the numbers Python draws."""
    low, high = seed & 0xFFFFFFFF, seed >> 32
    length = 2 if high else 1
    mt[0] = 19650218  # init_genrand(19650218)
    for i in range(1, 624):
        mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & 0xFFFFFFFF
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


@njit(cache=CACHE, forceinline=True)
def randbelow(mt: np.ndarray, n: int) -> int:
    """``random.Random._randbelow(n)`` for 1 <= n < 2**32: the random bits
    of ``n``'s length, drawn again while they reach ``n``."""
    width = 64 - leading_zeros(n)
    k = getrandbits(mt, width)
    while k >= n:
        k = getrandbits(mt, width)
    return k


@njit(cache=CACHE)
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
