"""Playing at the table (barbu_dsl.table): a scripted person types every
answer on standard input, in plain mode.

Golden transcripts of short games (a tiny spec of four cards a player)
show the whole conversation in each language, with wrong answers, every
command, ``quit`` and ``--resume``.  A whole tournament game (docs/rules.md
section 2) and a five-player French game (section 3) are played against
strong bots, left and carried on, and typed again into the real ``barbu
play``.  Plain output never holds an escape sequence or box drawing."""

from __future__ import annotations

import io
import json
import os
import re
from pathlib import Path

import pytest
from conftest import assert_golden

from barbu_dsl.engine.replay import replay_file
from barbu_dsl.language import load_spec
from barbu_dsl.table import PlayOptions, Streams, play
from barbu_dsl.table.console import wants_plain

from .helpers import TINY, Person, assert_plain, barbu, session

GOLDEN = Path(__file__).resolve().parent / "golden"

# Every command and some wrong answers, at the first prompts of the tiny game
# (seed 3: the person declares first): a card not held, a rank two cards
# have, a list number where a card is wanted, a rank no legal card has,
# a pass in trick play.
EVERYTHING = ["help", "hand", "describe", "describe 2", "describe nosuch", "hint", "no quens", "no q", "QS",
              "trick", "tricks", "scores", "last", "played", "c", "1", "J", "queen of diamonds", "ZZ", "9", "pass",
              "KS", "l", "p", "hint", "auto"]


def test_golden_english(tmp_path: Path) -> None:
    """Section 2: the person declares No queens, meets every command and
    wrong answers (a card not held, a number off the list, a pass in trick
    play), and plays the eight hands of the tiny game to the end."""
    text, _, _, code = session(EVERYTHING, save=tmp_path / "saved.json", spec=TINY, seed=3,
                               bots="human,rules,rules,rules")
    assert code == 0
    assert_plain(text)
    assert_golden(text, GOLDEN / "tiny-en.txt")


@pytest.mark.parametrize(("language", "plan"), [
    ("it", ["aiuto", "mano", "descrivi", "consiglio", "1", "DD", "DC", "presa", "prese", "punti", "FQ"]),
    ("fr", ["aide", "main", "décris Trumps", "conseil", "1", "AD", "DC", "pli", "plis", "scores", "VK"]),
    ("pt", ["ajuda", "mão", "descreve 2", "dica", "1", "KD", "DC", "vaza", "vazas", "pontos", "VO"]),
])
def test_golden_other_languages(language: str, plan: list[str], tmp_path: Path) -> None:
    """The tiny game in Italian, French and Portuguese (seed 9: East
    declares Trumps, clubs; the person doubles East): commands in the
    language's words; cards in its letters (the queen of hearts is DC in
    each, the jack of diamonds FQ, VK, VO); a card its letters read two ways
    (D is the queen in each, not diamonds); the queen of hearts refused as
    the person must follow diamonds (docs/rules.md section 1), said in the
    language."""
    text, _, _, code = session(plan, save=tmp_path / "saved.json", spec=TINY, seed=9,
                               bots="human,rules,rules,rules", language=language)
    assert code == 0
    assert_plain(text)
    assert_golden(text, GOLDEN / f"tiny-{language}.txt")


def test_golden_quit_and_resume(tmp_path: Path) -> None:
    """``quit`` saves the game and says how to carry on; ``--resume``
    recaps where it stands and goes on to the end, with the same cards and
    answers as a game that never stopped; the save is then removed."""
    save = tmp_path / "saved.json"
    first, _, _, code = session([None, None, None, "quit"], save=save, spec=TINY, seed=5,
                                     bots="human,strong,rules,strong", think=0.2)
    assert code == 0 and save.exists()
    second, _, _, code = session(["scores", "hint"], save=save, resume=True)
    assert code == 0 and not save.exists()
    assert_plain(first + second)
    assert_golden(first + "\n---- barbu play --resume ----\n" + second, GOLDEN / "tiny-quit-resume.txt")
    whole, _, _, _ = session([None, None, None, "scores", "hint"], save=tmp_path / "other.json", spec=TINY, seed=5,
                             bots="human,strong,rules,strong", think=0.2)
    assert second.split("Score sheet")[1] == whole.split("Score sheet")[1]


def play_whole_game(tmp_path: Path, stop: int, **options: object) -> tuple[str, list[str]]:
    """A whole game with a quit after ``stop`` answers and a resume; the
    transcript and every answer typed (the quit left out)."""
    save = tmp_path / "saved.json"
    record = tmp_path / "game.jsonl"
    first, _, person, code = session(["?", "hint", "auto", "nonsense"], stop_after=stop, save=save, **options)
    assert code == 0
    assert "The input has ended." in first and save.exists()
    second, _, rest, code = session((), save=save, resume=True, record=record)
    assert code == 0 and not save.exists()
    results, status = replay_file(load_spec(str(options["spec"])), record)
    assert status == 0 and all(result["status"] in ("complete", "not_played") for result in results)
    return first + second, person.given + rest.given


