"""The chi-square tail the lab's verdict rests on, against scipy's on a grid of inputs."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from visualizer.analysis.chi_square import chi_square_p, upper_gamma

DEGREES = [1, 2, 3, 7, 15, 191, 1000, 2414, 100_000, 3_000_000]
RATIOS = [0.01, 0.3, 0.8, 0.95, 1.0, 1.05, 1.2, 1.5, 2.0, 4.0, 10.0]


@pytest.mark.parametrize("df", DEGREES)
def test_the_tail_matches_scipy_from_one_to_millions_of_degrees(df):
    from scipy.stats import chi2

    for ratio in RATIOS:
        statistic = df * ratio
        expected = float(chi2.sf(statistic, df))
        assert chi_square_p(statistic, df) == pytest.approx(expected, rel=1e-7, abs=1e-290), (df, ratio)


def test_known_values():
    assert chi_square_p(10.0, 1) == pytest.approx(math.erfc(math.sqrt(5)), rel=1e-12)
    assert chi_square_p(4.0, 2) == pytest.approx(math.exp(-2), rel=1e-12)  # df 2: the tail is e^(-x/2)
    assert chi_square_p(0.0, 5) == 1.0
    assert upper_gamma(1.0, 3.0) == pytest.approx(math.exp(-3), rel=1e-12)


def test_no_degrees_of_freedom_is_refused():
    with pytest.raises(ValueError, match="at least 1"):
        chi_square_p(3.0, 0)


@given(df=st.integers(1, 5000), low=st.floats(0, 20_000), step=st.floats(0.001, 5000))
def test_a_larger_statistic_is_never_more_likely(df, low, step):
    high_p, low_p = chi_square_p(low + step, df), chi_square_p(low, df)
    assert 0.0 <= high_p <= low_p + 1e-12 <= 1.0 + 1e-12
