"""Saving a game (barbu_dsl.table.save): written atomically, never over a
file that is not a saved game, removed only by its own game; a question
left unanswered when the game stops leaves no trace in the bot's state."""

from __future__ import annotations

from pathlib import Path

import pytest

from barbu_dsl.engine.bots import RandomBot
from barbu_dsl.errors import UsageError
from barbu_dsl.table.save import Decisions, Recorded, SavedGame, read_saved, remove_saved, write_saved


def saved(**changes: object) -> SavedGame:
    game = SavedGame("tiny", "name: tiny\n", 4, 3, ["human", "rules", "rules", "rules"], 1.0, "en", None)
    for key, value in changes.items():
        setattr(game, key, value)
    return game


def test_written_atomically_and_read_back(tmp_path: Path) -> None:
    path = tmp_path / "data" / "saved-game.json"
    game = saved(decisions=[[0, "move", 12]])
    write_saved(path, game)
    assert read_saved(path) == game
    assert [p.name for p in path.parent.iterdir()] == ["saved-game.json"]  # no temporary file left
    assert read_saved(tmp_path / "none.json") is None


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
    assert remove_saved(path, game.game)
    assert not path.exists()


def test_an_unanswered_question_leaves_no_trace() -> None:
    class Interrupted(RandomBot):
        def choose_move(self, hand, seat):  # type: ignore[no-untyped-def]
            self.rng.random()
            raise KeyboardInterrupt

    bot = Interrupted(5)
    seat = Recorded(bot, 0, Decisions([], lambda: None))
    before = bot.state()
    with pytest.raises(KeyboardInterrupt):
        seat.choose_move(None, 0)  # type: ignore[arg-type]
    assert bot.state() != before
    assert seat.state() == before
