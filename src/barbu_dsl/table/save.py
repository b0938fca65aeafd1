"""Saving a game left at the table, and carrying it on (``barbu play --resume``).

A saved game holds everything needed to go on exactly as if it had never
stopped: the spec as canonical text (``barbu fmt``,
:func:`~barbu_dsl.language.print_spec`), the number of players, the seed,
the bot of each seat and its ``think`` factor, the language and seat
names, every decision taken so far by every seat in the order they were
taken, and the state of each bot's random generator.  Carrying on replays
those decisions through the engine (no bot is asked again, which is fast)
and then asks the next question, so the game continues with the very cards
and answers it would have had.

The file is written atomically (a temporary file beside it, then a rename)
in the user's data directory (``platformdirs.user_data_dir("barbu_dsl")``,
or ``$BARBU_DATA_DIR``), or where ``--save`` says.  A file that is not a
saved game is never overwritten, and only the game's own save is removed
when the game ends.
"""

from __future__ import annotations

import json
import os
import uuid
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import platformdirs

from ..bounded_json import loads
from ..engine.bots import BOTS, Bot, Proxy
from ..errors import UsageError
from ..files import FileProblem, atomic_write, os_reason, read_text_file
from ..language import model as m
from ..limits import GAME_FILE_BYTES

FORMAT = "barbu_dsl saved game"
VERSION = 1
FILE_NAME = "saved-game.json"


def default_path(environ: Mapping[str, str]) -> Path:
    """Where a game is saved unless ``--save`` says otherwise."""
    folder = environ.get("BARBU_DATA_DIR") or platformdirs.user_data_dir("barbu_dsl")
    return Path(folder) / FILE_NAME


@dataclass
class SavedGame:
    """A game left before its end (see the module docstring)."""

    spec: str  # the spec's full name, as on the command line
    spec_text: str  # its canonical text
    players: int
    seed: int | str
    bots: list[str]
    think: float
    language: str
    names: list[str] | None
    decisions: list[list[Any]] = field(default_factory=list)  # [seat, kind, answer]
    states: list[Any] = field(default_factory=list)  # per seat
    hands_done: int = 0
    game: str = field(default_factory=lambda: uuid.uuid4().hex)  # tells this game's save from another's

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, **asdict(self)}

    @classmethod
    def from_json(cls, data: Any) -> SavedGame:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("not a saved barbu game")
        if data.get("version") != VERSION:
            raise ValueError(f"a saved game of another version ({data.get('version')})")
        fields = {key: value for key, value in data.items() if key not in ("format", "version")}
        saved = cls(**fields)
        wrong = [name for name, ok in _FIELD_CHECKS.items() if not ok(getattr(saved, name))]
        if wrong:
            raise ValueError(f"its {wrong[0]} is not what a saved game holds")
        return saved


