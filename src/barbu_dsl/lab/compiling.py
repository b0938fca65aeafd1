"""Saying what the first native run does: ``barbu simulate --backend
native`` has numba compile the native playouts the first time (about half
a minute, without output of its own; later runs load them from numba's
cache in about a second).  While a study runs, :func:`compile_report`
listens to numba's compile events: at the first one it says what is
happening, then shows how many functions are compiled, as a task of the
study's progress bar on a terminal or as a line every
:data:`PLAIN_EVERY` seconds elsewhere, and at the end how long it took,
in the person's language (the ``lab`` catalog of :mod:`barbu_dsl.i18n`).
A run that compiles nothing says nothing."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from ..i18n import Translator

if TYPE_CHECKING:
    from rich.progress import Progress

PLAIN_EVERY = 5.0
"""Seconds between two progress lines when standard error is not a terminal."""


class _Compiling:
    """What has been compiled so far, and the place it is shown."""

    def __init__(self, say: Callable[[str], None], t: Translator, progress: Progress | None) -> None:
        self.say, self.t, self.progress = say, t, progress
        self.count = 0
        self.started: float | None = None
        self.last_line = 0.0
        self.task: Any = None

    def start(self) -> None:
        if self.started is not None:
            return
        self.started = self.last_line = time.monotonic()
        self.say(self.t("lab.compile.start"))
        if self.progress is not None:
            self.task = self.progress.add_task(self.t("lab.compile.progress", count=0), total=None)

    def compiled(self) -> None:
        self.count += 1
        now = time.monotonic()
        if self.progress is not None:
            self.progress.update(self.task, description=self.t("lab.compile.progress", count=self.count))
        elif now - self.last_line >= PLAIN_EVERY and self.started is not None:
            self.last_line = now
            self.say(self.t("lab.compile.still", count=self.count, seconds=round(now - self.started)))

    def end(self) -> None:
        if self.started is None:
            return
        if self.progress is not None:
            self.progress.remove_task(self.task)
        self.say(self.t("lab.compile.done", count=self.count, seconds=round(time.monotonic() - self.started)))


@contextmanager
def compile_report(say: Callable[[str], None], language: str, progress: Progress | None = None) -> Iterator[None]:
    """Within the block, numba's compiling is said with ``say`` and shown
    on ``progress`` (a rich progress bar) or, without one, by a line with
    ``say`` every few seconds.  Without numba, nothing."""
    try:
        from numba.core import event
    except ImportError:
        yield
        return
    state = _Compiling(say, Translator(language), progress)

    class Listener(event.Listener):  # type: ignore[misc]
        def on_start(self, _: Any) -> None:
            state.start()

        def on_end(self, _: Any) -> None:
            state.compiled()

    try:
        with event.install_listener("numba:compile", Listener()):
            yield
    finally:
        state.end()


__all__ = ["PLAIN_EVERY", "compile_report"]
