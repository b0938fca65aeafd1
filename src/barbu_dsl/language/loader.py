"""Read a spec into the model: YAML sections, rule lines, overlays, checks.

A spec file is YAML (read with safe-load safety) with these keys::

    name, title, description      who it is
    extends, apply                a house spec: start from another spec and
                                  apply some of its variants and scales
    players                       4, [3, 4, 5] or "3-7"
    decks                         cards removed per player count
    game                          aim, chooser, first_lead, mode, order, ...
    doubling                      false, or who may double whom
    contracts                     name: rule line (or a mapping)
    variants, scales              named overlays of the keys above
    applied                       overlays already applied (``barbu fmt``
                                  writes it; they are not applied again)

Every problem in the file is collected, positioned and reported together as
a :class:`~barbu_dsl.errors.SpecError`.  Checks that need the whole spec
(a scoring card removed from a deck, placings for the wrong number of
players) run after the overlays are applied, and point at the line that
caused them.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from .. import cards as C
from ..errors import SpecError, UsageError
from ..resources import bundled_spec_names, bundled_spec_path, bundled_spec_text
from . import model as m
from .parser import Groups, LineError, parse_line
from .rules import build, clause_text, clauses, negate, rules_text, select
from .source import MappingNode, Node, ScalarNode, SequenceNode, Source, as_bool, as_int, is_null, pairs, scalar

SPEC_KEYS = ("name", "title", "description", "extends", "apply", "applied", "players", "decks", "game",
             "doubling", "contracts", "variants", "scales")
OVERLAY_KEYS = ("description", "players", "decks", "game", "doubling", "contracts")
CONTRACT_KEYS = ("rules", "description", "twin", "players")
CHOICES: dict[str, tuple[str, ...]] = {
    "game.aim": ("highest", "lowest"),
    "game.chooser": ("declarer-series", "rotating", "dealer", "fixed-order"),
    "game.first_lead": ("declarer", "left"),
    "game.mode": ("classic", "random", "individual-random", "custom"),
    "doubling.whom": ("anyone", "declarer-only"),
    "doubling.positive": ("declarer-only", "anyone"),
    "doubling.undoubled": ("played", "not-played"),
}
INTEGERS = ("game.contracts_per_game", "game.hands", "doubling.minimum")
BOOLEANS = ("doubling.allowed", "doubling.redouble")
GAME_KEYS = ("aim", "chooser", "first_lead", "mode", "contracts_per_game", "hands", "order")
DOUBLING_KEYS = ("allowed", "whom", "positive", "redouble", "undoubled", "minimum")

Setting = tuple[str, m.SettingValue]


# --------------------------------------------------------------------------
# Entry points.


def load_spec(ref: str) -> m.Spec:
    """The spec ``NAME_OR_PATH[+OVERLAY...]``: a bundled spec name or a file,
    with named variants and scales applied in order."""
    if Path(ref).is_file():
        return load_file(Path(ref))
    base, *overlays = ref.split("+")
    if not base:
        raise UsageError(f"no spec named in '{ref}'")
    spec = _load_named(base, Path.cwd())
    return apply_overlays(spec, overlays)


def load_file(path: Path) -> m.Spec:
    """The spec in the file ``path``."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise UsageError(f"cannot read {path}: {error}") from None
    return parse_spec(text, str(path), _default_name(path))


def parse_spec(text: str, file: str = "<spec>", default_name: str = "spec") -> m.Spec:
    """The spec written in ``text``; ``file`` names it in error messages."""
    return _Reader(Source(file, text), default_name, ()).read()


def apply_overlays(spec: m.Spec, names: list[str]) -> m.Spec:
    """``spec`` with the named variants and scales applied, in order."""
    for name in names:
        try:
            overlay = spec.overlay(name)
        except KeyError:
            raise UsageError(_unknown_overlay_message(spec, name)) from None
        if name in spec.applied:
            raise UsageError(f"{name} is already applied to {spec.full_name}")
        source = Source(overlay.where.file if overlay.where else spec.name, "")
        spec = _apply(spec, overlay, source)
        spec = replace(spec, applied=(*spec.applied, name))
        _check(spec, source)
        if source.diagnostics:
            raise SpecError(source.diagnostics)
    return spec


