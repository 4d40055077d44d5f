"""Small statistics for win rates and timings, shared by the command line, benchmarks and notebooks."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

T95 = (12.71, 4.30, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26)
"""Two-sided 95% points of Student's t for 1 to 9 degrees of freedom (a benchmark's few runs)."""


def wilson_interval(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval for a proportion (good even near 0 or 1)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0–100), by linear interpolation between the sorted values."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = (len(ordered) - 1) * q / 100
    low = math.floor(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def mean_interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean of 2 to 10 timed runs and the half-width of its 95% interval (Student's t)."""
    return statistics.mean(values), T95[len(values) - 2] * statistics.stdev(values) / len(values) ** 0.5
