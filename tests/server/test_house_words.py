"""The French family's choices in every language (barbu_dsl/server/house.py,
docs/rules.md section 3): a contract made with another suit or rank is
named from its pattern in English, Italian, French and Portuguese, and so
is its twin; the house file's title says the mode in each; a choice is
offered only when it applies, once, and a refusal is said in the page's
language."""

from __future__ import annotations

import pytest

from barbu_dsl.language import load_spec, parse_spec
from barbu_dsl.server.house import ChoiceError, _renamed, choice_menu, house_file, offered_modes, read_choices

LANGUAGES = ("en", "it", "fr", "pt")


def custom(*picks: object, reference: str = "french-classic") -> str:
    return house_file(load_spec(reference), reference, read_choices({"mode": "custom", "picks": list(picks)}))


def names_of(text: str, name: str) -> list[str]:
    spec = parse_spec(text, "house.yaml", reads_files=False)
    return [spec.contract(name).name_in(language) for language in LANGUAGES]


@pytest.mark.parametrize(("pick", "made", "twin"), [
    ({"name": "Without hearts", "suit": "S"}, ["Without spades", "Senza picche", "Sans piques", "Sem espadas"],
     ["With spades", "Con picche", "Avec piques", "Com espadas"]),
    ({"name": "Without hearts", "suit": "D"}, ["Without diamonds", "Senza quadri", "Sans carreaux", "Sem ouros"],
     ["With diamonds", "Con quadri", "Avec carreaux", "Com ouros"]),
    ({"name": "With hearts", "suit": "C"}, ["Without clubs", "Senza fiori", "Sans trèfles", "Sem paus"],
     ["With clubs", "Con fiori", "Avec trèfles", "Com paus"]),
    ({"name": "Without queens", "rank": "J"}, ["Without jacks", "Senza fanti", "Sans valets", "Sem valetes"],
     ["With jacks", "Con fanti", "Avec valets", "Com valetes"]),
    ({"name": "Without queens", "rank": "K"}, ["Without kings", "Senza re", "Sans rois", "Sem reis"],
     ["With kings", "Con re", "Avec rois", "Com reis"]),
    ({"name": "With queens", "rank": "10"}, ["Without tens", "Senza dieci", "Sans dix", "Sem dez"],
     ["With tens", "Con dieci", "Avec dix", "Com dez"]),
])
def test_a_changed_suit_or_rank_names_the_contract_and_its_twin_in_every_language(
        pick: dict[str, str], made: list[str], twin: list[str]) -> None:
    """Section 3: "without a suit" and "without a card" are played with any
    suit, and with tens, jacks, queens or kings; the new contract is named
    as the spec names the one it was made from, with the new word."""
    text = custom("Mini", pick, "Barbu")
    assert names_of(text, made[0]) == made
    assert names_of(text, twin[0]) == twin


def test_the_names_are_written_into_the_house_file() -> None:
    text = custom("Mini", {"name": "Without hearts", "suit": "S"}, "Barbu")
    assert "        names: {it: Senza picche, fr: Sans piques, pt: Sem espadas}\n" in text
    assert "        twin_names: {it: Con picche, fr: Avec piques, pt: Com espadas}\n" in text
    assert "\n    descriptions:\n      it: I contratti che questo tavolo gioca con un altro seme o valore" in text


def test_the_house_files_title_says_the_mode_in_every_language() -> None:
    spec = load_spec("french-classic")
    titles = {}
    for mode, choice in (("custom", {"mode": "custom", "picks": ["Mini", "Barbu", "Trumps"]}),
                         ("individual-random", {"mode": "individual-random", "contracts": 5})):
        house = parse_spec(house_file(spec, "french-classic", read_choices(choice)), "house.yaml", reads_files=False)
        titles[mode] = [house.title_in(language) for language in LANGUAGES]
    assert titles["custom"] == ["Barbu, French classic family (custom mode)",
                                "Barbu, famiglia francese (modalità personalizzata)",
                                "Barbu, famille française (mode personnalisé)",
                                "Barbu, família francesa (modo personalizado)"]
    assert titles["individual-random"][0] == "Barbu, French classic family (individual-random mode)"
    assert titles["individual-random"][1:] == ["Barbu, famiglia francese (modalità casuale individuale)",
                                               "Barbu, famille française (mode aléatoire individuel)",
                                               "Barbu, família francesa (modo aleatório individual)"]