def _unknown_overlay_message(spec: m.Spec, name: str) -> str:
    names = [o.name for o in spec.overlays]
    message = f"{spec.name} has no variant or scale '{name}'"
    close = difflib.get_close_matches(name, names, n=1)
    if close:
        message += f"; did you mean '{close[0]}'?"
    if names:
        message += "\n    available: " + ", ".join(names)
    return message


def _default_name(path: Path) -> str:
    return path.name.removesuffix(".yaml").removesuffix(".yml")


def _load_named(name: str, relative_to: Path, stack: tuple[str, ...] = ()) -> m.Spec:
    """A bundled spec by name, or a spec file (relative to ``relative_to``)."""
    path = (relative_to / name) if not Path(name).is_absolute() else Path(name)
    if path.is_file():
        key = str(path.resolve())
        if key in stack:
            raise UsageError(f"{path} extends itself (through {' → '.join(stack)})")
        text = path.read_text(encoding="utf-8")
        return _Reader(Source(str(path), text), _default_name(path), (*stack, key)).read()
    try:
        text = bundled_spec_text(name)
    except KeyError:
        names = bundled_spec_names()
        message = f"no spec '{name}': not a bundled spec nor a file"
        close = difflib.get_close_matches(name, names, n=1)
        if close:
            message += f"; did you mean '{close[0]}'?"
        raise UsageError(message + "\n    bundled specs: " + ", ".join(names)) from None
    key = f"bundled:{name}"
    if key in stack:
        raise UsageError(f"bundled spec {name} extends itself")
    return _Reader(Source(bundled_spec_path(name), text), name, (*stack, key)).read()


# --------------------------------------------------------------------------
# Reading one file.


