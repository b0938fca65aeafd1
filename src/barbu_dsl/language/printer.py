"""Write a model back as canonical spec text (``barbu fmt``).

The output is a spec file that reads back to an equal model:
``parse_spec(print_spec(spec)) == spec``, and the same for
:func:`print_file`, which writes a house spec as the file it is (with
``extends``) rather than resolved.  Rule lines use the canonical
clause forms of :mod:`.rules` (suit symbols, ``−`` for minus); settings are
written only where they differ from the defaults.
"""

from __future__ import annotations

import json
import re
from dataclasses import fields

import yaml

from .. import cards as C
from . import model as m
from .decks import DeckProblem, default_removed, outside_pack, pack_text, read_removals, removals_text
from .names import descriptions_lines, names_text
from .rules import clause_text, rules_text

_PLAIN = re.compile(r"^[\w♠♥♦♣−+(][\w ♠♥♦♣−+'’.()/{},;:!?&-]*$")


def quote(text: str, flow: bool = False) -> str:
    """``text`` as a YAML scalar: plain when that surely reads back the same
    (``flow``: inside ``{...}`` or ``[...]``, where commas and brackets end it)."""
    plain = bool(_PLAIN.match(text)) and text == text.strip() and ": " not in text and " #" not in text
    if flow:
        plain = plain and not any(ch in text for ch in ",[]{}?:")
    if plain:
        try:
            document = f"[{text}]" if flow else f"k: {text}"
            loaded = yaml.safe_load(document)
            plain = loaded == ([text] if flow else {"k": text})
        except yaml.YAMLError:
            plain = False
    return text if plain else json.dumps(text, ensure_ascii=False)


def print_spec(spec: m.Spec) -> str:
    """Canonical spec text for ``spec``, resolved: a house spec is written
    out whole (``barbu fmt --flatten``)."""
    out = _identity(spec)
    out.append(f"players: {_players(spec.players)}")
    if spec.pack_low != 2:
        out.append(f"deck: {pack_text(spec.pack_low)}")
    words = dict(spec.deck_words)  # a deck written in words is kept, even when it is the default
    decks = [(n, cards) for n, cards in spec.removed
             if cards != default_removed(n, spec.pack_low, spec.widow) or n in words]
    if decks:
        out.append("decks:")
        out.extend(f"  {n}: {_deck(cards, n, spec.pack_low, words.get(n))}" for n, cards in decks)
    if spec.widow:
        out.append(f"leftover: {spec.leftover}")
    out.extend(_section("game", _changed(spec.game, m.Game())))
    out.extend(_doubling(spec.doubling))
    passing = spec.passing  # its cycle printed even when it is the default: where the cards go is read at once
    out.extend(_passing([("cards", passing.cards), ("cycle", passing.cycle)] if passing.on else []))
    redeal = spec.redeal
    limit = [("limit", redeal.limit)] if redeal.limit != m.REDEAL_LIMIT else []
    out.extend(_redeal([("above", redeal.above), ("trump", redeal.trump), *limit] if redeal.on else []))
    out.append("contracts:")
    for contract in spec.contracts:
        if not contract.derived:
            out.extend(_contract(contract, "  "))
    out.extend(_overlays(spec.overlays, spec.pack_low))
    if spec.applied:
        out.append("applied: " + _names(spec.applied))
    return "\n".join(out) + "\n"


def print_file(spec: m.Spec) -> str:
    """Canonical text of the file ``spec`` was read from (``barbu fmt``): a
    house spec as itself, with its header comment, ``extends`` and
    ``apply``, its own settings and contract changes and the variants and
    scales it declares; any other spec as :func:`print_spec`."""
    extends = spec.extends
    if extends is None or extends.changes is None:
        return print_spec(spec)
    out = _identity(spec, [f"extends: {quote(extends.base)}"]
                    + ([f"apply: {_names(extends.apply)}"] if extends.apply else []))
    out.extend(_overlay_body(extends.changes, "", spec.pack_low))
    out.extend(_overlays(tuple(o for o in spec.overlays if o.name in extends.declares), spec.pack_low))
    return "\n".join(out) + "\n"


def _identity(spec: m.Spec, before_name: list[str] | None = None) -> list[str]:
    """The header comment, then ``before_name``, then name, title and description."""
    out: list[str] = []
    if spec.header:
        out.extend(f"# {line}".rstrip() for line in spec.header.split("\n"))
        out.append("")
    out.extend(before_name or [])
    out.append(f"name: {quote(spec.name)}")
    if spec.title != spec.name:
        out.append(f"title: {quote(spec.title)}")
    if spec.names:
        out.append(f"names: {names_text(spec.names)}")
    if spec.description:
        out.append(f"description: {quote(spec.description)}")
        out.extend(descriptions_lines(spec.descriptions, ""))
    return out


