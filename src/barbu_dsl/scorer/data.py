"""The data a generated web scorer carries: everything its script needs to
keep a score sheet of one spec, worked out here by the Python core.

The page's script (``static/*.js``) has no rules of its own: it reads
this data and follows it exactly as the Python sheet does
(:mod:`barbu_dsl.sheet`).  For each player count the spec allows:

* the deck and the game plan (:func:`barbu_dsl.compiled.game_plan`): the
  chooser, the pool, the list, series or rubber with each contract as often
  as it is played, the number of hands, random draws, a fixed order played
  once or by each player, shared lists and their quotas, the seat after
  each seat (docs/rules.md section 6), so that the page follows
  :func:`barbu_dsl.compiled.plan_turn` exactly;
* for each contract, how its declarer names a trump suit or a domino
  starting rank, and for each trump suit a hand may be played with: the
  entry plan (:meth:`~barbu_dsl.compiled.entry.EntryPlan.to_json`), the
  doubling terms (:func:`~barbu_dsl.engine.doubling.hand_terms`: the value
  sum and whether the contract is positive) and the hand totals scores
  entered directly must reach (:func:`~barbu_dsl.compiled.hand_totals`).

Besides: the doubling rules, the aim, the spec's canonical text for
export (``barbu fmt``), the title and every contract's name in each
language, the words the sheet reads suits and ranks in, the card letters
of each language, and every message of the sheet's and the page's
catalogs in the four languages.  ``storage_key`` is where the page keeps
its games (one key per set of rules: its canonical text's hash); the page
also looks under the other pages' keys (``storage_prefix``) for games of
the same spec, so that an evening kept under a house file is found again
when the file has changed.
"""

from __future__ import annotations

import hashlib
from typing import Any

from .. import cards as C
from ..compiled import game_plan, hand_totals
from ..compiled.entry import KEYS, entry_plan
from ..compiled.facts import trump_mode
from ..engine.doubling import hand_terms
from ..i18n import LANGUAGE_NAMES, LANGUAGES, messages
from ..i18n.cards import RANK_LETTERS as LANGUAGE_RANK_LETTERS
from ..language import model as m
from ..language import print_spec
from ..sheet.game import FORMAT
from ..sheet.hand import HAND_KEYS

CATALOGS = ("cards.", "answers.", "sheet.", "scorer.")
"""The message catalogs a page carries (by key prefix)."""

STORAGE_PREFIX = "barbu-scorer/"
"""The start of every key a page keeps games under in the browser."""


def _suit(suit: int | None) -> str | None:
    return None if suit is None else C.SUIT_LETTERS[suit]


def sheet_trumps(rules: m.Rules) -> tuple[int | None, ...]:
    """Every trump value a sheet hand of ``rules`` may be scored with: none
    for a contract without trumps, each suit when the declarer names it,
    none or the suit itself when the contract fixes it (docs/sheet.md,
    ``trump``)."""
    mode = trump_mode(rules.play)
    if mode == "none":
        return (None,)
    if mode == "named":
        return C.SUITS
    assert isinstance(rules.play, m.TrickPlay) and rules.play.trumps is not None
    return (None, rules.play.trumps.suit)


def contract_data(spec: m.Spec, contract: m.Contract, players: int, deck: tuple[int, ...]) -> dict[str, Any]:
    """One contract for ``players`` players: how it is announced, and what
    each of its trump suits makes of a hand."""
    rules = contract.rules_for(players)
    play = rules.play
    trumps = play.trumps if isinstance(play, m.TrickPlay) else None
    start = play.start if isinstance(play, m.DominoPlay) else None
    variants = []
    for trump in sheet_trumps(rules):
        terms = hand_terms(spec, rules, players, deck, trump)
        variants.append({
            "trump": _suit(trump),
            "plan": entry_plan(rules, players, deck, trump, spec.aside(players)).to_json(),
            "total": terms.total,
            "positive": terms.positive,
            "totals": list(hand_totals(rules, players, deck, trump, spec.aside(players)).totals),
        })
    return {
        "name": contract.name,
        "trumps": None if trumps is None else {"suit": _suit(trumps.suit)},
        "domino": None if start is None else {"start": start},
        "variants": variants,
    }


