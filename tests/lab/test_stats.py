"""The lab's statistics (lab/stats.py): with one thing counted per game the
interval is exactly mean ± 1.96·s/√n, and the paired difference is that of
the per-game differences; with several per game, the ratio estimator's
delta-method interval, checked against a direct computation."""

from __future__ import annotations

import math
import random
import statistics

import pytest

from barbu_dsl.lab import stats
from barbu_dsl.lab.tally import Tally


def tally_of(games: list[tuple[tuple[int, int], tuple[int, int]]]) -> Tally:
    """A two-spec tally of one key from per-game (n, x) pairs."""
    tally = Tally(2)
    for a, b in games:
        tally.add_game([{("k",): a}, {("k",): b}], [[], []])
    return tally


def test_one_per_game_is_the_textbook_interval() -> None:
    rng = random.Random(1)
    pairs = [((1, rng.randint(-30, 10)), (1, rng.randint(-30, 10))) for _ in range(50)]
    tally = tally_of(pairs)
    xs = [a[1] for a, _ in pairs]
    est = stats.ratio(tally.moments[0][("k",)], 0, tally.games)
    assert est is not None
    assert est.mean == pytest.approx(statistics.fmean(xs))
    assert est.half == pytest.approx(1.96 * statistics.stdev(xs) / math.sqrt(len(xs)))
    diffs = [a[1] - b[1] for a, b in pairs]
    d = stats.difference(tally.moments[1][("k",)], tally.moments[0][("k",)], tally.cross[1][("k",)], 0, tally.games)
    assert d is not None
    assert d.mean == pytest.approx(statistics.fmean(diffs) * -1)
    assert d.half == pytest.approx(1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)))


def test_several_per_game_is_the_delta_method() -> None:
    rng = random.Random(2)
    games = []
    for _ in range(40):
        n = rng.randint(0, 4)
        games.append(((n, sum(rng.randint(-5, 5) for _ in range(n))), (2, rng.randint(-8, 8))))
    tally = tally_of(games)
    est = stats.ratio(tally.moments[0][("k",)], 0, tally.games)
    assert est is not None
    total_n = sum(a[0] for a, _ in games)
    r = sum(a[1] for a, _ in games) / total_n
    nbar = total_n / len(games)
    residuals = [(x - r * n) / nbar for (n, x), _ in games]
    se = math.sqrt(sum(e * e for e in residuals) / (len(games) * (len(games) - 1)))
    assert est.mean == pytest.approx(r)
    assert est.half == pytest.approx(1.96 * se)
    r0 = sum(b[1] for _, b in games) / sum(b[0] for _, b in games)
    z = [(x - r * n) / nbar - (x0 - r0 * n0) / 2 for (n, x), (n0, x0) in games]
    d = stats.difference(tally.moments[0][("k",)], tally.moments[1][("k",)],
                         tally_of([(b, a) for a, b in games]).cross[1][("k",)], 0, tally.games)
    assert d is not None
    assert d.mean == pytest.approx(r - r0)
    assert d.half == pytest.approx(1.96 * math.sqrt(sum(v * v for v in z) / (len(z) * (len(z) - 1))))


def test_merging_is_order_free() -> None:
    rng = random.Random(3)
    games = [((1, rng.randint(-9, 9)), (1, rng.randint(-9, 9))) for _ in range(30)]
    whole = tally_of(games)
    parts = [tally_of(games[i:i + 7]) for i in range(0, 30, 7)]
    merged = Tally(2)
    for part in reversed(parts):
        merged.merge(part)
    assert merged == whole


def test_nothing_counted_is_no_estimate() -> None:
    tally = tally_of([((0, 0), (1, 3)), ((0, 0), (1, 4))])
    assert stats.ratio(tally.moments[0][("k",)], 0, tally.games) is None
    single = tally_of([((1, 3), (1, 3))])
    est = stats.ratio(single.moments[0][("k",)], 0, single.games)
    assert est is not None and math.isnan(est.half) and est.to_json()["ci95"] is None
