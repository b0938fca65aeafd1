"""What every ``barbu sheet`` command shares: the table's language, the
output, the store, and errors turned into messages and exit codes.

Exit codes, as every ``barbu`` command: 0 done; 1 a hand (or a game file)
refused, with every problem named, and nothing saved; 2 unusable input (an
unknown game, a file that cannot be read, input that ended before the hand
was complete); 130 after Ctrl-C, nothing saved.  A message is said in the
table's language (``--lang``, else ``BARBU_LANG``, else the locale); never
a traceback.
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
from ..i18n.answers import read_yes_no
from ..limits import GAME_FILE_BYTES, MIB
from ..line_input import read_line
from ..safe_text import Terminal
from .game import ScoredHand, SheetError, SheetFileError, SheetGame
from .prompts import Asker, Cancelled, HandEntry
from .store import Store, open_store
from .views import state_lines

INTERRUPTED = 130
"""The exit code after Ctrl-C, the shells' convention."""


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
        self.entering = False  # a hand is being entered (its answers are lost to Ctrl-C)

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
    except Cancelled:
        current.tell(current.t("sheet_cli.cancelled"))
        raise Exit(2) from None
    except KeyboardInterrupt:  # what is kept: every hand saved before; a hand being entered is not saved
        current.tell("\n" + current.t("sheet_cli.interrupted.hand" if current.entering else "sheet_cli.interrupted"))
        raise Exit(INTERRUPTED) from None
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


def refused(s: Session, key: str, error: SheetError, sheet: SheetGame | None = None, **fields: object) -> Failed:
    """Say why a hand or a change is refused (in a scorer's words, with the
    players' names and the contracts' names in the table's language, when
    the game, ``sheet``, is known); the exit to raise."""
    s.tell(s.t(key, **fields))
    if sheet is None:
        s.tell(error.describe(s.t))
    else:
        s.tell(error.describe(s.t, sheet.players, lambda name: sheet.contract_name(name, s.t.language)))
    return Failed(1)


def next_hand(s: Session, game: SheetGame, game_id: int, hand_file: Path | None, raw: bool,
              old: dict[str, Any] | None = None) -> ScoredHand:
    """The next hand of ``game`` scored, from the file or else asked
    question by question (``old``: the hand edited, whose answers are
    offered); not yet on the sheet."""
    try:
        if hand_file is None:
            s.entering = True
            asker = Asker(s.t, sys.stdin, sys.stdout, echo=not sys.stdin.isatty())
            asker.say(s.t("sheet_cli.tip") + (" " + s.t("sheet_cli.tip.edit") if old else ""))
            hand = HandEntry(game, asker, raw or bool(old and "raw" in old and "took" not in old), old).run()
        else:
            hand = read_json(s, hand_file)
        return game.score(hand, len(game.scored))
    except SheetError as error:  # a hand typed in a scorer's words, a hand file in the file's
        raise refused(s, "sheet_cli.refused", error, game if hand_file is None else None, game=game_id) from None


def confirm(s: Session, question: str, yes: bool) -> bool:
    """Whether to go on with a change that takes a hand away: ``yes``
    (``--yes``), a script's input (not a terminal), or the scorer's yes."""
    if yes or not sys.stdin.isatty():
        return True
    while True:
        line = read_line(question + " ", sys.stdin, sys.stdout)
        if line is None:
            return False
        answer = read_yes_no(line)
        if answer is not None:
            return answer
        s.say(s.t("sheet_cli.confirm.again"))


def print_state(s: Session, game: SheetGame) -> None:
    """The totals, whose turn it is (or the winner), the doubles counter."""
    for line in state_lines(game, s.t):
        s.say(line)


__all__ = ["INTERRUPTED", "Failed", "Session", "confirm", "next_hand", "print_state", "read_json", "refused",
           "session", "write_file"]
