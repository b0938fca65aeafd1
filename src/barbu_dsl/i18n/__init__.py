"""Messages for people, in English, Italian, French and Portuguese.

The front ends that talk to people (the score sheet, the table where a
person plays) say everything through a :class:`Translator`.  Messages live
in small catalogs (:mod:`.catalog`), one per front end, each message with
its four languages side by side, so a message cannot be added in one
language and forgotten in another (a test checks every catalog).

A message is a key and ``{fields}``; card, suit and rank words come from
:mod:`.cards`, which also knows each language's card letters (R/D/F in
Italian, R/D/V in French and Portuguese).

The language is chosen by an explicit option (``--lang``), else the
``BARBU_LANG`` environment variable, else the locale (``LC_ALL``,
``LC_MESSAGES``, ``LANG``), else English.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from functools import lru_cache

from .catalog import CATALOGS

LANGUAGES = ("en", "it", "fr", "pt")
"""The languages every message exists in."""

LANGUAGE_NAMES = {"en": "English", "it": "Italiano", "fr": "Français", "pt": "Português"}


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
    """Every message of every catalog: key → language → text."""
    merged: dict[str, dict[str, str]] = {}
    for name, catalog in CATALOGS.items():
        for key, texts in catalog.items():
            if key in merged:
                raise KeyError(f"message {key!r} of catalog {name!r} is defined twice")
            merged[key] = texts
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


__all__ = ["LANGUAGES", "LANGUAGE_NAMES", "Translator", "choose_language", "messages"]
