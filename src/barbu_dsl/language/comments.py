"""Keep a spec file's comments when ``barbu fmt`` writes it again.

The canonical text is printed from the model (:mod:`.printer`), which has
no comments but the header (:attr:`~.model.Spec.header`).  Every other
comment of the file is kept here by *position*: a comment on lines of its
own belongs to the key on the next line, a comment at the end of a line to
the key that line starts with.  Each key is known by its path from the
top of the file (``contracts`` → ``No tricks``), so a comment follows its
key wherever the canonical order puts it; when the key is gone (a setting
equal to its default is left out), the comment goes to the nearest key
above it in the tree that is still there, or to the end of the file.

Lines are found with PyYAML's own scanner, so a ``#`` inside a quoted
value or a block scalar is never taken for a comment.
"""

from __future__ import annotations

from dataclasses import dataclass

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

Path = tuple[str | int, ...]


@dataclass(frozen=True)
class Comment:
    """Comment lines (without their indentation) and the key they belong
    to; ``trailing``: written at the end of that key's line."""

    path: Path
    lines: tuple[str, ...]
    trailing: bool = False


def file_comments(text: str) -> list[Comment]:  # noqa: C901 -- a small scanner of YAML comments, one branch a kind of line
    """Every comment of a spec file but its header, with the key each
    belongs to (empty when the file cannot be read as YAML: then there is
    nothing to keep a comment with)."""
    try:
        root = yaml.compose(text)
        tokens = list(yaml.scan(text))
    except yaml.YAMLError:
        return []
    if root is None:
        return []
    lines = text.split("\n")
    paths = _line_paths(root)
    inside = {line for t in tokens if isinstance(t, yaml.ScalarToken)
              for line in range(t.start_mark.line + 1, t.end_mark.line + 1)}
    ends: dict[int, int] = {}  # where the last token of each line ends
    for token in tokens:
        if not isinstance(token, (yaml.StreamStartToken, yaml.StreamEndToken)):
            line = token.end_mark.line
            ends[line] = max(ends.get(line, 0), token.end_mark.column)
    comments: list[Comment] = []
    block: list[str] = []
    content = sorted(paths)
    in_header, header_seen = True, False  # the first block of comments is the header, which the model keeps
    for number, line in enumerate(lines):
        stripped = line.strip()
        if number in inside:
            continue
        if stripped.startswith("#"):
            if in_header:
                header_seen = True
            else:
                block.append(stripped)
            continue
        if not stripped:
            in_header = in_header and not header_seen
            continue
        in_header = False
        if block:
            comments.append(Comment(paths.get(number, _path_before(content, paths, number)), tuple(block)))
            block = []
        rest = line[ends.get(number, len(line)):]
        if rest.strip().startswith("#") and number in paths:
            comments.append(Comment(paths[number], (rest.strip(),), trailing=True))
    if block:
        comments.append(Comment((), tuple(block)))
    return comments


def with_comments(printed: str, comments: list[Comment]) -> str:
    """``printed`` (canonical spec text) with ``comments`` put back at the
    keys they belong to."""
    if not comments:
        return printed
    lines = printed.rstrip("\n").split("\n")
    paths = _line_paths(yaml.compose(printed))
    at = {path: number for number, path in sorted(paths.items(), reverse=True)}
    before: dict[int, list[str]] = {}
    after: dict[int, list[str]] = {}
    tail: list[str] = []
    for comment in comments:
        number = _nearest(comment.path, at)
        if number is None:
            tail.extend(comment.lines)
        elif comment.trailing and at.get(comment.path) == number:
            after.setdefault(number, []).extend(comment.lines)
        else:
            before.setdefault(number, []).extend(comment.lines)
    out: list[str] = []
    for number, line in enumerate(lines):
        indent = line[:len(line) - len(line.lstrip())]
        out.extend(indent + text for text in before.get(number, []))
        out.append(line + "".join(f"  {text}" for text in after.get(number, [])))
    out.extend(tail)
    return "\n".join(out) + "\n"


def _line_paths(root: Node | None) -> dict[int, Path]:
    """For each line that starts a key (or a block sequence item), the
    path of the first (outermost) one."""
    found: dict[int, Path] = {}

    def walk(node: Node, path: Path) -> None:
        if isinstance(node, MappingNode):
            for key, value in node.value:
                name = key.value if isinstance(key, ScalarNode) else str(len(found))
                found.setdefault(key.start_mark.line, (*path, name))
                walk(value, (*path, name))
        elif isinstance(node, SequenceNode):
            for index, item in enumerate(node.value):
                if not node.flow_style:
                    found.setdefault(item.start_mark.line, (*path, index))
                walk(item, (*path, index))

    if root is not None:
        walk(root, ())
    return found


def _path_before(content: list[int], paths: dict[int, Path], number: int) -> Path:
    """The path of the last key before line ``number`` (a comment block
    followed by a line that starts no key, such as a value's continuation)."""
    earlier = [line for line in content if line < number]
    return paths[earlier[-1]] if earlier else ()


def _nearest(path: Path, at: dict[Path, int]) -> int | None:
    """The printed line of ``path``, or of its nearest ancestor printed."""
    for end in range(len(path), 0, -1):
        if path[:end] in at:
            return at[path[:end]]
    return None


__all__ = ["Comment", "file_comments", "with_comments"]
