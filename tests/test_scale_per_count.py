"""A scale changed for one player count (docs/rules.md section 2,
"Variants and scales"): a variant or scale gives a contract's rule line for
particular player counts (``No tricks: {players: {3: −3 per trick}}``),
the other counts keeping theirs; read and printed again, checked at the
per-count line, proved by verify count by count, played by the engine."""

from __future__ import annotations

import pytest

from barbu_dsl.bots import make_bots
from barbu_dsl.compiled import hand_totals
from barbu_dsl.engine import play_game, replay_record
from barbu_dsl.errors import SpecError
from barbu_dsl.language import load_spec, parse_spec, print_file
from barbu_dsl.language import model as m
from barbu_dsl.verifier import verify

BASE = """name: per-count
players: [3, 4, 5]
contracts:
  No tricks: −2 per trick
  Barbu:
    rules: K♥ −20, no ♥ lead
    players: {5: "K♥ −25, no ♥ lead"}
scales:
"""


def _spec(scale: str, name: str = "three") -> m.Spec:
    return parse_spec(BASE + f"  {name}:\n    contracts:\n" + scale, "per-count.yaml")


def _applied(scale: str, tmp_path, name: str = "three") -> m.Spec:
    path = tmp_path / "per-count.yaml"
    path.write_text(BASE + f"  {name}:\n    contracts:\n" + scale, encoding="utf-8")
    return load_spec(f"{path}+{name}")


def test_the_rules_of_one_count_change_and_the_others_keep_theirs(tmp_path) -> None:
    spec = _applied("      No tricks: {players: {3: −3 per trick}}\n"
                    "      Barbu: {players: {4: \"K♥ −16, no ♥ lead\"}}\n", tmp_path)
    no_tricks, barbu = spec.contract("No tricks"), spec.contract("Barbu")
    assert str(no_tricks.rules_for(3).scoring) != str(no_tricks.rules_for(4).scoring)
    assert no_tricks.rules_for(4) == no_tricks.rules_for(5) == no_tricks.rules
    assert barbu.rules_for(3) == barbu.rules
    assert barbu.rules_for(5) != barbu.rules_for(4) != barbu.rules  # the base's 5-player line is kept
    deck = {n: spec.deck_for(n) for n in spec.players}
    assert hand_totals(no_tricks.rules_for(3), 3, deck[3]).min == -51
    assert hand_totals(no_tricks.rules_for(4), 4, deck[4]).min == -26
    assert hand_totals(barbu.rules_for(4), 4, deck[4]).min == -16
    assert hand_totals(barbu.rules_for(5), 5, deck[5]).min == -25


def test_verify_proves_each_count_with_its_own_values(tmp_path) -> None:
    """Section 2: a scale's totals are proved count by count; here the
    scale makes 4 players sum to zero and leaves 3 and 5 as they were."""
    path = tmp_path / "zero.yaml"
    path.write_text("""name: zero
players: [3, 4]
contracts:
  No tricks: −2 per trick
  Trumps: trumps, +2 per trick
  Barbu: K♥ −20, no ♥ lead
scales:
  even-four:
    contracts:
      Trumps: {players: {4: "trumps, +2 per trick, +20 last trick"}}
""", encoding="utf-8")
    before, after = ({c.players: c for c in verify(load_spec(ref)).counts} for ref in (str(path), f"{path}+even-four"))
    assert not before[4].zero_sum and after[4].zero_sum
    assert (after[3].sum_min, after[3].sum_max) == (before[3].sum_min, before[3].sum_max) == (-60, -60)
    assert not after[3].zero_sum


def test_a_scale_prints_again_as_written(tmp_path) -> None:
    spec = _spec("      No tricks: {players: {3: −3 per trick}, add: −1 last trick}\n")
    text = print_file(spec)
    assert "No tricks: {add: −1 last trick, players: {3: −3 per trick}}" in text
    assert parse_spec(text, "again.yaml").overlays == spec.overlays


@pytest.mark.parametrize("scale, where, message", [
    ("      No tricks: {players: {3: −26 spread over tricks}}\n", "11:32",
     "No tricks, 3 players: '−26 spread over tricks' does not share out evenly over 17 tricks"),
    ("      No tricks: {players: {6: −3 per trick}}\n", "11:32",
     "No tricks gives rules for 6 players, but the spec allows 3, 4, 5"),
    ("      No tricks: {players: {3: −3 per zz}}\n", "11:39", "unknown suit, rank or card set 'zz'"),
    ("      No tricks: {players: {11: −3 per trick}}\n", "11:29", "11"),
    ("      Barbu: {players: {5: K♥ −25}, remove: no ♥ lead}\n", "11:7", ""),
])
def test_problems_are_found_at_the_per_count_line(tmp_path, scale: str, where: str, message: str) -> None:
    path = tmp_path / "per-count.yaml"
    path.write_text(BASE + "  three:\n    contracts:\n" + scale, encoding="utf-8")
    if not message:  # a patch and per-count lines together: the patch applies first, then the lines
        spec = load_spec(f"{path}+three")
        barbu = spec.contract("Barbu")
        assert barbu.rules_for(4).play.lead_bans == barbu.rules_for(5).play.lead_bans == ()
        assert barbu.rules_for(5) != barbu.rules_for(4)
        return
    with pytest.raises(SpecError) as caught:
        load_spec(f"{path}+three")
    text = str(caught.value)
    assert f"per-count.yaml:{where}" in text and message in text, text


def test_the_engine_plays_each_count_with_its_rules(tmp_path) -> None:
    spec = _applied("      No tricks: {players: {3: −3 per trick}}\n", tmp_path)
    for players, total in ((3, -51), (4, -26), (5, -20)):
        result = play_game(spec, make_bots(["random"], players, seed=1), seed=1, players=players)
        played = [hand for hand in result.hands if hand.record["contract"] == "No tricks"]
        assert played
        for hand in played:
            assert sum(replay_record(spec, hand.record)["raw"]) == sum(hand.raw) == total
