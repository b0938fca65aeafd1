"""What the language does not express, recognised where someone tries to
write it (docs/rules.md section 6, "Not expressible").

Three kinds of rule are out of reach: partnerships (players who score
together), doubling by whoever holds a card (Trix's K♥), and contracts
that are not trick games or domino (Chinese poker).  A spec that tries one
of them gets a located error saying so — "not expressible in barbu_dsl:
…" — rather than an unknown key or an unexpected word: the keys people
reach for (``partners:``, ``teams:``, ``kind: poker``) and the phrases
they write in a rule line (``doubled by the holder of K♥``, ``chinese
poker``).  More than ten players need two packs, which is out of reach
too (:func:`~barbu_dsl.language.loader.player_count_problem`).
"""

from __future__ import annotations

import re

NOT_EXPRESSIBLE = "not expressible in barbu_dsl: "

_PARTNERS = ("partnerships (players who score together as a side); every player scores for themselves",
             "leave the partnership out; docs/rules.md section 6 says what is out of reach")
_HOLDER = ("doubling by the holder of a card (as in Trix); players double by choice",
           "leave it out, or describe ordinary doubling under 'doubling'")
_NOT_TRICKS = ("contracts that are not trick games or domino (Chinese poker, rummy)",
               "every contract is a rule line of tricks or domino")

KEYS: dict[str, tuple[str, str]] = {
    **{key: _PARTNERS for key in ("partners", "partner", "partnership", "partnerships", "teams", "team", "sides")},
    **{key: _HOLDER for key in ("doubled_by", "holder_doubles", "card_doubles", "doubling_card")},
    **{key: _NOT_TRICKS for key in ("kind", "type", "poker")},
}
"""Keys someone writing a rule out of the language's reach would try: what
is not expressible, and a hint."""

_PHRASES: tuple[tuple[re.Pattern[str], tuple[str, str]], ...] = (
    (re.compile(r"\bdoubl\w*\s+by\s+(the\s+)?holder\b|\bholder\b[^,;]*\bdoubl\w*", re.IGNORECASE), _HOLDER),
    (re.compile(r"\b(chinese\s+)?poker\b|\brumm(y|ies)\b|\bmeld\w*\b", re.IGNORECASE), _NOT_TRICKS),
    (re.compile(r"\bpartners?\b|\bpartnerships?\b|\bteams?\b", re.IGNORECASE), _PARTNERS),
)


def unexpressible_key(key: str) -> tuple[str, str] | None:
    """The message and hint for a key that asks for what is not expressible."""
    found = KEYS.get(key.strip().lower())
    return (NOT_EXPRESSIBLE + found[0], found[1]) if found else None


def unexpressible_phrase(text: str) -> tuple[int, int, str, str] | None:
    """Where a rule line asks for what is not expressible (offset, width),
    the message and a hint; None when it does not."""
    for pattern, (message, hint) in _PHRASES:
        match = pattern.search(text)
        if match:
            return match.start(), match.end() - match.start(), NOT_EXPRESSIBLE + message, hint
    return None


__all__ = ["KEYS", "NOT_EXPRESSIBLE", "unexpressible_key", "unexpressible_phrase"]
