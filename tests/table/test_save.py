"""Saving a game (barbu_dsl.table.save): the game as GameState.to_json()
with the table's seats and bot states; written atomically, never over a
file that is not a saved game, removed only by its own game; a question
left unanswered when the game stops leaves no trace in the bot's state; a
save of the first format is carried on as it would have been."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from conftest import assert_golden

from barbu_dsl.engine import GameState
from barbu_dsl.errors import UsageError
from barbu_dsl.language import load_spec
from barbu_dsl.table import PlayOptions, Streams, play
from barbu_dsl.table.save import SavedGame, read_saved, remove_saved, write_saved

from .helpers import BOX_DRAWING, TINY, Person, assert_plain, session

SAVES = Path(__file__).resolve().parent / "saves"


def saved(**changes: object) -> SavedGame:
    state = GameState.new(load_spec(TINY), seed=3)
    game = SavedGame(json.loads(state.to_json()), ["human", "rules", "rules", "rules"], 1.0, "en")
    for key, value in changes.items():
        setattr(game, key, value)
    return game


def test_written_atomically_and_read_back(tmp_path: Path) -> None:
    path = tmp_path / "data" / "saved-game.json"
    game = saved(hands_done=1)
    write_saved(path, game)
    assert read_saved(path) == game
    assert [p.name for p in path.parent.iterdir()] == ["saved-game.json"]  # no temporary file left
    assert read_saved(tmp_path / "none.json") is None


def test_the_game_in_a_save_is_the_game_state(tmp_path: Path) -> None:
    """A save holds ``GameState.to_json()`` as it is: loading it gives the
    same state, byte for byte."""
    path = tmp_path / "saved-game.json"
    session(["1", "1", "quit"], save=path, spec=TINY, seed=3, bots="human,rules,rules,rules")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "barbu_dsl saved game" and data["version"] == 2
    text = json.dumps(data["game"], ensure_ascii=False)
    state = GameState.from_json(text)
    assert state.to_json() == text
    pending = state.pending()
    assert state.answers[0] == "No queens" and pending is not None and (pending.seat, pending.kind) == (0, "card")


def test_never_replaces_somebody_elses_file(tmp_path: Path) -> None:
    path = tmp_path / "notes.json"
    path.write_text("[1, 2, 3]", encoding="utf-8")
    with pytest.raises(UsageError, match="not a saved barbu game"):
        write_saved(path, saved())
    assert path.read_text(encoding="utf-8") == "[1, 2, 3]"
    assert not remove_saved(path, "any")
    assert path.exists()


def test_only_its_own_game_removes_a_save(tmp_path: Path) -> None:
    path = tmp_path / "saved-game.json"
    game = saved()
    write_saved(path, game)
    assert not remove_saved(path, "another game")
    assert remove_saved(path, game.id)
    assert not path.exists()


def test_a_save_of_another_version_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "saved-game.json"
    path.write_text(json.dumps({**saved().to_json(), "version": 3}), encoding="utf-8")
    with pytest.raises(UsageError, match=r"a saved game of another version \(3\)"):
        read_saved(path)


def test_an_unanswered_question_leaves_no_trace(tmp_path: Path) -> None:
    """The person quits while asked for a card after asking for a hint
    (which draws from the strong bot's generator): the save keeps the
    helper's state from before the question, so that the same hint
    comes again after ``--resume``."""
    path = tmp_path / "saved-game.json"
    text, _, _, _ = session(["1", "hint", "quit"], save=path, spec=TINY, seed=3, bots="human,rules,rules,rules")
    hint = [line for line in text.splitlines() if line.startswith("Hint:")]
    again, _, _, _ = session(["hint", "quit"], save=path, resume=True)
    assert hint and [line for line in again.splitlines() if line.startswith("Hint:")] == hint


def test_a_save_of_the_first_format_carries_on(tmp_path: Path) -> None:
    """A game saved by the first format (each decision with its seat, its
    kind and the engine's numbers for cards) carries on as it did then:
    the same game, answer for answer (the first choice of each question:
    the lowest legal card), in the table's words of today."""
    path = tmp_path / "v1-resume.json"
    path.write_bytes((SAVES / "version-1.json").read_bytes())
    out, err = io.StringIO(), io.StringIO()
    code = play(PlayOptions(resume=True, plain=True, save=path), Streams(out, err, Person(out, [None] * 40 + ["quit"])))
    assert code == 0, err.getvalue()
    assert_golden(out.getvalue().replace(str(path), "/tmp/v1-resume.json"), SAVES / "version-1-resumed.txt")
    assert json.loads(path.read_text(encoding="utf-8"))["version"] == 2


class Terminal(io.StringIO):
    """Standard output that is a terminal (rich mode unless asked otherwise)."""

    def isatty(self) -> bool:
        return True


def test_a_game_begun_plain_is_carried_on_plain(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/play.md, Saving: a person who began with ``--plain --lang pt``
    at a terminal quits; the hint gives the whole command, and
    ``barbu play --resume`` alone carries the game on in plain mode and in
    Portuguese (no escape code, no box drawing), to the final sheet."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    path = tmp_path / "my save.json"
    out = Terminal()
    code = play(PlayOptions(TINY, seed=3, human=True, plain=True, language="pt", save=path),
                Streams(out, io.StringIO(), Person(out, ["1", "quit"], "pt")))
    assert code == 0
    assert f"Para continuar: barbu play --resume --save '{path}' --plain --lang pt" in out.getvalue()
    assert json.loads(path.read_text(encoding="utf-8"))["plain"] is True
    again = Terminal()
    code = play(PlayOptions(resume=True, save=path), Streams(again, io.StringIO(), Person(again, [], "pt")))
    text = again.getvalue()
    assert code == 0 and "A continuar o jogo guardado" in text and "Folha de pontos" in text
    assert_plain(text)


def test_a_rich_game_is_carried_on_rich(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The other way round: a game begun without ``--plain`` at a terminal
    is carried on with rich's table at the end (box drawing), its hint
    without ``--plain``."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    path = tmp_path / "save.json"
    out = Terminal()
    play(PlayOptions(TINY, seed=3, human=True, language="en", save=path),
         Streams(out, io.StringIO(), Person(out, ["1", "quit"])))
    assert f"To carry on: barbu play --resume --save {path} --lang en" in out.getvalue()
    again = Terminal()
    play(PlayOptions(resume=True, save=path), Streams(again, io.StringIO(), Person(again)))
    assert BOX_DRAWING.search(again.getvalue())
