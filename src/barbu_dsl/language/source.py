"""A spec file's text and YAML nodes, with positions for error messages.

The spec is read with PyYAML's safe composer (no tags, no objects: the same
safety as ``yaml.safe_load``), but kept as nodes so that every value still
knows its line and column, and a key written twice is seen rather than
silently dropped.  Nesting deeper than :data:`~barbu_dsl.limits.NESTING_DEPTH`,
aliases standing for more text than :data:`~barbu_dsl.limits.SPEC_FILE_BYTES`
and integers longer than :data:`~barbu_dsl.limits.NUMBER_DIGITS` digits are
refused while composing, so nothing after it recurses without bound, reads
a shared node without bound or converts a huge number.  Lines are split at ``\n`` only, as positions are
counted (``str.splitlines`` would also split at U+0085 and U+2028).
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..errors import BarbuError, Diagnostic
from ..files import split_lines
from ..limits import MIB, NESTING_DEPTH, NUMBER_DIGITS, SPEC_FILE_BYTES
from ..resources import read_spec_source
from ..safe_text import lone_surrogate, pair_surrogates
from .model import Position

INT_TAG = "tag:yaml.org,2002:int"
STR_TAG = "tag:yaml.org,2002:str"


class _BoundError(yaml.MarkedYAMLError):
    """Nesting or aliases beyond the limits, raised while composing."""


class _BoundedLoader(yaml.SafeLoader):
    """PyYAML's safe composer, refusing nesting deeper than NESTING_DEPTH
    before its recursion can run out of stack, and aliases that make the
    document larger than SPEC_FILE_BYTES.

    An alias (``*base``) is the node its anchor names again: everything that
    reads the spec reads that node once per alias, so a few aliases of
    aliases stand for exponentially much text.  Each alias counts as the
    text of the node it names, its own aliases expanded, and the whole, the
    file's text and what its aliases stand for, is held to the size of a
    spec file; the count is kept as the file is read, so a document that
    would expand to exabytes is refused at its first alias past the bound."""

    def __init__(self, stream: str, limit: int = SPEC_FILE_BYTES):
        super().__init__(stream)
        self._depth = 0
        self._limit = limit
        self._expanded = len(stream)  # the text, and what every alias so far stands for
        self._sizes: dict[str, int] = {}  # each anchor's node, its aliases expanded

    def compose_node(self, parent: Node | None, index: object) -> Node | None:  # type: ignore[override]
        self._depth += 1
        try:
            event = self.peek_event()
            if self._depth > NESTING_DEPTH:
                raise _BoundError(problem=f"nested deeper than {NESTING_DEPTH} levels, the most a spec may be",
                                  problem_mark=event.start_mark, note="a spec needs only a few levels")
            if isinstance(event, yaml.AliasEvent):
                self._expanded += self._sizes.get(event.anchor or "", 0)
                if self._expanded > self._limit:
                    raise _BoundError(problem=f"its aliases (*{event.anchor}) stand for more than "
                                      f"{self._limit // MIB} MiB of text, the most a spec may be",
                                      problem_mark=event.start_mark,
                                      note="write the shared part out where it is needed, or use fewer aliases")
                return super().compose_node(parent, index)  # type: ignore[no-any-return]
            before = self._expanded
            node = super().compose_node(parent, index)
            anchor = getattr(event, "anchor", None)
            if anchor is not None and node is not None:
                self._sizes[anchor] = node.end_mark.index - node.start_mark.index + self._expanded - before
            return node  # type: ignore[no-any-return]
        finally:
            self._depth -= 1


@dataclass
class Source:
    """One spec file being read, and the problems found in it so far."""

    file: str
    text: str
    diagnostics: list[Diagnostic] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.text = self.text.removeprefix("\ufeff")
        self.lines = split_lines(self.text)
        self._value_indices: dict[int, list[int]] = {}
        self._starts = [0]
        for index, char in enumerate(self.text):
            if char == "\n":
                self._starts.append(index + 1)

    # ---- positions ------------------------------------------------------------
    def position(self, index: int) -> tuple[int, int]:
        """1-based line and column of a character index."""
        line = bisect.bisect_right(self._starts, index) - 1
        return line + 1, index - self._starts[line] + 1

    def where(self, node: Node) -> Position:
        line, column = self.position(node.start_mark.index)
        return Position(self.file, line, column)

    def value_index(self, node: ScalarNode, offset: int) -> int:
        """The source index of character ``offset`` of a scalar's value."""
        indices = self._value_indices.get(id(node))
        if indices is None:
            indices = self._value_indices[id(node)] = self._walk_value(node)
        return indices[offset] if 0 <= offset < len(indices) - 1 else indices[-1]

    def _walk_value(self, node: ScalarNode) -> list[int]:
        """The source index of each character of a scalar's value, and last
        where the value ends.  Walks the source and the value side by side
        (once per node: a line with many problems asks many times), so
        quoting, folding and block indentation are all accounted for."""
        value = node.value
        index = node.start_mark.index
        end = node.end_mark.index
        if node.style in ('"', "'"):
            index += 1
        elif node.style in ("|", ">"):
            index = self.text.find("\n", index) + 1
        indices = []
        for char in value:
            while index < end and self.text[index] != char and not (
                char == " " and self.text[index] in "\r\n"
            ):
                index += 1
            indices.append(index)
            index += 1
        indices.append(min(index, max(node.end_mark.index, node.start_mark.index)))
        return indices

    # ---- reporting ------------------------------------------------------------
    def error_at(self, index: int, message: str, width: int = 1, hint: str | None = None) -> None:
        line, column = self.position(index)
        source_line = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        self.diagnostics.append(
            Diagnostic(self.file, line, column, message, source_line, width, hint)
        )

    def error(self, node: Node | None, message: str, hint: str | None = None) -> None:
        """A problem with a whole node (underlined up to the end of its line)."""
        if node is None:
            self.diagnostics.append(Diagnostic(self.file, 1, 1, message, self.lines[0] if self.lines else "",
                                               1, hint))
            return
        start, end = node.start_mark.index, node.end_mark.index
        line_end = self.text.find("\n", start)
        line_end = len(self.text) if line_end < 0 else line_end
        self.error_at(start, message, max(1, min(end, line_end) - start), hint)

    def error_at_position(self, where: Position | None, message: str, hint: str | None = None,
                          note: tuple[Position | None, str] | None = None) -> None:
        """A problem found after loading, reported where the model says the
        offending thing was written; ``note``: another place that explains
        it, and what it says there."""
        notes = (self.positioned(note[0], note[1], severity="note"),) if note else ()
        self.diagnostics.append(self.positioned(where, message, hint, notes=notes))

    def positioned(self, where: Position | None, message: str, hint: str | None = None, *,
                   severity: str = "error", notes: tuple[Diagnostic, ...] = ()) -> Diagnostic:
        """A diagnostic at a model position, showing that line of its file
        (underlined to the end)."""
        if where is None:
            return Diagnostic(self.file, 1, 1, message, "", 1, hint, severity, notes)
        lines = self.lines if where.file == self.file and self.lines else _file_lines(where.file)
        text = lines[where.line - 1] if 0 < where.line <= len(lines) else ""
        width = max(1, len(text.rstrip()) - where.column + 1) if text else 1
        return Diagnostic(where.file, where.line, where.column, message, text, width, hint, severity, notes)

    # ---- reading --------------------------------------------------------------
    def compose(self) -> Node | None:
        """The document's root node, or None after reporting a YAML error
        or a text larger than a spec file may be (a spec kept in a game
        file or a saved game is held to the same size as a file)."""
        size = len(self.text) if len(self.text) * 4 <= SPEC_FILE_BYTES else len(self.text.encode("utf-8", "replace"))
        if size > SPEC_FILE_BYTES:
            self.error_at(0, f"a spec of {size:,} bytes; the most is {SPEC_FILE_BYTES // MIB} MiB")
            return None
        loader: _BoundedLoader | None = None
        try:
            loader = _BoundedLoader(self.text)
            root = loader.get_single_node()
        except _BoundError as error:
            self.error_at(error.problem_mark.index if error.problem_mark else 0, str(error.problem),
                          hint=error.note)
            return None
        except yaml.MarkedYAMLError as error:
            mark = error.problem_mark or error.context_mark
            index = mark.index if mark is not None else 0
            self.error_at(index, f"not valid YAML: {error.problem or error.context}",
                          hint="check indentation, and quote values that start with '{', '[', '*' or '&'")
            return None
        except yaml.YAMLError as error:
            self.error_at(0, f"not valid YAML: {error}")
            return None
        finally:
            if loader is not None:
                loader.dispose()
        if root is not None:
            self._check_scalars(root)
        return root

    def _check_scalars(self, root: Node) -> None:
        """Report each integer of more than NUMBER_DIGITS digits, and read it
        as text from then on (so no reader converts it); and each lone
        surrogate a ``"\\ud800"`` escape makes (no file, database or
        terminal can hold it), read as U+FFFD from then on.  An escaped
        surrogate pair is the character it stands for."""
        stack, seen = [root], set()
        while stack:
            node = stack.pop()
            if id(node) in seen:  # an alias: the same node again
                continue
            seen.add(id(node))
            if isinstance(node, ScalarNode):
                if node.tag == INT_TAG and sum(ch.isdigit() for ch in node.value) > NUMBER_DIGITS:
                    self.error(node, f"a number of more than {NUMBER_DIGITS} digits")
                    node.tag = STR_TAG
                node.value = pair_surrogates(node.value)
                lone = lone_surrogate(node.value)
                if lone is not None:
                    self.error(node, f"'\\u{ord(lone):04x}' is half of a surrogate pair, not a character",
                               hint="write the character itself, or the pair of escapes it is made of")
                    node.value = node.value.translate({code: "\ufffd" for code in range(0xD800, 0xE000)})
            elif isinstance(node, SequenceNode):
                stack.extend(node.value)
            elif isinstance(node, MappingNode):
                stack.extend(item for pair in node.value for item in pair)

    def header_comment(self) -> str:
        """The comment block at the very top of the file, without ``# ``."""
        lines: list[str] = []
        for line in self.lines:
            if line.startswith("#"):
                lines.append(line[1:].removeprefix(" ").rstrip())
            elif line.strip() == "" and lines:
                break
            elif line.strip() == "":
                continue
            else:
                break
        return "\n".join(lines)


