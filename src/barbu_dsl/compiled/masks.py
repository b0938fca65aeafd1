"""Card sets as Python ints used as 52-bit masks: bit ``c`` for card ``c``
(the runtime's, :mod:`barbu_dsl.runtime.cards`, named here for the readers
of the compiled rules)."""

from __future__ import annotations

from ..runtime.cards import FULL_MASK, SUIT_MASKS, cards_of, mask_of

__all__ = ["FULL_MASK", "SUIT_MASKS", "cards_of", "mask_of"]
