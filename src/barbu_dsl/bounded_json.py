"""JSON from the user (hand records, game files, hand files), read within bounds.

:func:`loads` is :func:`json.loads` that never raises anything but
:class:`JSONProblem`: integers of more than
:data:`~barbu_dsl.limits.NUMBER_DIGITS` digits and nesting deeper than
:data:`~barbu_dsl.limits.NESTING_DEPTH` are refused (Python's own limits
would raise ``ValueError`` past 4,300 digits and ``RecursionError`` past
about a thousand levels, and whatever reads the value next may recurse),
and so are lone surrogates (``"\\ud800"``), which cannot be written out.

JSON Lines are split with :func:`barbu_dsl.files.split_lines`, at ``\\n``
only: JSON text may hold U+2028, U+2029 and U+0085 raw, where
``str.splitlines`` would also break.
"""

from __future__ import annotations

import json
from typing import Any

from .limits import NESTING_DEPTH, NUMBER_DIGITS
from .safe_text import lone_surrogate


class JSONProblem(ValueError):
    """Text that is not JSON barbu reads; the message says why, in words."""


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > NUMBER_DIGITS:
        raise JSONProblem(f"a number of more than {NUMBER_DIGITS} digits")
    return int(text)


def loads(text: str) -> Any:
    """The JSON value of ``text``, within the bounds above."""
    try:
        value = json.loads(text, parse_int=_integer)
    except JSONProblem:
        raise
    except json.JSONDecodeError as error:
        raise JSONProblem(str(error)) from None
    except RecursionError:
        raise JSONProblem(f"nested deeper than {NESTING_DEPTH} levels") from None
    except ValueError as error:  # a float too long to convert, and the like
        raise JSONProblem(str(error)) from None
    _check(value)
    return value


def _check(value: Any) -> None:
    """No nesting deeper than NESTING_DEPTH, and no string holding a lone
    surrogate (a ``"\\ud800"`` escape: no file, database or terminal can
    hold it), walked without recursion."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, str):
            lone = lone_surrogate(item)
            if lone is not None:
                raise JSONProblem(f"'\\u{ord(lone):04x}' is half of a surrogate pair, not a character")
            continue
        if isinstance(item, dict):
            item = [*item.keys(), *item.values()]
        if isinstance(item, list):
            if level + 1 > NESTING_DEPTH:
                raise JSONProblem(f"nested deeper than {NESTING_DEPTH} levels")
            stack.extend((child, level + 1) for child in item)


__all__ = ["JSONProblem", "loads"]
