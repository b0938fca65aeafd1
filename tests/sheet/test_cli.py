"""``barbu sheet``: a real evening kept from start to finish, by questions
or by hand files, with undo and edits; the seed's doubling example through
the grid; every refusal names the hand and the field (docs/sheet.md, "What
the scorer checks"); exit codes 0 / 1 / 2 and never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from conftest import assert_golden

from barbu_dsl.cli import app
from barbu_dsl.language import load_spec
from barbu_dsl.sheet.game import SheetGame

from .helpers import PLAYERS, SEED_EXAMPLE, answers, evening

GOLDEN = Path(__file__).parent / "golden"


def sheet(db: Path, *args: str, input: str | None = None, lang: str = "en") -> Result:
    options = ["--db", str(db)] + ([] if "--lang" in args else ["--lang", lang])
    result = CliRunner().invoke(app, ["sheet", *args, *options], input=input)
    assert "Traceback" not in result.stdout + result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def new_game(db: Path, spec: str = "tournament") -> str:
    result = sheet(db, "new", spec, "--players", ",".join(PLAYERS))
    assert result.exit_code == 0, result.stderr
    return result.stdout.strip()


def shown(db: Path, game: str) -> dict:
    result = sheet(db, "show", game, "--json")
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def hand_file(tmp_path: Path, hand: dict, name: str = "hand.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(hand), encoding="utf-8")
    return str(path)


def test_seed_doubling_example_through_the_grid(tmp_path: Path) -> None:
    """docs/rules.md section 2, the worked example, entered question by
    question: Bea doubles everyone, Carla doubles Anna, Anna redoubles Carla."""
    db = tmp_path / "sheets.sqlite3"
    game = new_game(db)
    typed = "Anna\nNo queens\n1 0 1 2\nall\nAnna\n\nCarla\n"
    result = sheet(db, "add", game, input=typed)
    assert result.exit_code == 0, result.stdout + result.stderr
    data = shown(db, game)
    assert data["totals"] == [-12, 24, -12, -24]
    (hand,) = data["hands"]
    assert (hand["raw"], hand["transfers"], hand["final"]) == ([-6, 0, -6, -12], [-6, 24, -6, -12],
                                                               [-12, 24, -12, -24])
    assert hand["doubles"] == SEED_EXAMPLE["doubles"]
    assert data["next"]["declarer"] == 0 and data["next"]["doubles_against_declarer"] == [0, 1, 1, 0]
    assert_golden(result.stdout, GOLDEN / "add-seed-example.txt")


def test_a_wrong_answer_is_quoted_and_asked_again_in_italian(tmp_path: Path) -> None:
    """Card letters follow the language: Italian R for the king, F for the jack."""
    db = tmp_path / "db"
    game = new_game(db)
    typed = "Carla\nBarbu\nAnna\nBea\n\n\n\n"  # Anna took R♥; Diana doubled Bea
    first = sheet(db, "add", game, input=typed, lang="it")
    assert first.exit_code == 0, first.stdout + first.stderr
    typed = "domino\nX\nF\nBea Anna Diana Anna\nBea Anna Diana\n\n\n\n"
    second = sheet(db, "add", game, input=typed, lang="it")
    assert second.exit_code == 0, second.stdout + second.stderr
    assert shown(db, game)["hands"][1]["start_rank"] == "J"
    assert_golden(first.stdout + second.stdout, GOLDEN / "add-it.txt")


def test_end_of_input_saves_nothing(tmp_path: Path) -> None:
    db = tmp_path / "db"
    game = new_game(db)
    result = sheet(db, "add", game, input="Anna\nNo tricks\n4 3 3 3\n")
    assert result.exit_code == 2 and "nothing saved" in result.stderr
    assert shown(db, game)["hands"] == []


@pytest.mark.parametrize(("ref", "hands"), [("tournament", 28), ("tournament+ravage-city", 32)])
def test_a_whole_evening_with_undo_and_edits(tmp_path: Path, ref: str, hands: int) -> None:
    """An evening the bots played, entered by a person answering the
    questions, one ``barbu sheet add`` per hand; a hand entered wrong is
    undone and entered again, another is corrected afterwards with
    ``edit --hand``; the totals end as the engine's."""
    spec = load_spec(ref)
    played = evening(spec, seed=5)
    db = tmp_path / "db"
    game = new_game(db, ref)
    model = SheetGame.new(ref, PLAYERS, spec)
    for number, (result, hand) in enumerate(played, 1):
        typed = "\n".join(answers(model, hand)) + "\n"
        if number == 3:  # entered first as the wrong contract's facts: undo, enter again
            wrong = sheet(db, "add", game, input=typed)
            assert wrong.exit_code == 0, wrong.stdout + wrong.stderr
            assert sheet(db, "undo", game).exit_code == 0
        added = sheet(db, "add", game, input=typed)
        assert added.exit_code == 0, (number, added.stdout, added.stderr)
        assert f"hand {number} saved" in added.stdout
        model.add(hand)
    data = shown(db, game)
    assert len(data["hands"]) == hands and data["over"]
    assert data["totals"] == list(model.totals)
    assert data["winners"] == list(model.winners)
    assert [h["final"] for h in data["hands"]] == [list(r.final) for r, _ in played]
    # correct hand 2 afterwards: the same facts again, the totals unchanged
    assert sheet(db, "edit", game, "2", "--hand", hand_file(tmp_path, played[1][1])).exit_code == 0
    assert shown(db, game)["totals"] == list(model.totals)


