"""A JSON Schema of spec files, for editors (``barbu schema``).

The schema (Draft 2020-12) describes the YAML a spec file holds, so that an
editor with a YAML language server validates and completes it: head a spec
with ``# yaml-language-server: $schema=<path or URL of spec.schema.json>``.
It is built from the reader's own tables of keys and choices
(:mod:`barbu_dsl.language.reader`, :mod:`barbu_dsl.language.settings`), so it names exactly the keys and
values the loader reads; ``docs/spec.schema.json`` is a copy, kept equal by
a test.

A schema sees the shape of a file, not its meaning: a rule line is a
string to it, and whether the line parses, the contracts sum to zero or a
deck deals evenly is ``barbu check``'s and ``barbu verify``'s to say.
"""

from __future__ import annotations

import json
from typing import Any

from . import cards as C
from .i18n import LANGUAGES
from .language import reader as R
from .language import settings as S
from .language.decks import PACK_NAMES
from .limits import CONTRACTS, REDEAL_LIMIT_MOST

DRAFT = "https://json-schema.org/draft/2020-12/schema"

_COUNT = {"type": "integer", "minimum": C.MIN_PLAYERS, "maximum": C.MAX_PLAYERS}
_COUNT_KEY = {"pattern": "^(" + "|".join(str(n) for n in range(C.MAX_PLAYERS, C.MIN_PLAYERS - 1, -1)) + ")$"}
_NAMES = {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}
_RULE_LINE = {"type": "string", "minLength": 1, "description": "a rule line: clauses separated by commas, "
              "e.g. '−2 per ♥, A♥ −6, no ♥ lead' (docs/language.md)"}


def _choice(key: str, description: str) -> dict[str, Any]:
    return {"enum": list(S.CHOICES[key]), "description": description}


def _players() -> dict[str, Any]:
    counts = "|".join(str(n) for n in range(C.MAX_PLAYERS, C.MIN_PLAYERS - 1, -1))
    return {
        "description": f"the player counts: a number, a list or a range such as 3-7 ({C.MIN_PLAYERS} to "
                       f"{C.MAX_PLAYERS})",
        "anyOf": [_COUNT, {"type": "array", "items": _COUNT, "minItems": 1},
                  {"type": "string", "pattern": rf"^\s*({counts})\s*-\s*({counts})\s*$"}],
    }


def _deck() -> dict[str, Any]:
    names = sorted(key for key in PACK_NAMES if not key.isdigit())
    return {
        "description": "the pack: full (52 cards), piquet (32 cards, 7 to A) or a lowest rank to the ace, e.g. 6-A",
        "anyOf": [{"enum": [*names, "32", "52", 32, 52]},
                  {"type": "string", "pattern": r"^\s*(10|[2-9]|[tT])\s*(-|to)\s*(a|A|ace)\s*$"}],
    }


def _decks() -> dict[str, Any]:
    item = {"type": "string", "description": "cards (2♣), whole ranks (2-6), 'highest N' or 'highest N each'"}
    return {
        "type": "object",
        "description": "the cards set aside for a player count, e.g. '5: [2♣, 2♦]'",
        "propertyNames": _COUNT_KEY,
        "additionalProperties": {"anyOf": [{"type": "null"}, item, {"type": "array", "items": item}]},
    }


def _leftover() -> dict[str, Any]:
    return {"enum": list(S.LEFTOVERS),
            "description": "the cards that do not deal out evenly: removed by the decks (the default), or dealt "
                           "to a widow set aside or taken with the first trick, or to the dealer, who discards as many "
                           "(docs/rules.md section 6)"}