class _Reader:
    """Reads one spec file, collecting every problem in ``source``."""

    def __init__(self, source: Source, default_name: str, stack: tuple[str, ...]):
        self.source = source
        self.default_name = default_name
        self.stack = stack
        self.positions: dict[str, m.Position] = {}

    def read(self) -> m.Spec:
        spec = self._read()
        if self.source.diagnostics or spec is None:
            raise SpecError(self.source.diagnostics)
        return spec

    def _read(self) -> m.Spec | None:
        src = self.source
        root = src.compose()
        if root is None:
            return None
        if not isinstance(root, MappingNode):
            src.error(root, "a spec is a YAML mapping of keys such as name, players, contracts",
                      hint="start with 'name: my-rules' and 'contracts:'")
            return None
        sections = self._sections(root, SPEC_KEYS, "spec")
        base: m.Spec | None = None
        if "extends" in sections:
            base = self._extends(sections["extends"])
            if base is None:
                return None
        elif "contracts" not in sections:
            src.error(root, "a spec needs 'contracts' (or 'extends' to build on another spec)")
            return None

        name = self._text(sections.get("name")) or (base.name if base and "name" not in sections
                                                     else self.default_name)
        title = self._text(sections.get("title")) or (base.title if base else name)
        description = self._text(sections.get("description")) or (base.description if base else "")
        header = src.header_comment() or (base.header if base else "")
        own_overlays = [
            *self._overlays(sections.get("variants"), "variant"),
            *self._overlays(sections.get("scales"), "scale"),
        ]
        settings, changes = self._overlay_body(sections, "spec")

        if base is None:
            spec = m.Spec(name=name, title=title, players=(4,), removed=((4, ()),), game=m.Game(),
                          doubling=m.Doubling(), contracts=(), header=header, description=description)
            spec = _apply(spec, m.Overlay("", "variant", settings=tuple(settings), contracts=tuple(changes)), src)
            spec = replace(spec, overlays=tuple(own_overlays))
            applied = self._names(sections.get("applied"))
            for overlay_name in applied:
                if overlay_name not in {o.name for o in own_overlays}:
                    src.error(sections["applied"], f"'{overlay_name}' is applied but not declared")
            spec = replace(spec, applied=tuple(applied))
        else:
            spec = replace(base, overlays=(*base.overlays, *own_overlays))
            taken = {o.name for o in base.overlays}
            for overlay in own_overlays:
                if overlay.name in taken:
                    src.error_at_position(overlay.where, f"'{overlay.name}' is already a variant or scale "
                                          f"of {base.name}")
            for name_node in self._name_nodes(sections.get("apply")):
                overlay_name = scalar(name_node) or ""
                try:
                    overlay = spec.overlay(overlay_name)
                except KeyError:
                    src.error(name_node, _unknown_overlay_message(spec, overlay_name).split("\n")[0],
                              hint="available: " + ", ".join(o.name for o in spec.overlays))
                    continue
                spec = _apply(spec, overlay, src)
                spec = replace(spec, applied=(*spec.applied, overlay_name))
            spec = _apply(spec, m.Overlay("", "variant", settings=tuple(settings), contracts=tuple(changes)), src)
            spec = replace(spec, name=name, title=title, description=description, header=header)
        if not src.diagnostics:
            _check(spec, src, self.positions)
        return spec

    # ---- generic helpers ---------------------------------------------------------
    def _sections(self, node: MappingNode, allowed: tuple[str, ...], what: str) -> dict[str, Node]:
        found: dict[str, Node] = {}
        for key, value in pairs(node):
            text = scalar(key)
            if text is None or text not in allowed:
                close = difflib.get_close_matches(str(text), allowed, n=1)
                self.source.error(key, f"unknown key '{text}' in a {what}",
                                  hint=f"did you mean '{close[0]}'?" if close else "keys: " + ", ".join(allowed))
                continue
            if text in found:
                self.source.error(key, f"'{text}' is given twice")
                continue
            found[text] = value
        return found

    def _text(self, node: Node | None) -> str | None:
        if node is None:
            return None
        text = scalar(node)
        if text is None or is_null(node):
            self.source.error(node, "expected a text")
            return None
        return text.strip()

    def _names(self, node: Node | None) -> list[str]:
        return [scalar(n) or "" for n in self._name_nodes(node)]

    def _name_nodes(self, node: Node | None) -> list[Node]:
        if node is None:
            return []
        if isinstance(node, ScalarNode) and not is_null(node):
            return [node]
        if isinstance(node, SequenceNode) and all(isinstance(n, ScalarNode) for n in node.value):
            return list(node.value)
        self.source.error(node, "expected a name or a list of names")
        return []

    def _extends(self, node: Node) -> m.Spec | None:
        name = self._text(node)
        if not name:
            return None
        relative_to = Path(self.source.file).parent if Path(self.source.file).is_file() else Path.cwd()
        try:
            return _load_named(name, relative_to, self.stack)
        except UsageError as error:
            self.source.error(node, str(error).split("\n")[0])
        except SpecError as error:
            self.source.diagnostics.extend(error.diagnostics)
        return None

    # ---- overlays ----------------------------------------------------------------
    def _overlays(self, node: Node | None, kind: str) -> list[m.Overlay]:
        if node is None:
            return []
        if not isinstance(node, MappingNode):
            self.source.error(node, f"'{kind}s' is a mapping of names to overlays")
            return []
        overlays: list[m.Overlay] = []
        seen: set[str] = set()
        for key, value in pairs(node):
            name = scalar(key) or ""
            if not name or name in seen:
                self.source.error(key, f"{kind} '{name}' is declared twice" if name else f"a {kind} needs a name")
                continue
            seen.add(name)
            if is_null(value):
                overlays.append(m.Overlay(name, kind, where=self.source.where(key)))  # type: ignore[arg-type]
                continue
            if not isinstance(value, MappingNode):
                self.source.error(value, f"{kind} '{name}' is a mapping of keys such as contracts, game")
                continue
            sections = self._sections(value, OVERLAY_KEYS, kind)
            settings, changes = self._overlay_body(sections, kind)
            overlays.append(m.Overlay(
                name, kind,  # type: ignore[arg-type]
                description=self._text(sections.get("description")) or "",
                settings=tuple(settings), contracts=tuple(changes), where=self.source.where(key),
            ))
        return overlays

    def _overlay_body(self, sections: dict[str, Node], what: str) -> tuple[list[Setting], list[m.ContractChange]]:
        settings: list[Setting] = []
        if "players" in sections:
            self.positions.setdefault("players", self.source.where(sections["players"]))
            players = self._players(sections["players"])
            if players:
                settings.append(("players", players))
        if "decks" in sections:
            settings.extend(self._decks(sections["decks"]))
        if "game" in sections:
            settings.extend(self._keyed(sections["game"], "game", GAME_KEYS))
        if "doubling" in sections:
            node = sections["doubling"]
            flag = as_bool(node)
            if flag is not None:
                settings.append(("doubling.allowed", flag))
            else:
                settings.extend(self._keyed(node, "doubling", DOUBLING_KEYS))
        changes: list[m.ContractChange] = []
        if "contracts" in sections:
            changes = self._contract_changes(sections["contracts"], patching=what != "spec" or "extends" in sections)
        return settings, changes

    def _players(self, node: Node) -> tuple[int, ...]:
        counts: list[int] = []
        number = as_int(node)
        text = scalar(node)
        if number is not None:
            counts = [number]
        elif isinstance(node, SequenceNode):
            counts = [n for n in (as_int(item) for item in node.value) if n is not None]
            if len(counts) != len(node.value):
                self.source.error(node, "players is a number, a list of numbers or a range such as 3-7")
                return ()
        elif text and "-" in text:
            low, _, high = text.partition("-")
            if low.strip().isdigit() and high.strip().isdigit():
                counts = list(range(int(low), int(high) + 1))
        if not counts:
            self.source.error(node, "players is a number, a list of numbers or a range such as 3-7")
            return ()
        bad = [n for n in counts if not 3 <= n <= 7]
        if bad:
            self.source.error(node, f"Barbu is played by 3 to 7 players, not {bad[0]}")
            return ()
        return tuple(sorted(set(counts)))

    def _decks(self, node: Node) -> list[Setting]:
        if not isinstance(node, MappingNode):
            self.source.error(node, "decks maps a player count to the cards removed, e.g. '5: [2♣, 2♦]'")
            return []
        settings: list[Setting] = []
        for key, value in pairs(node):
            count = as_int(key)
            if count is None or not 3 <= count <= 7:
                self.source.error(key, "a deck is given for a player count from 3 to 7")
                continue
            items: list[ScalarNode] = []
            if isinstance(value, SequenceNode):
                items = [v for v in value.value if isinstance(v, ScalarNode)]
            elif isinstance(value, ScalarNode) and not is_null(value) and value.value.lower() != "full":
                items = [value]
            removed: list[int] = []
            for item in items:
                for word in item.value.replace(",", " ").split():
                    card = C.parse_card(word)
                    if card is None:
                        self.source.error(item, f"unknown card '{word}'",
                                          hint="a card is a rank then a suit: 2♣, 10♦, QS")
                    elif card in removed:
                        self.source.error(item, f"{C.card_symbol(card)} is removed twice")
                    else:
                        removed.append(card)
            self.positions.setdefault(f"decks.{count}", self.source.where(key))
            settings.append((f"decks.{count}", tuple(sorted(removed))))
        return settings

    def _keyed(self, node: Node, section: str, keys: tuple[str, ...]) -> list[Setting]:
        if not isinstance(node, MappingNode):
            self.source.error(node, f"'{section}' is a mapping with keys " + ", ".join(keys))
            return []
        settings: list[Setting] = []
        for key, value in self._sections(node, keys, section).items():
            full = f"{section}.{key}"
            self.positions.setdefault(full, self.source.where(value))
            if full in CHOICES:
                text = scalar(value)
                if text not in CHOICES[full]:
                    close = difflib.get_close_matches(str(text), CHOICES[full], n=1)
                    self.source.error(value, f"{key} cannot be '{text}'",
                                      hint=(f"did you mean '{close[0]}'? " if close else "")
                                      + "one of: " + ", ".join(CHOICES[full]))
                    continue
                if full == "doubling.positive":
                    settings.append(("doubling.positive_declarer_only", text == "declarer-only"))
                else:
                    settings.append((full, text))
            elif full in INTEGERS:
                number = as_int(value)
                if number is None and not is_null(value):
                    self.source.error(value, f"{key} is a whole number")
                    continue
                settings.append((full, number))
            elif full in BOOLEANS:
                flag = as_bool(value)
                if flag is None:
                    self.source.error(value, f"{key} is true or false")
                    continue
                settings.append((full, flag))
            elif full == "game.order":
                settings.append((full, tuple(self._names(value))))
        return settings

    # ---- contracts ---------------------------------------------------------------
    def _contract_changes(self, node: Node, patching: bool) -> list[m.ContractChange]:
        if not isinstance(node, MappingNode):
            self.source.error(node, "contracts is a mapping of contract names to rule lines",
                              hint="e.g. 'No hearts: −2 per ♥, A♥ −6, no ♥ lead'")
            return []
        changes: list[m.ContractChange] = []
        first_seen: dict[str, int] = {}
        for key, value in pairs(node):
            name = (scalar(key) or "").strip()
            if not name:
                self.source.error(key, "a contract needs a name")
                continue
            folded = m.contract_key(name)
            if folded in first_seen:
                self.source.error(key, f"contract '{name}' is listed twice",
                                  hint=f"it is first listed on line {first_seen[folded]}")
                continue
            first_seen[folded] = self.source.where(key).line
            where = self.source.where(key)
            if is_null(value):
                if patching:
                    changes.append(m.ContractChange(name, "drop", where=where))
                else:
                    self.source.error(value, f"contract '{name}' has no rules",
                                      hint="write its rule line after the colon, e.g. '−2 per trick'")
                continue
            if patching and isinstance(value, MappingNode):
                keys = {scalar(k) for k, _ in pairs(value)}
                if keys & {"add", "remove", "drop"}:
                    changes.extend(self._patch(name, value, where))
                    continue
            contract = self._contract(name, value)
            if contract is not None:
                changes.append(m.ContractChange(name, "set", contract=contract, where=where))
        return changes

    def _patch(self, name: str, node: MappingNode, where: m.Position) -> list[m.ContractChange]:
        lines: dict[str, tuple[tuple[m.Clause, ...], ...]] = {"remove": (), "add": ()}
        for key, value in pairs(node):
            action = scalar(key)
            if action == "drop":
                if as_bool(value) is None:
                    self.source.error(value, "drop is true or false")
                elif as_bool(value):
                    return [m.ContractChange(name, "drop", where=where)]
                continue
            if action not in lines:
                self.source.error(key, f"unknown key '{action}' in a contract change",
                                  hint="use 'remove: <clauses>', 'add: <clauses>' or 'drop: true'")
                continue
            groups = self._line(value)
            if groups is not None:
                lines[action] = tuple(tuple(c for c, _ in g) for g in groups)
        return [m.ContractChange(name, "patch", remove=lines["remove"], add=lines["add"], where=where)]

    def _contract(self, name: str, node: Node) -> m.Contract | None:
        if isinstance(node, ScalarNode):
            rules = self._rules(node)
            return m.Contract(name, rules, where=self.source.where(node)) if rules else None
        if not isinstance(node, MappingNode):
            self.source.error(node, f"contract '{name}' is a rule line or a mapping with 'rules'")
            return None
        sections = self._sections(node, CONTRACT_KEYS, "contract")
        if "rules" not in sections:
            self.source.error(node, f"contract '{name}' needs 'rules'")
            return None
        rules = self._rules(sections["rules"])
        by_players: list[tuple[int, m.Rules]] = []
        if "players" in sections:
            per = sections["players"]
            if not isinstance(per, MappingNode):
                self.source.error(per, "players maps a player count to a rule line")
            else:
                for key, value in pairs(per):
                    count = as_int(key)
                    if count is None or not 3 <= count <= 7:
                        self.source.error(key, "a player count from 3 to 7")
                        continue
                    other = self._rules(value)
                    if other is not None:
                        by_players.append((count, other))
        if rules is None:
            return None
        return m.Contract(
            name, rules, by_players=tuple(sorted(by_players, key=lambda p: p[0])),
            twin=self._text(sections.get("twin")), description=self._text(sections.get("description")),
            where=self.source.where(sections["rules"]),
        )

    def _line(self, node: Node) -> Groups | None:
        text = scalar(node)
        if text is None or is_null(node) or not text.strip():
            self.source.error(node, "expected a rule line such as '−2 per ♥, A♥ −6, no ♥ lead'")
            return None
        try:
            return parse_line(text)
        except LineError as error:
            problem = error.problem
            index = self.source.value_index(node, problem.offset)  # type: ignore[arg-type]
            self.source.error_at(index, problem.message, problem.width, problem.hint)
            return None

    def _rules(self, node: Node) -> m.Rules | None:
        groups = self._line(node)
        if groups is None:
            return None
        rules, problems = build(groups)
        for problem in problems:
            index = self.source.value_index(node, problem.offset)  # type: ignore[arg-type]
            self.source.error_at(index, problem.message, max(1, problem.width), problem.hint)
        return rules