def test_edit_and_delete_are_refused_when_a_later_hand_no_longer_fits(tmp_path: Path) -> None:
    db = tmp_path / "db"
    game = new_game(db)
    for hand in ({"contract": "No tricks", "declarer": 1, "took": {"tricks": [4, 3, 3, 3]}},
                 {"contract": "Barbu", "declarer": 1, "took": {"card": {"KH": 2}}}):
        assert sheet(db, "add", game, "--hand", hand_file(tmp_path, hand)).exit_code == 0
    barbu_first = {"contract": "Barbu", "declarer": 1, "took": {"card": {"KH": 0}}}
    result = sheet(db, "edit", game, "1", "--hand", hand_file(tmp_path, barbu_first))
    assert result.exit_code == 1
    assert "hand 2, Barbu cannot be chosen now; left to choose: " in result.stderr  # in a scorer's words
    assert shown(db, game)["totals"] == [-8, -6, -26, -6]
    assert sheet(db, "delete", game, "1").exit_code == 0
    assert shown(db, game)["totals"] == [0, 0, -20, 0]
    assert sheet(db, "delete", game, "5").exit_code == 2


SERIES = [  # Bea declares the seven contracts of her series (docs/rules.md section 2), then Carla
    {"contract": "No tricks", "declarer": 1, "took": {"tricks": [4, 3, 3, 3]}},
    {"contract": "No queens", "declarer": 1, "took": {"cards": {"Q": [1, 1, 1, 1]}}},
    {"contract": "No last two", "declarer": 1, "took": {"trick": {"12": 0, "13": 1}}},
    {"contract": "No hearts", "declarer": 1, "took": {"cards": {"H": [4, 3, 3, 3]}, "card": {"AH": 0}}},
    {"contract": "Barbu", "declarer": 1, "took": {"card": {"KH": 2}}},
    {"contract": "Trumps", "declarer": 1, "trump": "S", "took": {"tricks": [4, 3, 3, 3]}},
    {"contract": "Domino", "declarer": 1, "start_rank": "7", "took": {"placings": [0, 1, 2, 3]}},
    {"contract": "Barbu", "declarer": 2, "took": {"card": {"KH": 3}}},
]


def test_a_refused_delete_names_the_hands_as_they_are(tmp_path: Path) -> None:
    """Deleting hand 3 would leave Bea's series a hand short, so hand 8,
    Carla's, would be Bea's to declare: refused, naming hand 8 (its number
    on the sheet), in a scorer's words; nothing changes."""
    db = tmp_path / "db"
    game = new_game(db)
    for number, hand in enumerate(SERIES):
        assert sheet(db, "add", game, "--hand", hand_file(tmp_path, hand, f"{number}.json")).exit_code == 0
    result = sheet(db, "delete", game, "3")
    assert result.exit_code == 1
    assert "game 1: hand 3 cannot be deleted, nothing changed" in result.stderr
    assert "hand 8, it is Bea's turn to declare" in result.stderr
    assert len(shown(db, game)["hands"]) == 8


REFUSALS = [
    ({"contract": "No queens", "declarer": 0, "took": {"cards": {"Q": [1, 1, 1, 2]}}},
     "hand 1, took.cards.Q: the Q counts add up to 5, expected 4"),
    ({"contract": "No tricks", "declarer": 0, "took": {"tricks": [14, 0, 0, 0]}},
     "hand 1, took.tricks: the tricks add up to 14, but a hand has 13"),
    ({"contract": "No tricks", "declarer": -1, "took": {"tricks": [13, 0, 0, 0]}},
     "hand 1, declarer must be the seat that took it, from 0 to 3"),
    ({"contract": "Domino", "declarer": 0, "start_rank": "J", "took": {"placings": [0, 0, 1, 2]}},
     "hand 1, took.placings must list the seats"),
    ({"contract": "No tricks", "declarer": 0, "took": {"tricks": [13, 0, 0, 0]}, "doubles": [[1, 1]]},
     "hand 1, doubles: seat 1 cannot double themselves"),
    ({"contract": "Trumps", "declarer": 0, "trump": "H", "took": {"tricks": [4, 3, 3, 3]}, "doubles": [[1, 2]]},
     "hand 1, doubles: in a positive contract only the declarer may be doubled"),
    ({"contract": "No queens", "declarer": 0, "raw": [-6, 0, -6, -6]},
     "hand 1, raw: the scores add up to -18, but a hand of this contract adds up to -24"),
    ({"contract": "No hearts", "declarer": 0, "took": {"cards": {"H": [0, 5, 4, 4]}, "card": {"AH": 0}}},
     "hand 1, took.card.AH: seat 0 took AH but no card of H"),
    ({"contract": "No hearts", "declarer": 0, "took": {"cards": {"H": [4, 5, 0, 4]}}},
     "hand 1, took.card is missing: this contract scores by card"),
]


