"""Means and paired differences with 95% confidence intervals, from the
exact sums of :mod:`.tally`.

The method.  A game is one independent observation (its deals and bot
seeds come from its own seed); within a game a statistic counts ``n_g``
things with sum ``x_g`` (four Barbu hands per game, say, one per
declarer).  The mean is the ratio ``R = Σx / Σn``.  Its standard error is
the usual one for a ratio of means over independent clusters (the delta
method): with the residuals ``e_g = x_g − R·n_g`` and ``n̄ = Σn / G`` over
``G`` games,

    SE(R)² = Σ e_g² / (G (G − 1) n̄²)

and the interval is ``R ± 1.96·SE``.  When every game counts one thing
this is exactly ``mean ± 1.96·s/√n``.

The difference between a spec and the first one is paired on the
duplicate deals: game ``g`` is played by both, so with
``z_g = e_g/n̄ − e₀_g/n̄₀`` (both specs' residuals on the same game)

    SE(R − R₀)² = Σ z_g² / (G (G − 1))

which is again ``mean ± 1.96·s/√n`` of the per-game differences when
each game counts one thing in each spec.  Pairing removes the luck of the
cards that both specs share, so the interval is much narrower than the
two separate intervals would suggest.

All sums are exact ints and the arithmetic is done in fractions until the
final square root, so the figures do not depend on how the games were
split between workers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

Z95 = 1.96


@dataclass(frozen=True)
class Estimate:
    """A mean (or a difference of means) with the half-width of its 95%
    interval; ``count`` is Σn (the things counted)."""

    mean: float
    half: float
    count: int

    def to_json(self, digits: int = 4) -> dict[str, object]:
        half = None if math.isnan(self.half) else round(self.half, digits)
        return {"mean": round(self.mean, digits), "ci95": half, "n": self.count}


def _residual_square(m: list[int], i: int, ratio: Fraction) -> Fraction:
    """Σ(x − R·n)² from Σx², Σx·n and Σn² (value ``i`` of the key)."""
    sum_n2 = m[1]
    sum_x2, sum_xn = m[2 + 3 * i + 1], m[2 + 3 * i + 2]
    return sum_x2 - 2 * ratio * sum_xn + ratio * ratio * sum_n2


def ratio(m: list[int], i: int, games: int) -> Estimate | None:
    """The mean of value ``i`` (0: the first ``x``) of a key's moments
    ``m`` over ``games`` games; None when nothing was counted."""
    total_n, total_x = m[0], m[2 + 3 * i]
    if total_n == 0:
        return None
    r = Fraction(total_x, total_n)
    return Estimate(float(r), _half(_residual_square(m, i, r) * games * games / (total_n * total_n), games), total_n)


def difference(m: list[int], base: list[int], cross: list[int], i: int, games: int) -> Estimate | None:
    """The paired difference of value ``i`` between a spec (moments ``m``)
    and the first spec (``base``), with their cross moments ``cross``."""
    n, n0 = m[0], base[0]
    if n == 0 or n0 == 0:
        return None
    r, r0 = Fraction(m[2 + 3 * i], n), Fraction(base[2 + 3 * i], n0)
    # Σ e·e₀ = Σx·x₀ − R₀ Σx·n₀ − R Σn·x₀ + R R₀ Σn·n₀
    sum_nn0 = cross[0]
    sum_xx0, sum_xn0, sum_nx0 = cross[1 + 3 * i], cross[1 + 3 * i + 1], cross[1 + 3 * i + 2]
    ee0 = sum_xx0 - r0 * sum_xn0 - r * sum_nx0 + r * r0 * sum_nn0
    nbar, nbar0 = Fraction(n, games), Fraction(n0, games)
    zz = (_residual_square(m, i, r) / (nbar * nbar) - 2 * ee0 / (nbar * nbar0)
          + _residual_square(base, i, r0) / (nbar0 * nbar0))
    return Estimate(float(r - r0), _half(zz, games), min(n, n0))


def _half(sum_sq: Fraction, games: int) -> float:
    """1.96 standard errors, from Σz² over ``games`` games (NaN for one game)."""
    if games < 2:
        return math.nan
    variance = sum_sq / (games * (games - 1))
    return Z95 * math.sqrt(max(0.0, float(variance)))
