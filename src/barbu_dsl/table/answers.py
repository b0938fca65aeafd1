"""The table's commands, as a person types them at any prompt.

Commands are English words or the player's language's (``hand``,
``mano``, ``main``, ``mão``), with ``?`` for help, and most have one
letter in the player's language (``table.letter.<command>``: ``h`` for
hand in English, ``m`` for mano, main and mão; ``d`` describes, as in the
source texts).  Everything else a
person types — numbers, seats, contracts, the words all, none and pass,
cards, suits and ranks — is read as everywhere else
(:mod:`barbu_dsl.i18n.answers`, :mod:`barbu_dsl.i18n.cards`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..i18n import LANGUAGES, Translator, messages
from ..i18n.answers import key

COMMANDS = ("help", "hand", "cards", "trick", "last", "played", "tricks", "scores", "describe", "hint", "auto",
            "quit")
"""The commands every prompt accepts (``table.word.<command>`` is each one's word in a language)."""

LETTERED = ("hand", "cards", "trick", "last", "played", "scores", "describe")
"""The commands with one letter in each language (``table.letter.<command>``)."""


@lru_cache(maxsize=1)
def _commands() -> dict[str, str]:
    """Every language's word for each command, folded: word → command."""
    found: dict[str, str] = {}
    for command in COMMANDS:
        for language in LANGUAGES:
            for word in messages()[f"table.word.{command}"][language].split("/"):
                found[key(word)] = command
    return found


@dataclass(frozen=True)
class Command:
    """A command typed at a prompt, with the rest of the line."""

    name: str
    argument: str = ""


def read_command(text: str, language: str = "en") -> Command | None:
    """The command ``text`` names (``?`` is help; a letter of ``language``,
    alone, its command), or None."""
    if text.strip() == "?":
        return Command("help")
    head, _, rest = text.strip().partition(" ")
    if len(head) == 1:  # a letter alone; with more after it, it is the start of a card ("D cuori")
        name = None if rest.strip() else _letters(language).get(head.lower())
    else:
        name = _commands().get(key(head))
    return Command(name, rest.strip()) if name else None


@lru_cache(maxsize=8)
def _letters(language: str) -> dict[str, str]:
    """The command each letter of ``language`` names."""
    return {messages()[f"table.letter.{command}"][language]: command for command in LETTERED}


def command_letter(command: str, t: Translator) -> str | None:
    """The letter of ``command`` in the translator's language, if it has one."""
    return t(f"table.letter.{command}") if command in LETTERED else None


def command_word(command: str, t: Translator) -> str:
    """The word for ``command`` in the translator's language (the first spelling)."""
    return t(f"table.word.{command}").split("/")[0]
