"""The score sheet's hand scorer, three ways: random hands of every bundled
spec and variant, played by the engine with random legal doubles and read
off as docs/sheet.md facts, score in the generated package's
``score_hand`` exactly as in the Python sheet and exactly as ``barbu
replay`` scored the hand record; and every refusal of docs/sheet.md
("What the scorer checks") is the same problem in both."""

from __future__ import annotations

import random
from typing import Any

import pytest

from barbu_dsl import cards as C
from barbu_dsl.compiled import mask_of
from barbu_dsl.compiled.entry import entry_plan
from barbu_dsl.engine import DominoHand, deal, hand_for, replay_record
from barbu_dsl.engine.base import move_str
from barbu_dsl.engine.doubling import hand_terms, legal_targets
from barbu_dsl.language import load_spec
from barbu_dsl.language import model as m
from barbu_dsl.resources import bundled_spec_names
from barbu_dsl.sheet.facts import facts_of_hand
from barbu_dsl.sheet.hand import score_hand

REFS = list(bundled_spec_names())
REFS += [f"{name}+{o.name}" for name in bundled_spec_names() for o in load_spec(name).overlays]


def random_hand(spec: m.Spec, contract: m.Contract, players: int, rng: random.Random) -> tuple[dict, dict]:
    """A hand played by the engine with random legal moves and doubles: its
    hand record and the docs/sheet.md hand object a scorer enters."""
    cards = deal(spec, players, rng.randrange(10**6))
    rules = contract.rules_for(players)
    play = rules.play
    trump = rng.randrange(4) if isinstance(play, m.TrickPlay) and play.trumps and play.trumps.suit is None else None
    start = rng.randrange(2, 15) if isinstance(play, m.DominoPlay) and play.start == "chosen" else None
    declarer = rng.randrange(players)
    deck = tuple(sorted(spec.deck_for(players)))
    terms = hand_terms(spec, rules, players, deck, trump)
    doubles: list[tuple[int, int]] = []
    for k in range(1, players + 1):
        seat = (declarer + k) % players
        if not spec.doubling.allowed:
            break
        targets, cover_all = legal_targets(spec.doubling, declarer, seat, doubles, terms.positive, players)
        chosen = list(targets) if cover_all and rng.random() < 0.5 else (
            [] if cover_all else [t for t in targets if rng.random() < 0.3])
        doubles.extend((seat, t) for t in chosen)
    record: dict[str, Any] = {
        "contract": contract.name, "declarer": declarer, "trump": None if trump is None else C.SUIT_LETTERS[trump],
        "start_rank": None if start is None else C.RANK_LETTERS[start],
        "hands": [[C.card_str(c) for c in sorted(h)] for h in cards], "plays": [],
        "doubles": [list(p) for p in doubles],
    }
    hand = {key: record[key] for key in ("contract", "declarer", "trump", "start_rank", "doubles")}
    if terms.not_played(declarer, doubles):
        return record, hand
    played = hand_for(spec, contract, cards, declarer, trump=trump, start_rank=start)
    while not played.is_over:
        move = rng.choice(played.legal_moves())
        record["plays"].append(move_str(move))
        played.play(move)
    plan = entry_plan(rules, players, deck, trump)
    if isinstance(played, DominoHand):
        hand["took"] = facts_of_hand(plan, [], [], played.placings)
    else:
        won = [mask_of(played.captured(seat)) for seat in range(players)]
        hand["took"] = facts_of_hand(plan, won, [t.winner for t in played.tricks])
    return record, hand


@pytest.mark.parametrize("ref", REFS)
def test_generated_score_hand_equals_python_sheet_equals_engine(packages, ref: str) -> None:
    spec = load_spec(ref)
    package = packages(ref)
    rng = random.Random(ref)
    for players in spec.players:
        for contract in spec.contracts:
            for _ in range(3 if players == 4 else 1):
                record, hand = random_hand(spec, contract, players, rng)
                engine = replay_record(spec, record)
                status = "played" if engine["status"] == "complete" else engine["status"]
                expected = {"status": status, **{key: engine[key] for key in ("raw", "transfers", "final")}}
                scored, problems = score_hand(spec, players, hand)
                assert scored is not None, [p.message() for p in problems]
                assert scored.to_json() == expected, (contract.name, players, hand)
                assert package.score_hand(hand, players) == expected, (contract.name, players, hand)


