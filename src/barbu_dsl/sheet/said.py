"""A hand's problems in the words a scorer uses ("Anna took the A♥, so
Anna took at least one heart"), not the file format's ("took.card.AH: seat
0 took AH but no card of H").

A :class:`~.facts.Problem` names a field of the hand object and its seats
by number, as docs/sheet.md does; a scorer typing a hand, on the command
line or on the page, reads it with the players' names, the cards in the
letters of the table's language and the counted sets as words.  Each
problem a scorer can meet has its ``sheet.said.<code>`` message; a
problem only a file can have (a key that is not one, a value of the wrong
shape) is said as the file format says it.  The page (``scorer/static/
base.js``, ``Messages.said``) says them the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .. import cards as C
from ..i18n import Translator, messages
from ..i18n.cards import card_text
from .facts import Problem

SEATS = ("seat", "doubler", "doubled", "expected")
"""Fields that are a seat, said by the player's name."""

SETS = ("set", "small", "big")
"""Fields that are a counted set (docs/sheet.md: ``H``, ``Q``, ``trump``, ``QS+KH``), said in words."""


def set_words(name: str, t: Translator) -> str:
    """A counted set in words: ``hearts``, ``queens``, ``trumps``, ``D♠ and R♥``."""
    if name in ("trump", "card"):
        return t(f"sheet.said.set.{name}")
    if "+" in name:
        cards = [C.parse_record_card(part) for part in name.split("+")]
        shown = [card_text(c, t.language) for c in cards if c is not None]
        return t("answers.and", items=", ".join(shown[:-1]), last=shown[-1]) if len(shown) > 1 else "".join(shown)
    if len(name) == 1 and name in C.SUIT_LETTERS:
        return t(f"cards.suits.{C.SUIT_LETTERS.index(name)}")
    rank = C.parse_rank(name)
    return t(f"cards.ranks.{rank}") if rank is not None else name


CONTRACTS = {"contract": (), "name": ("contract_not_now",), "options": ("contract_not_now",)}
"""Fields that name contracts (``options``: several, ``, `` between them),
and the problems in which they do (every problem: ``()``); said by the
contracts' names in the table's language."""


def said(problem: Problem, t: Translator, names: Sequence[str],
         contract_name: Callable[[str], str] | None = None) -> str:
    """``problem`` in a scorer's words (see the module docstring);
    ``contract_name``: a contract's name (as the game file writes it) in
    the table's language."""
    key = f"sheet.said.{problem.code}"
    if key not in messages():
        return problem.message(t)
    fields = dict(problem.fields)
    words: dict[str, str] = {}
    for name, value in fields.items():
        codes = CONTRACTS.get(name)
        if contract_name is not None and codes is not None and (not codes or problem.code in codes):
            words[name] = ", ".join(contract_name(part) for part in value.split(", "))
        elif name in SEATS and value.isdigit() and int(value) < len(names):
            words[name] = names[int(value)]
        elif name in SETS:
            words[name] = set_words(value, t)
        elif name == "card":
            card = C.parse_record_card(value)
            words[name] = (t(f"cards.article.{C.rank_of(card)}") + card_text(card, t.language)
                           if card is not None else value)
        else:
            words[name] = value
    return t(key, **words)


__all__ = ["said", "set_words"]