# --------------------------------------------------------------------------
# Applying an overlay.


def _apply(spec: m.Spec, overlay: m.Overlay, source: Source) -> m.Spec:
    """``spec`` with ``overlay``'s settings and contract changes applied."""
    for key, value in overlay.settings:
        spec = _apply_setting(spec, key, value, overlay, source)
    contracts = [c for c in spec.contracts if not c.derived]
    order = list(spec.game.order)
    for change in overlay.contracts:
        keys = [m.contract_key(c.name) for c in contracts]
        key = m.contract_key(change.name)
        index = keys.index(key) if key in keys else None
        if change.action == "set":
            assert change.contract is not None
            if index is None:
                contracts.append(change.contract)
            else:
                contracts[index] = change.contract
            continue
        if index is None:
            source.error_at_position(change.where, f"there is no contract '{change.name}' to change",
                                     hint="contracts: " + ", ".join(c.name for c in contracts))
            continue
        if change.action == "drop":
            dropped = contracts.pop(index)
            order = [n for n in order if m.contract_key(n) not in (key, m.contract_key(dropped.twin or ""))]
            continue
        patched = _patch(contracts[index], change, source)
        if patched is not None:
            contracts[index] = patched
    spec = replace(spec, contracts=_with_twins(contracts), game=replace(spec.game, order=tuple(order)))
    return spec


