"""The benchmarks' interval for a mean of a few timed runs."""

import pytest

from ausp_widget.core.stats import mean_interval


def test_a_mean_of_few_runs_has_students_t_interval():
    mean, half = mean_interval([1.0, 2.0, 3.0])  # stdev 1, two degrees of freedom: t = 4.30
    assert mean == 2.0 and half == pytest.approx(4.30 / 3**0.5)
    assert mean_interval([5.0, 5.0]) == (5.0, 0.0)
