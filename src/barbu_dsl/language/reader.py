"""Read one spec file into the model: its sections, overlays, contracts
and rule lines, every problem collected in its :class:`~.source.Source`.

:class:`SpecReader` walks the YAML document (the keys of a spec, a house
file's ``extends`` and ``apply``, variants and scales, contracts and their
rule lines); the settings (``players``, ``deck``, ``decks``, ``game``,
``doubling``) are read by the methods it takes from
:class:`~.settings.SettingReaders`.  Finding and loading files is
:mod:`.loader`'s, which hands the reader a way to load what a house file
``extends``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from ..errors import SpecError, UsageError
from ..limits import CONTRACTS, RULE_LINE_CHARACTERS, RULE_LINE_CLAUSES
from ..resources import bundled_spec_names
from ..runtime.suggestion import closest
from . import model as m
from .checks import Unread, check_spec
from .names import check_names, read_descriptions, read_names
from .overlays import apply_overlay
from .parser import Groups, LineError, parse_line
from .rules import build
from .settings import GAME_KEYS, Setting, SettingReaders, player_count_problem
from .source import MappingNode, Node, ScalarNode, SequenceNode, Source, as_bool, as_int, is_null, pairs, scalar
from .spec_cache import is_path_like
from .suggest import did_you_mean
from .unexpressible import unexpressible_key

SPEC_KEYS = ("name", "title", "names", "description", "descriptions", "extends", "apply", "applied", "players",
             "deck", "decks", "leftover", "game", "doubling", "passing", "redeal", "contracts", "variants", "scales")
OVERLAY_KEYS = ("description", "descriptions", "players", "deck", "decks", "leftover", "game", "doubling", "passing",
                "redeal", "contracts")
CONTRACT_KEYS = ("rules", "description", "descriptions", "twin", "players", "times", "names", "twin_names")

Extending = Callable[[str, Path, tuple[str, ...]], tuple[m.Spec, str]]
"""How the reader loads what a house file extends: (name, the folder to
find a file in, the files extending it) → the spec and where to load it
again (:mod:`.loader`)."""


def unknown_overlay_message(spec: m.Spec, name: str) -> str:
    names = [o.name for o in spec.overlays]
    message = f"{spec.name} has no variant or scale '{name}'"
    suggestion = did_you_mean(name, names)
    if suggestion:
        message += f"; {suggestion}"
    if names:
        message += "\n    available: " + ", ".join(names)
    return message


_LINE_BREAKS = frozenset("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")
"""What ``str.splitlines`` (and many a terminal or editor) breaks a line at."""


def _breaks_line(text: str) -> bool:
    return not _LINE_BREAKS.isdisjoint(text)


class SpecReader(SettingReaders):
    """Reads one spec file, collecting every problem in ``source``."""

    def __init__(self, source: Source, default_name: str, stack: tuple[str, ...], extending: Extending, *,
                 reads_files: bool = True):
        self.source = source
        self.extending = extending
        self.default_name = default_name
        self.stack = stack
        self.reads_files = reads_files
        self.positions: dict[str, m.Position] = {}
        self.unread_settings: set[str] = set()
        self.unread_contracts: set[str] = set()
        self.pack_low = 2  # the pack the file's decks remove cards from (its base's, for a house file)

    def read(self) -> m.Spec:
        spec = self._read()
        if self.source.diagnostics or spec is None:
            partial = None if spec is None else (spec, self._unread())
            raise SpecError(self.source.diagnostics, partial)
        return spec

    def _unread(self) -> Unread:
        return Unread(frozenset(self.unread_contracts), frozenset(self.unread_settings))

    def _read(self) -> m.Spec | None:
        src = self.source
        root = self._root()
        if root is None:
            return None
        sections = self._sections(root, SPEC_KEYS, "spec")
        base: tuple[m.Spec, str] | None = None
        if "extends" in sections:
            base = self._extends(sections["extends"])
            if base is None:
                return None
            self.pack_low = base[0].pack_low
        elif "contracts" not in sections:
            src.error(root, "a spec needs 'contracts' (or 'extends' to build on another spec)")
            return None

        # A house spec says what it is itself: the base's name, title,
        # description and header comment describe the base, not the house.
        name = self._one_line(sections.get("name"), "name") or self.default_name
        title = self._one_line(sections.get("title"), "title") or name
        description = self._text(sections.get("description")) or ""
        settings, changes, words = self._overlay_body(sections, "spec")
        body = m.Overlay("", "variant", settings=tuple(settings), contracts=tuple(changes), deck_words=words)
        positions = dict(self.positions)
        unread = self._unread()
        own_overlays = [
            *self._overlays(sections.get("variants"), "variant"),
            *self._overlays(sections.get("scales"), "scale"),
        ]
        if base is None:
            spec = self._plain(body, own_overlays, sections.get("applied"), positions)
        else:
            spec, positions = self._house(*base, body, own_overlays, sections, positions)
        spec = replace(spec, name=name, title=title, description=description, header=src.header_comment(),
                       positions=tuple(positions.items()), names=read_names(src, sections.get("names")),
                       descriptions=self._descriptions(sections))
        check_spec(spec, src, positions, unread)
        check_names(spec, src)
        return spec

    def _root(self) -> MappingNode | None:
        """The file's top mapping, or None after saying why there is none."""
        src = self.source
        root = src.compose()
        if root is None:
            if not src.diagnostics:
                what = "is empty" if not src.text.strip() else "holds only comments"
                src.error(None, f"the file {what}; a spec needs 'contracts' (or 'extends' to build on another spec)",
                          hint="start with 'name: my-rules' and 'contracts:', then one rule line per contract, "
                               "e.g. 'No tricks: −2 per trick'")
            return None
        if not isinstance(root, MappingNode):
            src.error(root, "a spec is a YAML mapping of keys such as name, players, contracts",
                      hint="start with 'name: my-rules' and 'contracts:'")
            return None
        return root

    def _plain(self, body: m.Overlay, own_overlays: list[m.Overlay], applied_node: Node | None,
               positions: dict[str, m.Position]) -> m.Spec:
        """A spec that extends nothing: its own settings and contracts."""
        spec = m.Spec(name="", title="", players=(4,), removed=((4, ()),), game=m.Game(),
                      doubling=m.Doubling(), contracts=())
        spec = apply_overlay(spec, body, self.source, positions, adds_to_order=False)
        applied = self._names(applied_node)
        declared = {o.name for o in own_overlays}
        for overlay_name in applied:
            if overlay_name not in declared:
                self.source.error(applied_node, f"'{overlay_name}' is applied but not declared")
        return replace(spec, overlays=tuple(own_overlays), applied=tuple(applied))

    def _house(self, base: m.Spec, location: str, body: m.Overlay, own_overlays: list[m.Overlay],
               sections: dict[str, Node], positions: dict[str, m.Position]
               ) -> tuple[m.Spec, dict[str, m.Position]]:
        """A house spec: its base with the overlays it applies, then its own
        changes.  Also where each setting was last given (an applied
        overlay's at its name in ``apply``)."""
        src = self.source
        spec = replace(base, overlays=(*base.overlays, *own_overlays))
        taken = {o.name for o in base.overlays}
        for overlay in own_overlays:
            if overlay.name in taken:
                src.error_at_position(overlay.where, f"'{overlay.name}' is already a variant or scale of {base.name}")
        apply_positions: dict[str, m.Position] = {}
        applied: list[str] = []
        for name_node in self._name_nodes(sections.get("apply")):
            overlay_name = scalar(name_node) or ""
            try:
                overlay = spec.overlay(overlay_name)
            except KeyError:
                src.error(name_node, unknown_overlay_message(spec, overlay_name).split("\n")[0],
                          hint="available: " + ", ".join(o.name for o in spec.overlays))
                continue
            applied_at = {key: src.where(name_node) for key, _ in overlay.settings}
            spec = apply_overlay(spec, overlay, src, applied_at)
            spec = replace(spec, applied=(*spec.applied, overlay_name))
            apply_positions.update(applied_at)
            applied.append(overlay_name)
        positions = {**apply_positions, **positions}
        spec = apply_overlay(spec, body, src, positions)
        extends = m.Extends(self._text(sections["extends"]) or "", location, tuple(applied), body,
                            tuple(o.name for o in own_overlays))
        return replace(spec, extends=extends), positions

    # ---- generic helpers ---------------------------------------------------------
    def _sections(self, node: MappingNode, allowed: tuple[str, ...], what: str) -> dict[str, Node]:
        found: dict[str, Node] = {}
        for key, value in self._items(node):
            text = scalar(key)
            out_of_reach = unexpressible_key(text) if text is not None and text not in allowed else None
            if out_of_reach is not None:
                self.source.error(key, out_of_reach[0], hint=out_of_reach[1])
                continue
            if text is None or text not in allowed:
                self.source.error(key, f"unknown key '{text}' in a {what}",
                                  hint=did_you_mean(str(text), allowed) or "keys: " + ", ".join(allowed))
                meant = closest(str(text), allowed)
                if meant:
                    self.unread_settings.add(meant if what == "spec" else f"{what}.{meant}")
                continue
            if text in found:
                self.source.error(key, f"'{text}' is given twice")
                continue
            found[text] = value
        return found

    def _items(self, node: MappingNode) -> list[tuple[ScalarNode, Node]]:
        """A mapping's key/value nodes, without the pieces of a rule line
        that the commas of a flow mapping split off as keys of their own
        (``{remove: −2 per ♥, A♥ −6}`` reads ``A♥ −6`` as a key).  Each
        split is reported once, with a hint to quote the line."""
        items = pairs(node)
        if not node.flow_style:
            return items
        kept: list[tuple[ScalarNode, Node]] = []
        index = 0
        while index < len(items):
            key, value = items[index]
            end = index + 1
            if scalar(value) is not None and not is_null(value):
                while end < len(items) and _is_split_piece(*items[end]):
                    end += 1
            kept.append((key, value))
            if end > index + 1:
                self._split_line(key, value, [piece for piece, _ in items[index + 1:end]])
            index = end
        return kept

    def _split_line(self, owner: ScalarNode, line: Node, pieces: list[ScalarNode]) -> None:
        texts = [scalar(piece) or "" for piece in pieces]
        whole = json.dumps(", ".join([scalar(line) or "", *texts]), ensure_ascii=False)
        self.source.error(pieces[0], f"the comma before '{texts[0]}' ends the rule line of '{scalar(owner)}'",
                          hint=f"quote the rule line: {{{scalar(owner)}: {whole}}}")

    def _text(self, node: Node | None) -> str | None:
        if node is None:
            return None
        text = scalar(node)
        if text is None or is_null(node):
            self.source.error(node, "expected a text")
            return None
        return text.strip()

    def _descriptions(self, sections: dict[str, Node]) -> tuple[tuple[str, str], ...]:
        """The ``descriptions`` of a spec, overlay or contract: its ``description`` in other languages."""
        return read_descriptions(self.source, sections.get("descriptions"), sections.get("description"))

    def _one_line(self, node: Node | None, what: str) -> str | None:
        """A name or title: text of one line, since it is shown as one (a
        line break in it could forge a line of barbu's output, such as
        ``✓ sums to zero``)."""
        text = self._text(node)
        if text is not None and node is not None and _breaks_line(text):
            self.source.error(node, f"a {what} is one line: this one holds a line break",
                              hint="write it on one line")
            return None
        return text

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

    def _extends(self, node: Node) -> tuple[m.Spec, str] | None:
        """The spec a house file extends, and where to load it again."""
        name = self._text(node)
        if not name:
            if name is not None:
                self.source.error(node, "extends names no spec", hint="write a bundled spec's name, "
                                  "e.g. 'extends: tournament', or a file, e.g. 'extends: ./base.yaml'")
            return None
        if not self.reads_files and (is_path_like(name) or name not in bundled_spec_names()):
            self.source.error(node, f"'{name}' is not a bundled spec; a spec kept inside a game or a saved game "
                              "extends only a bundled spec", hint="write the whole spec there, as barbu fmt prints it")
            return None
        relative_to = Path(self.source.file).parent if Path(self.source.file).is_file() else Path.cwd()
        try:
            return self.extending(name, relative_to, self.stack)
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
            if _breaks_line(name):
                self.source.error(key, f"a {kind}'s name is one line: this one holds a line break",
                                  hint="write it on one line")
                continue
            seen.add(name)
            if is_null(value):
                overlays.append(m.Overlay(name, kind, where=self.source.where(key)))  # type: ignore[arg-type]
                continue
            if not isinstance(value, MappingNode):
                self.source.error(value, f"{kind} '{name}' is a mapping of keys such as contracts, game")
                continue
            sections = self._sections(value, OVERLAY_KEYS, kind)
            spec_positions, self.positions = self.positions, {}
            try:
                settings, changes, words = self._overlay_body(sections, kind)
            finally:
                own, self.positions = self.positions, spec_positions
            for setting, position in own.items():
                self.positions.setdefault(setting, position)
            overlays.append(m.Overlay(
                name, kind,  # type: ignore[arg-type]
                description=self._text(sections.get("description")) or "",
                settings=tuple(settings), contracts=tuple(changes), where=self.source.where(key), deck_words=words,
                positions=tuple(own.items()), descriptions=self._descriptions(sections),
            ))
        return overlays

    def _overlay_body(self, sections: dict[str, Node], what: str
                      ) -> tuple[list[Setting], list[m.ContractChange], tuple[tuple[int, str], ...]]:
        """The settings and contract changes of a spec's body or an overlay,
        and the decks it wrote in a shorthand (kept by ``barbu fmt``)."""
        settings: list[Setting] = []
        words: tuple[tuple[int, str], ...] = ()
        low = self.pack_low
        if "deck" in sections:
            self.positions.setdefault("deck", self.source.where(sections["deck"]))
            read = self._pack(sections["deck"])
            if read is not None:
                low = read
                settings.append(("deck", low))
        if what == "spec":
            self.pack_low = low  # the spec's own variants and scales remove cards from its pack
        settings.extend(self._leftover_in(sections))
        if "players" in sections:
            self.positions.setdefault("players", self.source.where(sections["players"]))
            players = self._players(sections["players"])
            if players:
                settings.append(("players", players))
        if "decks" in sections:
            decks, words = self._decks(sections["decks"], low)
            settings.extend(decks)
        if "game" in sections:
            settings.extend(self._keyed(sections["game"], "game", GAME_KEYS))
        if "doubling" in sections:
            node = sections["doubling"]
            flag = as_bool(node)
            if flag is not None:
                settings.append(("doubling.allowed", flag))
            else:
                settings.extend(self._doubling(node))
        settings.extend(self._deal_settings(sections))
        changes: list[m.ContractChange] = []
        if "contracts" in sections:
            changes = self._contract_changes(sections["contracts"], patching=what != "spec" or "extends" in sections)
        return settings, changes, words

    def _deal_settings(self, sections: dict[str, Node]) -> list[Setting]:
        """What happens between the deal and the play: passing and misdeals
        (docs/rules.md section 6, Passing and Misdeals)."""
        settings: list[Setting] = []
        if "passing" in sections:
            settings.extend(self._passing(sections["passing"]))
        if "redeal" in sections:
            self.positions.setdefault("redeal", self.source.where(sections["redeal"]))
            settings.extend(self._redeal(sections["redeal"]))
        return settings

    # ---- contracts ---------------------------------------------------------------
    def _contract_changes(self, node: Node, patching: bool) -> list[m.ContractChange]:
        if not isinstance(node, MappingNode):
            self.source.error(node, "contracts is a mapping of contract names to rule lines",
                              hint="e.g. 'No hearts: −2 per ♥, A♥ −6, no ♥ lead'")
            self.unread_settings.add("contracts")
            return []
        if len(node.value) > CONTRACTS:
            self.source.error(node, f"a contracts section of {len(node.value):,} contracts; the most is {CONTRACTS}")
            self.unread_settings.add("contracts")
            return []
        changes: list[m.ContractChange] = []
        first_seen: dict[str, int] = {}
        for key, value in pairs(node):
            name = (scalar(key) or "").strip()
            if not name:
                self.source.error(key, "a contract needs a name")
                continue
            if _breaks_line(name):
                self.source.error(key, "a contract's name is one line: this one holds a line break",
                                  hint="write it on one line")
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
                    self.unread_contracts.add(folded)
                continue
            if patching and isinstance(value, MappingNode):
                keys = {scalar(k) for k, _ in pairs(value)}
                if keys & {"add", "remove", "drop"} or keys == {"players"}:
                    changes.extend(self._patch(name, value, where))
                    continue
            contract = self._contract(name, value)
            if contract is None:
                self.unread_contracts.add(folded)
            else:
                changes.append(m.ContractChange(name, "set", contract=contract, where=where))
        return changes

    def _patch(self, name: str, node: MappingNode, where: m.Position) -> list[m.ContractChange]:
        lines: dict[str, tuple[tuple[m.Clause, ...], ...]] = {"remove": (), "add": ()}
        by_players: tuple[tuple[int, m.Rules], ...] = ()
        where_by_players: tuple[tuple[int, m.Position], ...] = ()
        for key, value in self._items(node):
            action = scalar(key)
            if action == "players":
                by_players, where_by_players = self._per_count(value)
                continue
            if action == "drop":
                if as_bool(value) is None:
                    self.source.error(value, "drop is true or false")
                elif as_bool(value):
                    return [m.ContractChange(name, "drop", where=where)]
                continue
            if action not in lines:
                self.source.error(key, f"unknown key '{action}' in a contract change",
                                  hint="use 'remove: <clauses>', 'add: <clauses>', 'players: {3: <rules>}' "
                                       "or 'drop: true'")
                continue
            groups = self._line(value)
            if groups is not None:
                lines[action] = tuple(tuple(c for c, _ in g) for g in groups)
        return [m.ContractChange(name, "patch", remove=lines["remove"], add=lines["add"], by_players=by_players,
                                 where=where, where_by_players=where_by_players)]

    def _per_count(self, per: Node) -> tuple[tuple[tuple[int, m.Rules], ...], tuple[tuple[int, m.Position], ...]]:
        """A contract's rule lines by player count (``players: {3: −3 per
        trick}``), in count order, with where each was written."""
        by_players: list[tuple[int, m.Rules]] = []
        where_by_players: list[tuple[int, m.Position]] = []
        if not isinstance(per, MappingNode):
            self.source.error(per, "players maps a player count to a rule line")
            return (), ()
        for key, value in pairs(per):
            count = as_int(key)
            problem = player_count_problem(count) if count is not None else ("a player count from 2 to 10", None)
            if count is None or problem is not None:
                self.source.error(key, problem[0], hint=problem[1])  # type: ignore[index]
                continue
            other = self._rules(value)
            if other is not None:
                by_players.append((count, other))
                where_by_players.append((count, self.source.where(value)))
        return tuple(sorted(by_players, key=lambda p: p[0])), tuple(where_by_players)

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
        by_players, where_by_players = self._per_count(sections["players"]) if "players" in sections else ((), ())
        times, each = self._times(sections.get("times"))
        if rules is None:
            return None
        return m.Contract(
            name, rules, by_players=by_players,
            twin=self._text(sections.get("twin")), description=self._text(sections.get("description")),
            where=self.source.where(sections["rules"]), times=times, times_each=each,
            where_by_players=tuple(where_by_players), names=read_names(self.source, sections.get("names")),
            twin_names=read_names(self.source, sections.get("twin_names")), descriptions=self._descriptions(sections),
        )

    def _times(self, node: Node | None) -> tuple[int, bool]:
        """``times: 2`` (in each list, series or rubber) or ``times: 2 each``
        (each player chooses it twice: shared lists, docs/rules.md section 6)."""
        if node is None:
            return 1, False
        text = (scalar(node) or "").strip().lower()
        words = text.replace("times", "").split()
        each = words[1:] == ["each"]
        number = int(words[0]) if words and words[0].isdigit() and (len(words) == 1 or each) else None
        if number is None or number < 1:
            self.source.error(node, f"times cannot be '{scalar(node)}'",
                              hint="a whole number from 1, e.g. 'times: 2', or 'times: 2 each' (each player)")
            return 1, False
        return number, each

    def _line(self, node: Node) -> Groups | None:
        text = scalar(node)
        if text is None or is_null(node) or not text.strip():
            self.source.error(node, "expected a rule line such as '−2 per ♥, A♥ −6, no ♥ lead'")
            return None
        if len(text) > RULE_LINE_CHARACTERS:
            self.source.error(node, f"a rule line of {len(text):,} characters; the most is {RULE_LINE_CHARACTERS:,}")
            return None
        try:
            groups = parse_line(text)
        except LineError as error:
            problem = error.problem
            index = self.source.value_index(node, problem.offset)  # type: ignore[arg-type]
            self.source.error_at(index, problem.message, problem.width, problem.hint)
            return None
        count = sum(len(group) for group in groups)
        if count > RULE_LINE_CLAUSES:
            self.source.error(node, f"a rule line of {count} clauses; the most is {RULE_LINE_CLAUSES}")
            return None
        return groups

    def _rules(self, node: Node) -> m.Rules | None:
        groups = self._line(node)
        if groups is None:
            return None
        rules, problems = build(groups)
        for problem in problems:
            index = self.source.value_index(node, problem.offset)  # type: ignore[arg-type]
            self.source.error_at(index, problem.message, max(1, problem.width), problem.hint)
        return rules


def _is_split_piece(key: Node, value: Node) -> bool:
    """Whether a flow mapping's key with no value is a clause of a rule line
    (so a comma split it from the value before it)."""
    text = scalar(key)
    if not text or not is_null(value):
        return False
    try:
        parse_line(text)
    except LineError:
        return False
    return True