def _apply_setting(spec: m.Spec, key: str, value: Any, overlay: m.Overlay, source: Source) -> m.Spec:
    if key == "players":
        removed = dict(spec.removed)
        return replace(spec, players=value,
                       removed=tuple((n, removed.get(n, tuple(sorted(C.default_removals(n))))) for n in value))
    if key.startswith("decks."):
        count = int(key.split(".")[1])
        if count not in spec.players:
            source.error_at_position(overlay.where, f"a deck is given for {count} players, but the spec "
                                     f"allows {', '.join(map(str, spec.players))}")
            return spec
        return replace(spec, removed=tuple((n, value if n == count else cards) for n, cards in spec.removed))
    section, field_name = key.split(".", 1)
    if section == "game":
        return replace(spec, game=replace(spec.game, **{field_name: value}))
    return replace(spec, doubling=replace(spec.doubling, **{field_name: value}))


def _patch(contract: m.Contract, change: m.ContractChange, source: Source) -> m.Contract | None:
    def patched(rules: m.Rules) -> m.Rules | None:
        groups = [list(g) for g in clauses(rules)]
        for clause in (c for g in change.remove for c in g):
            holder = next((g for g in groups if clause in g), None)
            if holder is None:
                source.error_at_position(change.where, f"'{clause_text(clause)}' is not a clause of "
                                         f"'{contract.name}'", hint="its rules: " + rules_text(rules))
                return None
            holder.remove(clause)
        groups.extend(list(g) for g in change.add)
        built, problems = build(tuple(tuple((c, 0) for c in g) for g in groups if g))
        for problem in problems:
            source.error_at_position(change.where, f"{contract.name}: {problem.message}", problem.hint)
        return built

    rules = patched(contract.rules)
    by_players = [(n, patched(r)) for n, r in contract.by_players]
    if rules is None or any(r is None for _, r in by_players):
        return None
    return replace(contract, rules=rules, by_players=tuple((n, r) for n, r in by_players if r is not None))


