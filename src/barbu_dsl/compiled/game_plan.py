"""The game plan: who chooses each hand, from which contracts, how many hands.

One plan for every reader — explain says it, verify sums over it, play
and the score sheet follow it (hand by hand through :mod:`.schedule`), the
generator writes it down, the web scorer carries it — so they all agree on
the number of hands and the contracts (docs/rules.md sections 2, 3 and 6).

By ``spec.game.chooser``:

* ``declarer-series`` (section 2): each declarer in turn declares a series
  of hands, one for each contract of the pool (``times`` hands for a
  contract played more than once), in the order they like; ``dealer``
  (variant 1) is the same series with the dealer choosing;
* ``fixed-series`` (section 6): the same series, the order played as
  written;
* ``rotating`` (section 3): the chooser moves on every hand and picks from
  their own list of contracts not yet played.  The lists by mode:
  ``classic`` the first ``contracts_per_game`` of the pool; ``random`` that
  many drawn at random, one list for all; ``individual-random`` a list
  drawn so for each player; ``custom`` the whole pool.  With ``lists:
  shared`` (section 6) the table shares one list, used up hand by hand (a
  rubber), each contract ``times`` times, and ``times … each`` times for
  every player;
* ``fixed-order`` (variant 2; Bouillabaisse): the pool in order, with no
  choice; each contract played by every player in turn, or, when the spec
  gives ``game.hands``, the order played round once.

The pool is ``game.order`` when the spec gives one, else every contract
(derived twins included).  A game has ``game.hands`` hands (for this
player count) when the spec says so, else players × the contracts of a
list, series or rubber.  A game to a target score (``game.target``,
section 6) ends at the end of the hand in which a total reaches it, or
after ``game.hands`` when the spec gives them too; without them its
length is not known in advance, and :data:`~barbu_dsl.limits.GAME_HANDS`
bounds it; its schedule goes round again as often as needed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, assert_never

from ..language import model as m
from ..limits import GAME_HANDS
from ..runtime.scoring import add_hand, from_pot, target_reached
from .seating import seat_after

Draw = Literal["none", "shared", "individual"]


def in_series(chooser: m.Chooser) -> bool:
    """Whether a declarer declares a series of hands in a row (else the
    turn to choose, or the fixed order, moves on every hand)."""
    match chooser:
        case "declarer-series" | "dealer" | "fixed-series":
            return True
        case "rotating" | "fixed-order":
            return False
        case _:
            assert_never(chooser)


def drawn(mode: m.Mode) -> Draw:
    """How the lists of a rotating chooser's own lists are made: drawn
    at random for all, for each player, or not drawn."""
    match mode:
        case "random":
            return "shared"
        case "individual-random":
            return "individual"
        case "classic" | "custom":
            return "none"
        case _:
            assert_never(mode)


@dataclass(frozen=True)
class GamePlan:
    """How a game of a spec runs for one number of players."""

    players: int
    chooser: m.Chooser
    pool: tuple[m.Contract, ...]  # what choosers pick from, or the fixed order (as written)
    per_player: int  # contracts in a player's list, a declarer's series or a rubber of the shared list
    hands: int
    draw: Draw  # "shared" / "individual": the lists are drawn at random from the pool
    unit: tuple[m.Contract, ...] = ()  # a list, series or rubber: its contracts, repeated as often as played
    lists: m.Lists = "own"
    quotas: tuple[tuple[str, int], ...] = ()  # (contract key, times each player chooses it in a rubber)
    after: tuple[int, ...] = ()  # the seat whose turn comes after each seat
    fixed_once: bool = False  # a fixed order played round once in all
    first_declarer: int | None = None  # the card whose holder in the first deal declares first
    target: int | None = None  # the game ends once a running total reaches it (docs/rules.md section 6)
    open_ended: bool = False  # a game to a target without a number of hands: ``hands`` is only the bound
    reset: tuple[tuple[int, int], ...] = ()  # (exactly, to): a total a hand brings to exactly one becomes the other
    pot: bool = False  # what a hand takes goes into a pot that the players who take nothing share
    counted: m.Counted = "game"  # what the advisory minimum of doubles is counted over (docs/rules.md section 2)

    def add_hand(self, totals: Sequence[int], final: Sequence[int], pot: int = 0) -> tuple[tuple[int, ...], int]:
        """The running totals after a hand that scored ``final``, and the
        pot left after it (``pot`` before): the players who take no points
        collect the pot (section 6, "A pot"), then the resets are made
        (section 6, "Running totals")."""
        collected, pot = from_pot(pot, final) if self.pot else ((0,) * len(final), pot)
        return add_hand(totals, [f + c for f, c in zip(final, collected, strict=True)], self.reset), pot

    def count_start(self, number: int) -> int:
        """The first hand of the span the advisory count of doubles against
        hand ``number``'s declarer covers: their series, the rubber, or the
        game (docs/rules.md section 2, "The minimum of two doubles")."""
        return 0 if self.counted == "game" else number - number % self.per_player

    @property
    def known_hands(self) -> int | None:
        """How many hands the game has, when that is known before it is
        played (None for a game to a target score without ``hands``)."""
        return None if self.open_ended else self.hands

    def over(self, played: int, totals: Sequence[int]) -> bool:
        """Whether the game is over after ``played`` hands with these running
        totals: every hand played, or the target reached."""
        return played >= self.hands or target_reached(self.target, totals)

    @property
    def series(self) -> bool:
        """Whether a declarer declares ``per_player`` hands in a row."""
        return in_series(self.chooser)

    @property
    def round(self) -> tuple[m.Contract, ...]:
        """The contracts every player plays in a game, in order, each as often
        as it is played (a list, a series, or a rubber of a shared list);
        with random lists, the whole pool they are drawn from."""
        return self.pool if self.draw != "none" else self.unit

    @property
    def whole(self) -> int:
        """The hands of one whole turn of the schedule: a declarer's series,
        a rubber of the shared list, every player's own list once, or the
        fixed order (played once, or by every player in turn)."""
        if self.chooser == "fixed-order":
            return len(self.pool) * (1 if self.fixed_once else self.players)
        if self.series or self.lists == "shared":
            return self.per_player
        return self.players * self.per_player

    @property
    def cut(self) -> int:
        """How many hands into a series, rubber, round of lists or order
        the game ends (0 when it ends on a whole one)."""
        return self.hands % self.whole

    @property
    def hands_per_player(self) -> int | None:
        """How many hands each player chooses, when every player chooses
        the same number (None when ``game.hands`` does not divide evenly)."""
        if self.hands % self.players:
            return None
        return self.hands // self.players

    def quota(self, contract: m.Contract) -> int | None:
        """How many times each player must choose ``contract`` in a rubber
        of a shared list, or None when it has no quota."""
        return dict(self.quotas).get(m.contract_key(contract.name))


@lru_cache(maxsize=256)
def game_plan(spec: m.Spec, players: int) -> GamePlan:
    """The plan of a game of ``spec`` with ``players`` players."""
    game = spec.game
    pool = spec.pool()
    unit = spec.unit(players)
    draw = drawn(game.mode) if game.chooser == "rotating" and game.lists == "own" else "none"
    quotas = tuple((m.contract_key(c.name), c.times) for c in pool if c.times_each) if game.lists == "shared" else ()
    per_player = len(unit)
    hands = game.hands_for(players)
    open_ended = hands is None and game.target is not None
    return GamePlan(
        players=players, chooser=game.chooser, pool=pool, per_player=per_player,
        hands=hands if hands is not None else GAME_HANDS if open_ended else players * per_player, draw=draw, unit=unit,
        lists=game.lists if game.chooser == "rotating" else "own", quotas=quotas,
        after=seat_after(players, game.direction),
        fixed_once=game.chooser == "fixed-order" and hands is not None,
        first_declarer=game.first_declarer, target=game.target, open_ended=open_ended, reset=game.reset,
        pot=game.pot, counted=spec.doubling.per or ("series" if in_series(game.chooser) else "game"),
    )
