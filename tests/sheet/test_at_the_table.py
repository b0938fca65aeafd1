"""``barbu sheet`` typed as a scorer at a real table types it: ``back``
through the doubling questions, yes and no in every language at a yes/no
question, ``--lang`` where a person puts it, Ctrl-C, a refused delete and
the totals in the table's language, the domino's starting rank confirmed
(docs/scoresheet.md, "Keep score at the table")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from barbu_dsl.cli import app

PLAYERS = ["Paolo", "Giulia", "Niccolò", "Anna Lise"]
REDOUBLES = {"en": "redoubles", "it": "surcontra", "fr": "surcontre", "pt": "recontra"}


def barbu(db: Path, *args: str, input: str | None = None) -> Result:
    """``barbu ARGS`` with the database ``db``, as typed (no --lang added)."""
    result = CliRunner(env={"BARBU_DB": str(db), "BARBU_LANG": "en"}).invoke(app, list(args), input=input)
    assert "Traceback" not in result.stdout + result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def new_game(db: Path, spec: str = "tournament") -> str:
    result = barbu(db, "sheet", "new", spec, "--players", ",".join(PLAYERS))
    assert result.exit_code == 0, result.stderr
    return result.stdout.strip()


def shown(db: Path, game: str) -> dict:
    return json.loads(barbu(db, "sheet", "show", game, "--json").stdout)


def test_back_from_a_doubling_question_keeps_the_counts(tmp_path: Path) -> None:
    """docs/rules.md section 2, the worked example: the queens counted,
    then back from the second, third and the redouble question; each time
    the question before is asked again and the counts stay as typed."""
    db = tmp_path / "db"
    game = new_game(db)
    typed = ("Paolo\nNo queens\n1 0 1 2\nall\nback\nall\nPaolo\nback\nPaolo\n\nback\n\nNiccolò\nback\n"
             "\nNiccolò\n")
    result = barbu(db, "sheet", "add", game, input=typed)
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "is missing" not in result.stdout
    assert result.stdout.count("Cards of rank queen (Q) taken by each player") == 1
    (hand,) = shown(db, game)["hands"]
    assert hand["took"] == {"cards": {"Q": [1, 0, 1, 2]}}
    assert hand["doubles"] == [[1, 0], [1, 2], [1, 3], [2, 0], [0, 2]]
    assert hand["final"] == [-12, 24, -12, -24]


def test_back_from_a_doubling_question_keeps_the_tricks(tmp_path: Path) -> None:
    """The same by tricks (No tricks, docs/rules.md section 2), in Italian."""
    db = tmp_path / "db"
    game = new_game(db)
    typed = "Giulia\nNiente prese\n4 3 3 3\n\nindietro\nPaolo\n\n\n"
    result = barbu(db, "sheet", "add", game, "--lang", "it", input=typed)
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "manca" not in result.stdout and "missing" not in result.stdout
    (hand,) = shown(db, game)["hands"]
    assert hand["took"] == {"tricks": [4, 3, 3, 3]} and hand["doubles"] == [[2, 0]]  # Niccolò doubled Paolo


@pytest.mark.parametrize(("lang", "contract", "yes", "no"), [
    ("en", "No tricks", "yes", "no"), ("en", "No tricks", "y", "n"), ("it", "Niente prese", "sì", "no"),
    ("it", "niente prese", "si", "n"), ("fr", "Pas de plis", "oui", "non"), ("pt", "Sem vazas", "sim", "não"),
])
def test_yes_and_no_at_a_yes_or_no_redouble(tmp_path: Path, lang: str, contract: str, yes: str, no: str) -> None:
    """docs/rules.md section 2: Giulia doubles Paolo, asked "Paolo
    redoubles Giulia? (yes or no)"; yes is the redouble, in the table's
    language; in the next hand Giulia doubles again and no is no redouble."""
    db = tmp_path / "db"
    game = new_game(db)
    typed = f"Paolo\n{contract}\n4 3 3 3\nPaolo\n\n\n{yes}\n"
    result = barbu(db, "sheet", "add", game, "--lang", lang, input=typed)
    assert result.exit_code == 0, result.stdout + result.stderr
    assert f"Paolo {REDOUBLES[lang]} Giulia" in result.stdout
    typed = "No queens\n1 0 1 2\nPaolo\n\n\n" + f"{no}\n"
    result = barbu(db, "sheet", "add", game, "--lang", lang, input=typed)
    assert result.exit_code == 0, result.stdout + result.stderr
    first, second = shown(db, game)["hands"]
    assert first["doubles"] == [[1, 0], [0, 1]] and second["doubles"] == [[1, 0]]


def test_a_refused_double_lists_only_who_can_be_doubled(tmp_path: Path) -> None:
    """Paolo may redouble Giulia and Niccolò only: a name that is no
    player is answered with those two, never Paolo himself or Anna Lise;
    'yes' where several may be redoubled asks whom."""
    db = tmp_path / "db"
    game = new_game(db)
    typed = "Paolo\nNo tricks\n4 3 3 3\nPaolo\nPaolo\n\nZed\nyes\nNiccolò\n"
    result = barbu(db, "sheet", "add", game, input=typed)
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "'Zed': expected a player, by name or number: 2 Giulia, 3 Niccolò\n" in result.stdout
    assert "'yes': expected whom, by name or number: 2 Giulia, 3 Niccolò (all: all of them; Enter: nobody)" in (
        result.stdout)
    assert shown(db, game)["hands"][0]["doubles"] == [[1, 0], [2, 0], [0, 2]]


def test_ctrl_c_while_typing_says_it_was_interrupted_and_what_is_kept(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C at the third question of the second hand: exit 130, said as
    an interruption (not as the end of the input), the first hand kept."""
    from barbu_dsl.sheet import prompts

    db = tmp_path / "db"
    game = new_game(db)
    assert barbu(db, "sheet", "add", game, input="Paolo\nNo tricks\n4 3 3 3\n\n\n\n").exit_code == 0
    typed = iter(["No queens", "1 0 1 2"])

    def person(prompt: str, *args: object, **kwargs: object) -> str:
        try:
            return next(typed)
        except StopIteration:
            raise KeyboardInterrupt from None

    monkeypatch.setattr(prompts, "read_line", person)
    for lang, said in (("en", "interrupted (Ctrl-C): nothing saved of this hand; every hand saved before it is kept"),
                       ("it", "interrotto (Ctrl-C): niente salvato di questa mano; ogni mano salvata prima resta")):
        typed = iter(["No queens", "1 0 1 2"])
        result = barbu(db, "sheet", "add", game, "--lang", lang)
        assert result.exit_code == 130
        assert said in result.stderr and "input" not in result.stderr
    assert len(shown(db, game)["hands"]) == 1


