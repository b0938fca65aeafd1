"""The strong bot's compiled search (barbu_dsl.engine.compiled_playouts)
against the Python search it compiles (engine.playouts, engine.sampling):
from the same seed, with the same work, both give the same result to the
last bit and leave the bot's generator in the same state, on positions of
every contract of several specs (trumps, a domino, a card order of its
own, passing, a widow), on contract, trump, starting-rank and doubling
decisions, and for the average declarer's result.  The legal moves, deals
and scores are those of docs/rules.md sections 1, 2 and 6, as the Python
search plays them."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("numba")

from barbu_dsl.engine import (  # noqa: E402
    Decision,
    GameState,
    SeatView,
    deal,
    hand_for,
    strong,  # noqa: E402
)
from barbu_dsl.engine.strong import COMPILED_WORK, StrongBot, declarer_average  # noqa: E402
from barbu_dsl.language import load_spec  # noqa: E402
from barbu_dsl.language import model as m  # noqa: E402

from .helpers import seat_view  # noqa: E402

pytestmark = pytest.mark.native  # numba compiles here (tests/conftest.py, TIERS)

GENERATOR = Path(__file__).resolve().parents[1] / "generator"
SPECS = {
    "tournament": "tournament",  # trumps, domino, no-trump contracts
    "hearts": "hearts",  # passing, lead bans
    "leaver-3p": "leaver-3p",  # three players
    "french-32": "french-32",  # a short deck
    "exotic_family": str(GENERATOR / "exotic_family.yaml"),  # a card order of its own, must overtrump
    "exotic": str(GENERATOR / "exotic.yaml"),
    "widow": str(GENERATOR / "widow.yaml"),  # a widow taken with the first trick
}
THINK = 0.05  # the compiled bot's; the Python bot does COMPILED_WORK times as much, the same work


def pair(seed: str) -> tuple[StrongBot, StrongBot]:
    """A Python and a compiled strong bot doing the same work from the same seed."""
    return (StrongBot(seed, think=THINK * COMPILED_WORK, search="python"),
            StrongBot(seed, think=THINK, search="compiled"))


def same(python: Any, compiled: Any, bots: tuple[StrongBot, StrongBot]) -> bool:
    """Both results and generators the same; whether the compiled search ran (and never left it to Python)."""
    assert python == compiled
    assert bots[0].rng.getstate() == bots[1].rng.getstate()
    searched = bots[1]._compiled
    assert searched is None or not searched.declined, "the Python search answered"
    return searched is not None


@pytest.mark.parametrize("name", sorted(SPECS))
def test_move_search_is_the_same_compiled(name: str) -> None:
    """Every contract, positions from the first move to the last trick:
    each legal move's average result is the same from both searches."""
    spec = load_spec(SPECS[name])
    rng = random.Random(name)
    checked = 0
    for players in spec.players[:2]:
        for contract in spec.contracts:
            for k in range(3):
                hands = deal(spec, players, f"{name}/{contract.name}/{k}")
                rules = contract.rules_for(players)
                trump = rng.randrange(4) if isinstance(rules.play, m.TrickPlay) and rules.play.trumps else None
                start = (rng.randrange(2, 15) if isinstance(rules.play, m.DominoPlay) and rules.play.start == "chosen"
                         else None)
                declarer = rng.randrange(players)
                hand = hand_for(spec, contract, hands, declarer, trump=trump, start_rank=start)
                for _ in range(rng.randrange(len(hands[0]) * players)):
                    if hand.is_over:
                        break
                    hand.play(rng.choice(hand.legal_moves()))
                if hand.is_over:
                    continue
                seat = hand.to_play
                assert seat is not None
                view = seat_view(spec, seat, contract=contract, hand=hand, declarer=declarer, players=players,
                                 trump=trump, start_rank=start, doubles=[((declarer + 1) % players, declarer)])
                bots = pair(f"{name}/{k}")
                checked += same(bots[0].analyse_move(view), bots[1].analyse_move(view), bots)
    assert checked >= len(spec.contracts)


