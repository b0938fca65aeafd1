"""Every message a person reads exists in English, Italian, French and
Portuguese, with the same fields in each: each language is a package of
catalogs (barbu_dsl/i18n/<language>/), and each holds exactly the English
catalogs' keys."""

from __future__ import annotations

import string

import pytest

from barbu_dsl import cards as C
from barbu_dsl.i18n import CATALOGS, FORMS, LANGUAGES, Translator, catalog, choose_language, messages
from barbu_dsl.i18n.cards import card_text, card_words


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def things(text: str) -> frozenset[str]:
    """What a message says: its fields, the forms of one thing as one (FORMS)."""
    return frozenset(FORMS.get(name, name) for name in fields(text))


@pytest.mark.parametrize("language", LANGUAGES[1:])
@pytest.mark.parametrize("name", CATALOGS)
def test_each_language_has_every_catalog_whole(language: str, name: str) -> None:
    """A language's catalog holds the English one's keys, no fewer and no
    more (a key only one language has is a typo or a message forgotten)."""
    english, other = catalog("en", name), catalog(language, name)
    assert sorted(set(english) - set(other)) == [], f"missing in {language}/{name}.py"
    assert sorted(set(other) - set(english)) == [], f"not in en/{name}.py"
    assert all(key.startswith(name + ".") for key in english), f"{name}: keys start with '{name}.'"


@pytest.mark.parametrize("key", sorted(messages()))
def test_every_message_in_every_language(key: str) -> None:
    texts = messages()[key]
    assert set(texts) == set(LANGUAGES), key
    assert all(texts[lang].strip() for lang in LANGUAGES), key
    assert len({things(texts[lang]) for lang in LANGUAGES}) == 1, key


def test_card_words_and_letters() -> None:
    qs = C.card(12, C.SPADES)
    assert card_words(qs, Translator("en")) == "queen of spades"
    assert card_words(qs, Translator("it")) == "donna di picche"
    assert card_text(C.card(12, C.HEARTS), "it") == "D♥"
    assert card_text(C.card(13, C.CLUBS), "fr") == "R♣"
    assert card_text(C.card(11, C.DIAMONDS), "pt") == "V♦"
    assert card_text(C.card(10, C.SPADES), "en") == "10♠"


@pytest.mark.parametrize(("explicit", "environ", "expected"), [
    ("it", {}, "it"), ("fr_FR.UTF-8", {}, "fr"), (None, {"BARBU_LANG": "pt"}, "pt"),
    (None, {"LANG": "it_IT.UTF-8"}, "it"), (None, {"LC_ALL": "de_DE.UTF-8", "LANG": "fr_FR"}, "en"),
    (None, {}, "en"),
])
def test_choose_language(explicit, environ, expected) -> None:
    assert choose_language(explicit, environ) == expected


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown language 'de'"):
        choose_language("de")
