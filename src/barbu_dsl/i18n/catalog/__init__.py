"""The message catalogs, one per front end.  Each maps a message key to its
text in every language of :data:`barbu_dsl.i18n.LANGUAGES`; a key is
prefixed with its catalog's name (``cards.``, ``sheet.``, ``table.``)."""

from __future__ import annotations

from . import cards, table

CATALOGS: dict[str, dict[str, dict[str, str]]] = {
    "cards": cards.MESSAGES,
    "table": table.MESSAGES,
}