def _game() -> dict[str, Any]:
    by_count = {"type": "object", "propertyNames": _COUNT_KEY, "additionalProperties": {"type": "integer",
                                                                                        "minimum": 1}}
    properties: dict[str, Any] = {
        "aim": _choice("game.aim", "whether the highest or the lowest total wins"),
        "chooser": _choice("game.chooser", "who chooses each hand's contract (docs/rules.md sections 2, 3, 6)"),
        "first_lead": _choice("game.first_lead", "who leads the first trick"),
        "mode": _choice("game.mode", "where a rotating chooser's list comes from (docs/rules.md section 3)"),
        "contracts_per_game": {"type": "integer", "minimum": 1},
        "hands": {"description": "the number of hands, or one for each player count",
                  "anyOf": [{"type": "integer", "minimum": 1}, by_count, {"type": "null"}]},
        "target": {"description": "the game ends at the end of the hand in which a player's total reaches "
                              "this score (at most it when it is negative; docs/rules.md section 6)",
                   "anyOf": [{"type": "integer", "not": {"const": 0}},
                             {"type": "string", "pattern": "^\\s*[+−-]?[0-9]+\\s*$"}, {"type": "null"}]},
        "reset": _reset(),
        "payout": _payout(),
        "pot": {"description": "what each hand takes goes into a pot that the players who take no points "
                               "share (docs/rules.md section 6)", "enum": ["no points", False, None]},
        "order": {**_NAMES, "description": "the contracts in order (a fixed order may repeat one)"},
        "direction": _choice("game.direction", "the way play and every turn pass"),
        "first_declarer": {"type": "string", "pattern": r"^\s*(lot|by lot|drawn|(holder of (the )?)?\S+)\s*$",
                           "description": "'lot' (the default) or 'holder of 7♥'"},
        "lists": _choice("game.lists", "a list of contracts for each player, or one the table shares"),
        "choose_after": {"description": "the cards dealt to each seat before the declarer chooses the contract "
                                        "and names trumps; the rest once it is announced (docs/rules.md section 6)",
                         "anyOf": [{"type": "integer", "minimum": 1}, {"type": "null"}]},
    }
    assert set(properties) == set(S.GAME_KEYS), "the schema names every game key the loader reads"
    return {"type": "object", "properties": properties, "additionalProperties": False}


def _payout() -> dict[str, Any]:
    """``payout: [3, 1, −1, −3]``, by player count, or ``false``
    (docs/rules.md section 6, "Payments by place")."""
    amounts = {"type": "array", "minItems": 1, "items": {"anyOf": [
        {"type": "integer"}, {"type": "string", "pattern": "^\\s*[+−-]?[0-9]+\\s*$"}]}}
    by_count = {"type": "object", "propertyNames": _COUNT_KEY, "additionalProperties": amounts}
    return {"description": "what each place receives (or pays) at the end of the game, first place first, "
                           "or one list for each player count (docs/rules.md section 6)",
            "anyOf": [amounts, by_count, {"const": False}, {"type": "null"}]}


def _reset() -> dict[str, Any]:
    """``reset: 100``, ``reset: {exactly: 100, to: 50}``, a list of those,
    or ``false`` (docs/rules.md section 6, "Running totals")."""
    number: list[dict[str, Any]] = [{"type": "integer"}, {"type": "string", "pattern": "^\\s*[+−-]?[0-9]+\\s*$"}]
    points = {"anyOf": number}
    one = [*number, {"type": "object", "properties": {"exactly": points, "to": points},
                     "required": ["exactly"], "additionalProperties": False}]
    return {"description": "a running total of exactly this at the end of a hand goes back to 0 (or to 'to'; "
                           "docs/rules.md section 6)",
            "anyOf": [*one, {"type": "array", "items": {"anyOf": one}}, {"const": False}, {"type": "null"}]}


def _doubling() -> dict[str, Any]:
    properties: dict[str, Any] = {
        "allowed": {"type": "boolean"},
        "whom": _choice("doubling.whom", "who may be doubled"),
        "positive": _choice("doubling.positive", "who may be doubled in a positive contract"),
        "redouble": {"description": "true (the declarer may double back), false, or anyone (every doubled "
                                    "player, docs/rules.md section 6)",
                     "anyOf": [{"type": "boolean"}, {"enum": ["declarer", "anyone"]}]},
        "undoubled": _choice("doubling.undoubled", "whether a negative contract nobody doubles is played"),
        "minimum": {"type": "integer", "minimum": 0, "description": "the advisory number of doubles"},
        "first": _choice("doubling.first", "who doubles first: the declarer's next player, or the declarer "
                                           "(docs/rules.md section 6)"),
        "per": _choice("doubling.per", "what the minimum is counted over: a declarer's series, or a rubber of "
                                       "the shared list (docs/rules.md section 2)"),
    }
    assert set(properties) == set(S.DOUBLING_KEYS), "the schema names every doubling key the loader reads"
    return {"anyOf": [{"type": "boolean"}, {"type": "object", "properties": properties,
                                            "additionalProperties": False}]}