def test_the_totals_line_says_every_sign(tmp_path: Path) -> None:
    """docs/rules.md section 2, the worked example: Giulia's +24 is said +24."""
    db = tmp_path / "db"
    game = new_game(db)
    result = barbu(db, "sheet", "add", game, input="Paolo\nNo queens\n1 0 1 2\nall\nPaolo\n\nNiccolò\n")
    assert "totals: Paolo −12, Giulia +24, Niccolò −12, Anna Lise −24\n" in result.stdout
    assert "totali: Paolo −12, Giulia +24" in barbu(db, "sheet", "show", game, "--lang", "it").stdout


@pytest.mark.parametrize("where", ["before", "after"])
def test_lang_and_db_before_or_after_the_command(tmp_path: Path, where: str) -> None:
    """``barbu sheet --lang it --db FILE show 1`` as ``barbu sheet show 1 --lang it --db FILE``."""
    db = tmp_path / "db"
    game = new_game(db)
    other = tmp_path / "other.db"
    options = ["--lang", "it", "--db", str(other)]
    args = ["sheet", *options, "show", game] if where == "before" else ["sheet", "show", game, *options]
    assert "there is no game 1" not in barbu(db, *args).stderr  # the --db given, not $BARBU_DB
    created = barbu(db, *args[:-2], "new", "tournament", "--players", "A,B,C,D") if where == "before" else (
        barbu(db, "sheet", "new", "tournament", "--players", "A,B,C,D", *options))
    assert created.exit_code == 0 and "partita 1 iniziata" in created.stderr
    assert "totali: A 0, B 0, C 0, D 0" in barbu(db, *args).stdout
    assert barbu(db, "sheet", "--lang", "de", "list").exit_code == 2
    assert "totals:" in barbu(db, "sheet", "--lang", "it", "show", game, "--lang", "en").stdout  # its own wins


SERIES = [  # Paolo's seven contracts (docs/rules.md section 2), then Giulia's first
    {"contract": "No tricks", "declarer": 0, "took": {"tricks": [4, 3, 3, 3]}},
    {"contract": "No queens", "declarer": 0, "took": {"cards": {"Q": [1, 1, 1, 1]}}},
    {"contract": "No last two", "declarer": 0, "took": {"trick": {"12": 0, "13": 1}}},
    {"contract": "No hearts", "declarer": 0, "took": {"cards": {"H": [4, 3, 3, 3]}, "card": {"AH": 0}}},
    {"contract": "Barbu", "declarer": 0, "took": {"card": {"KH": 2}}},
    {"contract": "Trumps", "declarer": 0, "trump": "S", "took": {"tricks": [4, 3, 3, 3]}},
    {"contract": "Domino", "declarer": 0, "start_rank": "7", "took": {"placings": [0, 1, 2, 3]}},
    {"contract": "Barbu", "declarer": 1, "took": {"card": {"KH": 3}}},
]


