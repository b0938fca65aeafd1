"""The lobby's requests in English, Italian, French and Portuguese, over
real sockets (docs/server.md): the specs offered with their titles,
descriptions and contracts in the page's language, the check of a French
custom game true to the players chosen, a contract made with another suit
named in every language at the table, Hearts offering no mode, and a mode
chosen twice refused."""

from __future__ import annotations

from typing import Any

import pytest

from server.helpers import ServerProcess

CUSTOM = {"mode": "custom", "picks": ["Mini", {"name": "Without hearts", "suit": "S"},
                                      {"name": "Without queens", "rank": "K"}, "Trumps", "Barbu"]}
"""Docs/rules.md section 3, custom mode: five contracts, two of them with another suit and rank."""


def refused(server: ServerProcess, path: str, body: Any, code: str = "bad_request") -> str:
    status, data = server.request("POST", path, body)
    assert status == 400 and data["error"]["code"] == code, data
    return str(data["error"]["message"])


@pytest.mark.parametrize(("language", "title", "words"), [
    ("en", "Barbu, French classic family", ("twin of the opposite sign", "Without hearts", "Trumps")),
    ("it", "Barbu, famiglia francese", ("gemello di segno opposto", "Senza cuori", "Briscola")),
    ("fr", "Barbu, famille française", ("jumeau de signe opposé", "Sans cœurs", "Atout")),
    ("pt", "Barbu, família francesa", ("gémeo de sinal contrário", "Sem copas", "Trunfo")),
])
def test_the_specs_are_offered_in_the_pages_language(server: ServerProcess, language: str, title: str,
                                                     words: tuple[str, str, str]) -> None:
    specs = {spec["name"]: spec for spec in server.get(f"/api/specs?lang={language}")["specs"]}
    french = specs["french-classic"]
    assert french["title"] == title and words[0] in french["description"]
    labels = [contract["label"] for contract in french["choices"]["pool"]]
    assert words[1] in labels and words[2] in labels
    overlays = {overlay["name"]: overlay for overlay in specs["tournament"]["overlays"]}
    tournament = next(spec for spec in server.get("/api/specs")["specs"] if spec["name"] == "tournament")
    english = {overlay["name"]: overlay for overlay in tournament["overlays"]}
    assert all(overlay["description"] for overlay in overlays.values())
    if language != "en":
        assert all(overlays[name]["description"] != english[name]["description"] for name in overlays)
    modes = {overlay["name"]: overlay["mode"] for overlay in french["overlays"]}
    assert modes == {"all-or-nothing": None, "optional-overtrump": None, "random": "random",
                     "individual-random": "individual-random", "custom": "custom"}


def test_hearts_offers_no_mode(server: ServerProcess) -> None:
    """Hearts' chooser rotates over one contract: no mode can make a game
    of three or more (docs/rules.md section 3), so none is offered, and a
    request for one is refused with the reason, in the page's language."""
    hearts = next(spec for spec in server.get("/api/specs?lang=it")["specs"] if spec["name"] == "hearts")
    assert hearts["choices"] is None
    for mode in ("classic", "random", "custom"):
        message = refused(server, "/api/check", {"spec": "hearts", "choices": {"mode": mode}, "lang": "it"})
        assert message.startswith("hearts ha troppo pochi contratti tra cui scegliere (1)"), message


@pytest.mark.parametrize(("language", "summary"), [
    ("en", "The rules check. Barbu, French classic family (custom mode), 4 players: 20 hands. 5 contracts: Mini, "
           "Without spades, Without kings, Trumps and Barbu."),
    ("it", "Le regole sono corrette. Barbu, famiglia francese (modalità personalizzata), 4 giocatori: 20 mani. "
           "5 contratti: Mini, Senza picche, Senza re, Briscola e Barbu."),
    ("fr", "Les règles sont correctes. Barbu, famille française (mode personnalisé), 4 joueurs : 20 donnes. "
           "5 contrats : Mini, Sans piques, Sans rois, Atout et Barbu."),
    ("pt", "As regras estão corretas. Barbu, família francesa (modo personalizado), 4 jogadores: 20 mãos. "
           "5 contratos: Mini, Sem espadas, Sem reis, Trunfo e Barbu."),
])
def test_the_check_says_the_table_being_made(server: ServerProcess, language: str, summary: str) -> None:
    """Section 3, custom mode: each of four players declares each of the
    five contracts picked once, 20 hands."""
    checked = server.post("/api/check", {"spec": "french-classic", "choices": CUSTOM, "players": 4,
                                         "lang": language})
    assert checked["summary"] == summary
    assert checked["warnings"] == [] and "Without spades" in checked["house"]
    assert checked["title"] == summary.split(". ", 1)[1].split(", 4 ")[0]


def test_the_summary_follows_the_players_chosen(server: ServerProcess) -> None:
    five = server.post("/api/check", {"spec": "french-classic", "choices": CUSTOM, "players": 5, "lang": "fr"})
    assert "5 joueurs : 25 donnes." in five["summary"]
    anyone = server.post("/api/check", {"spec": "french-classic", "choices": CUSTOM, "lang": "it"})
    assert "da 3 a 7 giocatori. 5 contratti:" in anyone["summary"]
    message = refused(server, "/api/check", {"spec": "french-classic", "players": 2, "lang": "pt"})
    assert message == "french-classic joga-se com 3, 4, 5, 6, 7 jogadores, não com 2"


