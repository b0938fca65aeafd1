"""A contract described at the table, in the player's language: the lines
``barbu explain`` prints for it (:func:`barbu_dsl.explain.contract_lines`:
how it is played, what it scores, its twin, its hand total), for the
number of players at the table.  After the contracts described, the
table says the game's aim and what it means for a score ("the lowest total
wins: a minus is good for you")."""

from __future__ import annotations

from ..explain import RuleWords, contract_lines
from ..language import model as m
from .speech import Speech


def describe(spec: m.Spec, contract: m.Contract, players: int, say: Speech) -> list[str]:
    """The lines that describe ``contract`` for ``players`` players."""
    name, _underline, *lines = contract_lines(spec, contract, (players,), RuleWords(say.language))
    return [f"{name}.", *lines]
