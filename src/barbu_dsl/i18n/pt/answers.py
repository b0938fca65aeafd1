"""The words people type in answer to any question, and what is said of an answer
that is not one, in Portuguese (:mod:`barbu_dsl.i18n.answers`; ``/`` between spellings)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "answers.word.all": "todos/todas",
    "answers.word.none": "ninguém/nenhum/nenhuma/não",
    "answers.word.yes": "sim/s",
    "answers.word.no": "não/n",
    "answers.word.pass": "passo/passa",
    "answers.word.back": "voltar/atrás",
    "answers.or": "{items} ou {last}",
    "answers.and": "{items} e {last}",
    "answers.several": "'{typed}' pode ser {choices}: escreva mais algumas letras.",
    "answers.did_you_mean": "Queria dizer {suggestion}?",
}
