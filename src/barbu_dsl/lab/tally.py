"""What a study counts, as exact integer sums that add up in any order.

Each game gives, for each spec and each statistic (a *key*), a small
observation of integers ``(n, x1, x2, ...)``: ``n`` how many things were
counted in that game (hands of a contract, seats in a role, times a
contract was offered) and ``x`` their sums (raw and final scores, times
chosen).  The tally keeps, over the games, the sums the estimators of
:mod:`.stats` need, every one an exact Python int:

* per spec and key: ``Σn, Σn²`` and for each ``x``: ``Σx, Σx², Σx·n``;
* per compared spec and key, against the first spec on the same game (the
  duplicate pairing): ``Σn·n₀`` and for each ``x``: ``Σx·x₀, Σx·n₀, Σn·x₀``;
* the declarer's final score of each hand, counted by value, per contract
  (the distributions the plots draw).

Sums of ints do not depend on the order they are added in, so batches
combine to the same tally whatever the scheduling.

The keys (see :func:`game_observations`):

* ``("score", contract, role)``: ``(seats, raw, final)`` for the seat
  positions counted from the declarer and the doubling roles;
* ``("total", contract)``: ``(hands, raw total, final total)``: the hand's
  scores added up over the table;
* ``("share", contract)``: ``(hands in the game, hands of the contract)``;
* ``("pick", contract)``: ``(times offered among two or more, times chosen then)``;
* ``("doubled", contract)``: ``(hands, hands with a double, doubles)``;
* ``("bot", name)``: ``(seats it held, their game totals)``;
* ``("length",)``: ``(1, the game's hands)``: how long a game is, which
  varies in a game to a target score (docs/rules.md section 6);
* ``("payout", name)``: ``(seats it held, what they received by place)``,
  in a game that pays by place (docs/rules.md section 6).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from .study import ROLES_EXTRA, role_names

Key = tuple[str, ...]
Observation = dict[Key, tuple[int, ...]]


class ScoredHand(Protocol):
    """What the tally reads of a hand: a game state's
    :class:`~barbu_dsl.engine.results.HandResult` or a lean game's
    :class:`~.lean.HandScore`."""

    @property
    def contract(self) -> str: ...
    @property
    def declarer(self) -> int: ...
    @property
    def doubles(self) -> tuple[tuple[int, int], ...]: ...
    @property
    def raw(self) -> tuple[int, ...]: ...
    @property
    def final(self) -> tuple[int, ...]: ...
    @property
    def totals(self) -> tuple[int, ...]: ...
    @property
    def options(self) -> tuple[str, ...]: ...


def _single(obs: tuple[int, ...]) -> list[int]:
    n, xs = obs[0], obs[1:]
    out = [n, n * n]
    for x in xs:
        out += [x, x * x, x * n]
    return out


def _cross(a: tuple[int, ...], b: tuple[int, ...]) -> list[int]:
    out = [a[0] * b[0]]
    for xa, xb in zip(a[1:], b[1:], strict=True):
        out += [xa * xb, xa * b[0], a[0] * xb]
    return out


def add_into(into: dict[Key, list[int]], key: Key, values: list[int]) -> None:
    """Add ``values`` to the sums ``into`` holds for ``key`` (a new key starts at them)."""
    old = into.get(key)
    into[key] = values if old is None else [x + y for x, y in zip(old, values, strict=True)]


@dataclass
class Tally:
    """The exact sums of a study's games (see the module docstring)."""

    specs: int
    games: int = 0
    moments: list[dict[Key, list[int]]] = field(default_factory=list)
    cross: list[dict[Key, list[int]]] = field(default_factory=list)  # index 0: unused
    hist: list[dict[str, dict[int, int]]] = field(default_factory=list)

    def __post_init__(self) -> None:
        for part in (self.moments, self.cross, self.hist):
            if not part:
                part.extend({} for _ in range(self.specs))

    def add_game(self, observations: Sequence[Observation],
                 declarer_finals: Sequence[Iterable[tuple[str, int]]]) -> None:
        """Add one game: an observation per spec, and per spec the
        ``(contract, declarer's final score)`` of each of its hands."""
        self.games += 1
        base = observations[0]
        for i, obs in enumerate(observations):
            for key, values in obs.items():
                add_into(self.moments[i], key, _single(values))
                if i and key in base:
                    add_into(self.cross[i], key, _cross(values, base[key]))
        for i, finals in enumerate(declarer_finals):
            for contract, score in finals:
                counts = self.hist[i].setdefault(contract, {})
                counts[score] = counts.get(score, 0) + 1

    def merge(self, other: Tally) -> None:
        """Add another tally of the same study (other games)."""
        self.games += other.games
        for mine, theirs in ((self.moments, other.moments), (self.cross, other.cross)):
            for into, source in zip(mine, theirs, strict=True):
                for key, values in source.items():
                    add_into(into, key, values)
        for into_hist, source_hist in zip(self.hist, other.hist, strict=True):
            for contract, counts in source_hist.items():
                target = into_hist.setdefault(contract, {})
                for score, count in counts.items():
                    target[score] = target.get(score, 0) + count


def game_observations(hands: Sequence[ScoredHand], contracts: Sequence[str], players: int, seat_bots: Sequence[str],
                      paid: Sequence[int] = ()) -> Observation:
    """One game's observation of one spec: its hands (each with the
    contracts its chooser could choose from), the spec's contracts, the
    bot of each seat and what each seat received by place (empty when the
    spec does not pay by place)."""
    roles = role_names(players)
    obs: dict[Key, list[int]] = {}
    for hand in hands:
        _count_hand(obs, hand, roles, players)
    for c in contracts:
        _count(obs, ("share", c), len(hands), sum(1 for hand in hands if hand.contract == c))
    _count(obs, ("length",), 1, len(hands))
    totals = hands[-1].totals if hands else (0,) * players
    for seat, name in enumerate(seat_bots):
        _count(obs, ("bot", name), 1, totals[seat])
        if paid:
            _count(obs, ("payout", name), 1, paid[seat])
    return {key: tuple(values) for key, values in obs.items()}


def _count(obs: dict[Key, list[int]], key: Key, *values: int) -> None:
    old = obs.get(key)
    obs[key] = list(values) if old is None else [x + y for x, y in zip(old, values, strict=True)]


def _once(obs: dict[Key, list[int]], key: Key, x: int, y: int) -> None:
    """``_count(obs, key, 1, x, y)``, the most frequent count, added in place."""
    old = obs.get(key)
    if old is None:
        obs[key] = [1, x, y]
    else:
        old[0] += 1
        old[1] += x
        old[2] += y


def _count_hand(obs: dict[Key, list[int]], hand: ScoredHand, roles: Sequence[str], players: int) -> None:
    """Add one hand's scores by role, total, doubles and choice to ``obs``."""
    c, offered, raw, final = hand.contract, hand.options, hand.raw, hand.final
    for k, role in enumerate(roles):
        seat = (hand.declarer + k) % players
        _once(obs, ("score", c, role), raw[seat], final[seat])
    if hand.doubles:
        doublers = {a for a, _ in hand.doubles}
        doubled = {b for _, b in hand.doubles}
        for role, seats in zip(ROLES_EXTRA, (doublers, doubled), strict=True):
            for seat in sorted(seats):
                _once(obs, ("score", c, role), raw[seat], final[seat])
    _once(obs, ("total", c), sum(raw), sum(final))
    _once(obs, ("doubled", c), 1 if hand.doubles else 0, len(hand.doubles))
    if len(offered) > 1:
        for name in offered:
            _count(obs, ("pick", name), 1, 1 if name == c else 0)