def _with_twins(contracts: list[m.Contract]) -> tuple[m.Contract, ...]:
    """The contracts, each followed by its derived twin when it has one."""
    result: list[m.Contract] = []
    for contract in contracts:
        result.append(contract)
        if contract.twin:
            result.append(m.Contract(
                contract.twin, negate(contract.rules),
                by_players=tuple((n, negate(r)) for n, r in contract.by_players),
                twin=contract.name, derived=True, where=contract.where,
            ))
    return tuple(result)


# --------------------------------------------------------------------------
# Whole-spec checks.


def _check(spec: m.Spec, source: Source, positions: dict[str, m.Position] | None = None) -> None:
    """Problems only the whole spec shows, reported where they were written
    (``positions``: where each setting of the file being read was given)."""
    report: Callable[..., None] = source.error_at_position
    where = positions or {}
    seen: dict[str, m.Contract] = {}
    for contract in spec.contracts:
        key = m.contract_key(contract.name)
        if key in seen:
            report(contract.where, f"contract '{contract.name}' is listed twice"
                   + (" (as a twin)" if contract.derived or seen[key].derived else ""))
        seen[key] = contract
    if not spec.contracts:
        report(None, "the spec has no contracts")
    for count, removed in spec.removed:
        deck = 52 - len(removed)
        if deck % count:
            report(where.get(f"decks.{count}") or where.get("players"),
                   f"a deck of {deck} cards does not deal evenly to {count} players",
                   hint=f"remove {deck % count} more card(s) in 'decks: {{{count}: [...]}}'")
    for contract in spec.contracts:
        for count in spec.players:
            if contract.derived:
                continue
            for problem in _contract_problems(contract.rules_for(count), count, spec.removed_for(count)):
                report(contract.where, f"{contract.name}, {count} players: {problem}")
        for count, _ in contract.by_players:
            if count not in spec.players:
                report(contract.where, f"{contract.name} gives rules for {count} players, "
                       f"but the spec allows {', '.join(map(str, spec.players))}")
    names = {m.contract_key(c.name) for c in spec.contracts}
    order_seen: set[str] = set()
    for name in spec.game.order:
        key = m.contract_key(name)
        if key not in names:
            close = difflib.get_close_matches(name, [c.name for c in spec.contracts], n=1)
            report(where.get("game.order"), f"game order names '{name}', which is not a contract",
                   hint=f"did you mean '{close[0]}'?" if close else None)
        if key in order_seen:
            report(where.get("game.order"), f"game order lists '{name}' twice")
        order_seen.add(key)
    per_game = spec.game.contracts_per_game
    available = len(spec.game.order) or len(spec.contracts)
    if per_game is not None and not (1 <= per_game <= available):
        report(where.get("game.contracts_per_game"), f"a game of {per_game} contracts, but {available} are available")
    if spec.game.hands is not None and spec.game.hands < 1:
        report(where.get("game.hands"), "a game needs at least one hand")


