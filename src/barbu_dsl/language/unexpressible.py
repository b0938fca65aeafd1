"""What the language does not express, recognised where someone tries to
write it (docs/rules.md section 6, "Not expressible").

Some rules are out of reach: partnerships and bidding, doubling by whoever
holds a card (Trix's K♥), contracts that are not trick games or domino
(Chinese poker), passing cards as a rule of one contract (passing is the
spec's ``passing`` setting, before every hand), rules that change how a
player scores once their running total reaches a value (a reversal), two
packs, scoring units the language has no word for (``per beat``), a
score for each pass in domino, for what is not taken or for the cards left
in hand, a value for taking every card of a suit, a lead ban until a given
trick, and trumps turned up.  A spec
that tries one of them gets a located
error saying so — "not expressible in barbu_dsl: …", with the nearest
thing that is — rather than an unknown key or an unexpected word: the
keys people reach for
(``partners:``, ``kind: poker``) and the phrases they write in a rule
line (``pass 3 cards to the left``).  Both are tables,
:data:`KEYS` and :data:`PHRASES`: a new phrasing is one more row.

A rule that the language does express, but as a setting, is met the same
way where people first write it (:data:`SETTING_KEYS`,
:data:`SETTING_PHRASES`): ``game ends at 100 points`` in a rule line, or
``target:`` beside ``game``, says to write ``game: {target: 100}``; ``goes
back to zero`` in a rule line says to write ``game: {reset: 100}``;
``into the pot`` says to write ``game: {pot: no points}``; a ``widow:``
key or a widow in a rule line says to write ``leftover: widow aside`` (or
``widow to first trick``), and a dealer who discards the cards left over
``leftover: dealer discards``; "going for the lot" (taking every penalty
card of a hand, as British books of Black Maria call it) says to write
``shoot the moon`` or ``all or nothing``.  More than ten players need two packs
(:func:`~barbu_dsl.language.loader.player_count_problem`).
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
_BIDDING = ("bidding (an auction for the contract or for a number of tricks); the declarer chooses the contract",
            "leave the bidding out; 'game: {chooser: …}' says who chooses each contract")
_PASSING = ("passing cards in a contract's rule line; cards are passed before every hand of the spec, "
            "by its 'passing' setting (docs/rules.md section 6, Passing)",
            "write 'passing: {cards: 3, cycle: [left, right, across, hold]}' beside 'contracts', "
            "and take the passing out of the rule line")
_RUNNING = ("rules that change how a player scores once their running total reaches a value (a reversal "
            "of signs); each hand is scored the same whatever the totals",
            "leave the rule out; a game that ends when a total reaches a score is 'game: {target: 100}', "
            "and a total that goes back to zero is 'game: {reset: 100}'")
_PACKS = ("two packs; a game is played with one pack, by at most ten players",
          "play with one pack: 'deck: full' (52 cards) or a smaller one, such as 'piquet'")
_DOMINO_PASSING = ("passing cards in a domino contract; domino is played as dealt, and a player who has no card "
                   "that fits passes by the rules of domino (docs/rules.md section 2, Domino)",
                   "take the passing out of the rule line; a domino contract scores the order of going out, "
                   "e.g. 'domino, placings +45 +20 +5 −5'")
_BEAT = ("'beat' as a unit of scoring; the language scores tricks, cards, trick positions and places",
         "if a beat is a trick, write it per trick, e.g. '+6 per trick'")

_PER_PASS = ("a score for each pass in domino (a turn without a card to play); domino scores the order in which "
             "the players go out",
             "score the places instead: write 'placings +45 +20 +5 −5' (one value for each player, first out first)")
_NOT_TAKEN = ("a score for what a player does not take; a scoring part scores what the player takes",
              "score each trick taken with the sign turned: write '−10 per trick' for '+10 per trick not taken' (the "
              "same differences between players); '+10 for no trick' scores a player who takes none")
_ALL_OF = ("a value for taking every card of a suit or set; 'for all' is written of tricks only "
           "('+30 for all tricks instead')",
           "for a player who takes every card that scores, write 'shoot the moon' (the others score the taker's "
           "points) or 'all or nothing' (the taker's points change sign)")
_LEAD_UNTIL = ("a lead ban that ends at a given trick; a lead ban lasts the whole hand, the first trick, or until "
               "the suit is broken",
               "write 'no ♥ lead until broken' (a heart may be led once one has been played), or 'no ♥ opening lead' "
               "(the first trick only)")
_LEFT_IN_HAND = ("a score for the cards left in a player's hand; a trick game is played out, and domino scores the "
                 "order of going out",
                 "in domino, write 'ends at first out, placings +45 +20 +5 −5': the hand ends when the first player "
                 "goes out and the others are placed by the cards they still hold, fewest first")
_TURNED_UP = ("trumps decided by a card turned up; the declarer names trumps, or the rule line fixes them",
              "write 'trumps' (the declarer names the trump suit) or a fixed suit, e.g. 'trumps ♠'")

KEYS: dict[str, tuple[str, str]] = {
    **{key: _PARTNERS for key in ("partners", "partner", "partnership", "partnerships", "teams", "team", "sides")},
    **{key: _HOLDER for key in ("doubled_by", "holder_doubles", "card_doubles", "doubling_card")},
    **{key: _NOT_TRICKS for key in ("kind", "type", "poker")},
    **{key: _BIDDING for key in ("bid", "bids", "bidding", "auction")},
    **{key: _RUNNING for key in ("reversal", "reverse_at", "reversed")},
    **{key: _PACKS for key in ("packs", "two_packs")},
}
"""Keys someone writing a rule out of the language's reach would try: what
is not expressible, and a hint."""


PHRASES: tuple[tuple[str, tuple[str, str]], ...] = (
    (r"([+−-]?\d+\s+)?\bper\s+pass(es)?\b", _PER_PASS),
    (r"([+−-]?\d+\s+)?\bper\s+[^,;]*?\bnot\s+(taken|won)\b", _NOT_TAKEN),
    (r"[+−-]?\d+\s+for\s+(taking\s+)?(all|every)\s+(?!tricks?\b)[^,;]*", _ALL_OF),
    (r"\bno\s+[^,;]*?\blead\s+(before|until|till|up\s+to|in)\s+(the\s+)?(trick\s*\d+|\d+\w*\s+trick)\b",
     _LEAD_UNTIL),
    (r"([+−-]?\d+\s+)?\bper\s+cards?\s+(left|remaining|still\s+held)(\s+in\s+(the\s+)?hand)?\b"
     r"|\bcards?\s+(left|remaining)\s+in\s+(the\s+)?hand\b", _LEFT_IN_HAND),
    (r"\b(trumps?\s+)?(is\s+|are\s+)?turn(ed|s)?[\s-]+up\b|\bturn-?up\b", _TURNED_UP),
    (r"\bdoubl\w*\s+by\s+(the\s+)?holder\b|\bholder\b[^,;]*\bdoubl\w*", _HOLDER),
    (r"\b(chinese\s+)?poker\b|\brumm(y|ies)\b|\bmeld\w*\b", _NOT_TRICKS),
    (r"\bbid(s|ding|der)?\b|\bauction\w*\b", _BIDDING),
    (r"\bpartners?\b|\bpartnerships?\b|\bteams?\b", _PARTNERS),
    (r"\bpass(es|ing)?\b(\s+(\d+|one|two|three|four|the))?(\s+cards?)?"
     r"(\s+(to\s+the\s+)?(left|right|across|hold|keeper))?", _PASSING),
    (r"\brevers(al|es?|ed)\b", _RUNNING),
    (r"\b(two|2|double)\s+(packs?|decks?)\b", _PACKS),
    (r"\bper\s+beats?\b|\bbeats?\b", _BEAT),
)
"""Phrases someone writing a rule out of reach would write in a rule line,
as regular expressions (case-insensitive), in the order they are tried:
what is not expressible, and the nearest thing that is."""

_TARGET = ("a target score is a game setting, not a clause of a contract",
           "write it under 'game', e.g. 'game: {target: 100}' (the game ends at the end of the hand in which "
           "a player's total reaches 100; docs/rules.md section 6)")
_TARGET_KEY = ("a target score is written under 'game' as 'target'",
               "e.g. 'game: {target: 100}' (docs/rules.md section 6)")
_RESET = ("a total that goes back to zero is a game setting, not a clause of a contract",
          "write it under 'game', e.g. 'game: {reset: 100}' (a total of exactly 100 at the end of a hand "
          "goes back to 0; docs/rules.md section 6, Running totals)")
_POT = ("a pot is a game setting, not a clause of a contract",
        "score what is paid in as points ('−1 per ♥' for a chip per heart) and write 'game: {pot: no points}': "
        "what each hand takes goes into the pot, which the players who take no points share "
        "(docs/rules.md section 6, A pot)")
_POT_KEY = ("a pot is written under 'game' as 'pot'",
            "e.g. 'game: {pot: no points}' (docs/rules.md section 6, A pot)")
_RESET_KEY = ("a total that goes back to zero is written under 'game' as 'reset'",
              "e.g. 'game: {reset: 100}' or 'game: {reset: {exactly: 100, to: 50}}' (docs/rules.md section 6)")

_WIDOW = ("cards that do not deal out evenly go to a widow by the spec's 'leftover' setting, not by a clause "
          "of a contract",
          "write 'leftover: widow aside' or 'leftover: widow to first trick' beside 'contracts' "
          "(docs/rules.md section 6, Packs, decks and player counts)")
_WIDOW_KEY = ("a widow is written as the 'leftover' setting",
              "write 'leftover: widow aside' (never played) or 'leftover: widow to first trick' "
              "(docs/rules.md section 6, Packs, decks and player counts)")

_LOT = ("going for the lot (taking every penalty card of the hand) is written 'shoot the moon' or "
        "'all or nothing'",
        "'shoot the moon': the taker scores 0 and every other player what the taker would have scored; "
        "'all or nothing': the taker's points count for them instead of against them "
        "(docs/rules.md section 3, All or nothing, and section 4)")
_LOT_KEY = ("going for the lot is a clause of the contract's rule line",
            "write 'shoot the moon' or 'all or nothing' in the rule line, e.g. '−1 per ♥, Q♠ −13, shoot the moon' "
            "(docs/rules.md section 3, All or nothing, and section 4)")

_ORDER_KEY = ("a card order is a clause of a trick contract's rule line",
              "write it in the rule line, strongest rank first: 'order A 10 K Q J 9 8 7' "
              "(docs/rules.md section 6, Card orders)")

_DISCARD = ("a dealer who discards the cards left over is written as the 'leftover' setting, not by a clause "
            "of a contract",
            "write 'leftover: dealer discards' beside 'contracts' "
            "(docs/rules.md section 6, Packs, decks and player counts)")
_DISCARD_KEY = ("a dealer who discards is written as the 'leftover' setting",
                "write 'leftover: dealer discards' (docs/rules.md section 6, Packs, decks and player counts)")

SETTING_KEYS: dict[str, tuple[str, str]] = {
    **{key: _TARGET_KEY for key in ("target", "target_score", "ends_at", "game_end", "end_score")},
    **{key: _RESET_KEY for key in ("reset", "resets", "reset_at", "back_to_zero", "exactly")},
    **{key: _POT_KEY for key in ("pot", "pots", "chips", "kitty_pot", "pool")},
    **{key: _WIDOW_KEY for key in ("widow", "kitty", "talon")},
    **{key: _DISCARD_KEY for key in ("discard", "dealer_discards", "discards")},
    **{key: _ORDER_KEY for key in ("card_order", "rank_order", "ranking")},
    **{key: _LOT_KEY for key in ("going_for_the_lot", "the_lot")},
}
"""Keys someone would try for a rule that the language writes as another
setting, at the wrong place or under another name: the message and a hint."""

SETTING_PHRASES: tuple[tuple[str, tuple[str, str]], ...] = (
    (r"\b(game\s+)?(ends?|over|stops?)\s+(at|when\b[^,;]*?\breach\w*)\s+[−-]?\d+\s*(points?)?"
     r"|\b(first\s+to|reach\w*|target(\s+score)?(\s+of)?)\s+[−-]?\d+(\s+points?)?", _TARGET),
    (r"\b(back|goes?\s+back|returns?)\s+to\s+(zero|0)\b|\breset\w*\b", _RESET),
    (r"\bpay\s+\d+\s+chips?\b[^,;]*|\bchips?\b[^,;]*\bpot\b|\b(into|in)\s+the\s+pot\b|\bpot\b", _POT),
    (r"\bdealer\s+discards?\b", _DISCARD),
    (r"\bwidow\b|\bkitty\b|\btalon\b|\bset\s+aside\b", _WIDOW),
    (r"\b(going|goes|go)\s+for\s+the\s+(whole\s+)?lot\b", _LOT),
)
"""Phrases someone would write in a rule line for a rule that the language
writes as a setting: the message and where to write it instead."""

_COMPILED = tuple((re.compile(pattern, re.IGNORECASE), (NOT_EXPRESSIBLE + message, hint))
                  for pattern, (message, hint) in PHRASES)
_COMPILED_SETTINGS = tuple((re.compile(pattern, re.IGNORECASE), words) for pattern, words in SETTING_PHRASES)


def unexpressible_key(key: str) -> tuple[str, str] | None:
    """The message and hint for a key that asks for what is not expressible,
    or for a setting under another name or at another place."""
    found = KEYS.get(key.strip().lower())
    return (NOT_EXPRESSIBLE + found[0], found[1]) if found else SETTING_KEYS.get(key.strip().lower())


def unexpressible_phrase(text: str) -> tuple[int, int, str, str] | None:
    """Where a rule line asks for what is not expressible, or for what is a
    setting (offset, width), the message and a hint; None when it does not."""
    for pattern, (message, hint) in _COMPILED + _COMPILED_SETTINGS:
        match = pattern.search(text)
        if match:
            if message == NOT_EXPRESSIBLE + _PASSING[0] and re.search(r"\bdomino\b", text, re.IGNORECASE):
                message, hint = NOT_EXPRESSIBLE + _DOMINO_PASSING[0], _DOMINO_PASSING[1]  # no 'passing:' beside domino
            return match.start(), match.end() - match.start(), message, hint
    return None


__all__ = ["KEYS", "NOT_EXPRESSIBLE", "PHRASES", "SETTING_KEYS", "SETTING_PHRASES", "unexpressible_key",
           "unexpressible_phrase"]