def _passing() -> dict[str, Any]:
    properties: dict[str, Any] = {
        "cards": {"type": "integer", "minimum": 0, "maximum": 52,
                  "description": "the cards each player passes before play (docs/rules.md section 6, Passing)"},
        "cycle": {"type": "array", "items": {"enum": list(S.PASS_DIRECTIONS)},
                  "description": "where the cards go, hand after hand (default: left, right, across, hold)"},
    }
    assert set(properties) == set(S.PASSING_KEYS), "the schema names every passing key the loader reads"
    return {"anyOf": [{"const": False}, {"type": "null"}, {"type": "object", "properties": properties,
                                                           "additionalProperties": False}]}


def _redeal() -> dict[str, Any]:
    pattern = r"^\s*no\s+(honou?rs?|trumps?|cards?\s+(above|over|higher than)\s+\S+)\s*$"
    condition = {"type": "string", "pattern": pattern,
                 "description": "no honour (A K Q J), no card above a rank, or no trump"}
    when = {"anyOf": [condition, {"type": "array", "items": condition, "minItems": 1}],
            "description": "when the cards are dealt again (docs/rules.md section 6, Misdeals)"}
    properties: dict[str, Any] = {
        "when": when,
        "limit": {"type": "integer", "minimum": 1, "maximum": REDEAL_LIMIT_MOST,
                  "description": "the redeals of one hand after which the deal stands (default 100)"},
    }
    assert set(properties) == set(S.REDEAL_KEYS), "the schema names every redeal key the loader reads"
    return {"anyOf": [{"const": False}, {"type": "null"}, *when["anyOf"],
                      {"type": "object", "properties": properties, "additionalProperties": False}]}


def _contract() -> dict[str, Any]:
    properties: dict[str, Any] = {
        "rules": _RULE_LINE,
        "description": {"type": "string"},
        "descriptions": _descriptions("its description in the players' languages"),
        "twin": {"type": "string", "description": "the name of its twin, every value negated"},
        "players": {"type": "object", "propertyNames": _COUNT_KEY, "additionalProperties": _RULE_LINE,
                    "description": "other rule lines for particular player counts"},
        "times": {"description": "how often it is played: 2, or '2 each' (each player, shared lists)",
                  "anyOf": [{"type": "integer", "minimum": 1},
                            {"type": "string", "pattern": r"^\s*[1-9]\d*(\s+times)?(\s+each)?\s*$"}]},
        "names": _language_names("its name in the players' languages, e.g. {it: Niente prese, fr: Pas de plis}"),
        "twin_names": _language_names("its twin's name in the players' languages"),
    }
    assert set(properties) == set(R.CONTRACT_KEYS), "the schema names every contract key the loader reads"
    return {"type": "object", "properties": properties, "required": ["rules"], "additionalProperties": False}


def _patch() -> dict[str, Any]:
    per_count = {"type": "object", "propertyNames": _COUNT_KEY, "additionalProperties": _RULE_LINE,
                 "description": "the rule lines of particular player counts, the others kept (docs/rules.md "
                                "section 2)"}
    return {"type": "object", "description": "a change to a contract: clauses to remove and to add, rule lines "
                                             "for particular player counts, or drop it",
            "properties": {"remove": _RULE_LINE, "add": _RULE_LINE, "drop": {"type": "boolean"},
                           "players": per_count},
            "minProperties": 1, "additionalProperties": False}


_ONE_LINE = {"type": "string", "pattern": "^[^\n\r\u000b\u000c\u001c-\u001e\u0085\u2028\u2029]*$"}
"""A name or a title: one line (the loader refuses a line break in one)."""


