"""docs/rules.md section 6, Packs, decks and player counts: at the score
sheet a widow set aside lets the counts of a set fall short by the cards
it holds (nobody took them) and the raw scores add up to any total of the
range; a widow taken with the first trick changes nothing the scorer
enters (its taker's counts hold its cards)."""

from __future__ import annotations

from pathlib import Path

from barbu_dsl.language import load_spec
from barbu_dsl.sheet.hand import score_hand

WIDOW = str(Path(__file__).parents[1] / "generator" / "widow.yaml")


def hearts(took_h: list[int] | None = None, raw: list[int] | None = None) -> dict:
    hand: dict = {"contract": "Hearts", "declarer": 0}
    if raw is not None:
        hand["raw"] = raw
    else:
        hand["took"] = {"cards": {"H": took_h}, "card": {"QS": 1}}
    return hand


def test_an_aside_widow_lets_the_counts_fall_short_by_its_cards() -> None:
    aside = load_spec(WIDOW + "+aside")
    scored, problems = score_hand(aside, 5, hearts([3, 3, 3, 2, 1]))
    assert not problems and scored is not None and scored.raw == (-3, -16, -3, -2, -1)
    _, problems = score_hand(aside, 5, hearts([3, 3, 2, 2, 0]))  # 10 of 13: more than the widow holds
    assert [p.code for p in problems] == ["set_sum"]
    scored, problems = score_hand(aside, 5, hearts(raw=[-3, -3, -3, -2, -1]))
    assert not problems and scored is not None and scored.status == "raw"


def test_a_first_trick_widow_is_counted_in_full() -> None:
    first = load_spec(WIDOW)
    _, problems = score_hand(first, 5, hearts([3, 3, 3, 2, 1]))
    assert [p.code for p in problems] == ["set_sum"]
    scored, problems = score_hand(first, 5, hearts([3, 3, 3, 2, 2]))
    assert not problems and scored is not None and sum(scored.raw) == -26
