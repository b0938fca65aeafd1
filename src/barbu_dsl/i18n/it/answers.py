"""The words people type in answer to any question, and what is said of an answer
that is not one, in Italian (:mod:`barbu_dsl.i18n.answers`; ``/`` between spellings)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "answers.word.all": "tutti/tutte",
    "answers.word.none": "nessuno/nessuna/no",
    "answers.word.yes": "sì/si/s",
    "answers.word.no": "no/n",
    "answers.word.pass": "passo/passa",
    "answers.word.back": "indietro",
    "answers.or": "{items} o {last}",
    "answers.and": "{items} e {last}",
    "answers.several": "'{typed}' può essere {choices}: scrivi qualche lettera in più.",
    "answers.did_you_mean": "Intendevi {suggestion}?",
}
