"""The table tells each game as its spec is, in the player's language
(docs/rules.md sections 1, 2 and 6): Hearts without a declarer or a choice
and with an aim that fits its scores, contracts read by the words of their
names, ranks joined to their prepositions, and every Portuguese message
speaking to the player the same way."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console as RichConsole

from barbu_dsl.bots import make_bots
from barbu_dsl.compiled import Broken, nothing_chosen, score_sign
from barbu_dsl.engine import play_game
from barbu_dsl.i18n import Translator, messages
from barbu_dsl.i18n.answers import read_contract
from barbu_dsl.language import load_spec
from barbu_dsl.table import report
from barbu_dsl.table.broken import broken_text
from barbu_dsl.table.speech import Speech

from .helpers import assert_plain, session


def test_hearts_in_portuguese_as_a_person_plays_it(tmp_path: Path) -> None:
    """Section 1 (Hearts, one contract, every score a plus): nobody
    declares or chooses, the aim says that points count against the
    player, the sheet has no declarer; spoken as você."""
    text, _, _, code = session(spec="hearts", seed=4, bots="human,rules,rules,rules", plain=True, language="pt",
                               save=tmp_path / "save.json")
    assert code == 0
    assert_plain(text)
    assert text.startswith("Copas, 4 jogadores, semente 4, 4 mãos.\nGanha o total mais baixo: cada ponto conta "
                           "contra você.\n")
    assert "declara" not in text and "escolhe" not in text and "um menos" not in text
    assert "Folha de pontos: Copas, 4 jogadores, semente 4." in text
    assert re.search(r"^Mão 4: Copas; pontos ", text, re.M)


@pytest.mark.parametrize(("spec", "sign", "alone"), [
    ("hearts", 1, True), ("hearts+to-100", 1, True), ("tournament", 0, False), ("french-classic", 0, False),
    ("bouillabaisse", 0, False), ("king", 0, False), ("leaver-3p", 0, False), ("french-32", 0, False),
])
def test_the_facts_the_narration_follows(spec: str, sign: int, alone: bool) -> None:
    """Every bundled spec: Hearts alone has one contract that names nothing
    and only plus scores (section 1); the others double (section 2) or
    have a twin of the other sign (Bouillabaisse's Salade bonus)."""
    model = load_spec(spec)
    assert score_sign(model) == sign
    assert nothing_chosen(model) is alone


def test_the_aim_in_words_that_fit_the_scores() -> None:
    say = Speech(Translator("fr"), ["Nord", "Est", "Sud", "Ouest"], 0)
    assert say.aim(load_spec("hearts")) == "Le total le plus bas gagne : chaque point vous pénalise."
    assert say.aim(load_spec("tournament")) == "Le total le plus haut gagne : un plus vous est favorable."


@pytest.mark.parametrize(("typed", "language", "name"), [
    ("donne", "it", "No queens"), ("damas", "pt", "No queens"), ("dames", "fr", "No queens"),
    ("prese", "it", "No tricks"), ("Sem damas", "en", "No queens"),
])
def test_a_contract_by_the_words_of_its_name(typed: str, language: str, name: str) -> None:
    """Whole words of one contract's name, in any language, name it."""
    spec = load_spec("tournament")
    found = read_contract(typed, spec.contracts, language)
    assert found.value is not None and found.value.name == name


def test_words_two_contracts_share_are_asked_about() -> None:
    """French classic has Sem damas and Com damas: 'damas' is either, and
    the person is asked which (never one taken for them)."""
    spec = load_spec("french-classic")
    found = read_contract("damas", spec.contracts, "pt")
    assert found.value is None and set(found.matches) == {"Sem damas", "Com damas"}


def test_a_person_declares_by_a_word_of_the_name(tmp_path: Path) -> None:
    """The declarer types 'damas' in Portuguese at the contract question:
    it is Sem damas, and the game goes on with it."""
    text, _, _, code = session(["damas", "quit"], spec="tournament", seed=3, human=True, plain=True, language="pt",
                               save=tmp_path / "save.json")
    assert code == 0
    assert "O seu contrato? " in text and "Você escolhe Sem damas." in text
    assert "não é um dos contratos" not in text


@pytest.mark.parametrize(("language", "rank", "said_from", "said_to"), [
    ("it", 8, "dall'otto", "all'otto"), ("it", 2, "dal due", "al due"), ("it", 14, "dall'asso", "all'asso"),
    ("fr", 14, "de l'as", "à l'as"), ("fr", 12, "de la dame", "à la dame"), ("pt", 12, "da dama", "à dama"),
    ("en", 11, "from the jack", "to the jack"),
])
def test_ranks_after_a_preposition(language: str, rank: int, said_from: str, said_to: str) -> None:
    """Domino rows and starting ranks (section 2): "da due a asso" is
    "dal due all'asso"."""
    say = Speech(Translator(language), ["A", "B", "C", "D"], None)
    assert (say.from_rank(rank), say.to_rank(rank)) == (said_from, said_to)


PLACEHOLDER = re.compile(r"\{\w+\}")
TU = re.compile(r"\b(tu|ti|te|teu|tua|teus|tuas|contigo|tens|podes|queres|estás|saíres|tiveres|puderes|declaras|"
                r"escolhes|jogas|levas|pagas|sais|começas|passas|escreve(?!-se)|deste a|ganhas tu|ganhas a)\b|\w-te\b",
                re.I)
"""The tu forms the table used to say ("vazas ganhas" and "escreve-se" are not)."""


def test_portuguese_speaks_to_the_player_one_way() -> None:
    """Every Portuguese message says você (its verbs in the third person),
    never tu: "Este contra: você", not "Este contra: tu"."""
    tu = {key: text["pt"] for key, text in messages().items() if TU.search(PLACEHOLDER.sub("", text["pt"]))}
    assert tu == {}


def test_french_contre_and_surcontre() -> None:
    """French says contrer beside surcontrer, never doubler (a double of a
    difference stays a double)."""
    doubled = {key: text["fr"] for key, text in messages().items()
               if "doubl" in PLACEHOLDER.sub("", text["fr"]).lower().replace("le double de la différence", "")}
    assert doubled == {}


@pytest.mark.parametrize(("language", "said"), [
    ("it", "cuori non è ancora aperto; un seme si apre con la donna"),
    ("fr", "cœur n'est pas commencé ; une couleur commence par la dame"),
    ("pt", "copas ainda não começou; um naipe começa com a dama"),
    ("en", "hearts are not begun; a suit begins with the queen"),
])
def test_a_domino_rank_with_its_article(language: str, said: str) -> None:
    """Section 2, Domino: a suit opens with its starting rank, said with the
    article its gender wants ("son dame", "il suo donna" were slips)."""
    say = Speech(Translator(language), ["A", "B", "C", "D"], None)
    assert broken_text(Broken("suit_not_open", (("suits", "H"), ("rank", "Q"))), say) == said


@pytest.mark.parametrize(("spec", "declarer", "doubles"), [("hearts", False, False), ("tournament", True, True)])
def test_the_sheet_as_a_table_shows_what_the_game_has(spec: str, declarer: bool, doubles: bool) -> None:
    """The final sheet in a terminal: Hearts has no declarer column, no
    doubles column and no caption that speaks of doubles (section 1, no
    doubling); tournament has all three (section 2)."""
    model = load_spec(spec)
    result = play_game(model, make_bots(["rules"], 4, 2), seed=2)
    out = io.StringIO()
    report.print_table(RichConsole(file=out, width=200, markup=False, emoji=False, highlight=False), result, model,
                       Speech(Translator("en"), ["North", "East", "South", "West"], None))
    text = out.getvalue()
    assert ("declarer" in text) is declarer
    assert ("doubles" in text) is doubles
    assert "each hand's scores" in text
