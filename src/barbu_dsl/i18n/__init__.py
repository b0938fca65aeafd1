"""Messages for people, in English, Italian, French and Portuguese.

The front ends that talk to people (the score sheet, the table where a
person plays, the page, ``barbu explain``) say everything through a
:class:`Translator`.  Each language is a package of its own (:mod:`.en`,
:mod:`.it`, :mod:`.fr`, :mod:`.pt`) holding one module per catalog
(:data:`CATALOGS`): ``cards``, ``answers`` (the words people type),
``sheet`` (a hand's problems), ``sheet_cli``
(``barbu sheet``), ``scorer`` (the page), ``table`` (``barbu play``),
``rules`` (the rules in words), ``check`` (a check's warnings, and its
summary of a table's rules), ``lobby`` (what the table server says to
its lobby), ``tables`` (``barbu tables``, the server's operator) and
``lab`` (what ``barbu simulate`` says while it works).  The languages are the
packages found here (:data:`LANGUAGES`): a fifth language is a new package
with the same modules, and every ``--lang`` option, the pages' language
pickers and their checks name it from then on; a test checks that every
language has every English message, with the same ``{fields}``.

A message is a key and ``{fields}``, the key prefixed with its catalog's
name.  Sentences about a seat come in two forms: ``key`` with the seat's
name (``{seat}``) and ``key.you``, said to the person playing that seat.
``table.word.*`` are the words a person may type (``/`` between
spellings, the first one shown).  Card, suit and rank words come from
:mod:`.cards`, which also knows each language's card letters (R/D/F in
Italian, R/D/V in French and Portuguese).

The language is chosen by an explicit option (``--lang``), else the
``BARBU_LANG`` environment variable, else the locale (``LC_ALL``,
``LC_MESSAGES``, ``LANG``), else English.
"""

from __future__ import annotations

import os
import pkgutil
from collections.abc import Mapping
from functools import lru_cache
from importlib import import_module


def _catalog_packages() -> tuple[str, ...]:
    """The code of each language package of this one, in the order of their
    ``PLACE``: English's is 0, and a new language takes the next number, so
    the languages already there keep their order (a spec's canonical text
    writes its names in this order: its hash, and so every generated package
    and every page's games kept under it, depends on it)."""
    places = {module.name: import_module(f"{__name__}.{module.name}").PLACE
              for module in pkgutil.iter_modules(__path__) if module.ispkg}
    order = sorted(places, key=places.__getitem__)
    if not order or order[0] != "en" or len(set(places.values())) != len(places):
        raise ImportError(f"barbu_dsl.i18n: English must come first and each language have a place of its own "
                          f"({places})")
    return tuple(order)


LANGUAGES = _catalog_packages()
"""The languages every message exists in: each a package of this one,
found there (in the order of their ``PLACE``), so that no other place
lists them."""

LANGUAGE_CHOICES = ", ".join(LANGUAGES[:-1]) + " or " + LANGUAGES[-1] if len(LANGUAGES) > 1 else LANGUAGES[0]
"""The languages as a command's help names them: their codes, with commas between and "or"
before the last."""

CATALOGS = ("cards", "answers", "sheet", "sheet_cli", "scorer", "table", "rules", "check", "lobby", "tables",
            "lab")
"""The catalogs, a module of each language's package."""


def catalog(language: str, name: str) -> dict[str, str]:
    """One catalog of one language: key → text."""
    messages: dict[str, str] = import_module(f"{__name__}.{language}.{name}").MESSAGES
    return messages


FORMS: dict[str, str] = {
    "one": "cards", "many": "cards", "a": "cards", "the_many": "cards",
    "card": "card", "bare": "card", "suit": "suit", "suits": "suit", "one_suit": "suit", "rank": "rank",
    "the_rank": "rank",
    "role": "role", "the_role": "role", "of_role": "role", "the_role_cap": "role",
}
"""Fields that are forms of one thing, of which each language takes the
one its grammar needs: a kind of cards as one of them, many, "a ..." or
"the ..."; a card with or without its article; a suit in the singular or
the plural; the one who chooses bare, with its article or as an owner.  A
message's translations must say the same things, in whichever form."""

LANGUAGE_NAMES = {code: import_module(f"{__name__}.{code}").NAME for code in LANGUAGES}
"""Each language's name in itself (its package's ``NAME``), in :data:`LANGUAGES` order."""


def choose_language(explicit: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language to speak: ``explicit`` when given (``it``, ``it_IT``,
    ``fr-FR.UTF-8`` ...), else ``BARBU_LANG``, else the locale, else ``en``.
    Raise ValueError for an explicit language that is not one of
    :data:`LANGUAGES`."""
    if explicit is not None:
        code = _code(explicit)
        if code not in LANGUAGES:
            raise ValueError(f"unknown language '{explicit}' (languages: {', '.join(LANGUAGES)})")
        return code
    env = os.environ if environ is None else environ
    for name in ("BARBU_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:
            code = _code(value)
            if code in LANGUAGES:
                return code
            if name != "BARBU_LANG":
                break  # the first locale variable set decides, as the C library does
    return "en"


def _code(text: str) -> str:
    return text.strip().lower().replace("-", "_").split(".")[0].split("_")[0]


@lru_cache(maxsize=1)
def messages() -> dict[str, dict[str, str]]:
    """Every message of every catalog: key → language → text.  The English
    catalogs name the messages; a key no English catalog has is not one."""
    merged: dict[str, dict[str, str]] = {}
    for name in CATALOGS:
        for language in LANGUAGES:
            for key, text in catalog(language, name).items():
                if language == "en" and key in merged:
                    raise KeyError(f"message {key!r} of catalog {name!r} is defined twice")
                if language == "en" or key in merged:
                    merged.setdefault(key, {})[language] = text
    return merged


class Translator:
    """The messages of one language: ``t("sheet.saved", game=3)``."""

    def __init__(self, language: str = "en"):
        if language not in LANGUAGES:
            raise ValueError(f"unknown language '{language}'")
        self.language = language

    def __call__(self, key: str, /, **fields: object) -> str:
        return self.text(key, **fields)

    def text(self, key: str, /, **fields: object) -> str:
        """The message ``key`` in this language, its ``{fields}`` filled in."""
        texts = messages()[key]
        return texts[self.language].format(**fields)


__all__ = ["CATALOGS", "FORMS", "LANGUAGES", "LANGUAGE_CHOICES", "LANGUAGE_NAMES", "Translator", "catalog",
           "choose_language", "messages"]
