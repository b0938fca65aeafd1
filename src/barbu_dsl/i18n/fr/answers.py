"""The words people type in answer to any question, and what is said of an answer
that is not one, in French (:mod:`barbu_dsl.i18n.answers`; ``/`` between spellings)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "answers.word.all": "tous/toutes/tout le monde",
    "answers.word.none": "personne/aucun/aucune/non",
    "answers.word.yes": "oui/o",
    "answers.word.no": "non/n",
    "answers.word.pass": "passe/je passe",
    "answers.word.back": "retour",
    "answers.or": "{items} ou {last}",
    "answers.and": "{items} et {last}",
    "answers.several": "'{typed}' peut être {choices} : tapez quelques lettres de plus.",
    "answers.did_you_mean": "Vouliez-vous dire {suggestion} ?",
}
