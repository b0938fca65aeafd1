"""``barbu sheet`` as a scorer at a real table uses it: names typed as
spoken (spaces, no accents, the start of one), nobody / none / all in the
table's language, contracts keeping their numbers and a played one said so,
``back`` within a hand, ``edit`` offering the hand's own answers, a
confirmation before a hand is taken away, Ctrl-C exiting with 130, and a
whole 28-hand evening kept in Italian that ``show`` fits in 80 columns."""

from __future__ import annotations

import io
import json
import re
import unicodedata
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from barbu_dsl.cli import app
from barbu_dsl.language import load_spec
from barbu_dsl.sheet.game import SheetGame

from .helpers import answers, evening

PEOPLE = ["Anne Lise", "Joël", "Bea", "Marta"]


def sheet(db: Path, *args: str, input: str | None = None, lang: str = "en", env: dict[str, str] | None = None,
          ) -> Result:
    result = CliRunner(env=env).invoke(app, ["sheet", *args, "--db", str(db), "--lang", lang], input=input)
    assert "Traceback" not in result.stdout + result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def new_game(db: Path, spec: str = "tournament", players: list[str] = PEOPLE) -> str:
    result = sheet(db, "new", spec, "--players", ",".join(players))
    assert result.exit_code == 0, result.stderr
    return result.stdout.strip()


def shown(db: Path, game: str) -> dict:
    return json.loads(sheet(db, "show", game, "--json").stdout)


def as_spoken(name: str) -> str:
    """A name as a person types it who says it: lower case, no accents."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", name.lower()) if not unicodedata.combining(ch))


def test_names_as_spoken_and_the_words_nobody_none_and_all(tmp_path: Path) -> None:
    """Docs/rules.md section 2, the worked example, with a two-word name
    and an accent: 'anne lise' and 'joel' at the doubles, 'nobody' and
    'none' for no double; a number counts from 1."""
    db = tmp_path / "db"
    game = new_game(db)
    typed = "1\nNo queens\n1 0 1 2\nall\nanne lise\nnobody\nnone\n"
    result = sheet(db, "add", game, input=typed)
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "Who declares? (1 Anne Lise, 2 Joël, 3 Bea, 4 Marta)" in result.stdout
    (hand,) = shown(db, game)["hands"]
    assert hand["declarer"] == 0 and hand["doubles"] == [[1, 0], [1, 2], [1, 3], [2, 0]]


def test_the_start_of_several_names_lists_them(tmp_path: Path) -> None:
    db = tmp_path / "db"
    game = new_game(db, players=["Anna", "Anne Lise", "Bea", "Marta"])
    result = sheet(db, "add", game, input="An\nanne\nNo tricks\n4 3 3 3\n\n\n\n")
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "'An' could be Anna or Anne Lise: type more of it." in result.stdout
    assert shown(db, game)["hands"][0]["declarer"] == 1


def test_contracts_keep_their_numbers_and_a_played_one_is_said(tmp_path: Path) -> None:
    """Section 2, a declarer's series: No queens played, its number 2 is
    not given to another contract, and asking for it says it was played."""
    db = tmp_path / "db"
    game = new_game(db)
    assert sheet(db, "add", game, input="Bea\n2\n1 1 1 1\n\n\n\n").exit_code == 0
    result = sheet(db, "add", game, input="2\nno queens\n3\n1\nBea\n\n\n\n")
    assert result.exit_code == 0, result.stdout + result.stderr
    out = result.stdout
    assert "Contract? (1 No tricks, 3 No last two, 4 No hearts, 5 Barbu, 6 Trumps, 7 Domino)" in out
    assert ("'2': No queens has already been played in this series (hand 1, declared by Bea); left to choose: "
            in out)
    assert "'no queens': No queens has already been played" in out
    assert shown(db, game)["hands"][1]["contract"] == "No last two"


def test_back_goes_back_one_question(tmp_path: Path) -> None:
    """A wrong count noticed one question later: back, then the question
    before again; the answers before it are kept."""
    db = tmp_path / "db"
    game = new_game(db)
    typed = "Bea\nNo hearts\n4 3 3 3\nback\n3 4 3 3\nJoël\nback\nback\n4 3 3 3\nAnne Lise\n\n\n\n"
    result = sheet(db, "add", game, input=typed)
    assert result.exit_code == 0, result.stdout + result.stderr
    took = shown(db, game)["hands"][0]["took"]
    assert took == {"cards": {"H": [4, 3, 3, 3]}, "card": {"AH": 0}}
    assert result.stdout.count("Cards of hearts ♥ taken by each player") == 3
    nothing_before = sheet(db, "add", game, input="back\n")
    assert "this is the hand's first question" in nothing_before.stdout


def test_edit_offers_the_hands_own_answers(tmp_path: Path) -> None:
    """Enter keeps each answer the hand has; only the one corrected is typed."""
    db = tmp_path / "db"
    game = new_game(db)
    assert sheet(db, "add", game, input="Bea\nNo hearts\n4 3 3 3\nAnne Lise\nall\n\n\n\n").exit_code == 0
    result = sheet(db, "edit", game, "1", input="\n\n3 4 3 3\n\n\n\n\n\n")
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "[Bea]" in result.stdout and "[4 3 3 3]" in result.stdout and "[Anne Lise, Joël, Bea]" in result.stdout
    hand = shown(db, game)["hands"][0]
    assert hand["took"] == {"cards": {"H": [3, 4, 3, 3]}, "card": {"AH": 0}}
    assert hand["doubles"] == [[3, 0], [3, 1], [3, 2]]  # Marta, left of Bea, doubled all, as before


def test_undo_and_delete_ask_first_at_a_terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A 'no' keeps the hand; --yes asks nothing."""
    from barbu_dsl.sheet import session

    db = tmp_path / "db"
    game = new_game(db)
    assert sheet(db, "add", game, input="Bea\nNo tricks\n4 3 3 3\n\n\n\n").exit_code == 0

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(session.sys, "stdin", Terminal("maybe\nno\n"))
    out = io.StringIO()
    monkeypatch.setattr(session.sys, "stdout", out)
    s = session.Session("en", db)
    from barbu_dsl.sheet import commands

    commands.undo(s, int(game))
    assert "Take back hand 1 (No tricks by Bea)? (yes/no)" in out.getvalue()
    assert "yes or no?" in out.getvalue()
    assert len(s.store.game_file(int(game))["hands"]) == 1
    commands.undo(s, int(game), yes=True)
    assert s.store.game_file(int(game))["hands"] == []
    s.close()