@pytest.mark.parametrize(("hand", "message"), REFUSALS, ids=[m.split(", ", 1)[1][:40] for _, m in REFUSALS])
def test_impossible_hands_are_refused_naming_hand_and_field(tmp_path: Path, hand: dict, message: str) -> None:
    db = tmp_path / "db"
    game = new_game(db)
    result = sheet(db, "add", game, "--hand", hand_file(tmp_path, hand))
    assert result.exit_code == 1
    assert "the hand is refused, nothing saved" in result.stderr
    assert message in result.stderr
    assert shown(db, game)["hands"] == []


def test_export_import_and_csv(tmp_path: Path) -> None:
    db = tmp_path / "db"
    game = new_game(db, "tournament+ravage-city")
    sheet(db, "add", game, "--hand", hand_file(tmp_path, SEED_EXAMPLE))
    exported = sheet(db, "export", game)
    data = json.loads(exported.stdout)
    assert data["format"] == "barbu-sheet 1" and "spec_text" in data and data["hands"] == [SEED_EXAMPLE]
    out = tmp_path / "game.json"
    assert sheet(db, "export", game, "-o", str(out)).exit_code == 0
    assert json.loads(out.read_text(encoding="utf-8")) == data
    again = sheet(db, "export", game, "-o", str(out))
    assert again.exit_code == 2 and "never overwrites" in again.stderr
    imported = sheet(tmp_path / "other.db", "import", str(out))
    assert imported.exit_code == 0 and imported.stdout.strip() == "1"
    assert shown(tmp_path / "other.db", "1")["totals"] == [-12, 24, -12, -24]
    data["hands"].append({"contract": "No tricks", "declarer": 0, "took": {"tricks": [14, 0, 0, 0]}})
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    refused = sheet(tmp_path / "other.db", "import", str(bad))
    assert refused.exit_code == 1 and "hand 2, took.tricks" in refused.stderr
    assert len(json.loads(sheet(tmp_path / "other.db", "list", "--json").stdout)) == 1
    text = sheet(db, "export", game, "--csv", lang="fr").stdout
    assert text.startswith("\ufeff")  # a byte-order mark: a spreadsheet reads the names (Joël) whole
    csv = text.removeprefix("\ufeff").splitlines()
    columns = ["donne", "contrat", "déclarant", "atout", "rang de départ", "contres", "état"]
    for part in ("jeu", "contres", "donne", "total"):
        columns += [f"{name} : {part}" for name in PLAYERS]
    assert csv[0] == ";".join(columns)  # as a French spreadsheet reads a CSV file
    assert csv[1] == ('1;Pas de dames;Anna;;;"Bea→Anna, Carla, Diana; Carla→Anna; Anna→Carla (surcontre)";jouée;'
                      "-6;0;-6;-12;-6;24;-6;-12;-12;24;-12;-24;-12;24;-12;-24")  # play, doubles, hand, totals


def test_show_and_list(tmp_path: Path) -> None:
    db = tmp_path / "db"
    assert "no games yet" in sheet(db, "list").stderr
    game = new_game(db)
    sheet(db, "add", game, "--hand", hand_file(tmp_path, SEED_EXAMPLE))
    assert_golden(sheet(db, "show", game).stdout, GOLDEN / "show.txt")
    listed = json.loads(sheet(db, "list", "--json").stdout)
    assert [(g["id"], g["hands"], g["next"], g["over"]) for g in listed] == [(1, 1, 2, False)]


