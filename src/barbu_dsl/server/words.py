"""The words of the server's pages, in English, Italian, French and Portuguese.

The pages' own messages are one file per language in ``words/``
(``en.json`` ...; a test checks that every language has every message);
the words of cards, suits and ranks come from the project's card words
(:mod:`barbu_dsl.i18n.cards`), so the page names a card as the terminal
table does.  :func:`page_words` is what ``GET /api/words/LANG`` sends, and
:func:`languages_script` (``GET /languages.js``, loaded before
``common.js``) which languages there are: the catalogs'
(:data:`barbu_dsl.i18n.LANGUAGES`), so no page lists them.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from .. import cards as C
from ..i18n import LANGUAGE_NAMES, LANGUAGES, Translator
from ..i18n.cards import card_text, card_words, rank_words, suit_words

WORDS = Path(__file__).parent / "words"


@lru_cache(maxsize=len(LANGUAGES))
def messages(language: str) -> dict[str, str]:
    """The pages' messages in ``language``; KeyError for another language."""
    if language not in LANGUAGES:
        raise KeyError(language)
    return dict(json.loads((WORDS / f"{language}.json").read_text(encoding="utf-8")))


@lru_cache(maxsize=len(LANGUAGES))
def page_words(language: str) -> dict[str, Any]:
    """Everything a page says in ``language``: its messages, the words of
    every card (``"QH"`` → ``queen of hearts``), suit and rank, and each
    card as the page shows it, in the language's rank letters (``"QH"`` →
    ``D♥`` in Italian)."""
    t = Translator(language) if language in LANGUAGES else None
    if t is None:
        raise KeyError(language)
    return {"language": language, "words": messages(language),
            "cards": {C.CARD_STRS[card]: card_words(card, t) for card in range(52)},
            "texts": {C.CARD_STRS[card]: card_text(card, language) for card in range(52)},
            "suits": {C.SUIT_LETTERS[suit]: suit_words(suit, t) for suit in C.SUITS},
            "ranks": {C.RANK_LETTERS[rank]: rank_words(rank, t) for rank in C.RANKS}}


@lru_cache(maxsize=1)
def languages_script() -> str:
    """The pages' languages as a script: ``BarbuLanguages``, each code with
    its name in itself (``["it", "Italiano"]``), English first."""
    pairs = json.dumps([[code, LANGUAGE_NAMES[code]] for code in LANGUAGES], ensure_ascii=False)
    return f'"use strict";\nconst BarbuLanguages = {pairs};\n'


__all__ = ["WORDS", "languages_script", "messages", "page_words"]