def test_ctrl_c_exits_130_and_saves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from barbu_dsl.sheet import prompts

    db = tmp_path / "db"
    game = new_game(db)

    def interrupted(self: object) -> dict:
        raise KeyboardInterrupt

    monkeypatch.setattr(prompts.HandEntry, "run", interrupted)
    result = sheet(db, "add", game, input="")
    assert result.exit_code == 130 and "nothing saved" in result.stderr
    assert shown(db, game)["hands"] == []


def test_a_whole_evening_in_italian_in_80_columns(tmp_path: Path) -> None:
    """The bots' 28-hand tournament evening kept in Italian by a scorer who
    types the names as spoken ('anne lise', 'joel'); ``show`` fits an
    80-column terminal, says the contracts by their Italian names and
    shows no markup."""
    spec = load_spec("tournament")
    db = tmp_path / "db"
    game = new_game(db)
    model = SheetGame.new("tournament", PEOPLE, spec)
    for hand_result, hand in evening(spec, seed=7):
        typed = [as_spoken(answer) if any(name in answer for name in PEOPLE) else answer
                 for answer in answers(model, hand)]
        contract = spec.contract(hand["contract"])
        typed = [contract.name_in("it") if answer == hand["contract"] else answer for answer in typed]
        added = sheet(db, "add", game, input="\n".join(typed) + "\n", lang="it")
        assert added.exit_code == 0, added.stdout + added.stderr
        model.add(hand)
    assert shown(db, game)["totals"] == list(model.totals)
    show = sheet(db, "show", game, lang="it", env={"COLUMNS": "80"})
    assert show.exit_code == 0
    lines = show.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert "[bold]" not in show.stdout and "[/bold]" not in show.stdout
    assert "Niente re di cuori" in show.stdout and "Briscola" in show.stdout and "Anne Lise" in show.stdout
    assert re.search(r"^ +28 ", show.stdout, re.MULTILINE)
    assert "la partita è finita dopo 28 mani" in show.stdout
