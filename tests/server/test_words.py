"""The words of the server's pages and of ``barbu join``: every message in
all four languages with the same fields, and every message the pages and
the terminal client name exists."""

from __future__ import annotations

import re
from pathlib import Path

from barbu_dsl.i18n import LANGUAGES
from barbu_dsl.server import join
from barbu_dsl.server.words import messages, page_words

STATIC = Path(__file__).resolve().parents[2] / "src" / "barbu_dsl" / "server" / "static"
FIELD = re.compile(r"\{(\w+)\}")


def test_every_language_has_every_message_with_its_fields() -> None:
    english = messages("en")
    for language in LANGUAGES:
        words = messages(language)
        assert set(words) == set(english), language
        for key, text in words.items():
            assert set(FIELD.findall(text)) == set(FIELD.findall(english[key])), (language, key)
            assert text.strip() and "<" not in text, (language, key)


def test_the_pages_and_the_terminal_name_only_messages_that_exist() -> None:
    english = messages("en")
    named: set[str] = set()
    for script in STATIC.glob("*.js"):
        named |= set(re.findall(r'say\("([\w.-]+)"', script.read_text(encoding="utf-8")))
    for page in STATIC.glob("*.html"):
        named |= set(re.findall(r'data-word="([\w.-]+)"', page.read_text(encoding="utf-8")))
    named |= set(re.findall(r'self\.word\("([\w.-]+)"', Path(join.__file__).read_text(encoding="utf-8")))
    assert named and not named - set(english), sorted(named - set(english))


def test_cards_are_named_in_each_language() -> None:
    assert page_words("it")["cards"]["QH"] == "donna di cuori"
    assert page_words("fr")["suits"]["D"] and len(page_words("pt")["cards"]) == 52
