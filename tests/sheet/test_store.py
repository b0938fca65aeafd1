"""The SQLite store of score sheets: games and hands survive a reopening,
each change is one transaction, the schema migrates, and a database edited
by hand cannot smuggle an impossible hand onto a sheet (docs/sheet.md,
"What the scorer checks")."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from barbu_dsl.sheet.game import SheetError, SheetFileError, SheetGame
from barbu_dsl.sheet.store import MIGRATIONS, SCHEMA_VERSION, open_store

PLAYERS = ["Anna", "Bea", "Carla", "Diana"]
QUEENS = {"contract": "No queens", "declarer": 0, "took": {"cards": {"Q": [1, 0, 1, 2]}},
          "doubles": [[1, 0], [1, 2], [1, 3], [2, 0], [0, 2]]}
TRICKS = {"contract": "No tricks", "declarer": 0, "took": {"tricks": [4, 3, 3, 3]}}


def test_a_game_survives_reopening(tmp_path: Path) -> None:
    path = tmp_path / "sheets.sqlite3"
    store = open_store(path)
    game = SheetGame.new("tournament+ravage-city", PLAYERS)
    game_id = store.create(game)
    first = game.add(QUEENS)
    assert store.append(game_id, first.entry, []) == 1
    store.close()
    again = open_store(path)
    loaded = again.load(game_id)
    assert loaded.totals == (-12, 24, -12, -24)
    assert loaded.spec_ref == "tournament+ravage-city" and loaded.players == PLAYERS
    (row,) = again.games()
    assert (row.id, row.hands, row.players) == (game_id, 1, PLAYERS)


def test_ids_are_small_integers_never_reused(tmp_path: Path) -> None:
    store = open_store(tmp_path / "db")
    ids = [store.create(SheetGame.new("hearts", PLAYERS)) for _ in range(3)]
    assert ids == [1, 2, 3]
    with pytest.raises(SheetFileError) as caught:
        store.load(9)
    assert caught.value.key == "no_such_game"


def test_replace_is_one_transaction(tmp_path: Path) -> None:
    store = open_store(tmp_path / "db")
    game_id = store.create(SheetGame.new("tournament", PLAYERS))
    store.append(game_id, QUEENS)
    with pytest.raises(TypeError):  # the third hand cannot be written: the first two are not either
        store.replace(game_id, [TRICKS, TRICKS, {"hand": object()}])
    assert store.game_file(game_id)["hands"] == [QUEENS]


def test_a_change_checked_against_an_old_sheet_is_refused(tmp_path: Path) -> None:
    """Two scorers on one game: the second, checked against the sheet before
    the first one's hand, writes nothing."""
    store = open_store(tmp_path / "db")
    game_id = store.create(SheetGame.new("tournament", PLAYERS))
    store.append(game_id, QUEENS, [])
    with pytest.raises(SheetFileError) as caught:
        store.append(game_id, TRICKS, [])
    assert caught.value.key == "changed_meanwhile"
    with pytest.raises(SheetFileError):
        store.replace(game_id, [], [])
    assert store.game_file(game_id)["hands"] == [QUEENS]


def test_a_hand_edited_in_the_database_is_refused_on_load(tmp_path: Path) -> None:
    path = tmp_path / "db"
    store = open_store(path)
    game_id = store.create(SheetGame.new("tournament", PLAYERS))
    store.append(game_id, QUEENS)
    store.db.execute("UPDATE hands SET hand = ? WHERE number = 1",
                     (json.dumps({**QUEENS, "took": {"cards": {"Q": [2, 0, 1, 2]}}}),))
    with pytest.raises(SheetError) as caught:
        store.load(game_id)
    assert [(n, p.code) for n, p in caught.value.problems] == [(1, "set_sum")]


def test_the_schema_migrates_from_version_1(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path)
    MIGRATIONS[0](db)
    db.execute("INSERT INTO games (spec_ref, spec_text, players, created) VALUES (?, ?, ?, ?)",
               ("hearts", SheetGame.new("hearts", PLAYERS).to_json()["spec_text"], json.dumps(PLAYERS),
                "2026-01-01T00:00:00+00:00"))
    db.execute("PRAGMA user_version = 1")
    db.commit()
    db.close()
    before = path.read_bytes()
    store = open_store(path)  # reading leaves the file at version 1
    (row,) = store.games()
    assert row.changed == row.created == "2026-01-01T00:00:00+00:00"
    assert store.load(row.id).players == PLAYERS
    assert store.db.execute("PRAGMA user_version").fetchone()[0] == 1 and path.read_bytes() == before
    store.append(row.id, {"contract": "No hearts", "declarer": 0, "took": {"cards": {"H": [13, 0, 0, 0]}}})
    assert store.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION  # the first change migrates
    (row,) = store.games()
    assert row.created == "2026-01-01T00:00:00+00:00" and row.changed > row.created and row.hands == 1


def test_unusable_databases_are_refused(tmp_path: Path) -> None:
    with pytest.raises(SheetFileError) as caught:
        open_store(tmp_path)
    assert caught.value.key == "db_is_directory"
    text = tmp_path / "notes.txt"
    text.write_text("not a database at all, just some words\n" * 40)
    with pytest.raises(SheetFileError) as caught:
        open_store(text)
    assert caught.value.key == "db_unusable"
    newer = tmp_path / "newer.sqlite3"
    db = sqlite3.connect(newer)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    with pytest.raises(SheetFileError) as caught:
        open_store(newer)
    assert caught.value.key == "db_too_new"
    assert sqlite3.connect(newer).execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 1