def _overlays(overlays: tuple[m.Overlay, ...], low: int) -> list[str]:
    """``variants:`` then ``scales:`` (``low``: the spec's pack's lowest rank)."""
    out: list[str] = []
    for kind in ("variant", "scale"):
        of_kind = [o for o in overlays if o.kind == kind]
        if of_kind:
            out.append(f"{kind}s:")
            for overlay in of_kind:
                out.extend(_overlay(overlay, low))
    return out


def _names(names: tuple[str, ...]) -> str:
    return "[" + ", ".join(quote(n, flow=True) for n in names) + "]"


def _players(players: tuple[int, ...]) -> str:
    if len(players) == 1:
        return str(players[0])
    if list(players) == list(range(players[0], players[-1] + 1)):
        return f"{players[0]}-{players[-1]}"
    return "[" + ", ".join(map(str, players)) + "]"


def _value(value: object, key: str = "") -> str:
    """A setting's value as YAML; ``key`` names settings written their own way."""
    if key == "first_declarer":
        return "lot" if value is None else f"holder of {C.card_symbol(value)}"  # type: ignore[arg-type]
    if key == "hands" and isinstance(value, tuple):
        return "{" + ", ".join(f"{count}: {hands}" for count, hands in value) + "}"
    if key == "reset" and isinstance(value, tuple):
        return _reset(value)
    if key == "payout" and isinstance(value, tuple):
        return _payout(value)
    if key == "pot":
        return "no points" if value else "false"
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, tuple):
        return "[" + ", ".join(quote(str(v), flow=True) for v in value) + "]"
    return quote(str(value)) if isinstance(value, str) else str(value)


def _reset(resets: tuple[tuple[int, int], ...]) -> str:
    """``game.reset`` as written: ``100`` (back to 0), ``{exactly: 100, to:
    50}``, a list of those, or ``false`` (none, in a variant)."""
    items = [str(exactly) if to == 0 else f"{{exactly: {exactly}, to: {to}}}" for exactly, to in resets]
    if not items:
        return "false"
    return items[0] if len(items) == 1 else "[" + ", ".join(items) + "]"


def _payout(payout: tuple[tuple[int, tuple[int, ...]], ...]) -> str:
    """``game.payout`` as written: one list (for the count of its length),
    a mapping of player counts to lists, or ``false`` (none, in a variant)."""
    if not payout:
        return "false"
    lists = {count: "[" + ", ".join(map(str, amounts)) + "]" for count, amounts in payout}
    if len(payout) == 1:
        return next(iter(lists.values()))
    return "{" + ", ".join(f"{count}: {text}" for count, text in lists.items()) + "}"


def _changed(obj: object, default: object) -> list[tuple[str, object]]:
    return [(f.name, getattr(obj, f.name)) for f in fields(obj)  # type: ignore[arg-type]
            if getattr(obj, f.name) != getattr(default, f.name)]


def _section(name: str, items: list[tuple[str, object]], indent: str = "") -> list[str]:
    if not items:
        return []
    return [f"{indent}{name}:", *(f"{indent}  {key}: {_value(value, key)}" for key, value in items)]


def _doubling_items(items: list[tuple[str, object]]) -> list[tuple[str, object]]:
    return [("positive", "declarer-only" if v else "anyone") if k == "positive_declarer_only" else (k, v)
            for k, v in items]


def _doubling(doubling: m.Doubling, indent: str = "") -> list[str]:
    if not doubling.allowed and doubling == m.Doubling(allowed=False):
        return [f"{indent}doubling: false"]
    return _section("doubling", _doubling_items(_changed(doubling, m.Doubling())), indent)


def _passing(items: list[tuple[str, object]], indent: str = "") -> list[str]:
    """``passing: false``, or its cards and cycle on one line."""
    if not items:
        return []
    if items == [("cards", 0)]:
        return [f"{indent}passing: false"]
    return [f"{indent}passing: {{" + ", ".join(f"{key}: {_value(value, key)}" for key, value in items) + "}"]


def _redeal(items: list[tuple[str, object]], indent: str = "") -> list[str]:
    """``redeal: [no honour, no trump]``, ``redeal: false``, or its
    conditions and limit on one line (docs/rules.md section 6, Misdeals)."""
    if not items:
        return []
    given = dict(items)
    said = "above" in given or "trump" in given
    when = m.Redeal(given.get("above"), bool(given.get("trump"))).when  # type: ignore[arg-type]
    if said and not when:
        return [f"{indent}redeal: false"]
    if "limit" not in given:
        return [f"{indent}redeal: {_value(when)}"]
    fields = [f"when: {_value(when)}"] if said else []
    return [f"{indent}redeal: {{" + ", ".join([*fields, f"limit: {given['limit']}"]) + "}"]


