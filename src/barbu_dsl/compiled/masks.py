"""Card sets as Python ints used as 52-bit masks: bit ``c`` for card ``c``.

Cards are ints ``0..51`` (:mod:`barbu_dsl.cards`), so iterating a mask from
its lowest bit yields cards in the project's fixed order (♣ ♦ ♥ ♠, each
from 2 up to the ace).
"""

from __future__ import annotations

from collections.abc import Iterable

from .. import cards as C

FULL_MASK = (1 << 52) - 1
"""Every card of the deck."""

SUIT_MASKS: tuple[int, ...] = tuple(((1 << 13) - 1) << (13 * s) for s in C.SUITS)
"""The mask of each suit, in suit order (clubs, diamonds, hearts, spades)."""


def mask_of(cards: Iterable[int]) -> int:
    """The mask holding ``cards``."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def cards_of(mask: int) -> list[int]:
    """The cards of ``mask``, in card order (♣ ♦ ♥ ♠, low to high)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
