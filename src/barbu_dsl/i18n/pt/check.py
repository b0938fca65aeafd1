"""What a check of the rules says besides its errors (barbu check's
warnings, the lobby's summary of a table's rules), in Portuguese."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "check.label.error": "erro",
    "check.label.warning": "aviso",
    "check.label.note": "nota",
    "check.label.hint": "sugestão",
    "check.cut": "com {players} jogadores, um jogo de {hands} mãos {cut}",
    "check.cut.fixed_order": "para depois de {cut} dos {count} contratos da ordem, e os outros nunca se jogam",
    "check.cut.fixed_series": "para depois de {hands} de uma série de {per} de um declarante, que assim não joga a "
                              "ordem toda",
    "check.cut.series": "para depois de {hands} de uma série de {per} de um declarante: o declarante escolhe que "
                        "contratos essas mãos jogam, e o total do jogo depende da sua escolha",
    "check.cut.rubber": "para depois de {hands} de uma volta de {per}: quem escolhe decide que contratos essas mãos "
                        "jogam, e o total do jogo depende dessas escolhas",
    "check.cut.lists": "não deixa a cada jogador toda a sua lista de {contracts}: os jogadores escolhem que "
                       "contratos deixam de fora, e o total do jogo depende dessas escolhas",
    "check.whole.fixed_order": "ponha 'hands' a {count}, ou retire-o para jogar cada contrato com cada jogador",
    "check.whole": "faça de 'hands' um múltiplo de {whole} ({multiples}, ...)",
    "check.no_longer_apply.one": "barbu: {count} das variantes e tabelas de {base} já não se aplica a {spec}: {names}",
    "check.no_longer_apply.many": "barbu: {count} das variantes e tabelas de {base} já não se aplicam a {spec}: "
                                  "{names}",
    "check.summary.ok": "As regras estão corretas.",
    "check.summary.spec": "{title}, {players}.",
    "check.summary.table": "{title}, {players}: {hands}.",
    "check.summary.table.target": "{title}, {players}: {hands}, ou menos se o total de um jogador chegar a {target}.",
    "check.summary.table.open": "{title}, {players}: o jogo acaba quando o total de um jogador chegar a {target}.",
    "check.summary.contracts": "{contracts}: {names}.",
    "check.summary.drawn.shared": "{contracts} sorteados ao acaso, uma só lista para todos, entre os {pool} das regras.",
    "check.summary.drawn.individual": "{contracts} sorteados ao acaso, uma lista para cada jogador, entre os {pool} das "
                                      "regras.",
}
