"""The bots by name: what ``barbu play --bots`` and ``barbu simulate
--bots`` seat, and what a table's seat may be besides a person.

The engine's bots (:mod:`barbu_dsl.engine.bots`, :mod:`barbu_dsl.engine.strong`)
know nothing of names; this table, read by the command line, the table
and the lab, is the one place that gives them theirs.  Nothing adds to it
on import.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from .engine.bots import Bot, RandomBot, RuleBot
from .engine.strong import StrongBot

BOTS: Mapping[str, type[Bot]] = MappingProxyType({"random": RandomBot, "rules": RuleBot, "strong": StrongBot})
"""The bots, by name."""

HUMAN = "human"
"""The seat a person plays (``barbu play``'s table makes it)."""

SEATS = (*BOTS, HUMAN)
"""Every name a seat may have."""


def make_bot(name: str, seed: int | str = 0, think: float = 1.0, reference_work: bool = False) -> Bot:
    """A bot by name (:data:`BOTS`), seeded, with the ``think`` factor for
    bots that take one (and ``reference_work``: a search that does the
    Python search's work however it runs, :class:`~.engine.strong.StrongBot`);
    KeyError for a name that is not a bot's."""
    kind = BOTS[name]
    if not kind.thinks:
        return kind(seed)
    return kind(seed, think=think, reference_work=reference_work)  # type: ignore[call-arg]


def seat_seed(seed: int | str, seat: int) -> str:
    """The seed of the bot at ``seat`` in a game seeded ``seed``."""
    return f"{seed}/seat {seat}"


def make_bots(names: Sequence[str], players: int, seed: int | str = 0, think: float = 1.0) -> list[Bot]:
    """One bot per seat: ``names`` gives one name for every seat or one
    per seat.  Each seat's bot has its own seed derived from ``seed``."""
    if len(names) == 1:
        names = list(names) * players
    if len(names) != players:
        raise ValueError(f"{len(names)} bots for {players} players")
    return [make_bot(name, seat_seed(seed, seat), think) for seat, name in enumerate(names)]


__all__ = ["BOTS", "HUMAN", "SEATS", "make_bot", "make_bots", "seat_seed"]