def _strings(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_FIELD_CHECKS: dict[str, Callable[[Any], bool]] = {
    "spec": lambda v: isinstance(v, str), "spec_text": lambda v: isinstance(v, str), "players": _whole,
    "seed": lambda v: _whole(v) or isinstance(v, str), "bots": _strings,
    "think": lambda v: (_whole(v) or isinstance(v, float)) and v > 0, "language": lambda v: isinstance(v, str),
    "names": lambda v: v is None or _strings(v), "decisions": lambda v: isinstance(v, list),
    "states": lambda v: isinstance(v, list), "hands_done": _whole, "game": lambda v: isinstance(v, str),
}
"""The type of each field of a saved game read back (a file edited by hand is refused, not played)."""


KINDS = ("contract", "trump", "start_rank", "doubles", "move")
"""The questions a seat answers, as a saved game names them."""


def check_fits(saved: SavedGame, spec: m.Spec, path: Path) -> None:
    """Refuse, with one message, a saved game that does not fit its own
    spec: a file edited by hand or damaged.  The file is left as it is."""
    problem = _misfit(saved, spec)
    if problem is not None:
        raise damaged(path, problem)


def damaged(path: Path, problem: str) -> UsageError:
    """The error for a saved game that cannot be carried on."""
    return UsageError(f"the saved game in {path} cannot be carried on: {problem} (the file is left as it is)")


def _misfit(saved: SavedGame, spec: m.Spec) -> str | None:
    players = saved.players
    if players not in spec.players:
        return f"{spec.full_name} is played by {', '.join(map(str, spec.players))} players, not {players}"
    if len(saved.bots) != players or not all(name in BOTS for name in saved.bots):  # (``human`` among them)
        return f"its seats are not {players} bots and people"
    if saved.names is not None and len(saved.names) != players:
        return f"it names {len(saved.names)} seats for {players} players"
    if saved.states and len(saved.states) != players:
        return f"it keeps {len(saved.states)} bot states for {players} players"
    if saved.hands_done < 0:
        return "its count of hands played is below zero"
    for number, entry in enumerate(saved.decisions, 1):
        if not (isinstance(entry, list) and len(entry) == 3 and _whole(entry[0]) and 0 <= entry[0] < players
                and entry[1] in KINDS):
            return f"its decision {number} is not a seat's answer to a question"
    return None


def read_saved(path: Path) -> SavedGame | None:
    """The saved game at ``path``; None when there is no file there.
    Raise :class:`UsageError` for a file that is not a saved game (read
    as every file is: :func:`barbu_dsl.files.read_text_file`)."""
    if not os.path.lexists(path):
        return None
    text = read_text_file(path, limit=GAME_FILE_BYTES)
    try:
        return SavedGame.from_json(loads(text))
    except (ValueError, TypeError) as error:
        raise UsageError(f"{path} is not a saved barbu game ({error}); choose another file with --save") from None


def write_saved(path: Path, saved: SavedGame) -> None:
    """Write ``saved`` to ``path`` atomically; refuse to replace a file
    that is not a saved game."""
    read_saved(path)  # raises for somebody else's file
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise FileProblem(path, os_reason(error), reading=False) from None
    atomic_write(path, json.dumps(saved.to_json(), ensure_ascii=False), overwrite=True)


def remove_saved(path: Path, game: str) -> bool:
    """Remove the save at ``path`` if it is the save of ``game``."""
    try:
        saved = read_saved(path)
    except UsageError:
        return False
    if saved is None or saved.game != game:
        return False
    path.unlink(missing_ok=True)
    return True


# --------------------------------------------------------------------------
# Recording decisions, and replaying them.


def _encode(kind: str, answer: Any) -> Any:
    if kind == "contract":
        return answer.name
    if kind == "doubles":
        return sorted(answer)
    return answer


class Decisions:
    """Every decision of a game in the order taken; those of a saved game
    are handed out again until they run out, then ``on_live`` is called."""

    def __init__(self, saved: list[list[Any]], on_live: Callable[[], None]):
        self.log: list[list[Any]] = [list(entry) for entry in saved]
        self._next = 0
        self._on_live = on_live if saved else None
        self.from_save = bool(saved)  # every answer so far came from the saved game

    @property
    def replaying(self) -> bool:
        return self._next < len(self.log)

    def take(self, seat: int, kind: str) -> Any:
        """The next saved decision, which must be ``seat``'s of ``kind``."""
        entry_seat, entry_kind, answer = self.log[self._next]
        if (entry_seat, entry_kind) != (seat, kind):
            raise UsageError("the saved game does not replay: it was saved by another version of barbu_dsl")
        self._next += 1
        return answer

    @property
    def taken(self) -> int:
        """How many saved decisions have been handed out."""
        return self._next

    def add(self, seat: int, kind: str, answer: Any) -> None:
        self.from_save = False
        self.log.append([seat, kind, _encode(kind, answer)])
        self._next = len(self.log)

    def going_live(self) -> None:
        if self._on_live is not None and not self.replaying:
            on_live, self._on_live = self._on_live, None
            on_live()


class Recorded(Proxy):
    """A seat whose decisions are recorded in ``decisions``, and taken
    from it while a saved game is replayed."""

    def __init__(self, inner: Bot, seat: int, decisions: Decisions):
        super().__init__(inner)
        self.seat = seat
        self.decisions = decisions
        self._before: Any = None  # the bot's state before the question it is answering

    def ask(self, kind: str, question: Any, *args: Any) -> Any:
        if self.decisions.replaying:
            answer = self.decisions.take(self.seat, kind)
            if kind == "contract":
                options: tuple[m.Contract, ...] = args[0].options
                chosen = next((c for c in options if c.name == answer), None)
                if chosen is None:
                    raise ValueError(f"{answer!r} is not a contract to choose here")
                return chosen
            return answer
        self.decisions.going_live()
        self._before = self.inner.state()
        answer = question(*args)
        self._before = None
        self.decisions.add(self.seat, kind, answer)
        return answer

    def state(self) -> Any:
        """The bot's state as of its last recorded answer: a question left
        unanswered (the game stopped in the middle of it) never happened."""
        return self._before if self._before is not None else self.inner.state()
