"""What the table server says to the lobby in words: its refusals, and
the words of the house file it writes for the French family's choices
(its title, the names of the contracts it makes), in Italian.

``lobby.name.*`` are the words of a suit or rank in a contract's name
(Senza cuori, Senza regine), ``/`` between spellings: the first is
written, any is found."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "lobby.error.rules": "le regole non superano il controllo",
    "lobby.error.players": "{spec} si gioca in {counts} giocatori, non in {count}",
    "lobby.error.names_count": "\"names\" dà un nome per ciascuno dei {players} posti",
    "lobby.error.name": "un nome è una riga da 1 a {most} caratteri, nessuno dei quali di controllo",
    "lobby.error.names_differ": "ogni posto ha un nome diverso",
    "lobby.error.names_alike": "'{first}' e '{second}' si somigliano troppo: ogni posto ha un nome diverso",
    "lobby.error.absent": "\"absent_after\" è un numero di secondi da 0 a {most}, o null",
    "lobby.error.language": "lingua sconosciuta '{given}' (lingue: {languages})",
    "lobby.error.mode_twice": "la modalità si sceglie una volta sola: la scelgono le \"choices\", quindi \"spec\" non "
                              "può applicare anche la variante '{variant}'",
    "lobby.error.no_modes": "{spec} gioca i suoi contratti in un ordine stabilito: non ha modalità da scegliere",
    "lobby.error.few_contracts": "{spec} ha troppo pochi contratti tra cui scegliere ({count}): una partita scelta dal tavolo ne ha almeno {low}",
    "lobby.error.choices": "le scelte sono un oggetto: {{\"mode\": ..., \"contracts\": ..., \"picks\": [...], \"hands\": ...}}",
    "lobby.error.mode": "la modalità è una tra {modes}",
    "lobby.error.whole": "'{field}' è un numero intero maggiore di zero",
    "lobby.error.picks_list": "'picks' è la lista dei contratti scelti",
    "lobby.error.pick": "ogni scelta è il nome di un contratto, o {{\"name\": ..., \"suit\": ..., \"rank\": ..., "
                        "\"all_or_nothing\": ..., \"optional_overtrump\": ...}}",
    "lobby.error.flag": "'{field}' è true o false",
    "lobby.error.letter": "'{field}' è una lettera",
    "lobby.error.custom_count": "nella modalità personalizzata la partita è fatta dai contratti scelti: indica "
                                "'picks', non 'contracts'",
    "lobby.error.pick_count": "scegli da {low} a {high} contratti (scelti: {count})",
    "lobby.error.picks_custom": "i contratti si scelgono solo nella modalità personalizzata, non nella modalità {mode}",
    "lobby.error.per_game": "una partita ha da {low} a {high} contratti",
    "lobby.error.hands": "una partita ha al massimo {most} mani",
    "lobby.error.no_contract": "{spec} non ha un contratto '{contract}'",
    "lobby.error.picked_twice": "'{contract}' è scelto due volte",
    "lobby.error.no_all_or_nothing": "tutto o niente non è una variante di '{contract}'",
    "lobby.error.no_optional_overtrump": "il surtaglio facoltativo non è una variante di '{contract}'",
    "lobby.error.alike": "'{contract}' e il suo gemello si giocano allo stesso modo: dai loro le stesse varianti",
    "lobby.error.no_suit": "'{contract}' non ha un seme da scegliere",
    "lobby.error.no_rank": "'{contract}' non ha un valore da scegliere",
    "lobby.error.suit": "il seme di '{contract}' è uno tra {letters}",
    "lobby.error.rank": "il valore di '{contract}' è uno tra {letters}",
    "lobby.error.second_contract": "'{contract}' sarebbe un secondo contratto con quel nome",
    "lobby.house.title": "{title} (modalità {mode})",
    "lobby.house.mode.classic": "classica",
    "lobby.house.mode.random": "casuale",
    "lobby.house.mode.individual-random": "casuale individuale",
    "lobby.house.mode.custom": "personalizzata",
    "lobby.house.variant": "I contratti che questo tavolo gioca con un altro seme o valore, ciascuno con il suo "
                           "gemello.",
    "lobby.name.suit.0": "fiori",
    "lobby.name.suit.1": "quadri",
    "lobby.name.suit.2": "cuori",
    "lobby.name.suit.3": "picche",
    "lobby.name.rank.10": "dieci",
    "lobby.name.rank.11": "fanti",
    "lobby.name.rank.12": "regine/donne",
    "lobby.name.rank.13": "re",
}
