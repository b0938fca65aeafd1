"""Doubling (docs/rules.md section 2, Doubling, variants 3 and 4)."""

from __future__ import annotations

import pytest

from barbu_dsl.engine import check_doubles, is_not_played, is_positive, not_played_scores, settle
from barbu_dsl.errors import RecordError
from barbu_dsl.language import model as m

from .helpers import TOURNAMENT, rules

DECK = tuple(range(52))
ANYONE = m.Doubling()
DECLARER_ONLY = m.Doubling(whom="declarer-only")


def test_seed_example_settlement() -> None:
    """Section 2 worked example: Anna −12, Bea +24, Carla −12, Diana −24."""
    raw = [-6, 0, -6, -12]
    pairs = [(1, 0), (1, 2), (1, 3), (2, 0), (0, 2)]
    check_doubles(ANYONE, 0, pairs, positive=False)
    transfers = settle(raw, pairs)
    assert transfers == [-6, 24, -6, -12]
    assert [r + t for r, t in zip(raw, transfers)] == [-12, 24, -12, -24]


def test_redouble_passes_the_difference_twice() -> None:
    """Section 2: if both doubled each other, twice the difference."""
    assert settle([-20, 0, 0, 0], [(1, 0), (0, 1)]) == [-40, 40, 0, 0]
    assert settle([-20, 0, 0, 0], []) == [0, 0, 0, 0]


def illegal_reason(doubling: m.Doubling, declarer: int, pairs: list[tuple[int, int]],
                   positive: bool = False) -> tuple[list[int], str]:
    with pytest.raises(RecordError) as caught:
        check_doubles(doubling, declarer, pairs, positive)
    assert caught.value.kind == "illegal_double"
    return caught.value.details["pair"], caught.value.details["reason"]


def test_rulings_on_valid_sets() -> None:
    """Section 2 ruling: no one doubles themselves; the declarer doubles only
    players who doubled them; in a positive contract every double is against
    the declarer or the declarer's redouble."""
    assert illegal_reason(ANYONE, 0, [(1, 1)]) == ([1, 1], "a player cannot double themselves")
    assert illegal_reason(ANYONE, 0, [(1, 0), (1, 0)])[1] == "the same double is given twice"
    assert illegal_reason(ANYONE, 0, [(0, 2)]) == (
        [0, 2], "the declarer may only double players who doubled them")
    check_doubles(ANYONE, 0, [(2, 0), (0, 2), (1, 3), (3, 1)], positive=False)
    assert illegal_reason(ANYONE, 0, [(2, 0), (1, 3)], positive=True) == (
        [1, 3], "in a positive contract only the declarer may be doubled")
    check_doubles(ANYONE, 0, [(2, 0), (0, 2), (1, 0)], positive=True)


def test_no_doubling_and_no_redouble() -> None:
    """Section 2 variant 2 (no doubling) and a spec without redoubles."""
    assert illegal_reason(m.Doubling(allowed=False), 0, [(1, 0)])[1] == "this spec has no doubling"
    check_doubles(m.Doubling(allowed=False), 0, [], positive=False)
    assert illegal_reason(m.Doubling(redouble=False), 0, [(1, 0), (0, 1)]) == (
        [0, 1], "the declarer may not redouble")


def test_declarer_only_variant() -> None:
    """Section 2 variant 3: only the declarer may be doubled, and a redouble
    must cover everyone who doubled the declarer."""
    assert illegal_reason(DECLARER_ONLY, 0, [(1, 2)])[1] == "only the declarer may be doubled"
    check_doubles(DECLARER_ONLY, 0, [(1, 0), (2, 0)], positive=False)
    check_doubles(DECLARER_ONLY, 0, [(1, 0), (2, 0), (0, 1), (0, 2)], positive=False)
    pair, reason = illegal_reason(DECLARER_ONLY, 0, [(1, 0), (2, 0), (0, 1)])
    assert pair == [0, 1] and "must cover" in reason and "seat 2" in reason


@pytest.mark.parametrize(("name", "positive"), [
    ("No tricks", False), ("No queens", False), ("Barbu", False), ("Trumps", True), ("Domino", True),
])
def test_positive_contracts(name: str, positive: bool) -> None:
    """Section 2: Trumps and Domino are the positive contracts."""
    assert is_positive(rules(TOURNAMENT[name]), 4, DECK) is positive
    assert is_positive(rules(TOURNAMENT[name]), 4, DECK, aim="lowest") is (not positive)


@pytest.mark.parametrize(("total", "declarer_score", "each"), [
    (-26, 1, -9), (-30, 0, -10), (-20, 1, -7), (-24, 0, -8),
])
def test_undoubled_not_played_split(total: int, declarer_score: int, each: int) -> None:
    """Section 2 variant 4 ruling: No tricks +1/−9, No hearts and No last two
    0/−10, Barbu +1/−7, No queens 0/−8."""
    assert not_played_scores(total, 2, 4) == [each, each, declarer_score, each]


def test_not_played_only_when_nobody_doubles_the_declarer() -> None:
    """Section 2 variant 4: only a negative contract nobody doubles."""
    doubling = m.Doubling(undoubled="not-played")
    assert is_not_played(doubling, 0, [], positive=False)
    assert is_not_played(doubling, 0, [(1, 2)], positive=False)
    assert not is_not_played(doubling, 0, [(1, 0)], positive=False)
    assert not is_not_played(doubling, 0, [], positive=True)
    assert not is_not_played(ANYONE, 0, [], positive=False)
