"""Tables over card masks and the random draws of a deal, for fast play.

The playouts of a generated package pick random legal cards and deal
random hands millions of times, so what a pick needs is worked out once
here, per 13-bit pattern (the cards of one suit held, shifted down to the
clubs): its bits, their number, the random bits that cover them, and the
cards' text.  The draws are exactly those of :class:`random.Random`
(``getrandbits``, drawn again while out of range), so a playout in Python
and its native twin draw the same numbers.
"""

from __future__ import annotations

from collections.abc import Callable

from .cards import CARD_STRS, SUIT_MASKS

# Per card: the cards of its suit ranked above it, and below it.
ABOVE = tuple(SUIT_MASKS[c // 13] & ~((2 << c) - 1) for c in range(52))
BELOW = tuple(SUIT_MASKS[c // 13] & ((1 << c) - 1) for c in range(52))


def _suit_patterns() -> tuple[tuple[int, ...], ...]:
    """Per 13-bit pattern: its bits, low to high.  Each pattern's tuple is
    the one of the pattern without its highest bit, plus that bit."""
    patterns: list[tuple[int, ...]] = [()]
    for pattern in range(1, 1 << 13):
        high = 1 << pattern.bit_length() - 1
        patterns.append(patterns[pattern ^ high] + (high,))
    return tuple(patterns)


SUIT_BITS = _suit_patterns()
"""Per 13-bit pattern: its bits, low to high."""

SUIT_SHIFT = {1 << c: c // 13 * 13 for c in range(52)}
"""Per card bit: where its suit starts in a mask (13 times the suit)."""

SUIT_TEXT: tuple[tuple[tuple[str, ...], ...], ...] = tuple(
    tuple(tuple(CARD_STRS[suit * 13 + bit.bit_length() - 1] for bit in bits) for bits in SUIT_BITS) for suit in range(4)
)
"""Per suit and 13-bit pattern: the text of those cards of the suit, low
to high (a mask's cards as text are the four suits' entries in turn)."""


def cards_text(mask: int) -> list[str]:
    """The cards of ``mask`` as records write them, in card order."""
    clubs, diamonds, hearts, spades = SUIT_TEXT
    return [*clubs[mask & 0x1FFF], *diamonds[mask >> 13 & 0x1FFF], *hearts[mask >> 26 & 0x1FFF], *spades[mask >> 39]]


WIDTH = tuple(max(1, (n - 1).bit_length()) for n in range(65))
"""The number of random bits that cover ``0 .. n-1``, for each ``n``."""

SUIT_PICK = tuple((bits, len(bits), WIDTH[len(bits)]) for bits in SUIT_BITS)
"""Per 13-bit pattern: its bits low to high, their number and its WIDTH
(to pick one of them at random)."""


def below(getrandbits: Callable[[int], int], n: int) -> int:
    """A uniformly random int in ``0 .. n-1``: random bits, drawn again
    while they fall outside the range (exact, and cheaper than ``random()``)."""
    width = WIDTH[n]
    k = getrandbits(width)
    while k >= n:
        k = getrandbits(width)
    return k


_DEAL_STEPS: dict[tuple[int, int], tuple[tuple[tuple[int, int, int], ...], ...]] = {}


def deal_steps(cards: int, players: int) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """The draws of a deal of ``cards`` cards to ``players`` seats, seat by
    seat but the last (which gets what is left), or every seat when the
    cards do not deal out evenly (what is left is a widow's): (cards left,
    random bits that cover them, the index of the last one left)."""
    key = (cards, players)
    if key not in _DEAL_STEPS:
        size = cards // players
        _DEAL_STEPS[key] = tuple(
            tuple((n, WIDTH[n], n - 1) for n in range(cards - seat * size, cards - (seat + 1) * size, -1))
            for seat in range(players if cards % players else players - 1)
        )
    return _DEAL_STEPS[key]


def deal_masks(bits: tuple[int, ...], players: int, getrandbits: Callable[[int], int]) -> list[int]:
    """A uniformly random deal of the cards ``bits`` (one-bit masks) to
    ``players`` seats, as one card mask per seat: a Fisher-Yates shuffle
    cut short, since the last seat gets what is left."""
    pool = list(bits)
    left = sum(pool)
    hands = []
    for draws in deal_steps(len(pool), players):
        hand = 0
        for n, width, last in draws:
            j = getrandbits(width)
            while j >= n:
                j = getrandbits(width)
            hand |= pool[j]
            pool[j] = pool[last]
        hands.append(hand)
        left ^= hand
    if len(hands) < players:
        hands.append(left)
    return hands


def dealer_discards(hands: list[int], deck_size: int, getrandbits: Callable[[int], int]) -> int:
    """The dealer's discards (docs/rules.md section 6, Packs, decks and
    player counts: ``leftover: dealer discards``) when ``hands`` (one card
    mask per seat) hold the whole deck of ``deck_size`` cards and one seat,
    the dealer, holds more than the others: it discards as many cards, one
    at a time, each uniformly random among those it holds (as the random
    bot discards), drawn as the playouts pick a card.  ``hands`` keeps the
    cards played; the discards' mask (0 when there is nothing to discard)."""
    counts = [hand.bit_count() for hand in hands]
    most = max(counts)
    if sum(counts) != deck_size or most == min(counts):
        return 0
    dealer = counts.index(most)
    hand = hands[dealer]
    gone = 0
    for _ in range(most - min(counts)):
        cand = hand
        if cand & (cand - 1):
            skip = below(getrandbits, cand.bit_count())
            while skip:
                cand &= cand - 1
                skip -= 1
        card = cand & -cand
        hand ^= card
        gone |= card
    hands[dealer] = hand
    return gone


def shuffled_deal(bits: tuple[int, ...], players: int, getrandbits: Callable[[int], int]) -> list[int]:
    """The cards ``bits`` (one-bit masks, in card order) shuffled as
    ``random.Random.shuffle`` shuffles them and given out in equal blocks,
    seat 0 first, as one mask per seat: the seeded deal of every record.

    The shuffle is written out without its call per draw: for each position
    ``i`` from the last down to 1, an index ``j <= i`` from ``getrandbits``
    of the bit length of ``i + 1`` (drawn again while above ``i``), and the
    two cards swapped.  Cards left over after the last full block are a
    widow's, in no hand."""
    pool = list(bits)
    for i in range(len(pool) - 1, 0, -1):
        width = (i + 1).bit_length()
        j = getrandbits(width)
        while j > i:
            j = getrandbits(width)
        pool[i], pool[j] = pool[j], pool[i]
    size = len(pool) // players
    return [sum(pool[start : start + size]) for start in range(0, size * players, size)]


def move_of_bit(bit: int) -> int:
    """The move of a bit recorded by a rollout: its card, or ``PASS`` (-1) for 0."""
    return bit.bit_length() - 1


card_index = move_of_bit
"""The card of a one-bit mask: the index into a card order's tables
(docs/rules.md section 6, Card orders; ``lowest`` in the native runtime)."""
