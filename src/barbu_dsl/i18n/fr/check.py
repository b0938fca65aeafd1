"""What a check of the rules says besides its errors (barbu check's
warnings, the lobby's summary of a table's rules), in French."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "check.label.error": "erreur",
    "check.label.warning": "avertissement",
    "check.label.note": "note",
    "check.label.hint": "conseil",
    "check.cut": "à {players} joueurs, une partie de {hands} donnes {cut}",
    "check.cut.fixed_order": "s'arrête après {cut} des {count} contrats de l'ordre, et les autres ne se jouent jamais",
    "check.cut.fixed_series": "s'arrête après {hands} d'une série de {per} d'un déclarant, qui ne joue donc pas tout "
                              "l'ordre",
    "check.cut.series": "s'arrête après {hands} d'une série de {per} d'un déclarant : le déclarant choisit quels "
                        "contrats ces donnes jouent, et le total de la partie dépend de son choix",
    "check.cut.rubber": "s'arrête après {hands} d'un tour de {per} : ceux qui choisissent décident quels contrats ces "
                        "donnes jouent, et le total de la partie dépend de leurs choix",
    "check.cut.lists": "ne laisse pas à chaque joueur toute sa liste de {contracts} : les joueurs choisissent les "
                       "contrats qu'ils laissent de côté, et le total de la partie dépend de leurs choix",
    "check.whole.fixed_order": "mettez 'hands' à {count}, ou retirez-le pour jouer chaque contrat avec chaque joueur",
    "check.whole": "faites de 'hands' un multiple de {whole} ({multiples}, ...)",
    "check.no_longer_apply.one": "barbu : {count} des variantes et barèmes de {base} ne s'applique plus à {spec} : "
                                 "{names}",
    "check.no_longer_apply.many": "barbu : {count} des variantes et barèmes de {base} ne s'appliquent plus à {spec} : "
                                  "{names}",
    "check.summary.ok": "Les règles sont correctes.",
    "check.summary.spec": "{title}, {players}.",
    "check.summary.table": "{title}, {players} : {hands}.",
    "check.summary.table.target": "{title}, {players} : {hands}, ou moins si le total d'un joueur atteint {target}.",
    "check.summary.table.open": "{title}, {players} : la partie s'arrête quand le total d'un joueur atteint "
                                "{target}.",
    "check.summary.contracts": "{contracts} : {names}.",
    "check.summary.drawn.shared": "{contracts} tirés au hasard, une seule liste pour tous, parmi les {pool} des "
                                  "règles.",
    "check.summary.drawn.individual": "{contracts} tirés au hasard, une liste pour chaque joueur, parmi les {pool} des "
                                      "règles.",
}