@pytest.mark.slow
def test_a_whole_tournament_game_with_a_break(tmp_path: Path) -> None:
    """Section 2: 28 hands against three strong bots, the input ending in
    the middle of a hand (the game is saved) and carried on; then the same
    answers typed into the real ``barbu play`` give the same game."""
    text, answers = play_whole_game(tmp_path, 150, spec="tournament", seed=11, human=True, think=0.2)
    assert "Final totals after 28 hands" in text
    assert_plain(text)
    typed = barbu("play", "tournament", "--seed", "11", "--human", "--think", "0.2", "--record",
                  str(tmp_path / "typed.jsonl"), stdin="\n".join(answers) + "\n",
                  env={**os.environ, "BARBU_DATA_DIR": str(tmp_path / "data")})
    assert typed.returncode == 0, typed.stderr
    assert_plain(typed.stdout)
    assert "Traceback" not in typed.stderr
    assert (tmp_path / "typed.jsonl").read_text() == (tmp_path / "game.jsonl").read_text()
    assert text.split("Score sheet")[1] == typed.stdout.split("Score sheet")[1]


def test_a_five_player_french_game(tmp_path: Path) -> None:
    """Section 3: five players (2♣ and 2♦ set aside, ten cards each), the
    classic list of eight contracts, 40 hands, the lowest total wins."""
    text, _ = play_whole_game(tmp_path, 120, spec="french-classic", players=5, seed=2, human=True, think=0.2,
                              language="en")
    assert "Final totals after 40 hands" in text
    assert "The lowest total wins: a minus is good for you." in text
    assert "Your hand (10):" in text
    assert "Your seat: Anna." in text
    assert "You play" in text and "Anna plays" not in text  # the person's seat is "you"
    assert_plain(text)


def test_custom_mode_the_person_picks_the_contracts(tmp_path: Path) -> None:
    """Section 3, custom mode: the table picks the contracts (three to
    eight); too few is refused; the pick is saved with the game and the
    game carried on with it."""
    save = tmp_path / "saved.json"
    text, _, _, code = session(["2", "1 2", "1 3 5", "describe 3", "quit"], save=save, spec="french-classic+custom",
                               players=3, human=True, think=0.2)
    assert code == 0
    assert "'1 2': pick from 3 to 8 different contracts by their numbers." in text
    assert "This game's contracts: Mini, Without hearts, Without queens." in text
    assert "Hand 1 of 9." in text
    again, _, _, code = session((), save=save, resume=True)
    assert code == 0
    assert "Final totals after 9 hands" in again


