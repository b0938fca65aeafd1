"""Hands between rule bots played in one compiled call (``lab/rule_hands.py``,
the ``RULES`` policy of ``engine/compiled_playouts.py``) are the hands the
rule bots play move by move: the same moves and the same scores, so the
same hand records, in every kind of hand the specs below hold (docs/rules.md
sections 2 and 3: the bundled contracts and domino; section 6: card
orders, 2 high, fixed and named trumps with their obligations, shedding,
forced discards, lead bans, opening cards, domino from a fixed rank, from
the first card, opened by a named card, aces low, aces that play again,
the end at the first out, Ravage City, shoot the moon, all or nothing, the
first lead beside the declarer, play passing to the right, two to ten
players)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from barbu_dsl.bots import make_bot
from barbu_dsl.engine.game import play
from barbu_dsl.engine.state import GameState
from barbu_dsl.lab import Study, run_study
from barbu_dsl.lab.report import summary
from barbu_dsl.lab.rule_hands import rules_play_out, rules_reason
from barbu_dsl.language import load_spec, parse_spec

TESTS = Path(__file__).parent.parent


def _without_play_on(path: Path) -> str:
    """The spec at ``path`` less its contract played on at will (which the compiled bot leaves out)."""
    text = path.read_text(encoding="utf-8")
    return re.sub(r"  Play on( domino)?:\n(    .*\n)+", "", text)


SPECS = {
    "tournament": lambda: load_spec("tournament"),
    "king": lambda: load_spec("king"),
    "french-classic": lambda: load_spec("french-classic"),
    "french-32": lambda: load_spec("french-32"),
    "hearts": lambda: load_spec("hearts"),
    "bouillabaisse": lambda: load_spec("bouillabaisse"),
    "exotic": lambda: parse_spec(_without_play_on(TESTS / "generator" / "exotic.yaml"), "exotic.yaml"),
    "exotic-family": lambda: parse_spec(_without_play_on(TESTS / "generator" / "exotic_family.yaml"),
                                        "exotic_family.yaml"),
    "family": lambda: load_spec(str(TESTS / "generator" / "family.yaml")),
    "card-order": lambda: load_spec(str(TESTS / "card_order.yaml")),
    "many-players": lambda: load_spec(str(TESTS / "many_players.yaml")),
}


@pytest.mark.parametrize("name", sorted(SPECS))
def test_compiled_rule_hands_are_the_rule_bots_hands(name: str) -> None:
    spec = SPECS[name]()
    played = 0
    for players in spec.players:
        assert rules_reason(spec, players) is None
        hook = rules_play_out(spec)
        for seed in range(2):
            by_move = GameState.new(spec, players=players, seed=seed)
            play(by_move, [make_bot("rules", seat) for seat in range(players)])
            in_one_go = GameState.new(spec, players=players, seed=seed, play_out=hook)
            play(in_one_go, [make_bot("rules", seat) for seat in range(players)])
            assert in_one_go.records() == by_move.records()
            assert in_one_go.answers == by_move.answers
            played += len(by_move.records())
    assert played


@pytest.mark.parametrize(("path", "players", "reason"), [
    ("generator/widow.yaml", 3, "cards are left over"),
    ("generator/discards.yaml", 3, "cards are left over"),
    ("generator/exotic.yaml", 4, "a domino player may stop at will"),
])
def test_what_the_compiled_rule_bot_leaves_to_the_moves(path: str, players: int, reason: str) -> None:
    assert rules_reason(load_spec(str(TESTS / path)), players) == reason


def test_a_rule_bot_study_gives_the_same_numbers_on_both_backends() -> None:
    spec = load_spec("king")
    results = []
    for backend in ("python", "native"):
        study = Study((spec,), 12, ("rules",), seed=5, backend=backend)
        data = summary(study, run_study(study))
        data["study"].pop("backend")
        results.append(json.dumps(data, sort_keys=True))
    assert results[0] == results[1]