def count_data(spec: m.Spec, players: int) -> dict[str, Any]:
    """What a game of ``spec`` with ``players`` players needs."""
    plan = game_plan(spec, players)
    deck = tuple(sorted(spec.deck_for(players)))
    return {
        "players": players,
        "deck": C.cards_str(deck),
        "plan": {
            "chooser": plan.chooser,
            "pool": [c.name for c in plan.pool],
            "round": [c.name for c in plan.round],
            "unit": [c.name for c in plan.unit],
            "per_player": plan.per_player,
            "hands": plan.hands,
            "target": plan.target,
            "reset": [list(pair) for pair in plan.reset],
            "payout": list(spec.game.payout_for(players)) or None,
            "pot": plan.pot,
            "draw": plan.draw,
            "series": plan.series,
            "fixed_once": plan.fixed_once,
            "lists": plan.lists,
            "quotas": dict(plan.quotas),
            "after": list(plan.after),
            "counted": plan.counted,
        },
        "contracts": [contract_data(spec, contract, players, deck) for contract in spec.contracts],
    }


def words() -> dict[str, Any]:
    """How the sheet reads suits, ranks and record cards (:mod:`barbu_dsl.cards`)."""
    return {
        "suit_letters": C.SUIT_LETTERS,
        "suit_symbols": C.SUIT_SYMBOLS,
        "rank_letters": {str(r): letter for r, letter in C.RANK_LETTERS.items()},
        "suit_words": dict(C.SUIT_WORDS),
        "rank_prefixes": dict(C.RANK_PREFIXES),
        "rank_words": dict(C.RANK_WORDS),
        "language_rank_letters": {lang: {str(r): letter for r, letter in letters.items()}
                                  for lang, letters in LANGUAGE_RANK_LETTERS.items()},
    }


def page_data(spec_ref: str, spec: m.Spec, language: str | None = None) -> dict[str, Any]:
    """Everything the web scorer of ``spec`` (chosen as ``spec_ref``) carries.
    ``language`` is the page's language until its reader picks one (None:
    the browser's)."""
    text = print_spec(spec)
    doubling = spec.doubling
    return {
        "format": FORMAT,
        "spec": spec_ref,
        "spec_text": text,
        "storage_key": STORAGE_PREFIX + hashlib.sha256(text.encode("utf-8")).hexdigest()[:16],
        "storage_prefix": STORAGE_PREFIX,
        "title": spec.title or spec.full_name,
        "titles": {lang: spec.title_in(lang) or spec.full_name for lang in LANGUAGES},
        "full_name": spec.full_name,
        "aim": spec.game.aim,
        "players": list(spec.players),
        "doubling": {
            "allowed": doubling.allowed,
            "whom": doubling.whom,
            "positive_declarer_only": doubling.positive_declarer_only,
            "redouble": doubling.redouble,
            "undoubled": doubling.undoubled,
            "minimum": doubling.minimum,
            "first": doubling.first,
            "per": doubling.per,
        },
        "hand_keys": list(HAND_KEYS),
        "took_keys": list(KEYS),
        "contracts": [c.name for c in spec.contracts],
        "contract_names": {c.name: {lang: c.name_in(lang) for lang in LANGUAGES} for c in spec.contracts},
        "counts": [count_data(spec, players) for players in spec.players],
        "words": words(),
        "languages": list(LANGUAGES),
        "language_names": dict(LANGUAGE_NAMES),
        "language": language,
        "messages": {key: texts for key, texts in sorted(messages().items()) if key.startswith(CATALOGS)},
    }


__all__ = ["page_data", "sheet_trumps"]
