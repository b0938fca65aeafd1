"""The compiled rules (docs/rules.md sections 1–3): each fact of a contract,
worked out once, and the same fact for every reader."""

from __future__ import annotations

import pytest
from engine.helpers import HEARTS, OTHERS, TOURNAMENT, card, rules

from barbu_dsl import cards as C
from barbu_dsl.compiled import (
    SUIT_MASKS,
    cards_of,
    hand_totals,
    lead_ban_masks,
    mask_of,
    placing_values,
    plays_out,
    selector_mask,
    tie_shares,
    trick_table,
    trick_values,
    trump_mode,
    value_sum,
)
from barbu_dsl.language import model as m

DECK = tuple(range(52))


def test_masks_iterate_in_card_order() -> None:
    """Section 1: the fixed order of card lists is suit then rank, low to high."""
    cards = [card("AS"), card("2C"), card("KH"), card("3C")]
    assert cards_of(mask_of(cards)) == sorted(cards)
    assert SUIT_MASKS[C.HEARTS] == mask_of(C.card(r, C.HEARTS) for r in C.RANKS)


@pytest.mark.parametrize(("line", "mode"), [
    (TOURNAMENT["No tricks"], "none"), (TOURNAMENT["Trumps"], "named"),
    ("trumps ♠, +5 per trick", "fixed"), (TOURNAMENT["Domino"], "none"),
])
def test_trump_mode(line: str, mode: str) -> None:
    """Section 2, Trumps: the declarer names the suit; a contract may fix it."""
    assert trump_mode(rules(line).play) == mode


def test_trick_positions_by_index() -> None:
    """Sections 2 and 3: positions count from 1 or from the end; values on one
    trick add up (section 1, values that add up); a missing trick never scores."""
    scoring = rules("−10 penultimate trick, −20 last trick, −2 per trick, +60 first trick, −15 trick 12").scoring
    values = trick_values(scoring, 13)
    assert values[0] == 60 and values[11] == -25 and values[12] == -20 and sum(values) == 15
    assert trick_values(scoring, 10) == (60, 0, 0, 0, 0, 0, 0, 0, -10, -20)
    assert m.TrickAt(-20, 14).index(13) is None and m.TrickAt(-20, -13).index(13) == 0


def test_placings() -> None:
    """Section 2, Domino: +45 / +20 / +5 / −5 by order of going out."""
    scoring = rules(TOURNAMENT["Domino"]).scoring
    assert placing_values(scoring, 4) == (45, 20, 5, -5)
    assert placing_values(scoring, 3) == (45, 20, 5)


@pytest.mark.parametrize(("part", "shares"), [
    (m.MostOfOneSuit(-36), (0, -36, -18, -12, -9)),
    (m.MostOfOneSuit(-36, "full"), (0, -36, -36, -36, -36)),
    (m.MostOfOneSuit(-35, "split", "down"), (0, -35, -18, -12, -9)),
    (m.MostOfOneSuit(-35, "split", "up"), (0, -35, -17, -11, -8)),
    (m.MostOfOneSuit(-35, "split", "nearest"), (0, -35, -18, -12, -9)),
])
def test_tie_shares(part: m.MostOfOneSuit, shares: tuple[int, ...]) -> None:
    """Section 2 variant 9 and its ruling: ties share equally; down = floor, up = ceiling."""
    assert tie_shares(part, 4) == shares


@pytest.mark.parametrize(("line", "out"), [
    (TOURNAMENT["No tricks"], True), (TOURNAMENT["Trumps"], True), (OTHERS["ravage city"], True),
    (HEARTS, True), (TOURNAMENT["No queens"], False), (TOURNAMENT["No last two"], False),
    (TOURNAMENT["Barbu"], False), (TOURNAMENT["Domino"], False),
])
def test_plays_out(line: str, out: bool) -> None:
    """Section 1, early end and playing out: Hearts says so, per-trick scoring
    and Ravage City always play every trick."""
    assert plays_out(rules(line)) is out
    if not rules(line).is_domino:
        assert trick_table(rules(line), 4, DECK, 0).plays_out is out


def test_lead_bans_and_selectors() -> None:
    """Sections 2 and 3: a ban's suit and what breaks it; first-trick bans on the points."""
    play = rules(HEARTS).play
    assert isinstance(play, m.TrickPlay)
    (ban,) = lead_ban_masks(play)
    assert ban.scope == "until-broken" and ban.suit_mask == SUIT_MASKS[C.HEARTS]
    assert ban.broken_by == SUIT_MASKS[C.HEARTS] | 1 << card("QS")
    points = [c for c in DECK if trick_table(rules(HEARTS), 4, DECK, None).values[c]]
    assert selector_mask(play.first_trick_bans, None, points) == SUIT_MASKS[C.HEARTS] | 1 << card("QS")


@pytest.mark.parametrize("name", sorted(TOURNAMENT))
def test_value_sum_is_the_fixed_hand_total(name: str) -> None:
    """Section 2: −26 −24 −30 −30 −20 +65 +65 — the value sum and every hand's total agree."""
    r = rules(TOURNAMENT[name])
    assert hand_totals(r, 4, DECK).totals == (value_sum(r, 4, DECK),)


def test_hand_totals_that_vary() -> None:
    """Section 3, all or nothing: S or −S; shoot the moon: S or 3·S; section 2
    variant 9: an undeclared rounding is a problem."""
    assert hand_totals(rules(OTHERS["with card aon"]), 4, DECK).totals == (-60, 60)
    assert hand_totals(rules(HEARTS), 4, DECK).totals == (26, 78)
    five = hand_totals(rules("−36 most of one suit"), 5, DECK[2:])
    assert five.totals == (-36, -35) and five.problems == ("tie split −36/5 does not divide; declare a rounding",)
