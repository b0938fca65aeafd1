"""The message catalogs, one per front end.  Each maps a message key to its
text in every language of :data:`barbu_dsl.i18n.LANGUAGES`; a key is
prefixed with its catalog's name (``cards.``, ``sheet.``, ``scorer.``, ``table.``)."""

from __future__ import annotations

from . import cards, scorer, sheet, sheet_cli, table

CATALOGS: dict[str, dict[str, dict[str, str]]] = {
    "cards": cards.MESSAGES,
    "sheet": sheet.MESSAGES,
    "sheet_cli": sheet_cli.MESSAGES,
    "scorer": scorer.MESSAGES,
    "table": table.MESSAGES,
}
