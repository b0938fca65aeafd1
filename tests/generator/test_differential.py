"""Differential test: random deals played through the interpreter and the
generated code side by side, for every bundled spec and every variant and
scale (and the variant sets kept in generated/).  At every step both must
agree on whose turn it is, the legal moves (in order), the scores so far,
and what is wrong with each illegal card; at the end on the raw scores and
on the replay of the whole record with doubles.  Short deals (a few cards
each) reach the deck-dependent tables: trick positions counted from the
end, domino runs that skip missing cards.  docs/rules.md section 6's
mechanics come in the new bundled specs and tests/generator/family.yaml:
play passing to the right, forced plays when void, aces that play again,
the end at the first out, spreads, two and ten players."""

from __future__ import annotations

import copy
import os
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from barbu_dsl import cards as C
from barbu_dsl.engine import PASS, IllegalPlay, deal, hand_for, replay_record
from barbu_dsl.engine.deal import widow_of
from barbu_dsl.generator import BUNDLED_TARGETS
from barbu_dsl.language import load_spec
from barbu_dsl.language import model as m
from barbu_dsl.resources import bundled_spec_names
from barbu_dsl.runtime.records import discard


def _targets() -> list[str]:
    targets = []
    for name in bundled_spec_names():
        targets.append(name)
        targets.extend(f"{name}+{overlay.name}" for overlay in load_spec(name).overlays)
    targets.extend(t for t in BUNDLED_TARGETS if t not in targets)
    return targets


EXOTIC = str(Path(__file__).with_name("exotic.yaml"))
FAMILY = str(Path(__file__).with_name("family.yaml"))  # docs/rules.md section 6's mechanics
ALL_OR_NONE = str(Path(__file__).resolve().parents[1] / "all_or_none.yaml")  # section 6, taking all or none
DOUBLING_FIRST = str(Path(__file__).resolve().parents[1] / "doubling_first.yaml")  # section 6, the declarer first
DISCARDS = str(Path(__file__).with_name("discards.yaml"))  # section 6, a dealer who discards
WIDOW = str(Path(__file__).with_name("widow.yaml"))  # section 6, a widow taken with the first trick
TARGETS = [*_targets(), EXOTIC, FAMILY, ALL_OR_NONE, DOUBLING_FIRST, DISCARDS, WIDOW]
# Kept small for the suite's time budget; BARBU_DIFFERENTIAL_EXAMPLES=500 runs a long sweep.
SETTINGS = settings(max_examples=int(os.environ.get("BARBU_DIFFERENTIAL_EXAMPLES", "8")), deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@cache
def spec_of(target: str) -> m.Spec:
    return load_spec(target)


def strs(moves: list[int]) -> list[str]:
    return ["pass" if mv == PASS else C.card_str(mv) for mv in moves]


def without_reason(result: dict[str, Any]) -> dict[str, Any]:
    result = copy.deepcopy(result)
    if isinstance(result.get("error"), dict):
        result["error"].pop("reason", None)
    return result


def draw_hand(spec: m.Spec, data: st.DataObject) -> dict[str, Any]:
    players = data.draw(st.sampled_from(spec.players), "players")
    contract = data.draw(st.sampled_from(spec.contracts), "contract")
    rules = contract.rules_for(players)
    full = len(spec.deck_for(players)) // players
    size = data.draw(st.one_of(st.just(full), st.integers(1, full)), "cards each")
    hands = [list(h) for h in deal(spec, players, data.draw(st.integers(0, 2**32 - 1), "seed"))]
    if size < full:
        hands = [sorted(h[:size]) for h in hands]
        if isinstance(rules.play, m.DominoPlay):  # domino hands may differ in size
            hands = [sorted(h[:data.draw(st.integers(1, size))]) for h in hands]
    play = rules.play
    return {
        "contract": contract,
        "hands": hands,
        "declarer": data.draw(st.integers(0, players - 1), "declarer"),
        "trump": (data.draw(st.integers(0, 3), "trump")
                  if isinstance(play, m.TrickPlay) and play.trumps is not None and play.trumps.suit is None
                  else None),
        "start_rank": (data.draw(st.integers(2, 14), "start rank")
                       if isinstance(play, m.DominoPlay) and play.start == "chosen" else None),
        "rng": random.Random(data.draw(st.integers(0, 2**32 - 1), "choices")),
        "full": size == full,
    }


def error_of(move: int, action) -> dict[str, Any] | None:
    try:
        action(move)
    except IllegalPlay as error:  # the interpreter
        return {"kind": error.kind, "rule": error.rule, **{k: v for k, v in error.details.items() if k != "reason"}}
    except Exception as error:  # the generated package: its own RecordError
        details = getattr(error, "details", None)
        if details is None:
            raise
        return {"kind": error.kind, "rule": getattr(error, "rule", None),  # type: ignore[attr-defined]
                **{k: v for k, v in details.items() if k != "reason"}}
    return None


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: Path(t).name)
@SETTINGS
@given(data=st.data())
def test_side_by_side(target: str, packages, data: st.DataObject) -> None:
    spec = spec_of(target)
    package = packages(target)
    d = draw_hand(spec, data)
    contract = d["contract"]
    a = hand_for(spec, contract, d["hands"], d["declarer"], trump=d["trump"], start_rank=d["start_rank"])
    b = package.start_hand(contract.name, d["hands"], d["declarer"], trump=d["trump"], start_rank=d["start_rank"])
    rng = d["rng"]
    moves = []
    while True:
        assert a.to_play == b.to_play, moves
        assert a.legal_moves() == b.legal_moves(), moves
        assert a.raw_scores() == b.raw_scores(), moves
        assert a.placings == b.placings and a.tricks_played == b.tricks_played
        if a.is_over:
            break
        seat = a.to_play
        tries = [*a.hand(seat), PASS, *rng.sample(range(52), 3)]
        for move in tries:
            reason_a, reason_b = a.broken_rule(move), b.broken_rule(move)
            assert (reason_a is None) == (reason_b is None), (moves, move, reason_a, reason_b)
            if reason_a is not None and reason_b is not None:
                assert reason_a.rule == reason_b.rule, (moves, move)  # the same rule code
                assert reason_a.message == reason_b.message, (moves, move)  # and the same wording
        illegal = [mv for mv in tries if a.why_illegal(mv) is not None]
        if illegal and rng.random() < 0.3:
            move = rng.choice(illegal)
            assert error_of(move, a.copy().play) == error_of(move, b.copy().play)
        move = rng.choice(a.legal_moves())
        a.play(move)
        b.play(move)
        moves.append(move)
    assert error_of(moves[0], a.play) == error_of(moves[0], b.play)  # after the end
    if d["full"]:
        players = len(d["hands"])
        pairs = [[x, y] for x in range(players) for y in range(players) if rng.random() < 0.15]
        record = {"contract": contract.name, "declarer": d["declarer"], "hands": [strs(h) for h in d["hands"]],
                  "plays": strs(moves[:rng.choice([len(moves), rng.randrange(len(moves) + 1)])]),
                  "doubles": pairs or rng.choice([[], [[(d["declarer"] + 1) % players, d["declarer"]]]])}
        if d["trump"] is not None:
            record["trump"] = C.SUIT_LETTERS[d["trump"]]
        if d["start_rank"] is not None:
            record["start_rank"] = C.RANK_LETTERS[d["start_rank"]]
        assert without_reason(package.replay(record)) == without_reason(replay_record(spec, record))


