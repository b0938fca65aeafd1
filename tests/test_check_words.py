"""A check of the rules in the lobby's language (barbu_dsl/checking.py,
compiled/advice.py): the warnings of ``barbu check`` in Italian, French
and Portuguese with the players chosen, ``barbu check``'s own English
unchanged, and the summary of the table being made — its title, its
players, its hands and its contracts in the reader's language."""

from __future__ import annotations

from functools import partial

import pytest

from barbu_dsl.checking import check_spec, table_summary
from barbu_dsl.language import load_spec, parse_spec

CUT = "extends: tournament\nname: club\ngame: {hands: 26}\n"
"""26 hands cut a declarer's series of 7 short (docs/rules.md section 2)."""


def test_barbu_check_says_its_warnings_in_english() -> None:
    report = check_spec(partial(parse_spec, CUT, "house.yaml"))
    assert report.warnings[0].startswith("house.yaml:3:15: warning: with 4 players a game of 26 hands stops 5 hands "
                                         "into a declarer's series of 7")
    assert "\n    hint: make 'hands' a multiple of 7 (7, 14, 21, 28, ...)" in report.warnings[0]
    assert report.warnings[-1] == "barbu: 1 of tournament's variants and scales no longer applies to club: fixed-order"
    assert report.summary == "ok: club — 7 contracts, 4 players, 14 variants and scales"


@pytest.mark.parametrize(("language", "words"), [
    ("it", ["avviso: con 4 giocatori una partita di 26 mani si ferma dopo 5 mani di una serie di 7",
            "suggerimento: fai di 'hands' un multiplo di 7",
            "barbu: 1 delle varianti e tabelle di tournament non si applica più a club: fixed-order"]),
    ("fr", ["avertissement: à 4 joueurs, une partie de 26 donnes s'arrête après 5 donnes d'une série de 7",
            "conseil: faites de 'hands' un multiple de 7",
            "barbu : 1 des variantes et barèmes de tournament ne s'applique plus à club : fixed-order"]),
    ("pt", ["aviso: com 4 jogadores, um jogo de 26 mãos para depois de 5 mãos de uma série de 7",
            "sugestão: faça de 'hands' um múltiplo de 7",
            "barbu: 1 das variantes e tabelas de tournament já não se aplica a club: fixed-order"]),
])
def test_the_warnings_in_the_lobbys_language(language: str, words: list[str]) -> None:
    said = "\n".join(check_spec(partial(parse_spec, CUT, "house.yaml"), language, 4).warnings)
    for text in words:
        assert text in said, said


def test_the_warnings_are_for_the_players_chosen() -> None:
    """Section 3: 32 hands are the whole lists of 8 contracts of 4 players,
    and cut short those of 3, 5, 6 and 7 players: the warning is said for
    the players chosen only."""
    text = "extends: french-classic\nname: club\ngame: {hands: 32}\n"
    assert check_spec(partial(parse_spec, text, "house.yaml"), "en", 4).warnings == []
    (cut,) = check_spec(partial(parse_spec, text, "house.yaml"), "en", 5).warnings
    assert "with 5 players a game of 32 hands" in cut
    assert len(check_spec(partial(parse_spec, text, "house.yaml")).warnings) == 4  # 3, 5, 6 and 7 players


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "The rules check. Barbu, French classic family, 4 players: 32 hands. 8 contracts: Mini, Without hearts, "
           "Without queens, Barbu, Salade, Salade bonus, Trumps and Without the last two."),
    ("it", "Le regole sono corrette. Barbu, famiglia francese, 4 giocatori: 32 mani. 8 contratti: Mini, Senza cuori, "
           "Senza regine, Barbu, Salade, Salade bonus, Briscola e Senza le 2 ultime."),
    ("fr", "Les règles sont correctes. Barbu, famille française, 4 joueurs : 32 donnes. 8 contrats : Mini, Sans "
           "cœurs, Sans dames, Barbu, Salade, Salade bonus, Atout et Sans les deux derniers."),
    ("pt", "As regras estão corretas. Barbu, família francesa, 4 jogadores: 32 mãos. 8 contratos: Mini, Sem copas, "
           "Sem damas, Barbu, Salade, Salade bonus, Trunfo e Sem as duas últimas."),
])
def test_the_summary_says_the_table_in_its_language(language: str, expected: str) -> None:
    """Section 3, classic mode: each player's list is the first eight of
    the order, so four players play 32 hands."""
    assert table_summary(load_spec("french-classic"), language, 4) == expected


def test_the_summary_follows_the_players_and_the_game() -> None:
    spec = load_spec("french-classic")
    assert "3 to 7 players." in table_summary(spec, "en")  # no number chosen yet
    assert "6 players: 48 hands." in table_summary(spec, "en", 6)
    drawn = table_summary(load_spec("french-classic+individual-random"), "it", 3)
    assert "3 giocatori: 24 mani. 8 contratti estratti a caso, una lista per ogni giocatore, tra i 26" in drawn
    target = table_summary(load_spec("hearts+to-100"), "fr", 4)  # docs/rules.md section 6, a target score
    assert target == ("Les règles sont correctes. Dame de pique, 4 joueurs : la partie s'arrête quand le total d'un "
                      "joueur atteint 100. 1 contrat : Dame de pique.")
