"""The rules a move can break: one code each, and one message table.

The codes, their messages and :class:`Broken` (a code and the words of its
message) are the runtime's (:mod:`barbu_dsl.runtime.errors`), which the
generated packages carry too; this module adds the one fact that reads the
model: which rule a lead under a lead ban breaks.
"""

from __future__ import annotations

from .. import cards as C
from ..language import model as m
from ..runtime.errors import MESSAGES, Broken, broken, message

__all__ = ["MESSAGES", "Broken", "broken", "lead_ban_rule", "message"]


def lead_ban_rule(suit: int, scope: m.LeadScope) -> Broken:
    """The rule a lead of ``suit`` breaks under a ban of ``scope``."""
    if scope == "every":
        return broken("lead_ban", suit=C.SUIT_SINGULAR[suit])
    if scope == "opening":
        return broken("opening_lead_ban", suit=C.SUIT_SINGULAR[suit])
    return broken("lead_ban_until_broken", suit=C.SUIT_SINGULAR[suit], suits=C.SUIT_NAMES[suit])