def _language_names(description: str) -> dict[str, Any]:
    """A ``names`` mapping: a language barbu speaks → a name in it (:mod:`barbu_dsl.language.names`)."""
    return {"type": "object", "description": description, "propertyNames": {"enum": list(LANGUAGES)},
            "additionalProperties": {**_ONE_LINE, "minLength": 1}}


def _descriptions(description: str) -> dict[str, Any]:
    """A ``descriptions`` mapping: a language barbu speaks besides English
    (the ``description`` itself) → the description in it."""
    return {"type": "object", "description": description, "propertyNames": {"enum": list(LANGUAGES[1:])},
            "additionalProperties": {"type": "string", "minLength": 1}}


def _contracts(patching: bool) -> dict[str, Any]:
    kinds: list[Any] = [_RULE_LINE, {"$ref": "#/$defs/contract"}]
    if patching:
        kinds += [{"$ref": "#/$defs/patch"}, {"type": "null"}]
    return {"type": "object", "minProperties": 1, "maxProperties": CONTRACTS, "propertyNames": _ONE_LINE,
            "description": "contract names and their rules", "additionalProperties": {"anyOf": kinds}}


def _settings() -> dict[str, Any]:
    """The keys a spec and an overlay of it share: the game's settings and its contracts."""
    shared = {key: {"$ref": f"#/$defs/{key}"} for key in ("players", "deck", "decks", "leftover", "game",
                                                                  "doubling", "passing", "redeal")}
    return {**shared, "contracts": _contracts(patching=True)}


def _overlay() -> dict[str, Any]:
    properties: dict[str, Any] = {"description": {"type": "string"},
                                  "descriptions": _descriptions("its description in the players' languages, e.g. "
                                                                "{it: ..., fr: ..., pt: ...}"),
                                  **_settings()}
    assert set(properties) == set(R.OVERLAY_KEYS), "the schema names every overlay key the loader reads"
    return {"anyOf": [{"type": "null"}, {"type": "object", "properties": properties,
                                         "additionalProperties": False}]}


def spec_schema() -> dict[str, Any]:
    """The JSON Schema of a spec file (a plain spec, or a house file with ``extends``)."""
    named_overlays = {"type": "object", "propertyNames": _ONE_LINE, "additionalProperties": {"$ref": "#/$defs/overlay"}}
    properties: dict[str, Any] = {
        "name": _ONE_LINE,
        "title": _ONE_LINE,
        "names": _language_names("the title in the players' languages, e.g. {it: Barbu da torneo}"),
        "description": {"type": "string"},
        "descriptions": _descriptions("the description in the players' languages, e.g. {it: ..., fr: ..., pt: ...}"),
        "extends": {"type": "string", "description": "a bundled spec or a spec file this one builds on"},
        "apply": {**_NAMES, "description": "variants and scales of the base to apply"},
        "applied": {**_NAMES, "description": "overlays already applied (barbu fmt writes it)"},
        **_settings(),
        "variants": named_overlays,
        "scales": named_overlays,
    }
    assert set(properties) == set(R.SPEC_KEYS), "the schema names every spec key the loader reads"
    return {
        "$schema": DRAFT,
        "title": "barbu_dsl spec",
        "description": "A rule set of the Barbu family for barbu_dsl (docs/language.md; docs/rules.md). "
                       "barbu check reads what a schema cannot: rule lines, totals, decks.",
        "type": "object",
        "properties": properties,
        "anyOf": [{"required": ["contracts"]}, {"required": ["extends"]}],
        "additionalProperties": False,
        "$defs": {
            "players": _players(),
            "deck": _deck(),
            "decks": _decks(),
            "leftover": _leftover(),
            "game": _game(),
            "doubling": _doubling(),
            "passing": _passing(),
            "redeal": _redeal(),
            "contract": _contract(),
            "patch": _patch(),
            "overlay": _overlay(),
        },
    }


def schema_text() -> str:
    """The schema as ``barbu schema`` prints it and docs/spec.schema.json holds it."""
    return json.dumps(spec_schema(), ensure_ascii=False, indent=2) + "\n"


__all__ = ["DRAFT", "schema_text", "spec_schema"]
