"""The game plan: who chooses each hand, from which contracts, how many hands.

One plan for every reader — explain says it, verify sums over it, play
and the score sheet follow it, the generator writes it down — so they all
agree on the number of hands and the contracts (RULES.md sections 2 and 3).

By ``spec.game.chooser``:

* ``declarer-series`` (section 2): each declarer in turn declares a series
  of hands, one for each contract of the pool, in the order they like;
  ``dealer`` (variant 1) is the same series with the dealer choosing;
* ``rotating`` (section 3): the chooser moves left every hand and picks
  from their own list of contracts not yet played.  The lists by mode:
  ``classic`` the first ``contracts_per_game`` of the pool; ``random`` that
  many drawn at random, one list for all; ``individual-random`` a list
  drawn so for each player; ``custom`` the whole pool;
* ``fixed-order`` (variant 2; Bouillabaisse): the pool in order, with no
  choice; each contract played by every player in turn, or, when the spec
  gives ``game.hands``, the order played round once.

The pool is ``game.order`` when the spec gives one, else every contract
(derived twins included).  A game has ``game.hands`` hands when the spec
says so, else players × contracts per player.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from ..language import model as m

Draw = Literal["none", "shared", "individual"]


@dataclass(frozen=True)
class GamePlan:
    """How a game of a spec runs for one number of players."""

    players: int
    chooser: m.Chooser
    pool: tuple[m.Contract, ...]  # what choosers pick from, or the fixed order
    per_player: int  # contracts in each player's list, or in a declarer's series
    hands: int
    draw: Draw  # "shared" / "individual": the lists are drawn at random from the pool

    @property
    def series(self) -> bool:
        """Whether a declarer declares ``per_player`` hands in a row."""
        return self.chooser in ("declarer-series", "dealer")

    @property
    def round(self) -> tuple[m.Contract, ...]:
        """The contracts every player plays once in a game, in order; with
        random lists, the whole pool they are drawn from."""
        if self.chooser == "rotating" and self.draw == "none":
            return self.pool[: self.per_player]
        return self.pool

    @property
    def hands_per_player(self) -> int | None:
        """How many hands each player chooses, when every player chooses
        the same number (None when ``game.hands`` does not divide evenly)."""
        if self.hands % self.players:
            return None
        return self.hands // self.players


def contract_pool(spec: m.Spec) -> tuple[m.Contract, ...]:
    """``game.order`` as contracts, or every contract when it is empty."""
    if spec.game.order:
        return tuple(spec.contract(name) for name in spec.game.order)
    return spec.contracts


@lru_cache(maxsize=256)
def game_plan(spec: m.Spec, players: int) -> GamePlan:
    """The plan of a game of ``spec`` with ``players`` players."""
    game = spec.game
    pool = contract_pool(spec)
    draw: Draw = "none"
    per_player = len(pool)
    if game.chooser == "rotating" and game.mode != "custom":
        per_player = min(game.contracts_per_game or len(pool), len(pool))
        draw = {"classic": "none", "random": "shared", "individual-random": "individual"}[game.mode]  # type: ignore[assignment]
    hands = game.hands if game.hands is not None else players * per_player
    return GamePlan(players, game.chooser, pool, per_player, hands, draw)