def test_rich_mode_keeps_the_line_by_line_flow(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """On a terminal the same lines come with colour and the score sheet as
    tables, but nothing is repainted: no hidden cursor, no cleared screen,
    no carriage return."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    out = Terminal()
    person = Person(out)
    assert play(PlayOptions(TINY, seed=3, bots="human,rules,rules,rules", save=tmp_path / "saved.json"),
                Streams(out, io.StringIO(), person)) == 0
    text = out.getvalue()
    assert "\x1b[" in text  # colour and emphasis
    assert "\x1b[?25l" not in text and "\x1b[2J" not in text and "\r" not in text
    assert "Your card, " in text and "Score sheet: Tiny Barbu, 4 players, seed 3." in text and " wins with " in text


def test_two_people_at_one_keyboard(tmp_path: Path) -> None:
    """With several people every seat keeps its name and each question
    starts with the name of the seat it is for."""
    text, _, _, code = session((), save=tmp_path / "saved.json", spec=TINY, seed=3,
                                    bots="human,rules,human,rules", names="Anna,Bea,Carla,Diana")
    assert code == 0
    assert "Anna. Your contract?" in text and "Carla. Your card, " in text
    assert "Anna plays" in text and "You play" not in text
    assert "Anna: a person." in text and "Bea: rules bot." in text


def test_plain_mode_is_chosen_for_screen_readers() -> None:
    class Terminal:
        def isatty(self) -> bool:
            return True

    assert not wants_plain(False, {}, Terminal())  # type: ignore[arg-type]
    assert wants_plain(True, {}, Terminal())  # type: ignore[arg-type]
    assert wants_plain(False, {"NO_COLOR": "1"}, Terminal())  # type: ignore[arg-type]
    assert wants_plain(False, {"TERM": "dumb"}, Terminal())  # type: ignore[arg-type]
    assert wants_plain(False, {}, object())  # type: ignore[arg-type]


@pytest.mark.slow
def test_json_is_the_only_thing_on_standard_output(tmp_path: Path) -> None:
    """``--json`` prints one object: spec, players, seed, bots, hands (each
    with contract, declarer, doubles, raw, final), totals and winners; with a
    person at the table the conversation goes to standard error."""
    bots_only = barbu("play", "hearts", "--bots", "strong,rules,random,rules", "--think", "0.2", "--json",
                      cwd=tmp_path)
    assert bots_only.returncode == 0, bots_only.stderr
    game = json.loads(bots_only.stdout)
    assert set(game) >= {"spec", "players", "seed", "bots", "hands", "totals", "winners"}
    assert game["bots"] == ["strong", "rules", "random", "rules"]
    assert len(game["hands"]) == 4
    assert all(set(hand) >= {"contract", "declarer", "doubles", "raw", "final"} for hand in game["hands"])
    assert "Hand 4: " in bots_only.stderr
    with_person = barbu("play", TINY, "--seed", "3", "--bots", "human,rules,rules,rules", "--json",
                        stdin="\n".join(["auto"] * 80) + "\n", env={**os.environ, "BARBU_DATA_DIR": str(tmp_path)})
    assert with_person.returncode == 0, with_person.stderr
    assert json.loads(with_person.stdout)["bots"][0] == "human"
    assert "Your card, " in with_person.stderr


def test_plain_score_sheet_for_bots_only(tmp_path: Path) -> None:
    """Hearts (one contract, every score a plus, no doubling) told as
    Hearts: no declarer, the aim in words that fit its scores, the game by
    its French name."""
    result = barbu("play", "hearts", "--plain", "--lang", "fr", "--seed", "0", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert_plain(result.stdout)
    assert "Feuille de marque : Dame de pique, 4 joueurs, graine 0." in result.stdout
    assert "Le total le plus bas gagne : chaque point vous pénalise." in result.stdout
    assert "Donne 1 : Dame de pique ; points " in result.stdout  # the contract in French, nobody declares
    assert "déclarant" not in result.stdout and "moins" not in result.stdout


@pytest.mark.parametrize("environment", [{"TERM": "dumb"}, {"NO_COLOR": "1"}, {}])
def test_bots_only_plain_and_once_when_not_a_terminal(tmp_path: Path, environment: dict[str, str]) -> None:
    """A bots-only game piped (standard output not a terminal), under
    ``TERM=dumb`` or with ``NO_COLOR``: the plain sheet once, on standard
    output, a line a hand; nothing drawn, nothing said twice."""
    env = {key: value for key, value in os.environ.items() if key not in ("NO_COLOR", "TERM")}
    result = barbu("play", "tournament", "--seed", "1", env={**env, **environment}, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert_plain(result.stdout + result.stderr)
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines[0] == "Score sheet: Tournament Barbu, 4 players, seed 1."
    assert [line.split(":")[0] for line in lines if line.startswith("Hand ")] == [f"Hand {n}" for n in range(1, 29)]
    assert lines[-1] == "The highest total wins: a plus is good for you."


@pytest.mark.parametrize("args", [
    ["--resume"],
    ["tournament", "--resume"],
    ["tournament", "--human", "--bots", "strong"],
    ["tournament", "--human", "--lang", "de"],
    ["tournament", "--human", "--think", "0"],
    ["tournament", "--human", "--names", "Anna,Bea"],
    ["tournament", "--bots", "human,genius,rules,rules"],
])
def test_unusable_command_lines_exit_2(args: list[str], tmp_path: Path) -> None:
    result = barbu("play", *args, stdin="", env={**os.environ, "BARBU_DATA_DIR": str(tmp_path)})
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    assert result.stderr.strip()


def test_never_overwrites_a_file_that_is_not_a_saved_game(tmp_path: Path) -> None:
    mine = tmp_path / "notes.json"
    mine.write_text('{"my": "notes"}', encoding="utf-8")
    result = barbu("play", TINY, "--human", "--save", str(mine), stdin="1\nquit\n")
    assert result.returncode == 2
    assert "is not a saved barbu game" in result.stderr
    assert mine.read_text(encoding="utf-8") == '{"my": "notes"}'


def test_hints_count_points_as_the_score_sheet_does(tmp_path: Path) -> None:
    """Section 3: in the French family the lowest total wins, so the best
    card's expected points are no more than the next best's (the hint says
    points, not the bot's values signed towards the aim)."""
    text, _, _, _ = session(["1", "hint", "quit"], save=tmp_path / "save.json", spec="french-classic",
                            players=5, seed=3, human=True, language="en")
    hint = next(line for line in text.splitlines() if line.startswith("Hint: the strong bot would play"))
    found = re.findall(r"([+−]?\d+(?:\.\d+)?)(?: for you)?\.", hint)
    best, next_best = (float(value.replace("−", "-")) for value in found[:2])
    assert best <= next_best, hint


def test_golden_hearts_passing(tmp_path: Path) -> None:
    """docs/rules.md section 4 and section 6, Passing: the person is told
    where the cards go, asked for each card to pass (a hint, a word that is
    no card, a card not held, then three cards), hears what they gave and
    received, and plays the hand with the cards they hold after the
    exchange; a record of the game replays."""
    record = tmp_path / "game.jsonl"
    text, _, _, code = session(["hint", "xx", "K♥", "QS", "J♥", "8H"], save=tmp_path / "saved.json",
                               spec="hearts", seed=4, bots="human,rules,rules,rules", record=record)
    assert code == 0
    assert_plain(text)
    assert "You passed the queen of spades, the jack of hearts and the eight of hearts to East" in text
    results, status = replay_file(load_spec("hearts"), record)
    assert status == 0 and [result["status"] for result in results] == ["complete"] * 4
    assert_golden(text, GOLDEN / "hearts-en.txt")


@pytest.mark.parametrize(("language", "asked", "told"), [
    ("it", "Carta 1 di 3 da passare a Est?", "Ognuno passa 3 carte a sinistra."),
    ("fr", "Carte 1 sur 3 à passer à Est ?", "Chacun passe 3 cartes à gauche."),
    ("pt", "Carta 1 de 3 a passar a Este?", "Cada um passa 3 cartas para a esquerda."),
])
def test_passing_is_asked_in_each_language(language: str, asked: str, told: str, tmp_path: Path) -> None:
    """docs/rules.md section 6, Passing: the passing is said and asked in
    the person's language."""
    text, _, _, code = session([], stop_after=12, save=tmp_path / "saved.json", spec="hearts", seed=4,
                               bots="human,rules,rules,rules", language=language)
    assert code == 0
    assert told in text and asked in text, text


def test_the_declarer_chooses_from_the_first_cards(tmp_path: Path) -> None:
    """docs/rules.md section 6, Choosing after part of the hand: the person
    hears the five cards dealt first when asked for the contract and trumps,
    then the whole hand once the contract is announced."""
    spec = tmp_path / "five.yaml"
    spec.write_text("name: five\nplayers: 4\ndoubling: false\ngame: {choose_after: 5}\ncontracts:\n"
                    "  Hearts: −1 per ♥\n  Trumps: +5 per trick, trumps\n", encoding="utf-8")
    text, _, _, code = session(["Trumps", "S"], stop_after=3, save=tmp_path / "saved.json", spec=str(spec), seed=3,
                               bots="human,rules,rules,rules")
    assert code == 0
    first, asked, whole = text.index("Your hand (5):"), text.index("Your contract?"), text.index("Your hand (13):")
    assert first < asked < text.index("Trumps: spades.") < whole


@pytest.mark.parametrize(("language", "told", "asked", "discarded"), [
    ("en", "The dealer discards the cards left over (1) face down.", "Card 1 of 1 to discard?",
     "You discarded the queen of hearts, face down."),
    ("it", "Il mazziere scarta coperte le carte avanzate (1).", "Carta 1 di 1 da scartare?", "Hai scartato"),
    ("fr", "Le donneur écarte face cachée les cartes en trop (1).", "Carte 1 sur 1 à écarter ?", "Vous avez écarté"),
    ("pt", "O dador descarta viradas para baixo as cartas que sobram (1).", "Carta 1 de 1 a descartar?",
     "Você descartou"),
])
def test_the_dealer_is_asked_for_the_discards(language: str, told: str, asked: str, discarded: str,
                                              tmp_path: Path) -> None:
    """docs/rules.md section 6, Packs, decks and player counts: with
    ``leftover: dealer discards`` the person who deals is told, asked for
    each card to discard (a hint, a word that is no card), and hears what
    they discarded."""
    spec = tmp_path / "discards.yaml"
    spec.write_text("name: d\nplayers: 3\ndoubling: false\nleftover: dealer discards\ncontracts:\n"
                    "  Hearts: −1 per ♥, Q♠ −13\n  Tricks: −2 per trick\n", encoding="utf-8")
    text, _, _, code = session(["hint", "xx", "QH"], stop_after=4, save=tmp_path / "saved.json", spec=str(spec),
                               seed=1, bots="human,rules,rules", language=language)
    assert code == 0
    assert told in text and asked in text and discarded in text, text
    assert text.index(asked) < text.index(discarded)