def add_series(db: Path, tmp_path: Path, hands: list[dict]) -> str:
    game = new_game(db)
    for number, hand in enumerate(hands):
        path = tmp_path / f"{number}.json"
        path.write_text(json.dumps(hand), encoding="utf-8")
        assert barbu(db, "sheet", "add", game, "--hand", str(path)).exit_code == 0
    return game


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "hand 8, it is Paolo's turn to declare"),
    ("it", "mano 8, Niente re di cuori non si può scegliere ora; restano: Domino\n"),
    ("fr", "donne 8, Pas de roi de cœur ne peut pas être choisi maintenant ; restent : Domino\n"),
    ("pt", "mão 8, Sem rei de copas não se pode escolher agora; restam: Dominó\n"),
])
def test_a_refused_delete_names_the_contracts_in_the_tables_language(tmp_path: Path, lang: str, said: str) -> None:
    """Deleting Paolo's Domino leaves his series a hand short: hand 8 would
    be his, and Barbu (his already) cannot be chosen again."""
    db = tmp_path / "db"
    game = add_series(db, tmp_path, SERIES)
    result = barbu(db, "sheet", "delete", game, "7", "--lang", lang)
    assert result.exit_code == 1, result.stderr
    assert said in result.stderr, result.stderr
    assert lang == "en" or "Barbu cannot" not in result.stderr
    assert len(shown(db, game)["hands"]) == 8


@pytest.mark.parametrize(("lang", "typed", "said"), [
    ("en", "7\n7\n", "'7': 7 is also the number of Domino, the only contract left, so it is not asked: 7 again "
                     "for the starting rank seven, else a rank: A K Q J 10 9 8 7 6 5 4 3 2"),
    ("fr", "7\nV\n", "'7' : 7 est aussi le numéro de Domino, le seul contrat qui reste"),
])
def test_the_domino_number_typed_as_its_starting_rank_is_confirmed(tmp_path: Path, lang: str, typed: str,
                                                                   said: str) -> None:
    """Only Domino is left, so it is not asked; 7, its number, typed at the
    starting rank is said back: 7 again starts from the seven, V (the
    French jack) from the jack."""
    db = tmp_path / "db"
    game = add_series(db, tmp_path, SERIES[:6])
    result = barbu(db, "sheet", "add", game, "--lang", lang, input=typed + "Paolo Giulia Niccolò\n\n\n\n")
    assert result.exit_code == 0, result.stdout + result.stderr
    assert said in result.stdout
    assert shown(db, game)["hands"][6]["start_rank"] == ("7" if lang == "en" else "J")
    edited = barbu(db, "sheet", "edit", game, "7", "--lang", lang, input="\n" * 6)  # Enter keeps each answer
    assert edited.exit_code == 0, edited.stdout + edited.stderr
    assert said.split(":")[0] not in edited.stdout
    assert shown(db, game)["hands"][6]["start_rank"] == ("7" if lang == "en" else "J")


@pytest.mark.parametrize(("lang", "delimiter", "rank", "redoubled"), [
    ("en", ",", "J", "Paolo→Niccolò (redoubled)"), ("it", ";", "F", "Paolo→Niccolò (surcontro)"),
    ("fr", ";", "V", "Paolo→Niccolò (surcontre)"), ("pt", ";", "V", "Paolo→Niccolò (recontra)"),
])
def test_the_csv_opens_in_columns_in_the_tables_language(tmp_path: Path, lang: str, delimiter: str, rank: str,
                                                         redoubled: str) -> None:
    """A spreadsheet in Italian, French or Portuguese reads ``;`` between
    cells (its decimal separator is the comma), in English ``,``; the
    domino's starting rank in the language's letters; the doubles as
    ``show`` says them, a two-word name whole and a redouble said so."""
    import csv

    hands = [{"contract": "No queens", "declarer": 0, "took": {"cards": {"Q": [1, 0, 1, 2]}},
              "doubles": [[3, 0], [3, 1], [2, 0], [0, 2]]},
             {"contract": "Domino", "declarer": 0, "start_rank": "J", "took": {"placings": [0, 1, 2, 3]}}]
    db = tmp_path / "db"
    game = add_series(db, tmp_path, hands)
    text = barbu(db, "sheet", "export", game, "--csv", "--lang", lang).stdout
    rows = list(csv.reader(text.removeprefix("\ufeff").splitlines(), delimiter=delimiter))
    assert len({len(row) for row in rows}) == 1 and len(rows[0]) == 7 + 4 * 4
    assert rows[1][5] == f"Anna Lise→Paolo, Giulia; Niccolò→Paolo; {redoubled}"
    assert rows[2][4] == rank
    assert [int(v) for v in rows[1][-4:]] == [int(v) for v in shown(db, game)["hands"][0]["totals"]]


def test_lang_before_barbu_s_command(tmp_path: Path) -> None:
    """``barbu --lang it sheet ...``: the language of the command after it,
    whose own --lang wins; an unknown language is refused with exit 2."""
    db = tmp_path / "db"
    game = new_game(db)
    assert "totali: Paolo 0" in barbu(db, "--lang", "it", "sheet", "show", game).stdout
    assert "totaux : Paolo 0" in barbu(db, "--lang", "it", "sheet", "--lang", "fr", "show", game).stdout
    added = barbu(db, "--lang", "pt", "sheet", "add", game, input="Paolo\nSem vazas\n4 3 3 3\n\n\n\n")
    assert added.exit_code == 0 and "Quem declara?" in added.stdout
    refused = barbu(db, "--lang", "de", "sheet", "show", game)
    assert refused.exit_code == 2 and "unknown language 'de'" in refused.stderr
