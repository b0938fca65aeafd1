"""What the table server says to the lobby in words: its refusals, and
the words of the house file it writes for the French family's choices
(its title, the names of the contracts it makes), in Portuguese."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "lobby.error.rules": "as regras não passam a verificação",
    "lobby.error.players": "{spec} joga-se com {counts} jogadores, não com {count}",
    "lobby.error.names_count": "\"names\" dá um nome para cada um dos {players} lugares",
    "lobby.error.name": "um nome é uma linha de 1 a {most} caracteres, nenhum deles de controlo",
    "lobby.error.names_differ": "cada lugar tem um nome diferente",
    "lobby.error.names_alike": "'{first}' e '{second}' parecem iguais: cada lugar tem um nome diferente",
    "lobby.error.absent": "\"absent_after\" é um número de segundos de 0 a {most}, ou null",
    "lobby.error.language": "idioma desconhecido '{given}' (idiomas: {languages})",
    "lobby.error.mode_twice": "o modo escolhe-se uma só vez: as \"choices\" escolhem-no, por isso \"spec\" não pode "
                              "aplicar também a variante '{variant}'",
    "lobby.error.no_modes": "{spec} joga os seus contratos por uma ordem fixa: não tem modo para escolher",
    "lobby.error.few_contracts": "{spec} tem contratos a menos para escolher ({count}): um jogo escolhido pela mesa tem pelo menos {low}",
    "lobby.error.choices": "as escolhas são um objeto: {{\"mode\": ..., \"contracts\": ..., \"picks\": [...], \"hands\": ...}}",
    "lobby.error.mode": "o modo é um de {modes}",
    "lobby.error.whole": "'{field}' é um número inteiro maior do que zero",
    "lobby.error.picks_list": "'picks' é a lista dos contratos escolhidos",
    "lobby.error.pick": "cada escolha é o nome de um contrato, ou {{\"name\": ..., \"suit\": ..., \"rank\": ..., "
                        "\"all_or_nothing\": ..., \"optional_overtrump\": ...}}",
    "lobby.error.flag": "'{field}' é true ou false",
    "lobby.error.letter": "'{field}' é uma letra",
    "lobby.error.custom_count": "no modo personalizado, os contratos escolhidos fazem o jogo: indique 'picks', não "
                                "'contracts'",
    "lobby.error.pick_count": "escolha de {low} a {high} contratos (escolhidos: {count})",
    "lobby.error.picks_custom": "os contratos só se escolhem no modo personalizado, não no modo {mode}",
    "lobby.error.per_game": "um jogo tem de {low} a {high} contratos",
    "lobby.error.hands": "um jogo tem no máximo {most} mãos",
    "lobby.error.no_contract": "{spec} não tem um contrato '{contract}'",
    "lobby.error.picked_twice": "'{contract}' está escolhido duas vezes",
    "lobby.error.no_all_or_nothing": "tudo ou nada não é uma variante de '{contract}'",
    "lobby.error.no_optional_overtrump": "sobretrunfar facultativo não é uma variante de '{contract}'",
    "lobby.error.alike": "'{contract}' e o seu gémeo jogam-se da mesma maneira: dê-lhes as mesmas variantes",
    "lobby.error.no_suit": "'{contract}' não tem naipe para escolher",
    "lobby.error.no_rank": "'{contract}' não tem valor para escolher",
    "lobby.error.suit": "o naipe de '{contract}' é um de {letters}",
    "lobby.error.rank": "o valor de '{contract}' é um de {letters}",
    "lobby.error.second_contract": "'{contract}' seria um segundo contrato com esse nome",
    "lobby.house.title": "{title} (modo {mode})",
    "lobby.house.mode.classic": "clássico",
    "lobby.house.mode.random": "aleatório",
    "lobby.house.mode.individual-random": "aleatório individual",
    "lobby.house.mode.custom": "personalizado",
    "lobby.house.variant": "Os contratos que esta mesa joga com outro naipe ou outro valor, cada um com o seu gémeo.",
    "lobby.name.suit.0": "paus",
    "lobby.name.suit.1": "ouros",
    "lobby.name.suit.2": "copas",
    "lobby.name.suit.3": "espadas",
    "lobby.name.rank.10": "dez",
    "lobby.name.rank.11": "valetes",
    "lobby.name.rank.12": "damas",
    "lobby.name.rank.13": "reis",
}
