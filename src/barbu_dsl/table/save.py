"""Saving a game left at the table, and carrying it on (``barbu play --resume``).

A saved game is the game itself, as :meth:`GameState.to_json
<barbu_dsl.engine.state.GameState.to_json>` writes it (the spec as
canonical text, the number of players, the seed, the seat names and every
answer given so far, in order), with what the table adds: the bot or
person of each seat, the bots' ``think`` factor, the language, whether
the game was begun with ``--plain`` (it is carried on plain too), and the
state of each bot's random generator.  Carrying on replays the answers
(no bot is asked again, which is fast) and then asks the next question, so
the game continues with the very cards and answers it would have had.

A save of the first format (version 1, each decision with its seat and
kind and the engine's numbers for cards and suits) is read too: its
decisions become the answers of today's format, each checked against the
decision it answers.

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

from .. import cards as C
from ..bots import SEATS
from ..bounded_json import loads
from ..engine.state import FORMAT as GAME_FORMAT
from ..engine.state import VERSION as GAME_VERSION
from ..engine.state import AnswerError, GameFileError, GameState
from ..errors import UsageError
from ..files import FileProblem, atomic_write, os_reason, read_text_file
from ..limits import GAME_FILE_BYTES, THINK

FORMAT = "barbu_dsl saved game"
VERSION = 2
FILE_NAME = "saved-game.json"


def default_path(environ: Mapping[str, str]) -> Path:
    """Where a game is saved unless ``--save`` says otherwise."""
    folder = environ.get("BARBU_DATA_DIR") or platformdirs.user_data_dir("barbu_dsl")
    return Path(folder) / FILE_NAME


@dataclass
class SavedGame:
    """A game left before its end (see the module docstring)."""

    game: dict[str, Any]  # GameState.to_json(), as JSON data
    bots: list[str]  # per seat: a bot's name, or "human"
    think: float
    language: str
    states: list[Any] = field(default_factory=list)  # per seat: the bot's state
    hands_done: int = 0
    id: str = field(default_factory=lambda: uuid.uuid4().hex)  # tells this game's save from another's
    asked: list[tuple[int, str]] | None = field(default=None, compare=False, repr=False)
    """For a save of the first format: the seat and kind of decision of each answer."""
    plain: bool = False  # begun with --plain: carried on in plain mode too

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        del data["asked"]
        return {"format": FORMAT, "version": VERSION, **data}

    @classmethod
    def from_json(cls, data: Any) -> SavedGame:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("not a saved barbu game")
        if data.get("version") == 1:
            return _from_version_1(data)
        if data.get("version") != VERSION:
            raise ValueError(f"a saved game of another version ({data.get('version')})")
        fields = {key: value for key, value in data.items() if key not in ("format", "version", "asked")}
        saved = cls(**fields)
        _check_fields(saved)
        return saved

    @property
    def spec(self) -> str:
        """The spec's full name, as on the command line."""
        return str(self.game.get("spec"))

    @property
    def players(self) -> int:
        return int(self.game["players"])


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _strings(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


_FIELD_CHECKS: dict[str, Callable[[Any], bool]] = {
    "game": lambda v: isinstance(v, dict), "bots": _strings,
    "think": lambda v: (_whole(v) or isinstance(v, float)) and 0 < v <= THINK, "language": lambda v: isinstance(v, str),
    "states": lambda v: isinstance(v, list), "hands_done": _whole, "id": lambda v: isinstance(v, str),
    "plain": lambda v: isinstance(v, bool),
}
"""The type of each field of a saved game read back (a file edited by hand is refused, not played)."""


def _check_fields(saved: SavedGame) -> None:
    wrong = [name for name, ok in _FIELD_CHECKS.items() if not ok(getattr(saved, name))]
    if wrong:
        raise ValueError(f"its {wrong[0]} is not what a saved game holds")


# --------------------------------------------------------------------------
# The first format.

_V1_KINDS = {"contract": "contract", "trump": "trump", "start_rank": "start_rank", "doubles": "double",
             "move": "card"}
"""The question kinds of a version 1 save, and the decision kinds they are now."""


def _v1_answer(kind: str, answer: Any) -> Any:
    """A version 1 answer as today's answers are written (anything that
    does not convert is kept, and refused when it is replayed)."""
    if kind == "trump" and _whole(answer) and 0 <= answer < 4:
        return C.SUIT_LETTERS[answer]
    if kind == "start_rank" and _whole(answer) and answer in C.RANK_LETTERS:
        return C.RANK_LETTERS[answer]
    if kind == "doubles" and isinstance(answer, list) and all(_whole(seat) for seat in answer):
        return sorted(answer)
    if kind == "move" and _whole(answer) and -1 <= answer < 52:
        return "pass" if answer == -1 else C.CARD_STRS[answer]
    return answer


def _from_version_1(data: dict[str, Any]) -> SavedGame:
    """A version 1 save as today's (see the module docstring)."""
    decisions = data.get("decisions")
    if not isinstance(decisions, list):
        raise TypeError("its decisions are not what a saved game holds")
    asked, answers = [], []
    for number, entry in enumerate(decisions, 1):
        if not (isinstance(entry, list) and len(entry) == 3 and _whole(entry[0]) and entry[1] in _V1_KINDS):
            raise ValueError(f"its decision {number} is not a seat's answer to a question")
        seat, kind, answer = entry
        asked.append((seat, _V1_KINDS[kind]))
        answers.append(_v1_answer(kind, answer))
    game = {"format": GAME_FORMAT, "version": GAME_VERSION, "spec": data.get("spec"),
            "spec_text": data.get("spec_text"), "players": data.get("players"), "seed": data.get("seed"),
            "names": data.get("names"), "answers": answers}
    saved = SavedGame(game, data.get("bots"), data.get("think"), data.get("language"),  # type: ignore[arg-type]
                      data.get("states", []), data.get("hands_done", 0), data.get("game"), asked)  # type: ignore[arg-type]
    _check_fields(saved)
    return saved


# --------------------------------------------------------------------------
# Reading a save back into a game.


def check_fits(saved: SavedGame, path: Path) -> None:
    """Refuse, with one message, a saved game whose seats do not fit it: a
    file edited by hand or damaged.  The file is left as it is."""
    problem = _misfit(saved)
    if problem is not None:
        raise damaged(path, problem)


def damaged(path: Path, problem: str) -> UsageError:
    """The error for a saved game that cannot be carried on."""
    return UsageError(f"the saved game in {path} cannot be carried on: {problem} (the file is left as it is)")


def _misfit(saved: SavedGame) -> str | None:
    players = saved.game.get("players")
    if not _whole(players):
        return "its number of players is not a number"
    if len(saved.bots) != players or not all(name in SEATS for name in saved.bots):
        return f"its seats are not {players} bots and people"
    if saved.states and len(saved.states) != players:
        return f"it keeps {len(saved.states)} bot states for {players} players"
    if saved.hands_done < 0:
        return "its count of hands played is below zero"
    return None


def load_game(saved: SavedGame, path: Path) -> GameState:
    """The saved game, its answers replayed; :func:`damaged` names what
    does not replay."""
    game = dict(saved.game)
    answers = game.get("answers")
    if not isinstance(answers, list):
        raise damaged(path, "its answers are not what a saved game holds")
    try:
        state = GameState.from_data({**game, "answers": []})
    except GameFileError as error:
        raise damaged(path, str(error)) from None
    for number, answer in enumerate(answers, 1):
        decision = state.pending()
        if (saved.asked is not None and decision is not None
                and (decision.seat, decision.kind) != saved.asked[number - 1]):
            raise damaged(path, f"its decision {number} is not the answer of the seat asked there")
        try:
            state.apply(answer)
        except AnswerError as error:
            raise damaged(path, f"its answer {number} is not a legal answer there: {error}") from None
    return state


# --------------------------------------------------------------------------
# The file.


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
    """Remove the save at ``path`` if it is the save of the game ``game`` (its id)."""
    try:
        saved = read_saved(path)
    except UsageError:
        return False
    if saved is None or saved.id != game:
        return False
    path.unlink(missing_ok=True)
    return True


__all__ = ["FORMAT", "VERSION", "SavedGame", "check_fits", "damaged", "default_path", "load_game", "read_saved",
           "remove_saved", "write_saved"]
