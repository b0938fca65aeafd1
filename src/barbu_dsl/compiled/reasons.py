"""The rules a move can break: one code each, and one message table.

A move that breaks a rule is reported as a :class:`Broken` — a rule code
and the words that fill its message — so that every reader agrees on which
rule was broken without comparing wording: the engine raises it in an
``illegal_play`` error (docs/records.md), the generated packages carry
the same table (their templates write :data:`MESSAGES` out), and the
conformance suites classify their cases by code.

The codes, by the rule of docs/rules.md they enforce:

* section 1 (trick play): ``follow_suit``;
* section 2 (trumps, "must win with a trump" ruling): ``overtrump``,
  ``win_with_trump``; (lead bans) ``lead_ban``; (variant 5)
  ``shed_when_safe``; (domino) ``pass_while_able``, ``suit_not_open``,
  ``not_adjacent``;
* section 6 (forced plays when void): ``must_trump``, ``discard_when_void``;
* section 3 (first lead and first trick): ``opening_lead_ban``,
  ``lead_ban_until_broken``, ``opening_card``, ``first_trick_ban``;
* section 2 (doubling, its rulings and variant 3): ``no_doubling``,
  ``double_self``, ``double_twice``, ``no_redouble``,
  ``redouble_only_doublers``, ``declarer_only``, ``positive_declarer_only``,
  ``redouble_cover`` — the rules a set of doubles breaks (``illegal_double``);
* moves that are not moves of this seat at all: ``not_held``, ``no_pass``,
  ``not_a_card``, ``hand_over``.
"""

from __future__ import annotations

from typing import NamedTuple

from .. import cards as C
from ..language import model as m

MESSAGES: dict[str, str] = {
    "follow_suit": "must follow {suit}",
    "overtrump": "must play a trump higher than {card}",
    "win_with_trump": "must win the trick with a trump",
    "first_trick_ban": "may not be played to the first trick while holding other cards",
    "opening_card": "{card} must lead the first trick",
    "lead_ban": "no {suit} lead while holding other suits",
    "opening_lead_ban": "no {suit} opening lead while holding other suits",
    "lead_ban_until_broken": "no {suit} lead until {suits} are broken, while holding other suits",
    "shed_when_safe": "must shed {cards} when safe",
    "must_trump": "must trump when void in the suit led",
    "discard_when_void": "must discard {cards} when void in the suit led",
    "pass_while_able": "may not pass while able to play ({cards})",
    "suit_not_open": "{suits} are not open; a suit opens with the {rank}",
    "not_adjacent": "{card} is not next to the {suits} on the table",
    "no_doubling": "this spec has no doubling",
    "double_self": "a player cannot double themselves",
    "double_twice": "the same double is given twice",
    "no_redouble": "the declarer may not redouble",
    "redouble_only_doublers": "the declarer may only double players who doubled them",
    "declarer_only": "only the declarer may be doubled",
    "positive_declarer_only": "in a positive contract only the declarer may be doubled",
    "redouble_cover": "a redouble must cover every player who doubled the declarer (seat {seat} is not redoubled)",
    "not_held": "seat {seat} does not hold {card}",
    "no_pass": "there is no passing in trick play",
    "not_a_card": "{move} is not a card",
    "hand_over": "the hand is over",
}
"""Each rule code's message, with ``{fields}`` filled from the move.  The
fields: ``card`` (record notation, ``QH``), ``cards`` (joined with "or" or
", "), ``suit`` (a suit's name: plural after "follow", singular before
"lead"), ``suits`` (a suit's plural name), ``rank`` (a rank's name),
``seat`` and ``move`` (numbers)."""


class Broken(NamedTuple):
    """A rule a move breaks: its code and the words of its message."""

    rule: str
    fields: tuple[tuple[str, str], ...] = ()

    @property
    def message(self) -> str:
        return message(self.rule, dict(self.fields))


def broken(rule: str, **fields: object) -> Broken:
    """The rule ``rule`` broken, with the fields of its message."""
    if rule not in MESSAGES:
        raise KeyError(rule)
    return Broken(rule, tuple((key, str(value)) for key, value in fields.items()))


def message(rule: str, fields: dict[str, str]) -> str:
    """The message of ``rule`` with ``fields`` filled in."""
    return MESSAGES[rule].format(**fields)


def lead_ban_rule(suit: int, scope: m.LeadScope) -> Broken:
    """The rule a lead of ``suit`` breaks under a ban of ``scope``."""
    if scope == "every":
        return broken("lead_ban", suit=C.SUIT_SINGULAR[suit])
    if scope == "opening":
        return broken("opening_lead_ban", suit=C.SUIT_SINGULAR[suit])
    return broken("lead_ban_until_broken", suit=C.SUIT_SINGULAR[suit], suits=C.SUIT_NAMES[suit])
