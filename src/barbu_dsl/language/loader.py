"""Read a spec into the model: YAML sections, rule lines, overlays, checks.

A spec file is YAML (read with safe-load safety) with these keys::

    name, title, description      who it is
    extends, apply                a house spec: start from another spec and
                                  apply some of its variants and scales
    players                       4, [3, 4, 5] or "3-7" (from 2 to 10)
    deck                          the pack: full, piquet (32 cards), 6-A, ...
    decks                         cards removed per player count
    game                          aim, chooser, first_lead, mode, order, ...
    doubling                      false, or who may double whom
    contracts                     name: rule line (or a mapping)
    variants, scales              named overlays of the keys above
    applied                       overlays already applied (``barbu fmt``
                                  writes it; they are not applied again)

Every problem in the file is collected, positioned and reported together as
a :class:`~barbu_dsl.errors.SpecError`.

A spec is referred to (on the command line and in ``extends``) by a
bundled name or a file, in this order (README, "Naming a spec"):

1. a path-like reference — one with a ``/``, starting with ``.``, or ending
   in ``.yaml`` or ``.yml`` — is a file, and only a file;
2. a bundled spec's name is that bundled spec, whatever file of the same
   name lies in the directory;
3. any other name is the file of that name, if there is one.

Files are read by :func:`barbu_dsl.files.read_text_file`: regular files of
at most :data:`~barbu_dsl.limits.SPEC_FILE_BYTES`, UTF-8, a decoding error
reported at its line and column.  Overlays are applied by
:mod:`.overlays`; checks that need the whole spec (:mod:`.checks`: a scoring
card removed from a deck, placings for the wrong number of players) run
after them, on every contract and setting that could be read even when
others could not, and point at the line that caused them.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from .. import cards as C
from ..errors import BarbuError, Diagnostic, SpecError, UsageError
from ..files import FileProblem, read_text_file
from ..limits import (
    CONTRACTS,
    GAME_HANDS,
    NUMBER_DIGITS,
    PLAYERS,
    RULE_LINE_CHARACTERS,
    RULE_LINE_CLAUSES,
    SPEC_FILE_BYTES,
)
from ..resources import bundled_spec_names, bundled_spec_path, bundled_spec_text
from . import model as m
from .checks import NOTHING_UNREAD, Unread, check_spec, order_item
from .decks import PACK_HINT, DeckProblem, highest_words, read_pack, read_removals
from .names import check_names, read_names
from .overlays import apply_overlay, setting_name
from .parser import Groups, LineError, card_problem, parse_line
from .rules import build
from .source import MappingNode, Node, ScalarNode, SequenceNode, Source, as_bool, as_int, is_null, pairs, scalar
from .spec_cache import is_path_like
from .suggest import closest, did_you_mean, with_suggestion
from .unexpressible import NOT_EXPRESSIBLE, unexpressible_key

SPEC_KEYS = ("name", "title", "names", "description", "extends", "apply", "applied", "players", "deck", "decks", "game",
             "doubling", "contracts", "variants", "scales")
OVERLAY_KEYS = ("description", "players", "deck", "decks", "game", "doubling", "contracts")
CONTRACT_KEYS = ("rules", "description", "twin", "players", "times", "names", "twin_names")
CHOICES: dict[str, tuple[str, ...]] = {
    "game.aim": ("highest", "lowest"),
    "game.chooser": ("declarer-series", "rotating", "dealer", "fixed-order", "fixed-series"),
    "game.first_lead": ("declarer", "left", "right"),
    "game.mode": ("classic", "random", "individual-random", "custom"),
    "game.direction": ("clockwise", "anticlockwise"),
    "game.lists": ("own", "shared"),
    "doubling.whom": ("anyone", "declarer-only"),
    "doubling.positive": ("declarer-only", "anyone"),
    "doubling.undoubled": ("played", "not-played"),
}
INTEGERS = ("game.contracts_per_game", "doubling.minimum")
BOOLEANS = ("doubling.allowed",)
GAME_KEYS = ("aim", "chooser", "first_lead", "mode", "contracts_per_game", "hands", "order", "direction",
             "first_declarer", "lists")
DOUBLING_KEYS = ("allowed", "whom", "positive", "redouble", "undoubled", "minimum")


Setting = tuple[str, m.SettingValue]


# --------------------------------------------------------------------------
# Entry points.


def load_spec(ref: str) -> m.Spec:
    """The spec ``NAME_OR_PATH[+OVERLAY...]``: a bundled spec name or a file,
    with named variants and scales applied in order (the module's reference
    rules say which)."""
    if is_path_like(ref) and os.path.lexists(ref):  # a file whose name holds a '+'
        return load_file(Path(ref))
    base, *overlays = ref.split("+")
    if not base:
        raise UsageError(f"no spec named in '{ref}'")
    here = Path(".")
    spec = apply_overlays(_load_named(base, here), overlays)
    if overlays:
        spec = replace(spec, extends=m.Extends(base, spec_location(base, here), tuple(overlays)))
    return spec


def load_file(path: Path) -> m.Spec:
    """The spec in the file ``path``."""
    return _load_path(path)


def parse_spec(text: str, file: str = "<spec>", default_name: str = "spec", *, reads_files: bool = True) -> m.Spec:
    """The spec written in ``text``; ``file`` names it in error messages.
    ``reads_files=False`` for a spec kept inside other data (a game file,
    a saved game): its ``extends`` may name only a bundled spec, so that
    such data never makes barbu read, or quote, a file of its choosing."""
    return _Reader(Source(file, text), default_name, (), reads_files=reads_files).read()


def apply_overlays(spec: m.Spec, names: list[str], unread: Unread = NOTHING_UNREAD) -> m.Spec:
    """``spec`` with the named variants and scales applied, in order
    (``unread``: what the spec's own file got wrong, not checked again)."""
    for name in names:
        try:
            overlay = spec.overlay(name)
        except KeyError:
            raise UsageError(_unknown_overlay_message(spec, name)) from None
        if name in spec.applied:
            raise UsageError(f"{name} is already applied to {spec.full_name}")
        source = Source(overlay.where.file if overlay.where else spec.name, "")
        positions = overlay_positions(overlay)
        spec = apply_overlay(spec, overlay, source, positions)
        positions = {**dict(spec.positions), **positions}  # the overlay's settings, and the others where written
        spec = replace(spec, applied=(*spec.applied, name), positions=tuple(positions.items()))
        check_spec(spec, source, positions, unread)
        if source.diagnostics:
            raise SpecError(source.diagnostics)
    return spec


def check_overlays(spec: m.Spec, unread: Unread = NOTHING_UNREAD) -> list[tuple[m.Overlay, list[Diagnostic]]]:
    """Each variant and scale of ``spec`` not yet applied, applied to it on
    its own: those that fail, with what goes wrong (``barbu check``).  A
    spec's own variants and scales must apply, so their problems are
    errors; those a house file inherits from its base may no longer fit the
    house's changes, which the house cannot mend, so theirs are warnings,
    each naming the overlay.  For a spec read only in part (``unread``:
    what its file got wrong), overlays that change what could not be read
    are skipped, since what they change is not known."""
    extends = spec.extends if spec.extends is not None and spec.extends.is_house else None
    failures: list[tuple[m.Overlay, list[Diagnostic]]] = []
    for overlay in spec.overlays:
        if overlay.name in spec.applied or _touches(overlay, unread):
            continue
        try:
            apply_overlays(spec, [overlay.name], unread)
        except SpecError as error:
            found = error.diagnostics
            if extends is not None and overlay.name not in extends.declares:
                lead = f"{extends.base}'s {overlay.kind} '{overlay.name}' no longer applies: "
                found = [replace(d, severity="warning", message=lead + d.message) for d in found]
            failures.append((overlay, found))
    return failures


def _touches(overlay: m.Overlay, unread: Unread) -> bool:
    """Whether ``overlay`` changes a contract or setting that could not be read."""
    return (any(m.contract_key(change.name) in unread.contracts for change in overlay.contracts)
            or unread.any(*(key for key, _ in overlay.settings)))


def overlay_positions(overlay: m.Overlay) -> dict[str, m.Position]:
    """Where an overlay's settings were written, as far as the model knows:
    at the overlay's name."""
    return {key: overlay.where for key, _ in overlay.settings if overlay.where is not None}


def _unknown_overlay_message(spec: m.Spec, name: str) -> str:
    names = [o.name for o in spec.overlays]
    message = f"{spec.name} has no variant or scale '{name}'"
    suggestion = did_you_mean(name, names)
    if suggestion:
        message += f"; {suggestion}"
    if names:
        message += "\n    available: " + ", ".join(names)
    return message


def _default_name(path: Path) -> str:
    return path.name.removesuffix(".yaml").removesuffix(".yml")


def _spec_file(name: str, relative_to: Path) -> Path | None:
    """The file ``name`` names (relative to ``relative_to``), or None when
    it names a bundled spec (by the reference rules above).  The file may
    not exist or not be readable: reading it says so."""
    if "\0" in name:
        raise UsageError(f"no spec {name!r}: a name cannot hold a NUL character")
    path = (relative_to / name) if not Path(name).is_absolute() else Path(name)
    if is_path_like(name):
        return path
    if name in bundled_spec_names():
        return None
    return path if os.path.lexists(path) else None


def spec_file(ref: str) -> Path | None:
    """The file a command-line reference names, or None when it names a
    bundled spec or applies variants (``NAME+VARIANT``)."""
    if is_path_like(ref) and os.path.lexists(ref):
        return Path(ref)
    if "+" in ref:
        return None
    return _spec_file(ref, Path("."))


def spec_location(name: str, relative_to: Path) -> str:
    """Where the spec ``name`` can be loaded from anywhere: the absolute
    path of its file, or the bundled spec's name."""
    path = _spec_file(name, relative_to)
    return os.path.abspath(path) if path is not None else name


def load_base(spec: m.Spec) -> m.Spec | None:
    """The spec ``spec`` was built from, loaded afresh: what a house file
    extends, or ``NAME`` of ``NAME+VARIANT`` (for a spec that only records
    its overlays as ``applied``, the spec of its name); None when there is
    none or it cannot be loaded."""
    try:
        if spec.extends is not None:
            return load_location(spec.extends.location)
        return load_spec(spec.name) if spec.applied else None
    except BarbuError:
        return None


def load_location(location: str) -> m.Spec:
    """The spec at a :func:`spec_location`: a file or a bundled spec."""
    path = Path(location)
    return _load_path(path) if path.is_absolute() else _load_bundled(location)


def _load_named(name: str, relative_to: Path, stack: tuple[str, ...] = ()) -> m.Spec:
    """A bundled spec by name, or a spec file (relative to ``relative_to``)."""
    path = _spec_file(name, relative_to)
    return _load_path(path, stack) if path is not None else _load_bundled(name, stack)


def _load_path(path: Path, stack: tuple[str, ...] = ()) -> m.Spec:
    """The spec file ``path``; ``stack`` holds the files extending it."""
    key = os.path.realpath(path)
    if key in stack:
        raise UsageError(f"{path} extends itself (through {' → '.join(stack)})")
    try:
        text = read_text_file(path, limit=SPEC_FILE_BYTES)
    except FileProblem as problem:
        if problem.line is None or problem.column is None:
            raise
        raise SpecError([Diagnostic(str(path), problem.line, problem.column, problem.reason,
                                    hint=problem.hint)]) from None
    return _Reader(Source(str(path), text), _default_name(path), (*stack, key)).read()


def _load_bundled(name: str, stack: tuple[str, ...] = ()) -> m.Spec:
    """The bundled spec ``name``; ``stack`` holds the files extending it."""
    try:
        text = bundled_spec_text(name)
    except KeyError:
        names = bundled_spec_names()
        message = f"no spec '{name}': not a bundled spec nor a file"
        suggestion = did_you_mean(name, names)
        if suggestion:
            message += f"; {suggestion}"
        raise UsageError(message + "\n    bundled specs: " + ", ".join(names)) from None
    key = f"bundled:{name}"
    if key in stack:
        raise UsageError(f"bundled spec {name} extends itself")
    return _read_bundled(name, text)


@lru_cache(maxsize=16)
def _read_bundled(name: str, text: str) -> m.Spec:
    """A bundled spec, read once per process (the model is immutable, and a
    bundled spec extends nothing)."""
    return _Reader(Source(bundled_spec_path(name), text), name, (f"bundled:{name}",)).read()


# --------------------------------------------------------------------------
# Reading one file.


_LINE_BREAKS = frozenset("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")
"""What ``str.splitlines`` (and many a terminal or editor) breaks a line at."""


def _breaks_line(text: str) -> bool:
    return not _LINE_BREAKS.isdisjoint(text)


class _Reader:
    """Reads one spec file, collecting every problem in ``source``."""

    def __init__(self, source: Source, default_name: str, stack: tuple[str, ...], *, reads_files: bool = True):
        self.source = source
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
                       positions=tuple(positions.items()), names=read_names(src, sections.get("names")))
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
                src.error(name_node, _unknown_overlay_message(spec, overlay_name).split("\n")[0],
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
            return _load_named(name, relative_to, self.stack), spec_location(name, relative_to)
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
            settings, changes, words = self._overlay_body(sections, kind)
            overlays.append(m.Overlay(
                name, kind,  # type: ignore[arg-type]
                description=self._text(sections.get("description")) or "",
                settings=tuple(settings), contracts=tuple(changes), where=self.source.where(key), deck_words=words,
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
        changes: list[m.ContractChange] = []
        if "contracts" in sections:
            changes = self._contract_changes(sections["contracts"], patching=what != "spec" or "extends" in sections)
        return settings, changes, words

    def _players(self, node: Node) -> tuple[int, ...]:
        counts = self._player_counts(node)
        if not counts:
            self.unread_settings.add("players")
        return counts

    def _player_counts(self, node: Node) -> tuple[int, ...]:
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
        elif text and (match := _RANGE.fullmatch(text)):
            low, high = int(match.group(1)), int(match.group(2))
            if low > high:
                self.source.error(node, f"a range of players goes up, e.g. {high}-{low}")
                return ()
            # Both ends are checked before the range is made: 3-999999999 is refused, not built.
            counts = [low, high] if not PLAYERS[0] <= low <= high <= PLAYERS[1] else list(range(low, high + 1))
        if not counts:
            self.source.error(node, "players is a number, a list of numbers or a range such as 3-7")
            return ()
        for count in counts:
            problem = player_count_problem(count)
            if problem is not None:
                self.source.error(node, *problem)
                return ()
        return tuple(sorted(set(counts)))

    def _pack(self, node: Node) -> int | None:
        """The lowest rank of the pack ``deck`` names (docs/rules.md section 6)."""
        text = scalar(node)
        low = read_pack(str(text)) if text is not None and not is_null(node) else None
        if low is None:
            self.source.error(node, f"unknown pack '{text}'", hint=PACK_HINT)
            self.unread_settings.add("deck")
        return low

    def _decks(self, node: Node, low: int) -> tuple[list[Setting], tuple[tuple[int, str], ...]]:
        """Each player count's cards set aside from the pack of ``low``:
        cards, whole ranks (``2-6``), ``highest N`` or ``highest N each``."""
        if not isinstance(node, MappingNode):
            self.source.error(node, "decks maps a player count to the cards removed, e.g. '5: [2♣, 2♦]'")
            return [], ()
        settings: list[Setting] = []
        words: list[tuple[int, str]] = []
        for key, value in pairs(node):
            count = as_int(key)
            problem = (player_count_problem(count) if count is not None
                       else ("a deck is given for a player count from 2 to 10", None))
            if count is None or problem is not None:
                self.source.error(key, problem[0], hint=problem[1])  # type: ignore[index]
                continue
            items: list[ScalarNode] = []
            if isinstance(value, SequenceNode):
                items = [v for v in value.value if isinstance(v, ScalarNode)]
            elif isinstance(value, ScalarNode) and not is_null(value) and value.value.lower() != "full":
                items = [value]
            removed: list[int] = []
            complete = True
            for item in items:
                try:
                    cards = read_removals(item.value, count, low)
                except DeckProblem as bad:
                    self.source.error(item, bad.message, hint=bad.hint)
                    complete = False
                    continue
                twice = [c for c in cards if c in removed]
                if twice:
                    self.source.error(item, f"{C.card_symbol(twice[0])} is removed twice")
                    complete = False
                removed.extend(c for c in cards if c not in removed)
            self.positions.setdefault(f"decks.{count}", self.source.where(key))
            if complete:
                settings.append((f"decks.{count}", tuple(sorted(removed))))
                shorthand = highest_words(items[0].value) if len(items) == 1 else None
                if shorthand is not None:
                    words.append((count, shorthand))
            else:
                self.unread_settings.add(f"decks.{count}")  # the other counts' decks are still checked
        return settings, tuple(words)

    def _doubling(self, node: Node) -> list[Setting]:
        """A doubling mapping's settings; options given with ``allowed:
        false`` are refused, since without doubling they do nothing."""
        settings = self._keyed(node, "doubling", DOUBLING_KEYS)
        if ("doubling.allowed", False) not in settings or len(settings) == 1:
            return settings
        names = [f"'{setting_name(key)}'" for key, _ in settings if key != "doubling.allowed"]
        listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        self.source.error(node, f"with 'allowed: false' there is no doubling, so {listed} "
                          f"{'does' if len(names) == 1 else 'do'} nothing",
                          hint="write 'doubling: false', or leave 'allowed: false' out")
        return [("doubling.allowed", False)]

    def _keyed(self, node: Node, section: str, keys: tuple[str, ...]) -> list[Setting]:
        if not isinstance(node, MappingNode):
            self.source.error(node, f"'{section}' is a mapping with keys " + ", ".join(keys))
            self.unread_settings.add(section)
            return []
        settings: list[Setting] = []
        for key, value in self._sections(node, keys, section).items():
            full = f"{section}.{key}"
            self.positions.setdefault(full, self.source.where(value))
            if full in CHOICES:
                text = scalar(value)
                if text not in CHOICES[full]:
                    self.source.error(value, f"{key} cannot be '{text}'", hint=with_suggestion(
                        str(text), CHOICES[full], "one of: " + ", ".join(CHOICES[full])))
                    self.unread_settings.add(full)
                    continue
                if full == "doubling.positive":
                    settings.append(("doubling.positive_declarer_only", text == "declarer-only"))
                else:
                    settings.append((full, text))
            elif full in INTEGERS:
                number = as_int(value)
                if number is None and not is_null(value):
                    self.source.error(value, f"{key} is a whole number")
                    self.unread_settings.add(full)
                    continue
                if number is not None and abs(number) > GAME_HANDS:
                    self.source.error(value, f"{key} is at most {GAME_HANDS}")
                    self.unread_settings.add(full)
                    continue
                settings.append((full, number))
            elif full in BOOLEANS:
                flag = as_bool(value)
                if flag is None:
                    self.source.error(value, f"{key} is true or false")
                    self.unread_settings.add(full)
                    continue
                settings.append((full, flag))
            elif full == "game.order":
                nodes = self._name_nodes(value)
                for node_ in nodes:
                    self.positions.setdefault(order_item(scalar(node_) or ""), self.source.where(node_))
                settings.append((full, tuple(scalar(n) or "" for n in nodes)))
            else:
                read = {"game.hands": self._hands, "game.first_declarer": self._first_declarer,
                        "doubling.redouble": self._redouble}[full](value)
                if read is _UNREAD:
                    self.unread_settings.add(full)
                    continue
                settings.append((full, read))  # type: ignore[arg-type]
        return settings

    def _hands(self, node: Node) -> m.Hands | object:
        """``hands: 20``, or by player count: ``hands: {3: 21, 4: 28}``."""
        if is_null(node):
            return None
        number = as_int(node)
        if number is not None:
            return self._bounded_hands(node, number)
        if isinstance(node, MappingNode):
            by_count: list[tuple[int, int]] = []
            for key, value in pairs(node):
                count, hands = as_int(key), as_int(value)
                if count is None or hands is None:
                    self.source.error(key if count is None else value,
                                      "hands maps a player count to a number of hands, e.g. '{3: 21, 4: 28}'")
                    return _UNREAD
                if self._bounded_hands(value, hands) is _UNREAD:
                    return _UNREAD
                self.positions.setdefault(f"game.hands.{count}", self.source.where(value))
                by_count.append((count, hands))
            return tuple(sorted(by_count))
        self.source.error(node, "hands is a whole number, or a mapping of player counts to numbers of hands")
        return _UNREAD

    def _bounded_hands(self, node: Node, number: int) -> int | object:
        """``number`` of hands, or an error past the bound a game may have."""
        if abs(number) > GAME_HANDS:
            self.source.error(node, f"hands is at most {GAME_HANDS}")
            return _UNREAD
        return number

    def _first_declarer(self, node: Node) -> int | None | object:
        """``first_declarer: lot`` (the default) or ``holder of 7♥``."""
        text = (scalar(node) or "").strip()
        if text.lower() in ("lot", "by lot", "drawn"):
            return None
        words = text.split()
        card_text = words[-1] if words[:-1] in (["holder", "of"], ["holder", "of", "the"], []) and words else ""
        card = C.parse_card(card_text) if card_text else None
        if card is None:
            message, hint = card_problem(card_text) if card_text else (f"first_declarer cannot be '{text}'", "")
            self.source.error(node, message, hint=hint or "write 'lot' (the default) or 'holder of 7♥'")
            return _UNREAD
        return card

    def _redouble(self, node: Node) -> m.Redouble | object:
        """``redouble: true`` (the declarer), ``false`` or ``anyone``."""
        flag = as_bool(node)
        if flag is not None:
            return flag
        text = (scalar(node) or "").strip().lower()
        if text in ("declarer", "anyone"):
            return True if text == "declarer" else "anyone"
        self.source.error(node, f"redouble cannot be '{scalar(node)}'",
                          hint="true (the declarer redoubles), false, or anyone (every doubled player)")
        return _UNREAD

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
                if keys & {"add", "remove", "drop"}:
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
        for key, value in self._items(node):
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
        where_by_players: list[tuple[int, m.Position]] = []
        if "players" in sections:
            per = sections["players"]
            if not isinstance(per, MappingNode):
                self.source.error(per, "players maps a player count to a rule line")
            else:
                for key, value in pairs(per):
                    count = as_int(key)
                    problem = player_count_problem(count) if count is not None else ("a player count from 2 to 10",
                                                                                      None)
                    if count is None or problem is not None:
                        self.source.error(key, problem[0], hint=problem[1])  # type: ignore[index]
                        continue
                    other = self._rules(value)
                    if other is not None:
                        by_players.append((count, other))
                        where_by_players.append((count, self.source.where(value)))
        times, each = self._times(sections.get("times"))
        if rules is None:
            return None
        return m.Contract(
            name, rules, by_players=tuple(sorted(by_players, key=lambda p: p[0])),
            twin=self._text(sections.get("twin")), description=self._text(sections.get("description")),
            where=self.source.where(sections["rules"]), times=times, times_each=each,
            where_by_players=tuple(where_by_players), names=read_names(self.source, sections.get("names")),
            twin_names=read_names(self.source, sections.get("twin_names")),
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


_RANGE = re.compile(rf"\s*([0-9]{{1,{NUMBER_DIGITS}}})\s*-\s*([0-9]{{1,{NUMBER_DIGITS}}})\s*", re.ASCII)
"""A range of player counts, ``3-7`` (ASCII digits: ``²`` is no digit here)."""


_UNREAD = object()
"""What a setting reader returns after reporting a value it cannot read."""


def player_count_problem(count: int) -> tuple[str, str | None] | None:
    """Why ``count`` players cannot play a spec, with a hint; None when
    they can (docs/rules.md section 6: 2 to 10 players, one pack)."""
    if count > C.MAX_PLAYERS:
        return (NOT_EXPRESSIBLE + f"{count} players need two packs, and two packs need rules the language does "
                "not have: which of two equal cards in one trick wins, what a card named in a rule scores when "
                "it is held twice (two K♥), totals over both packs",
                f"play with {C.MIN_PLAYERS} to {C.MAX_PLAYERS} players (docs/rules.md section 6)")
    if count < C.MIN_PLAYERS:
        return f"a game needs at least {C.MIN_PLAYERS} players, not {count}", None
    return None


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
