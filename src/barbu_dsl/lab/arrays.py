"""A batch of games' observations as arrays, added to a tally in a few
numpy sums instead of game by game.

:class:`BatchObservations` holds what :func:`~.tally.game_observations`
gives for each game of a batch, one row a game: ``values[g, s]`` is game
``g``'s observation ``(n, x1, x2)`` of key ``keys[s]`` (``widths[s]`` of
those numbers are used), zeros where the game has no such key.  Every
observation counts something, so ``n > 0`` exactly when a game has the key;
that is how :func:`add_batch` adds the very sums :meth:`~.tally.Tally.add_game`
adds game by game, and leaves out the keys no game of the batch had.

The native games (:mod:`.native_games`) count straight into these arrays;
games played any other way are stacked into them
(:meth:`BatchObservations.from_games`) when a study mixes the two.
numpy comes with the native backend, so the Python path does not need it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .tally import Key, Observation, Tally, add_into

SAFE = 1 << 20
"""The largest count or score whose sums of squares over a batch stay
exact in int64; anything larger is summed as Python ints."""


@dataclass(frozen=True)
class BatchObservations:
    """A batch's observations of one spec (see the module docstring), and
    ``finals``: how many of its hands gave each (contract, declarer's final score)."""

    keys: tuple[Key, ...]
    widths: tuple[int, ...]
    values: np.ndarray  # [games, keys, 3] int64
    finals: dict[tuple[str, int], int]

    @property
    def games(self) -> int:
        return len(self.values)

    @classmethod
    def from_games(cls, games: Sequence[tuple[Observation, Sequence[tuple[str, int]]]]) -> BatchObservations:
        """The observations of games played one by one: each game's
        observation and (contract, declarer's final score) of each hand."""
        index: dict[Key, int] = {}
        widths: list[int] = []
        for obs, _ in games:
            for key, numbers in obs.items():
                if key not in index:
                    index[key] = len(widths)
                    widths.append(len(numbers))
        values = np.zeros((len(games), len(widths), 3), dtype=np.int64)
        finals: dict[tuple[str, int], int] = {}
        for g, (obs, hands) in enumerate(games):
            for key, numbers in obs.items():
                values[g, index[key], : len(numbers)] = numbers
            for pair in hands:
                finals[pair] = finals.get(pair, 0) + 1
        return cls(tuple(index), tuple(widths), values, finals)


def _exact(values: np.ndarray) -> np.ndarray:
    """``values`` as int64 when its sums of squares over the batch cannot
    overflow, else as Python ints (exact, and slower)."""
    if values.size and int(np.abs(values).max()) > SAFE:
        return values.astype(object)
    return values


def _moments(n: np.ndarray, xs: Sequence[np.ndarray]) -> list[np.ndarray]:
    """Per key, ``Σn, Σn²`` and for each x ``Σx, Σx², Σx·n`` over the games
    (the order of :func:`~.tally._single`)."""
    sums = [n.sum(axis=0), (n * n).sum(axis=0)]
    for x in xs:
        sums += [x.sum(axis=0), (x * x).sum(axis=0), (x * n).sum(axis=0)]
    return sums


def _cross(a: np.ndarray, b: np.ndarray) -> list[np.ndarray]:
    """Per key, the cross sums of two specs' observations (the order of :func:`~.tally._cross`)."""
    sums = [(a[:, :, 0] * b[:, :, 0]).sum(axis=0)]
    for j in (1, 2):
        sums += [(a[:, :, j] * b[:, :, j]).sum(axis=0), (a[:, :, j] * b[:, :, 0]).sum(axis=0),
                 (a[:, :, 0] * b[:, :, j]).sum(axis=0)]
    return sums


def _put(into: dict[Key, list[int]], keys: Sequence[Key], widths: Sequence[int], sums: list[np.ndarray],
         present: np.ndarray, per_x: int) -> None:
    """Add each ``present`` key's sums to ``into``: the sums before the
    first x's, then ``per_x`` for each x the key has (``widths``: 1 + its xs)."""
    head = len(sums) - per_x * 2
    rows = np.stack(sums, axis=1).tolist()  # per key, its sums as Python ints: one conversion for the batch
    for s in np.flatnonzero(present).tolist():
        add_into(into, keys[s], rows[s][:head + per_x * (widths[s] - 1)])


def add_batch(tally: Tally, batches: Sequence[BatchObservations]) -> None:
    """Add a batch of games, observed under each of the study's specs (the
    same games, in the same order), to ``tally``: the sums
    :meth:`~.tally.Tally.add_game` would add for each game in turn."""
    tally.games += batches[0].games
    base = batches[0]
    base_values = _exact(base.values)
    base_index = {key: s for s, key in enumerate(base.keys)}
    for i, batch in enumerate(batches):
        values = base_values if i == 0 else _exact(batch.values)
        n = values[:, :, 0]
        _put(tally.moments[i], batch.keys, batch.widths, _moments(n, [values[:, :, 1], values[:, :, 2]]),
             np.asarray((n > 0).any(axis=0)), 3)
        if i:
            shared = [s for s, key in enumerate(batch.keys) if key in base_index]
            mine = values[:, shared, :]
            theirs = base_values[:, [base_index[batch.keys[s]] for s in shared], :]
            both = np.asarray(((mine[:, :, 0] > 0) & (theirs[:, :, 0] > 0)).any(axis=0))
            _put(tally.cross[i], [batch.keys[s] for s in shared], [batch.widths[s] for s in shared],
                 _cross(mine, theirs), both, 3)
        hist = tally.hist[i]
        for (contract, score), times in batch.finals.items():
            counts = hist.setdefault(contract, {})
            counts[score] = counts.get(score, 0) + times