def _file_lines(file: str) -> list[str]:
    """The lines of a spec file named in a position (a bundled spec or a
    file), or none when it cannot be read."""
    try:
        return split_lines(read_spec_source(file))
    except (BarbuError, KeyError):
        return []


def pairs(node: MappingNode) -> list[tuple[ScalarNode, Node]]:
    """A mapping's key/value nodes, in order (keys may repeat)."""
    return [(key, value) for key, value in node.value]  # type: ignore[misc]


def scalar(node: Node) -> str | None:
    """A scalar's text, or None for a mapping or a sequence."""
    return node.value if isinstance(node, ScalarNode) else None


def is_null(node: Node) -> bool:
    return isinstance(node, ScalarNode) and node.tag == "tag:yaml.org,2002:null"


def as_int(node: Node) -> int | None:
    if isinstance(node, ScalarNode) and node.tag == INT_TAG:
        try:
            return int(node.value)
        except ValueError:
            return None
    return None


def as_bool(node: Node) -> bool | None:
    if isinstance(node, ScalarNode) and node.tag == "tag:yaml.org,2002:bool":
        return node.value.lower() in ("true", "yes", "on", "y")
    return None


__all__ = [
    "MappingNode",
    "Node",
    "ScalarNode",
    "SequenceNode",
    "Source",
    "as_bool",
    "as_int",
    "is_null",
    "pairs",
    "scalar",
]
