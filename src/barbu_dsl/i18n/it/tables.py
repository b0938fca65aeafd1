"""What barbu tables (the table server's operator) says, in italiano."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "tables.no_db": "non c'è un database di tavoli in {path}",
    "tables.cannot": "non posso usare {path}: {error}",
    "tables.none": "Nessun tavolo in gioco in {path}.",
    "tables.none_all": "Nessun tavolo in {path}.",
    "tables.no_table": "non c'è un tavolo '{table}' in {path}; non è stato eliminato nulla",
    "tables.removed": "Tavolo {table} eliminato ({spec}, {status}).",
    "tables.removed_running": "Un server acceso su questo database lo dice alle loro connessioni e le chiude entro pochi secondi.",
    "tables.col.table": "tavolo",
    "tables.col.status": "stato",
    "tables.col.spec": "regole",
    "tables.col.players": "giocatori",
    "tables.col.made": "creato",
    "tables.col.last": "ultimo",
    "tables.col.answers": "risposte",
    "tables.col.client": "creato da",
    "tables.status.waiting": "in attesa",
    "tables.status.playing": "in gioco",
    "tables.status.over": "finito",
    "tables.status.abandoned": "abbandonato",
}
