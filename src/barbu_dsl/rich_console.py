"""The rich console behind :class:`barbu_dsl.safe_text.Terminal`, for what
only rich draws: tables, progress bars, text folded to a width.

It shows every text it is given through
:func:`~barbu_dsl.safe_text.for_terminal`, with rich's markup, emoji codes
and highlighting off, whoever prints to it: a table's cells are
:class:`~rich.text.Text` already (:func:`~barbu_dsl.safe_text.for_rich`).
It is a module of its own so that loading rich waits until a command draws
something.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console

from .safe_text import for_terminal


class SafeConsole(Console):
    """A rich console with markup, emoji codes and highlighting off, that
    makes every text it prints safe first."""

    def __init__(self, **options: Any):
        super().__init__(markup=False, emoji=False, highlight=False, **options)

    def print(self, *objects: Any, **options: Any) -> None:  # type: ignore[override]
        options.update(markup=False, emoji=False, highlight=False)
        super().print(*(for_terminal(o) if isinstance(o, str) else o for o in objects), **options)


__all__ = ["SafeConsole"]
