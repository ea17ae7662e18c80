"""The chi-square distribution's upper tail, so the uniformity lab gives its verdict with the
plain install (scipy is an optional extra; the tests check these figures against it).

The p-value of a chi-square statistic ``x`` with ``df`` degrees of freedom is the regularized upper
incomplete gamma function ``Q(df / 2, x / 2)``: a power series below ``a + 1``, Lentz's continued
fraction above it (the split where each converges fastest; Numerical Recipes, section 6.2).
"""

from __future__ import annotations

import math

EPSILON = 1e-15
"""Relative size of the last term at which a series or fraction has converged."""
TINY = 1e-300
"""Keeps the continued fraction's denominators off zero."""


def chi_square_p(statistic: float, df: int) -> float:
    """P(X >= statistic) for X chi-square with ``df`` degrees of freedom."""
    if df < 1:
        raise ValueError(f"degrees of freedom must be at least 1, not {df}")
    half = statistic / 2
    if half <= 0:  # also a statistic so small that halving it underflows to zero
        return 1.0
    return upper_gamma(df / 2, half)


def upper_gamma(a: float, x: float) -> float:
    """The regularized upper incomplete gamma function Q(a, x) = 1 - P(a, x)."""
    if x < a + 1:
        return max(0.0, 1.0 - _lower_series(a, x))
    return _upper_fraction(a, x)


def _prefactor(a: float, x: float) -> float:
    """x^a e^-x / Gamma(a), in logarithms so large a and x do not overflow."""
    return math.exp(a * math.log(x) - x - math.lgamma(a))


def _iterations(a: float) -> int:
    """Enough terms for any a: both expansions need about sqrt(a) of them near x = a."""
    return 100 + int(10 * math.sqrt(a))


def _lower_series(a: float, x: float) -> float:
    """P(a, x) by its series sum x^n / (a (a+1) ... (a+n)), for x < a + 1."""
    term = total = 1.0 / a
    denominator = a
    for _ in range(_iterations(a)):
        denominator += 1
        term *= x / denominator
        total += term
        if abs(term) < abs(total) * EPSILON:
            break
    return total * _prefactor(a, x)


def _upper_fraction(a: float, x: float) -> float:
    """Q(a, x) by its continued fraction (modified Lentz), for x >= a + 1."""
    b = x + 1 - a
    c = 1 / TINY
    d = 1 / b
    fraction = d
    for n in range(1, _iterations(a) + 1):
        an = -n * (n - a)
        b += 2
        d = an * d + b
        d = TINY if abs(d) < TINY else d
        c = b + an / c
        c = TINY if abs(c) < TINY else c
        d = 1 / d
        delta = d * c
        fraction *= delta
        if abs(delta - 1) < EPSILON:
            break
    return fraction * _prefactor(a, x)
