"""What a check of the rules says besides its errors (barbu check's
warnings, the lobby's summary of a table's rules), in Italian."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "check.label.error": "errore",
    "check.label.warning": "avviso",
    "check.label.note": "nota",
    "check.label.hint": "suggerimento",
    "check.cut": "con {players} giocatori una partita di {hands} mani {cut}",
    "check.cut.fixed_order": "si ferma dopo {cut} dei {count} contratti dell'ordine, e gli altri non si giocano mai",
    "check.cut.fixed_series": "si ferma dopo {hands} di una serie di {per} di un dichiarante, che così non gioca "
                              "tutto l'ordine",
    "check.cut.series": "si ferma dopo {hands} di una serie di {per} di un dichiarante: il dichiarante sceglie quali "
                        "contratti giocano quelle mani, e il totale della partita dipende dalla sua scelta",
    "check.cut.rubber": "si ferma dopo {hands} di un giro di {per}: chi sceglie decide quali contratti giocano quelle "
                        "mani, e il totale della partita dipende da queste scelte",
    "check.cut.lists": "non lascia a ogni giocatore tutta la sua lista di {contracts}: i giocatori scelgono quali "
                       "contratti lasciare fuori, e il totale della partita dipende da queste scelte",
    "check.whole.fixed_order": "metti 'hands' a {count}, o toglilo per giocare ogni contratto con ogni giocatore",
    "check.whole": "fai di 'hands' un multiplo di {whole} ({multiples}, ...)",
    "check.no_longer_apply.one": "barbu: {count} delle varianti e tabelle di {base} non si applica più a {spec}: "
                                 "{names}",
    "check.no_longer_apply.many": "barbu: {count} delle varianti e tabelle di {base} non si applicano più a {spec}: "
                                  "{names}",
    "check.summary.ok": "Le regole sono corrette.",
    "check.summary.spec": "{title}, {players}.",
    "check.summary.table": "{title}, {players}: {hands}.",
    "check.summary.table.target": "{title}, {players}: {hands}, o meno se il totale di un giocatore arriva a "
                                  "{target}.",
    "check.summary.table.open": "{title}, {players}: la partita finisce quando il totale di un giocatore arriva a "
                                "{target}.",
    "check.summary.contracts": "{contracts}: {names}.",
    "check.summary.drawn.shared": "{contracts} estratti a caso, un'unica lista per tutti, tra i {pool} delle regole.",
    "check.summary.drawn.individual": "{contracts} estratti a caso, una lista per ogni giocatore, tra i {pool} delle "
                                      "regole.",
}
