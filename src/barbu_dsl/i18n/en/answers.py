"""The words people type in answer to any question, and what is said of an answer
that is not one, in English (:mod:`barbu_dsl.i18n.answers`; ``/`` between spellings)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "answers.word.all": "all/everyone/everybody",
    "answers.word.none": "nobody/none/no one/no",
    "answers.word.yes": "yes/y",
    "answers.word.no": "no/n",
    "answers.word.pass": "pass",
    "answers.word.back": "back",
    "answers.or": "{items} or {last}",
    "answers.and": "{items} and {last}",
    "answers.several": "'{typed}' could be {choices}: type more of it.",
    "answers.did_you_mean": "Did you mean {suggestion}?",
}
