"""What every ``barbu sheet`` command shares: the table's language, the
output, the store, and errors turned into messages and exit codes.

Exit codes, as every ``barbu`` command: 0 done; 1 a hand (or a game file)
refused, with every problem named, and nothing saved; 2 unusable input (an
unknown game, a file that cannot be read, input that ended before the hand
was complete).  A message is said in the table's language (``--lang``,
else ``BARBU_LANG``, else the locale); never a traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from click.exceptions import Exit

from ..bounded_json import JSONProblem, loads
from ..errors import BarbuError, message
from ..files import FileProblem, atomic_write, read_text_file
from ..i18n import Translator, choose_language
from ..limits import GAME_FILE_BYTES, MIB
from ..safe_text import Terminal
from .game import ScoredHand, SheetError, SheetFileError, SheetGame
from .prompts import Asker, Cancelled, HandEntry
from .store import Store, open_store
from .views import state_lines


class Failed(Exception):
    """A message already said; leave with this exit code."""

    def __init__(self, code: int):
        self.code = code


class Session:
    """What one command works with: the language, the output and the store."""

    def __init__(self, lang: str | None, db: Path | None):
        self.out = Terminal()
        self.err = Terminal(stderr=True)
        try:
            self.t = Translator(choose_language(lang))
        except ValueError as error:
            self.err.print(f"barbu: {error}", markup=False)
            raise Failed(2) from None
        self.db = db
        self._store: Store | None = None

    @property
    def store(self) -> Store:
        if self._store is None:
            self._store = open_store(self.db)
        return self._store

    def say(self, text: str) -> None:
        self.out.print(text, markup=False)

    def tell(self, text: str) -> None:
        self.err.print(text, markup=False)

    def load(self, game_id: int, stored: dict[str, Any] | None = None) -> SheetGame:
        """Game ``game_id`` (from its ``stored`` file when given) with every hand checked again."""
        try:
            return SheetGame.from_json(stored if stored is not None else self.store.game_file(game_id))
        except SheetError as error:
            self.tell(self.t("sheet_cli.refused_game", game=game_id))
            self.tell(error.describe(self.t))
            raise Failed(1) from None

    def close(self) -> None:
        if self._store is not None:
            self._store.close()


@contextmanager
def session(lang: str | None, db: Path | None) -> Iterator[Session]:
    """Run a command: its errors become one message in the table's
    language and the documented exit code, never a traceback."""
    try:
        current = Session(lang, db)
    except Failed as failed:
        raise Exit(failed.code) from None
    try:
        yield current
    except Failed as failed:
        raise Exit(failed.code) from None
    except SheetFileError as error:
        current.tell(f"barbu: {error.describe(current.t)}")
        raise Exit(2) from None
    except (Cancelled, KeyboardInterrupt):
        current.tell(current.t("sheet_cli.cancelled"))
        raise Exit(2) from None
    except BarbuError as error:
        current.tell(message(error))
        raise Exit(error.exit_code) from None
    finally:
        current.close()


def read_json(s: Session, path: Path) -> Any:
    """The JSON in ``path`` (``-``: standard input), read as every file is
    (:mod:`barbu_dsl.files`, :mod:`barbu_dsl.bounded_json`); exit 2 when it
    cannot be read."""
    try:
        text = _read_stdin() if str(path) == "-" else read_text_file(path, limit=GAME_FILE_BYTES)
    except FileProblem as problem:
        where = f" (line {problem.line}, column {problem.column})" if problem.line is not None else ""
        s.tell("barbu: " + s.t("sheet_cli.cannot_read", path=path, error=problem.reason + where))
        raise Failed(2) from None
    try:
        return loads(text)
    except JSONProblem as error:
        s.tell("barbu: " + s.t("sheet_cli.not_json", path=path, error=error))
        raise Failed(2) from None


def _read_stdin() -> str:
    text = sys.stdin.read(GAME_FILE_BYTES + 1)
    if len(text) > GAME_FILE_BYTES:
        raise FileProblem("-", f"standard input holds more than {GAME_FILE_BYTES // MIB} MiB")
    return text


def write_file(s: Session, path: Path, text: str) -> None:
    """Write a new file atomically (never overwriting one); exit 2 when it
    cannot be written."""
    try:
        atomic_write(path, text)
    except FileProblem as problem:
        if problem.exists:
            s.tell("barbu: " + s.t("sheet_cli.file_exists", path=path))
        else:
            s.tell("barbu: " + s.t("sheet_cli.cannot_write", path=path, error=problem.reason))
        raise Failed(2) from None


def refused(s: Session, key: str, error: SheetError, **fields: object) -> Failed:
    """Say why a hand or a change is refused; the exit to raise."""
    s.tell(s.t(key, **fields))
    s.tell(error.describe(s.t))
    return Failed(1)


def next_hand(s: Session, game: SheetGame, game_id: int, hand_file: Path | None, raw: bool) -> ScoredHand:
    """The next hand of ``game`` scored, from the file or else asked
    question by question; not yet on the sheet."""
    try:
        if hand_file is None:
            asker = Asker(s.t, sys.stdin, sys.stdout, echo=not sys.stdin.isatty())
            hand = HandEntry(game, asker, raw).run()
        else:
            hand = read_json(s, hand_file)
        return game.score(hand, len(game.scored))
    except SheetError as error:
        raise refused(s, "sheet_cli.refused", error, game=game_id) from None


def print_state(s: Session, game: SheetGame) -> None:
    """The totals, whose turn it is (or the winner), the doubles counter."""
    for line in state_lines(game, s.t):
        s.say(line)


__all__ = ["Failed", "Session", "next_hand", "print_state", "read_json", "refused", "session", "write_file"]