@pytest.mark.parametrize("target", [t for t in TARGETS if "+" not in t] + list(BUNDLED_TARGETS[4:]),
                         ids=lambda t: Path(t).name)
@SETTINGS
@given(data=st.data())
def test_rollout_replays_in_the_interpreter(target: str, packages, data: st.DataObject) -> None:
    """The whole-hand rollout plays only legal moves and scores like the
    interpreter: its moves, replayed by the interpreter, give its scores
    (with ``leftover: dealer discards``, docs/rules.md section 6, from the
    hands as dealt: the dealer's discards removed first; with ``leftover:
    widow to first trick`` both give the deck's cards in no hand to the
    taker of the first trick)."""
    spec = spec_of(target)
    package = packages(target)
    d = draw_hand(spec, data)
    contract = d["contract"]
    moves: list[int] = []
    hands = d["hands"]
    if spec.discards(len(hands)) and d["full"]:  # section 6: the dealer's packet holds the cards left over
        hands = [sorted([*cards, *widow_of(spec, hands)]) if seat == d["declarer"] else cards
                 for seat, cards in enumerate(hands)]
        discards: list[int] = []
        raw = package.rollout(contract.name, d["rng"], hands=hands, declarer=d["declarer"], trump=d["trump"],
                              start_rank=d["start_rank"], moves=moves, discards=discards)
        assert len(discards) == spec.discards(len(hands))
        hands = discard(hands, [discards if seat == d["declarer"] else [] for seat in range(len(hands))])
    else:
        raw = package.rollout(contract.name, d["rng"], hands=hands, declarer=d["declarer"], trump=d["trump"],
                              start_rank=d["start_rank"], moves=moves)
    hand = hand_for(spec, contract, hands, d["declarer"], trump=d["trump"], start_rank=d["start_rank"])
    for move in moves:  # a rollout's moves are a record's: a domino stop is implied by the next move
        hand.play_recorded(move)
    assert hand.is_over
    assert hand.raw_scores() == raw
