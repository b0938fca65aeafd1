"""The table's commands, as a person types them at any prompt.

Commands are English words or the player's language's (``hand``,
``mano``, ``main``, ``mão``), with ``?`` for help.  Everything else a
person types — numbers, seats, contracts, the words all, none and pass,
cards, suits and ranks — is read as everywhere else
(:mod:`barbu_dsl.i18n.answers`, :mod:`barbu_dsl.i18n.cards`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..i18n import LANGUAGES, Translator, messages
from ..i18n.answers import key

COMMANDS = ("help", "hand", "trick", "tricks", "scores", "describe", "hint", "auto", "quit")
"""The commands every prompt accepts (``table.word.<command>`` is each one's word in a language)."""


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


def read_command(text: str) -> Command | None:
    """The command ``text`` names (``?`` is help), or None."""
    if text.strip() == "?":
        return Command("help")
    head, _, rest = text.strip().partition(" ")
    name = _commands().get(key(head))
    return Command(name, rest.strip()) if name else None


def command_word(command: str, t: Translator) -> str:
    """The word for ``command`` in the translator's language (the first spelling)."""
    return t(f"table.word.{command}").split("/")[0]