def _contract_problems(rules: m.Rules, players: int, removed: tuple[int, ...]) -> list[str]:
    problems: list[str] = []
    gone = set(removed)
    tricks = (52 - len(removed)) // players
    for part in rules.scoring.parts:
        if isinstance(part, m.PerCard) and isinstance(part.cards, (m.OneCard, m.CardSet)):
            for card in sorted(select(part.cards, None) & gone):
                problems.append(f"{C.card_symbol(card)} scores but is removed from the deck")
        if isinstance(part, m.Placings) and len(part.values) != players:
            problems.append(f"placings give {len(part.values)} values for {players} players")
    for group in rules.scoring.groups:
        seen: dict[int, str] = {}
        for part in group:
            if not isinstance(part, m.TrickAt):
                continue
            absolute = part.position if part.position > 0 else tricks + 1 + part.position
            if not 1 <= absolute <= tricks:
                problems.append(f"there is no trick {part.position} in a hand of {tricks} tricks")
            elif absolute in seen:
                problems.append(f"'{clause_text(part)}' and '{seen[absolute]}' score the same trick")
            seen[absolute] = clause_text(part)
    play = rules.play
    if isinstance(play, m.TrickPlay):
        named_cards = [play.opening_card] if play.opening_card is not None else []
        named_cards += [c for ban in play.lead_bans for c in ban.broken_by]
        for selector in (*play.shed_when_safe, *play.first_trick_bans):
            if isinstance(selector, (m.OneCard, m.CardSet)):
                named_cards += sorted(select(selector, None))
        for card in named_cards:
            if card in gone:
                problems.append(f"{C.card_symbol(card)} is named but removed from the deck")
    if isinstance(play, m.DominoPlay) and isinstance(play.start, int):
        if all(C.card(play.start, s) in gone for s in C.SUITS):
            problems.append(f"domino starts from {C.rank_str(play.start)}, but every one is removed")
    return problems