def test_warnings_in_the_pages_language_for_the_players_chosen(server: ServerProcess) -> None:
    """18 hands cut the five-contract lists of four players (20 hands) short."""
    body = {"spec": "french-classic", "choices": {**CUSTOM, "hands": 18}, "players": 4, "lang": "fr"}
    (warning,) = server.post("/api/check", body)["warnings"]
    assert "avertissement: à 4 joueurs, une partie de 18 donnes ne laisse pas à chaque joueur toute sa liste de 5 " \
           "contrats" in warning
    assert "conseil: faites de 'hands' un multiple de 20" in warning
    table = server.post("/api/tables", {**body, "seats": ["human", "strong", "rules", "random"]})
    assert table["warnings"] == [warning]
    english = server.post("/api/check", {**body, "lang": "en"})["warnings"]
    assert english[0].startswith("house.yaml:") and "warning: with 4 players a game of 18 hands" in english[0]


def test_a_contract_made_with_another_suit_is_named_in_every_language_at_the_table(server: ServerProcess) -> None:
    table = server.post("/api/tables", {"spec": "french-classic", "choices": CUSTOM, "seats": ["human"] * 4,
                                        "lang": "pt"})
    assert "names: {it: Senza picche, fr: Sans piques, pt: Sem espadas}" in table["house"]
    expected = {"en": ("Without spades", "With spades", "Without kings"),
                "it": ("Senza picche", "Con picche", "Senza re"),
                "fr": ("Sans piques", "Avec piques", "Sans rois"),
                "pt": ("Sem espadas", "Com espadas", "Sem reis")}
    for language, (spades, twin, kings) in expected.items():
        contracts = {c["name"]: c for c in server.get(f"/api/tables/{table['table']}/contracts?lang={language}")
                     ["contracts"]}
        assert (contracts["Without spades"]["label"], contracts["With spades"]["label"],
                contracts["Without kings"]["label"]) == (spades, twin, kings)
        assert contracts["With spades"]["lines"][0] == f"{twin}."  # what D says at the table
        assert spades in " ".join(contracts["With spades"]["lines"])  # "Twin of ..."
    detail = server.get(f"/api/tables/{table['table']}")
    assert detail["title"] == "Barbu, French classic family (custom mode)"


def test_a_mode_chosen_twice_is_refused(server: ServerProcess) -> None:
    """The mode variants of the spec and the table's mode contradict each
    other: the request is refused, saying which variant."""
    for path in ("/api/check", "/api/tables"):
        message = refused(server, path, {"spec": "french-classic+random", "choices": CUSTOM,
                                         "seats": ["human"] * 4, "lang": "en"})
        assert message == ("the mode is chosen once: \"choices\" choose it, so \"spec\" may not apply the variant "
                           "'random' too")
    italian = refused(server, "/api/check", {"spec": "french-classic+all-or-nothing+custom",
                                             "choices": {"mode": "classic"}, "lang": "it"})
    assert "la variante 'custom'" in italian


def test_refusals_a_person_can_meet_are_in_the_pages_language(server: ServerProcess) -> None:
    twins = {"mode": "custom", "picks": ["Mini", {"name": "Without hearts", "all_or_nothing": True},
                                         {"name": "With hearts", "all_or_nothing": False}]}
    assert refused(server, "/api/check", {"spec": "french-classic", "choices": twins, "lang": "fr"}) == \
        "'Avec cœurs' et son jumeau se jouent de la même façon : donnez-leur les mêmes variantes"
    assert refused(server, "/api/check", {"spec": "french-classic", "choices": {"mode": "custom", "picks": ["Mini"]},
                                          "lang": "it"}) == "scegli da 3 a 8 contratti (scelti: 1)"
    base = {"spec": "tournament", "seats": ["human"] * 4, "lang": "pt"}
    assert refused(server, "/api/tables", {**base, "names": ["Ana", "Bia", "Caio", "ana"]}) == \
        "cada lugar tem um nome diferente"
    assert refused(server, "/api/tables", {**base, "names": ["Ana", "", "Caio", "Duda"]}).startswith(
        "um nome é uma linha de 1 a 40 caracteres")
    assert refused(server, "/api/tables", {**base, "absent_after": 10 ** 6}).startswith(
        "\"absent_after\" é um número de segundos de 0 a 86400")
    assert refused(server, "/api/tables", {**base, "seats": ["human"] * 3}) == \
        "tournament joga-se com 4 jogadores, não com 3"
    problems = refused(server, "/api/check", {"spec_text": "name: x\ncontracts:\n  A: −2 per banana\n",
                                              "lang": "it"}, "bad_spec")
    assert problems == "le regole non superano il controllo"
    status, data = server.request("GET", "/api/specs?lang=de")
    assert status == 400
