"""``score_hand``: a score sheet that knows only who took what, checked by
hand against the rules (RULES.md sections 2 and 3)."""

from __future__ import annotations

R = "23456789TJQKA"


def suit(s: str, ranks: str = R) -> list[str]:
    return [r + s for r in ranks]


def test_no_last_two_scores_the_last_tricks(packages) -> None:
    t = packages("tournament")
    winners = [0] * 11 + [1, 2]  # seat 1 takes the 12th trick (-10), seat 2 the 13th (-20)
    result = t.score_hand("No last two", winners=winners, captured=[[], [], [], []])
    assert result["raw"] == [0, -10, -20, 0]


def test_no_hearts_ace_counts_six(packages) -> None:
    t = packages("tournament")
    result = t.score_hand("No hearts", winners=[0] * 13, captured=[suit("H", "2345A"), suit("H", "6789"), [], []],
                          doubles=[[1, 0]])
    assert result["raw"] == [-14, -8, 0, 0]  # 4 hearts at -2 and the ace at -6; 4 hearts at -2
    assert result["transfers"] == [-6, 6, 0, 0]  # seat 1 doubled seat 0: the difference 6 passes
    assert result["final"] == [-20, -2, 0, 0]


def test_ravage_city_ties_share_the_penalty(packages) -> None:
    """RULES.md variant 9: the players with the highest single-suit count
    share -36: two ways -18 each, three ways -12 each, four ways -9."""
    t = packages("tournament+ravage-city")
    two = [suit("C", "2345678"), suit("D", "2345678"), suit("H", "2345"), suit("S", "2345")]
    assert t.score_hand("Ravage City", winners=[0] * 13, captured=two)["raw"] == [-18, -18, 0, 0]
    three = [suit("C", "23456"), suit("D", "23456"), suit("H", "23456"), suit("S", "2345")]
    assert t.score_hand("Ravage City", winners=[0] * 13, captured=three)["raw"] == [-12, -12, -12, 0]
    four = [suit("C", "234"), suit("D", "234"), suit("H", "234"), suit("S", "234")]
    assert t.score_hand("Ravage City", winners=[0] * 13, captured=four)["raw"] == [-9, -9, -9, -9]
    alone = [suit("C"), suit("D", "2"), [], []]
    assert t.score_hand("Ravage City", winners=[0] * 13, captured=alone)["raw"] == [-36, 0, 0, 0]


def test_hearts_shoot_the_moon(packages) -> None:
    h = packages("hearts")
    everything = suit("H") + ["QS"]
    assert h.score_hand("Hearts", winners=[2] * 13, captured=[[], [], everything, []])["raw"] == [26, 26, 0, 26]
    assert h.score_hand("Hearts", winners=[2] * 13, captured=[["2H"], [], everything[1:], []])["raw"] == \
        [1, 0, 25, 0]


def test_all_or_nothing_negates(packages) -> None:
    """RULES.md section 3: taking every trick of Mini turns +65 into -65."""
    f = packages("french-classic+all-or-nothing")
    assert f.score_hand("Mini", winners=[3] * 13, captured=[[], [], [], []])["raw"] == [0, 0, 0, -65]
    assert f.score_hand("Mini", winners=[3] * 12 + [0], captured=[[], [], [], []])["raw"] == [5, 0, 0, 60]


def test_misery_counts_the_named_trump(packages) -> None:
    f = packages("french-classic")
    result = f.score_hand("Misery", winners=[0] * 13, captured=[suit("S", "234"), suit("S", "56"), [], []],
                          trump="S")
    assert result["raw"] == [15, 10, 0, 0]  # +5 per trump taken (the twin of Trumps' -5)


def test_domino_placings(packages) -> None:
    t = packages("tournament+brader")
    assert t.score_hand("Domino", placings=[2, 0, 3, 1])["raw"] == [20, -20, 40, 0]
