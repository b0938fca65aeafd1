"""The rules a move can break, and the errors of a hand record.

A move that breaks a rule is reported as a :class:`Broken` — a rule code
and the words that fill its message — so that every reader agrees on which
rule was broken without comparing wording: a replay raises it in an
``illegal_play`` or ``illegal_double`` error (docs/records.md), and the
conformance suites classify their cases by code.

The codes, by the rule of docs/rules.md they enforce:

* section 1 (trick play): ``follow_suit``;
* section 2 (trumps, "must win with a trump" ruling): ``overtrump``,
  ``win_with_trump``; (lead bans) ``lead_ban``; (variant 5)
  ``shed_when_safe``; (domino) ``pass_while_able``, ``suit_not_open``,
  ``not_adjacent``;
* section 6 (forced plays when void): ``must_trump``, ``discard_when_void``;
  (domino) ``starting_card``;
* section 3 (first lead and first trick): ``opening_lead_ban``,
  ``lead_ban_until_broken``, ``opening_card``, ``first_trick_ban``;
* section 2 (doubling, its rulings and variant 3): ``no_doubling``,
  ``double_self``, ``double_twice``, ``no_redouble``,
  ``redouble_only_doublers``, ``declarer_only``, ``positive_declarer_only``,
  ``redouble_cover`` — the rules a set of doubles breaks (``illegal_double``);
* moves that are not moves of this seat at all: ``not_held``, ``no_pass``,
  ``not_a_card``, ``hand_over``.

A record that breaks a rule or cannot be read raises a :class:`RecordError`
of one of the four kinds of docs/records.md; its :meth:`~RecordError.as_json`
is the ``{"error": {...}}`` object a replay prints.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .cards import move_str

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
    "starting_card": "{card} must be played first",
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


def message(rule: str, fields: dict[str, str]) -> str:
    """The message of ``rule`` with ``fields`` filled in."""
    return MESSAGES[rule].format(**fields)


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


class BarbuError(Exception):
    """Root of every error raised on purpose."""

    exit_code = 2


@dataclass
class RecordError(BarbuError):
    """A hand record that breaks a rule (exit 1) or cannot be read (exit 2).

    ``kind`` is ``illegal_play``, ``illegal_double``, ``bad_record`` or
    ``after_end``; ``details`` holds the other keys of the JSON error object
    (``index``, ``seat``, ``card``, ``reason``, ``pair``).  ``rule`` is the
    code of the rule an illegal play or double breaks (:data:`MESSAGES`)
    and ``rule_fields`` the words of its message; they are not part of the
    JSON object, whose ``reason`` says it in English.
    """

    kind: str
    details: dict[str, Any] = field(default_factory=dict)
    rule: str | None = None
    rule_fields: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        Exception.__init__(self, self.describe())

    @property
    def exit_code(self) -> int:  # type: ignore[override]
        return 2 if self.kind == "bad_record" else 1

    def as_json(self) -> dict[str, Any]:
        """The ``{"error": {...}}`` object of a replay result."""
        return {"error": {"kind": self.kind, **self.details}}

    def describe(self) -> str:
        d = self.details
        if self.kind == "illegal_play":
            return f"illegal play {d.get('card')} by seat {d.get('seat')} at play {d.get('index')}: {d.get('reason')}"
        if self.kind == "illegal_double":
            return f"illegal double {d.get('pair')}: {d.get('reason')}"
        if self.kind == "after_end":
            return f"play {d.get('index')} comes after the end of the hand"
        return f"bad record: {d.get('reason')}"


class IllegalPlay(RecordError):
    """A move that breaks a rule; names the move, the seat and the rule
    (``rule``: its code)."""

    @property
    def seat(self) -> int:
        return int(self.details["seat"])

    @property
    def reason(self) -> str:
        return str(self.details["reason"])


class PlayAfterEnd(RecordError):
    """A move made after the hand ended."""


def bad_record(reason: str) -> RecordError:
    """A record that cannot be read, and why."""
    return RecordError("bad_record", {"reason": reason})


def illegal(index: int, seat: int, move: int, rule: Broken | None) -> IllegalPlay:
    """The error of ``move`` by ``seat`` at play ``index``, breaking ``rule``."""
    reason = rule.message if rule is not None else "not a legal move"
    return IllegalPlay(
        "illegal_play",
        {"index": index, "seat": seat, "card": move_str(move), "reason": reason},
        rule=rule.rule if rule is not None else None,
        rule_fields=rule.fields if rule else (),
    )


def illegal_double(pair: tuple[int, int], rule: Broken) -> RecordError:
    """The error of a set of doubles whose ``pair`` breaks ``rule``."""
    return RecordError(
        "illegal_double", {"pair": [pair[0], pair[1]], "reason": rule.message}, rule=rule.rule, rule_fields=rule.fields
    )


def after_end(index: int) -> PlayAfterEnd:
    """The error of play ``index``, made after the hand ended."""
    return PlayAfterEnd("after_end", {"index": index})