def _contract(contract: m.Contract, indent: str) -> list[str]:
    name = quote(contract.name)
    line = quote(rules_text(contract.rules))
    times = contract.times != 1 or contract.times_each
    if not (contract.by_players or contract.twin or contract.description or times or contract.names):
        return [f"{indent}{name}: {line}"]
    out = [f"{indent}{name}:", f"{indent}  rules: {line}"]
    if times:
        out.append(f"{indent}  times: {contract.times}{' each' if contract.times_each else ''}")
    if contract.names:
        out.append(f"{indent}  names: {names_text(contract.names)}")
    if contract.twin:
        out.append(f"{indent}  twin: {quote(contract.twin)}")
    if contract.twin and contract.twin_names:
        out.append(f"{indent}  twin_names: {names_text(contract.twin_names)}")
    if contract.description:
        out.append(f"{indent}  description: {quote(contract.description)}")
        out.extend(descriptions_lines(contract.descriptions, indent + "  "))
    if contract.by_players:
        out.append(f"{indent}  players:")
        out.extend(f"{indent}    {n}: {quote(rules_text(r))}" for n, r in contract.by_players)
    return out


def _line(groups: tuple[tuple[m.Clause, ...], ...]) -> str:
    return "; ".join(", ".join(clause_text(c) for c in g) for g in groups)


def _overlay(overlay: m.Overlay, low: int) -> list[str]:
    out = [f"  {quote(overlay.name)}:"]
    if overlay.description:
        out.append(f"    description: {quote(overlay.description)}")
        out.extend(descriptions_lines(overlay.descriptions, "    "))
    out.extend(_overlay_body(overlay, "    ", low))
    if len(out) == 1:
        out[0] += " {}"
    return out


def _deck(cards: tuple[int, ...], players: int, low: int, words: str | None) -> str:
    """A deck as the file wrote it when it used a shorthand that still
    sets the same cards aside (``highest 8 each``), else its cards."""
    if words is not None:
        try:
            if set(read_removals(words, players, low)) | outside_pack(low) == set(cards):
                return words
        except DeckProblem:
            pass
    return removals_text(cards, low)


def _overlay_body(overlay: m.Overlay, indent: str, low: int = 2) -> list[str]:
    """An overlay's settings and contract changes, as keys at ``indent``
    (``low``: the lowest rank of the pack its decks are taken from, unless
    it sets a pack of its own)."""
    out: list[str] = []
    low = next((value for key, value in overlay.settings if key == "deck"), low)  # type: ignore[assignment]
    game: list[tuple[str, object]] = []
    doubling: list[tuple[str, object]] = []
    passing: list[tuple[str, object]] = []
    redeal: list[tuple[str, object]] = []
    decks = [(key.split(".")[1], value) for key, value in overlay.settings if key.startswith("decks.")]
    for key, value in overlay.settings:
        if key == "players":
            out.append(f"{indent}players: {_players(value)}")  # type: ignore[arg-type]
        elif key == "deck":
            out.append(f"{indent}deck: {pack_text(value)}")  # type: ignore[arg-type]
        elif key.startswith("decks.") or key == "leftover":
            continue
        elif key.startswith("game."):
            game.append((key.split(".", 1)[1], value))
        elif key.startswith("passing."):
            passing.append((key.split(".", 1)[1], value))
        elif key.startswith("redeal."):
            redeal.append((key.split(".", 1)[1], value))
        else:
            doubling.append((key.split(".", 1)[1], value))
    if decks:
        out.append(f"{indent}decks:")
        words = dict(overlay.deck_words)
        out.extend(f"{indent}  {count}: {_deck(value, int(count), low, words.get(int(count)))}"  # type: ignore[arg-type]
                   for count, value in decks)
    out.extend(f"{indent}leftover: {value}" for key, value in overlay.settings if key == "leftover")
    out.extend(_section("game", game, indent))
    if doubling == [("allowed", False)]:
        out.append(f"{indent}doubling: false")
    else:
        out.extend(_section("doubling", _doubling_items(doubling), indent))
    out.extend(_passing(passing, indent))
    out.extend(_redeal(redeal, indent))
    if overlay.contracts:
        out.append(f"{indent}contracts:")
        for change in overlay.contracts:
            out.extend(_change(change, indent + "  "))
    return out


def _change(change: m.ContractChange, indent: str) -> list[str]:
    """One contract change: a contract, ``null`` (drop) or a patch."""
    if change.action == "set":
        assert change.contract is not None
        return _contract(change.contract, indent)
    if change.action == "drop":
        return [f"{indent}{quote(change.name)}: null"]
    parts = [f"{action}: {quote(_line(groups), flow=True)}"
             for action, groups in (("remove", change.remove), ("add", change.add)) if groups]
    if change.by_players:
        counts = ", ".join(f"{n}: {quote(rules_text(r), flow=True)}" for n, r in change.by_players)
        parts.append(f"players: {{{counts}}}")
    return [f"{indent}{quote(change.name)}: {{{', '.join(parts)}}}"]