class Twins:
    """A seat played by a Python and a compiled strong bot at once: every
    decision is analysed by both, the results must be the same, and the
    Python bot's answer is played."""

    def __init__(self, seed: str):
        self.bots = pair(seed)
        self.checked: set[str] = set()

    def __call__(self, decision: Decision, view: SeatView) -> Any:
        python, compiled = self.bots
        kind = decision.kind
        if kind == "card" and len(view.legal_moves()) > 1:
            same(python.analyse_move(view), compiled.analyse_move(view), self.bots)
        elif kind == "contract" and len(view.contract_options) > 1:
            same(python.analyse_contracts(view), compiled.analyse_contracts(view), self.bots)
        elif kind == "trump":
            same(python.analyse_trumps(view), compiled.analyse_trumps(view), self.bots)
        elif kind == "start_rank":
            same(python.analyse_start_ranks(view), compiled.analyse_start_ranks(view), self.bots)
        elif kind == "double" and view.offer is not None and view.offer.targets:
            same(python.analyse_doubles(view), compiled.analyse_doubles(view), self.bots)
        else:
            answer = python(decision, view)
            assert compiled(decision, view) == answer
            return answer
        self.checked.add(kind)
        answer = python(decision, view)
        compiled.restore(python.state())
        return answer


@pytest.mark.parametrize(("name", "hands", "kinds"), [
    ("tournament", 6, {"card", "contract", "double"}),
    ("hearts", 2, {"card"}),  # with cards passed: the deals know where they went
])
def test_every_kind_of_decision_is_the_same_compiled(name: str, hands: int, kinds: set[str]) -> None:
    """The first hands of a game, every seat played by twins: contract
    choices, trump suits, starting ranks, doubles and moves."""
    spec = load_spec(name)
    players = spec.players[0]
    state = GameState.new(spec, players=players, seed=f"twins/{name}")
    seats = [Twins(f"{name}/{seat}") for seat in range(players)]
    while (decision := state.pending()) is not None and state.number < hands:
        state.apply(seats[decision.seat](decision, state.seat_view(decision.seat)))
    checked = set().union(*(seat.checked for seat in seats))
    assert kinds <= checked
    if name == "tournament":
        assert {"trump", "start_rank"} & checked


@pytest.mark.parametrize("contract", ["Trumps", "Domino", "No hearts"])
def test_the_average_declarer_is_the_same_compiled(contract: str, monkeypatch: pytest.MonkeyPatch) -> None:
    spec = load_spec("tournament")
    chosen = spec.contract(contract)
    monkeypatch.setenv(strong.ENV_SEARCH, "python")
    python = strong._declarer_average(spec, chosen, 4)
    monkeypatch.setenv(strong.ENV_SEARCH, "compiled")
    assert strong._declarer_average(spec, chosen, 4) == python


def test_the_average_declarer_is_kept_in_the_cache(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Worked out once: another process (here, the in-memory cache
    emptied) reads it back; a damaged entry is worked out again."""
    monkeypatch.setenv("BARBU_CACHE", str(tmp_path))
    spec = load_spec("tournament")
    contract = spec.contract("No hearts")
    declarer_average.cache_clear()
    first = declarer_average(spec, contract, 4)
    entries = list((tmp_path / "declarer-averages").iterdir())
    assert len(entries) == 1
    declarer_average.cache_clear()

    def refuse(*args: object) -> float:
        raise AssertionError("worked out again")

    monkeypatch.setattr(strong, "_declarer_average", refuse)
    assert declarer_average(spec, contract, 4) == first
    entries[0].write_bytes(entries[0].read_bytes()[:-2])
    declarer_average.cache_clear()
    monkeypatch.setattr(strong, "_declarer_average", lambda *args: 1.5)
    assert declarer_average(spec, contract, 4) == 1.5
    declarer_average.cache_clear()


def test_the_search_is_python_without_numba(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the ``fast`` extra the bot searches in Python, with the Python budget."""
    monkeypatch.delenv(strong.ENV_SEARCH, raising=False)
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "numba" else real(name, *a))
    assert StrongBot(1).search == "python"
    monkeypatch.setattr(importlib.util, "find_spec", real)
    assert StrongBot(1).search == "compiled"
    monkeypatch.setenv(strong.ENV_SEARCH, "python")
    assert StrongBot(1).search == "python"
    with pytest.raises(ValueError):
        StrongBot(1, search="fortran")  # type: ignore[arg-type]


def test_the_compiled_search_does_more_work() -> None:
    """The compiled bot does COMPILED_WORK times the Python bot's work for the same think."""
    python, compiled = StrongBot(1, search="python"), StrongBot(1, search="compiled")
    assert compiled._work(strong.PLAY_PLAYOUTS) == COMPILED_WORK * python._work(strong.PLAY_PLAYOUTS)
