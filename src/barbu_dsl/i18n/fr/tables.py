"""What barbu tables (the table server's operator) says, en français."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "tables.no_db": "il n'y a pas de base de tables à {path}",
    "tables.cannot": "impossible d'utiliser {path} : {error}",
    "tables.none": "Aucune table en jeu dans {path}.",
    "tables.none_all": "Aucune table dans {path}.",
    "tables.no_table": "il n'y a pas de table « {table} » dans {path} ; rien n'a été supprimé",
    "tables.removed": "Table {table} supprimée ({spec}, {status}).",
    "tables.removed_running": "Un serveur qui tourne sur cette base le dit à leurs connexions et les ferme en quelques secondes.",
    "tables.col.table": "table",
    "tables.col.status": "état",
    "tables.col.spec": "règles",
    "tables.col.players": "joueurs",
    "tables.col.made": "créée",
    "tables.col.last": "dernière",
    "tables.col.answers": "réponses",
    "tables.col.client": "créée depuis",
    "tables.status.waiting": "en attente",
    "tables.status.playing": "en jeu",
    "tables.status.over": "finie",
    "tables.status.abandoned": "abandonnée",
}