def test_a_word_is_found_whole_and_in_any_of_its_spellings() -> None:
    """Italian kings (``re``) are a word of their own, never a part of
    another (regine); queens are regine in the French family's Italian
    names and donne in the tournament's: either is found."""
    assert _renamed("Senza re", ("rank", 13, 11), "it") == "Senza fanti"
    assert _renamed("Senza regine", ("rank", 13, 11), "it") == "Senza regine (fanti)"  # no word: in brackets
    assert _renamed("Red", ("suit", 2, 3), "en") == "Red (spades)"
    assert _renamed("Niente donne", ("rank", 12, 13), "it") == "Niente re"
    assert _renamed("Sans cœurs", ("suit", 2, 3), "fr") == "Sans piques"
    assert _renamed("Without hearts", ("suit", 2, 0), "en") == "Without clubs"


def test_choices_are_offered_only_where_they_apply() -> None:
    """Hearts rotates its chooser over one contract: nothing to choose
    (every mode would need three contracts); the French family offers
    every mode, and as many contracts a game as its list holds."""
    assert offered_modes(load_spec("hearts")) == [] and choice_menu(load_spec("hearts")) is None
    for name in ("tournament", "king", "bouillabaisse"):
        assert choice_menu(load_spec(name)) is None
    menu = choice_menu(load_spec("french-classic"), "fr")
    assert menu is not None
    assert menu["modes"] == ["classic", "random", "individual-random", "custom"] and menu["contracts"] == [3, 8]
    assert {"name": "Trumps", "label": "Atout", "twin": "Misery", "twin_label": "Misère"}.items() <= \
        next(c for c in menu["pool"] if c["name"] == "Trumps").items()
    short = parse_spec("name: club\nplayers: 4\ngame: {chooser: rotating, aim: lowest, order: [A, B]}\ncontracts:\n"
                       "  A: +1 per trick\n  B: +5 per ♥\n  C: +15 per queen\n", "club.yaml", "club")
    assert offered_modes(short) == ["random", "individual-random", "custom"]  # a list of two makes no classic game
    with pytest.raises(ChoiceError):
        house_file(short, "club", read_choices({"mode": "classic"}))


def test_hearts_refuses_every_mode_in_words_that_say_why() -> None:
    with pytest.raises(ChoiceError) as caught:
        house_file(load_spec("hearts"), "hearts", read_choices({"mode": "custom", "picks": ["Hearts"]}))
    assert str(caught.value) == ("hearts has too few contracts to choose from (1): a game the table chooses has at "
                                 "least 3")
    assert caught.value.said("pt").startswith("hearts tem contratos a menos para escolher (1)")


def test_the_mode_is_chosen_once() -> None:
    """A mode variant of the spec and the table's mode together are refused."""
    for variant in ("random", "individual-random", "custom"):
        with pytest.raises(ChoiceError) as caught:
            house_file(load_spec(f"french-classic+{variant}"), f"french-classic+{variant}",
                       read_choices({"mode": "classic"}))
        assert f"'{variant}'" in str(caught.value) and caught.value.key == "lobby.error.mode_twice"


@pytest.mark.parametrize(("language", "said"), [
    ("en", "'With hearts' and its twin are played alike: give them the same variants"),
    ("it", "'Con cuori' e il suo gemello si giocano allo stesso modo: dai loro le stesse varianti"),
    ("fr", "'Avec cœurs' et son jumeau se jouent de la même façon : donnez-leur les mêmes variantes"),
    ("pt", "'Com copas' e o seu gémeo jogam-se da mesma maneira: dê-lhes as mesmas variantes"),
])
def test_a_refusal_names_the_contract_in_the_pages_language(language: str, said: str) -> None:
    with pytest.raises(ChoiceError) as caught:
        custom("Mini", {"name": "Without hearts", "all_or_nothing": True},
               {"name": "With hearts", "all_or_nothing": False})
    assert caught.value.said(language) == said