def _problems(package, hand: dict, players: int = 4) -> list[tuple[str, str, str]]:
    with pytest.raises(package.SheetError) as caught:
        package.score_hand(hand, players)
    return [(p.field, p.code, p.message) for p in caught.value.problems]


REFUSED = [  # docs/sheet.md, "What the scorer checks", once each
    ("tournament", {"contract": "No queens", "declarer": 0, "took": {"cards": {"Q": [1, 1, 1, 2]}}}),
    ("tournament", {"contract": "No queens", "declarer": 0, "took": {}}),
    ("tournament", {"contract": "No queens", "declarer": 0, "took": {"cards": {"Q": [1, 1, 1, 1]},
                                                                     "tricks": [4, 3, 3, 3]}}),
    ("tournament", {"contract": "No tricks", "declarer": 0, "took": {"tricks": [14, 0, 0, 0]}}),
    ("tournament", {"contract": "No tricks", "declarer": -1, "took": {"tricks": [13, 0, 0, 0]}}),
    ("tournament", {"contract": "No hearts", "declarer": 0, "took": {"cards": {"H": [0, 5, 4, 4]},
                                                                     "card": {"AH": 0}}}),
    ("tournament", {"contract": "No last two", "declarer": 0, "took": {"trick": {"12": 0}}}),
    ("tournament", {"contract": "Domino", "declarer": 0, "start_rank": "J", "took": {"placings": [0, 0, 1, 2]}}),
    ("tournament", {"contract": "Domino", "declarer": 0, "took": {"placings": [0, 1, 2]}}),
    ("tournament", {"contract": "Trumps", "declarer": 0, "took": {"tricks": [4, 3, 3, 3]}}),
    ("tournament", {"contract": "No tricks", "declarer": 0, "trump": "S", "took": {"tricks": [13, 0, 0, 0]}}),
    ("tournament", {"contract": "No queens", "declarer": 0, "raw": [-6, 0, -6, -6]}),
    ("tournament", {"contract": "No queens", "declarer": 0, "raw": [-6, 0, -6]}),
    ("tournament", {"contract": "No tricks", "declarer": 0, "took": {"tricks": [13, 0, 0, 0]}, "doubles": [[1, 1]]}),
    ("tournament", {"contract": "Trumps", "declarer": 0, "trump": "H", "took": {"tricks": [4, 3, 3, 3]},
                    "doubles": [[1, 2]]}),
    ("tournament", {"contract": "No tricks", "declarer": 0, "took": {"tricks": [13, 0, 0, 0]},
                    "doubles": [[0, 1]]}),
    ("tournament", {"contract": "Barbou", "declarer": 0, "took": {"card": {"KH": 0}}}),
    ("tournament", {"contract": "No tricks", "declarer": 0}),
    ("tournament", {"contract": "No tricks", "declarer": 0, "took": {"tricks": [13, 0, 0, 0]}, "raw": [-26, 0, 0, 0],
                    "extra": 1}),
    ("tournament", ["not", "a", "hand"]),
    ("tournament+undoubled-not-played", {"contract": "No tricks", "declarer": 0, "took": {"tricks": [13, 0, 0, 0]}}),
    ("tournament+declarer-only-doubles", {"contract": "No tricks", "declarer": 0, "took": {"tricks": [13, 0, 0, 0]},
                                          "doubles": [[1, 0], [2, 0], [0, 1]]}),
    ("tournament+ravage-city", {"contract": "Ravage City", "declarer": 0, "took": {"longest": [14, 0, 0, 0]}}),
    ("bouillabaisse", {"contract": "Barbu", "declarer": 0, "took": {"card": {"KH": 0}}, "doubles": [[1, 0]]}),
]


@pytest.mark.parametrize(("ref", "hand"), REFUSED, ids=[f"{r}-{i}" for i, (r, _) in enumerate(REFUSED)])
def test_each_refusal_is_the_same_problem_in_both(packages, ref: str, hand: Any) -> None:
    python_scored, python_problems = score_hand(load_spec(ref), 4, hand)
    assert python_scored is None and python_problems
    assert _problems(packages(ref), hand) == [(p.field, p.code, p.message()) for p in python_problems]
