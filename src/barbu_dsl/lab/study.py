"""What a study plays: the specs compared, the games (or the hands of one
contract), the bots, the seed, and how the work is cut into batches.

Determinism comes from here.  Game ``g`` of a study with seed ``S`` is
played with the game seed ``game_seed(S, g)``, a number, by every spec
compared; the game's deals (one generator for all its hands), its hands
played out in one go (another), its own draws and each seat's bot are
seeded with numbers drawn from it
(:class:`~barbu_dsl.engine.deal.NumberSeeds`).  Batches are fixed runs of
consecutive game numbers (:data:`BATCH_GAMES` each), whatever the number
of workers, and their tallies are exact integers added in batch order
(:mod:`.tally`); a process plays a run of consecutive batches in one go
(:func:`runs`), whose tally is the sum of theirs.  So one worker, many processes and a Dask cluster print
the same numbers.

Duplicate play (what the specs share on game ``g``):

* the deal of every hand number ``n``: the ``n``-th drawn from the
  game's generator of deals, which nothing else draws from (every hand is
  dealt, played or not, and a redeal has a seed of its own), so hand ``n``
  of one spec and hand ``n`` of another hold the same cards even when
  different contracts are chosen, as long as both deal the same deck;
* the first declarer, drawn from the game seed: with the same number of
  contracts per series every hand number has the same declarer in both
  specs; a spec with more contracts (Ravage City) moves the later series;
* the bots and their seeds (one per seat, drawn from the game seed),
  seated with the rotation ``g % players``: seat ``s`` gets bot
  ``names[(s + g) % players]``, so over ``players`` games every bot sits in
  every seat;
* with ``contract`` set, game ``g`` is one hand of that contract
  (:func:`one_contract`), dealt from the same seed, with declarer
  ``g % players``.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from functools import lru_cache

from ..bots import BOTS
from ..engine.deal import mixed_seed
from ..errors import UsageError
from ..language import model as m
from ..limits import SIMULATED_GAMES

BATCH_GAMES = 20
"""Games per batch: fixed, so the batches do not depend on the workers."""

BACKENDS = ("python", "native")


@dataclass(frozen=True)
class Study:
    """A simulation: ``games`` games (or hands of ``contract``) of each spec,
    on the same deals (see the module docstring)."""

    specs: tuple[m.Spec, ...]
    games: int
    bots: tuple[str, ...]  # one name for every seat, or one per seat
    seed: int | str = 0
    players: int = 4
    contract: str | None = None  # play only hands of this contract
    backend: str = "python"

    def __post_init__(self) -> None:
        if not self.specs:
            raise UsageError("simulate needs at least one spec")
        if not 1 <= self.games <= SIMULATED_GAMES:
            raise UsageError(f"the number of games (or hands) must be from 1 to {SIMULATED_GAMES:,}")
        for spec in self.specs:
            if self.players not in spec.players:
                raise UsageError(f"{spec.full_name} is played by {', '.join(map(str, spec.players))} players, "
                                 f"not {self.players}")
            if self.contract is not None and self.contract not in [c.name for c in spec.contracts]:
                raise UsageError(f"{spec.full_name} has no contract '{self.contract}'")
        known = list(BOTS)
        unknown = [name for name in self.bots if name not in known]
        if unknown:
            raise UsageError(f"unknown bot '{unknown[0]}' (the lab's bots: {', '.join(known)})")
        if len(self.bots) not in (1, self.players):
            raise UsageError(f"--bots names {len(self.bots)} bots for {self.players} players "
                             "(give one, or one per seat)")
        if self.backend not in BACKENDS:
            raise UsageError(f"unknown backend '{self.backend}' (backends: {', '.join(BACKENDS)})")

    @property
    def names(self) -> tuple[str, ...]:
        """The spec names, as reports show them."""
        return tuple(spec.full_name for spec in self.specs)

    def seat_bots(self, game: int) -> list[str]:
        """The bot of each seat in game ``game``: the names rotated by ``game``."""
        names = list(self.bots) * self.players if len(self.bots) == 1 else list(self.bots)
        return [names[(seat + game) % self.players] for seat in range(self.players)]

    def describe(self) -> dict[str, object]:
        """The study's settings, for reports."""
        return {
            "specs": list(self.names),
            "games": None if self.contract else self.games,
            "contract": self.contract,
            "hands": self.games if self.contract else None,
            "bots": list(self.bots),
            "seed": self.seed,
            "players": self.players,
            "backend": self.backend,
            "batch_games": BATCH_GAMES,
        }


@lru_cache(maxsize=64)
def one_contract(spec: m.Spec, contract: str) -> m.Spec:
    """``spec`` as a "game" of a single hand of ``contract`` (a fixed order
    of that one contract, played once), for a study of one contract."""
    game = replace(spec.game, chooser="fixed-order", order=(spec.contract(contract).name,), hands=1, target=None,
                   first_declarer=None, lists="own")
    return replace(spec, game=game)


def game_seed(seed: int | str, game: int) -> int:
    """The seed of game ``game`` of a study seeded ``seed``: a number
    (:func:`~barbu_dsl.engine.deal.mixed_seed`), from which the game's
    deals, draws and bots are seeded (:class:`~barbu_dsl.engine.deal.NumberSeeds`)."""
    return mixed_seed(study_number(seed), game)


@lru_cache(maxsize=64)
def study_number(seed: int | str) -> int:
    """A study's seed as a number: itself, or a text seed's hash."""
    if isinstance(seed, int):
        return seed
    return int.from_bytes(hashlib.sha256(seed.encode()).digest()[:8], "big")


@dataclass(frozen=True)
class Batch:
    """Games ``start`` to ``stop - 1`` of a study."""

    index: int
    start: int
    stop: int


def batches(study: Study) -> list[Batch]:
    """The study's batches, in order: :data:`BATCH_GAMES` games each."""
    return [Batch(i, start, min(start + BATCH_GAMES, study.games))
            for i, start in enumerate(range(0, study.games, BATCH_GAMES))]


RUN_GAMES = 500
"""The most games a process plays in one go (:func:`runs`)."""


def runs(study: Study, workers: int = 1) -> list[Batch]:
    """The study's batches joined into runs of consecutive batches, in
    order, each played in one go (a run is a :class:`Batch` of the games of
    its batches, numbered in order): a batch's fixed costs (a native call,
    adding up its arrays) are then paid once a run.  A run's tally is the
    exact sum of its batches' tallies, so the numbers do not change.  Runs
    hold at most :data:`RUN_GAMES` games, and there are at least eight a
    worker when the study has that many batches, for an even share of the
    work and a moving progress bar."""
    todo = batches(study)
    size = max(1, min(RUN_GAMES // BATCH_GAMES, len(todo) // (8 * max(1, workers))))
    return [Batch(i, todo[first].start, todo[min(first + size, len(todo)) - 1].stop)
            for i, first in enumerate(range(0, len(todo), size))]


def role_names(players: int) -> tuple[str, ...]:
    """The seat positions counted from the declarer: ``declarer``, ``left``
    (the next to play), ..., ``right``; ``across`` with four players,
    ``k after`` for the others of a larger table."""
    names = []
    for k in range(players):
        if k == 0:
            names.append("declarer")
        elif k == 1:
            names.append("left")
        elif k == players - 1:
            names.append("right")
        elif players == 4:
            names.append("across")
        else:
            names.append(f"{k} after")
    return tuple(names)


ROLES_EXTRA = ("doubler", "doubled")
"""Roles by the doubling round: a seat that made at least one double, and a
seat that at least one other doubled (a hand's seat may be both)."""