@pytest.mark.parametrize("args", [
    ["show", "7"], ["undo", "1"], ["add", "1", "--hand", "missing.json"], ["add", "1", "--hand", "."],
    ["add", "1", "--hand", "bad.json"], ["import", "bad.json"], ["import", "not-a-sheet.json"],
    ["new", "nosuch", "--players", "A,B,C,D"], ["new", "tournament", "--players", "A,B,C"],
    ["new", "tournament", "--players", "A,A,B,C"], ["new", "tournament", "--players", "A,,B,C"],
    ["show", "x"], ["edit", "1", "3", "--hand", "bad.json"], ["show", "1", "--lang", "de"],
])
def test_unusable_input_exits_2_without_traceback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  args: list[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.json").write_text("{not json", encoding="utf-8")
    (tmp_path / "not-a-sheet.json").write_text('{"format": "other"}', encoding="utf-8")
    db = tmp_path / "db"
    new_game(db)
    result = sheet(db, *args)
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert result.stderr.strip()


def test_unusable_databases_exit_2(tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("plain words, no database\n" * 50, encoding="utf-8")
    for db in (tmp_path, text):
        result = sheet(db, "list")
        assert result.exit_code == 2 and str(db) in result.stderr


def test_undoubled_not_played_asks_the_doubles_first(tmp_path: Path) -> None:
    """docs/rules.md section 2, variant 4: nobody doubled the declarer, so
    the hand is not played: no facts are asked and the split applies."""
    db = tmp_path / "db"
    game = new_game(db, "tournament+undoubled-not-played")
    result = sheet(db, "add", game, input="Anna\nNo tricks\n\n\n\n")
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "Tricks taken" not in result.stdout
    assert shown(db, game)["hands"][0]["final"] == [1, -9, -9, -9]  # −26 / 3 rounds to −9; Anna the rest
    doubled = sheet(db, "add", game, input="No queens\nAnna\n\n\n\n1 0 1 2\n")  # Bea doubled; no redouble
    assert doubled.exit_code == 0, doubled.stdout + doubled.stderr
    assert shown(db, game)["hands"][1]["final"] == [-12, 6, -6, -12]


def test_raw_scores_instead_of_facts(tmp_path: Path) -> None:
    """Scores entered directly are checked as far as they can be: each one
    a score a player can have in the contract (its sign, its range, a
    multiple of its values), and their total one the contract can have."""
    db = tmp_path / "db"
    game = new_game(db, "hearts")
    result = sheet(db, "add", game, "--raw", input="Bea\n20 3 3 -6\n20 3 3 1\n20 3 3 0\n")
    assert result.exit_code == 0, result.stdout + result.stderr
    assert ("'20 3 3 -6': Diana cannot score −6 in Hearts: a player scores from 0 to 26, in steps of 1"
            in result.stdout)
    assert "'20 3 3 1': the scores add up to 27, but a hand of this contract adds up to 26" in result.stdout
    assert shown(db, game)["hands"][0]["status"] == "raw"
    tournament = new_game(db)
    result = sheet(db, "add", tournament, "--raw", input="Anna\nNo tricks\n20 -10 -16 -20\n-3 -7 -16 0\n"
                                                         "-4 -6 -16 0\n\n\n\n")
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "Anna cannot score 20 in No tricks: a player scores from −26 to 0, in steps of 2" in result.stdout
    assert "Anna cannot score −3 in No tricks" in result.stdout


def test_the_barbu_command_itself_exits_2_without_traceback(tmp_path: Path) -> None:
    import subprocess
    import sys

    run = subprocess.run([sys.executable, "-m", "barbu_dsl", "sheet", "show", "99", "--db", str(tmp_path / "db")],
                         capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 2 and "there is no game 99" in run.stderr and "Traceback" not in run.stderr


def test_a_card_set_aside_is_entered_as_taken_by_nobody(tmp_path: Path) -> None:
    """docs/rules.md section 6, Packs, decks and player counts: with a widow
    set aside the question of a card's taker offers nobody (in the scorer's
    language), and the hand scores without it; "nobody" is no answer where
    every card is taken."""
    db = tmp_path / "db"
    widow = str(Path(__file__).parents[1] / "generator" / "widow.yaml")
    created = sheet(db, "new", widow + "+aside", "--players", "Anna,Bea,Carla,Diana,Ed")
    assert created.exit_code == 0, created.stderr
    result = sheet(db, "add", created.stdout.strip(), input="Anna\nHearts\n3 3 3 2 1\nnessuno\n", lang="it")
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "nessuno: era messa da parte" in result.stdout
    assert shown(db, created.stdout.strip())["totals"] == [-3, -3, -3, -2, -1]
    first = sheet(db, "new", widow, "--players", "Anna,Bea,Carla,Diana,Ed")
    result = sheet(db, "add", first.stdout.strip(), input="Anna\nHearts\n3 3 3 2 2\nnobody\nBea\n")
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "'nobody'" in result.stdout and "set aside" not in result.stdout
    assert shown(db, first.stdout.strip())["totals"] == [-3, -16, -3, -2, -2]
