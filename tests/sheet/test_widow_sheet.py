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


def test_a_card_that_lay_in_an_aside_widow_has_no_taker() -> None:
    """Section 6: Q♠ (−13 of its own) in the widow set aside is left out of
    ``card``: nobody took it, so nobody scores it; no more cards than the
    widow holds may go without a taker, and only where a widow is set aside."""
    aside = load_spec(WIDOW + "+aside")
    hand = {"contract": "Hearts", "declarer": 0, "took": {"cards": {"H": [3, 3, 3, 2, 1]}, "card": {}}}
    scored, problems = score_hand(aside, 5, hand)
    assert not problems and scored is not None and scored.raw == (-3, -3, -3, -2, -1)
    _, problems = score_hand(load_spec(WIDOW), 5, {**hand, "took": {"cards": {"H": [3, 3, 3, 2, 2]}, "card": {}}})
    assert [(p.code, p.field) for p in problems] == [("missing_card", "took.card.QS")]
    _, problems = score_hand(aside, 5, {**hand, "took": {"cards": {"H": [3, 3, 3, 2, 1]}, "card": {"QS": 7}}})
    assert [p.code for p in problems] == ["not_a_seat"]


def test_a_played_table_with_a_card_in_the_aside_widow_reopens_at_its_totals() -> None:
    """Section 6: the score sheet of a game played with a widow set aside
    (or the dealer's discards) leaves a card nobody took without a taker,
    and opens again at the game's own totals."""
    from barbu_dsl.bots import make_bots
    from barbu_dsl.engine import GameState
    from barbu_dsl.engine.game import play
    from barbu_dsl.sheet.game import SheetGame
    from barbu_dsl.sheet.played import game_file

    untaken = 0
    for ref, players in ((WIDOW + "+aside", 5), (str(Path(__file__).parents[1] / "generator" / "discards.yaml"), 3)):
        spec = load_spec(ref)
        for seed in range(6):
            state = GameState.new(spec, players=players, seed=seed)
            play(state, make_bots(["random"], players, seed))
            data = game_file(spec, ref, [f"P{seat}" for seat in range(players)], state.hands)
            untaken += sum(1 for hand in data["hands"] if hand.get("took", {}).get("card") == {})
            assert SheetGame.from_json(data).totals == state.totals
    assert untaken, "some hand had its Q♠ set aside"
