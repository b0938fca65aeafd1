"""The server's log (standard error), one line per kind of failure.

A server on an open address meets the same failure many times a second
— a connection refused because it holds its most, a request that is not
HTTP, ``accept`` failing for want of files — and a line (or a traceback)
for each would fill the disk.  :class:`OncePerKind` lets the first record
of each kind through, counts the others, and says the count once the
minute (:data:`PERIOD`) is over: ``… (and 4,210 more like it in the last
60 s)``.  A kind is the logger, the level, the first line of the message
before its values are put in (``"table %s: %s"``), and the exception's
type; so each table's own trouble is one kind with the others.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

PERIOD = 60.0
"""Seconds during which a kind of record is said once; the rest are counted."""

KINDS_MOST = 1000
"""Kinds remembered at once (the oldest is forgotten first)."""

Kind = tuple[str, int, str, str]


@dataclass
class _Seen:
    since: float
    count: int = 0
    sample: logging.LogRecord | None = None


class OncePerKind(logging.Filter):
    """A filter for the log's handler (see the module docstring)."""

    def __init__(self, period: float = PERIOD, clock: Callable[[], float] = time.monotonic):
        super().__init__()
        self.period = period
        self.clock = clock
        self._seen: dict[Kind, _Seen] = {}
        self._lock = threading.Lock()
        self._say: Callable[[logging.LogRecord], object] | None = None

    @staticmethod
    def kind(record: logging.LogRecord) -> Kind:
        first = str(record.msg).split("\n", 1)[0][:200]
        error = record.exc_info[0].__name__ if record.exc_info and record.exc_info[0] \
            else getattr(record, "error_type", "")
        return record.name, record.levelno, first, error

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "counted", False):  # a count this filter made
            return True
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, OSError):  # the system said no (no files left, a peer gone): one line says it all
            record.msg, record.args = f"{record.getMessage()} ({error.strerror or error})", None
            record.exc_info = record.exc_text = None
            record.error_type = type(error).__name__
        kind, now = self.kind(record), self.clock()
        with self._lock:
            seen = self._seen.get(kind)
            if seen is not None and now - seen.since < self.period:
                seen.count += 1
                seen.sample = record
                return False
            if seen is not None and seen.count:
                self._report(seen)
            self._seen.pop(kind, None)
            self._seen[kind] = _Seen(now)
            while len(self._seen) > KINDS_MOST:
                del self._seen[next(iter(self._seen))]
        return True

    def flush(self) -> list[logging.LogRecord]:
        """The counts of every kind whose minute is over: said (through the
        handler given to :meth:`attach`), and returned."""
        now = self.clock()
        said = []
        with self._lock:
            for kind, seen in list(self._seen.items()):
                if now - seen.since >= self.period:
                    if seen.count:
                        said.append(self._report(seen))
                    del self._seen[kind]
        return said

    def _report(self, seen: _Seen) -> logging.LogRecord:
        sample = seen.sample
        assert sample is not None
        text = sample.getMessage().split("\n", 1)[0]
        record = logging.LogRecord(sample.name, sample.levelno, sample.pathname, sample.lineno,
                                   "%s (and %s more like it in the last %g s)", (text, f"{seen.count:,}", self.period),
                                   None)
        record.counted = True
        if self._say is not None:
            self._say(record)
        return record

    def attach(self, handler: logging.Handler) -> None:
        """Filter ``handler``'s records, and say the counts through it once a
        minute (a thread of its own, so that a count is said even when
        nothing else is logged)."""
        handler.addFilter(self)
        self._say = handler.handle

        def tick() -> None:
            while True:
                time.sleep(min(self.period, 5.0))
                self.flush()

        threading.Thread(target=tick, name="barbu-log-counts", daemon=True).start()


__all__ = ["KINDS_MOST", "PERIOD", "OncePerKind"]
