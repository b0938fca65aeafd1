"""The rule a move breaks, said in the player's language.

The engine names a broken rule by its code and English fields
(:class:`~barbu_dsl.compiled.Broken`, :mod:`barbu_dsl.compiled.reasons`);
the table says it with the catalog's ``table.rule.<code>`` message, its
fields turned into the player's words: cards (``QH``) and lists of cards
into card words with their articles, suits and ranks into suit and rank words, seats into
seat names.
"""

from __future__ import annotations

import re

from .. import cards as C
from ..compiled import Broken
from .speech import Speech


def _cards_words(text: str, say: Speech) -> str:
    """``QH or KH`` / ``QH, KH`` in card words with their articles ("the
    queen of spades or the king of hearts"), or ``text`` as it is."""
    parts = re.split(r",\s*|\s+or\s+", text)
    found = [C.parse_record_card(part) for part in parts]
    words = [say.the_card(c) for c in found if c is not None]
    if len(words) != len(parts):
        return text
    return say.either(words) if " or " in text else say.join(words)


def broken_text(rule: Broken, say: Speech) -> str:
    """``rule``'s message in the player's words."""
    fields = dict(rule.fields)
    words: dict[str, str] = {}
    for name, value in fields.items():
        if name in ("suit", "suits"):
            suit = C.parse_suit(value)
            words[name] = say.suit(suit) if suit is not None else value
        elif name == "rank":
            rank = C.parse_rank(value)
            words[name] = say.rank(rank) if rank is not None else value
            # with its article, as its gender and first sound want: "la donna", "l'otto", "a dama"
            words["the_rank"] = say(f"cards.article.{rank}") + words[name] if rank is not None else value
        elif name in ("card", "cards"):
            words[name] = _cards_words(value, say)
        elif name == "seat" and value.isdigit() and int(value) < len(say.names):
            words[name] = say.seat(int(value))
        else:
            words[name] = value
    return say(f"table.rule.{rule.rule}", **words)
