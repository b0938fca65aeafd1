"""What barbu tables (the table server's operator) says, em português."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "tables.no_db": "não há uma base de dados de mesas em {path}",
    "tables.cannot": "não é possível usar {path}: {error}",
    "tables.none": "Nenhuma mesa em jogo em {path}.",
    "tables.none_all": "Nenhuma mesa em {path}.",
    "tables.no_table": "não há uma mesa '{table}' em {path}; nada foi removido",
    "tables.removed": "Mesa {table} removida ({spec}, {status}).",
    "tables.removed_running": "Um servidor a correr sobre esta base de dados avisa as suas ligações e fecha-as em poucos segundos.",
    "tables.col.table": "mesa",
    "tables.col.status": "estado",
    "tables.col.spec": "regras",
    "tables.col.players": "jogadores",
    "tables.col.made": "criada",
    "tables.col.last": "última",
    "tables.col.answers": "respostas",
    "tables.col.client": "criada a partir de",
    "tables.status.waiting": "à espera",
    "tables.status.playing": "em jogo",
    "tables.status.over": "terminada",
    "tables.status.abandoned": "abandonada",
}
