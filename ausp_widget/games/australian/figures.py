"""The measured strategy figures the lessons quote, read from data/australian_habits.json (written by
`bench/habits.py --write`, which describes every key; `tests/test_habits.py` re-measures a sample).
A figure is "paired" (one player with a habit, one without, the same deals), a "share" of deals,
or grouped by the opening tableau (judge "solver": winnable, "hint": won by the hint player).
"""

from __future__ import annotations

import json
from functools import lru_cache

from ausp_widget.core.stats import wilson_interval
from ausp_widget.data import read_text as read_data

__all__ = ["deal_range", "figure_words", "habit_figures"]


@lru_cache(maxsize=1)
def _text() -> str:
    return read_data("australian_habits.json")


def habit_figures() -> dict:
    """Every measured figure, by key (a fresh copy: callers may change it freely)."""
    return json.loads(_text())


def deal_range(key: str) -> str:
    """The deals a figure was measured over, in words ("deals 1–10000"), as its record says."""
    fig = habit_figures()[key]
    return f"deals {fig['first']}–{fig['first'] + fig['deals'] - 1}"


def _share(a: int, n: int) -> str:
    """Words like "241 of 1000 deals (24.1%, 95% interval 21.5–26.8%)"."""
    low, high = wilson_interval(a, n)
    return f"{a} of {n} deals ({100 * a / n:.1f}%, 95% interval {100 * low:.1f}–{100 * high:.1f}%)"


def figure_words(key: str, judge: str = "solver") -> str:
    """One figure as words a lesson can quote; `judge` ("solver" or "hint") for grouped keys."""
    fig = habit_figures()[key]
    if fig["kind"] == "paired":
        n, b = fig["n"], fig["won_without"]
        return (
            f"won {_share(fig['won_with'], n)} against {b} ({100 * b / n:.1f}%) without; "
            f"{fig['only_with']} deals were won only with the habit, {fig['only_without']} only without"
        )
    if fig["kind"] == "share":
        share = _share(fig["yes"], fig["n"])
        if fig["undecided"]:
            share = f"{share[:-1]}; {fig['undecided']} undecided)"
        return f"in {share}, {fig['description']}"
    verb = "winnable" if judge == "solver" else "won by the hint player"
    parts = []
    for label, counts in fig[judge].items():
        words = _share(counts["won"], counts["n"]).replace(" deals (", f" {verb} (", 1)
        undecided = f", {counts['undecided']} undecided" if counts["undecided"] else ""
        parts.append(f"{fig['words'].format(label)}: {words}{undecided}")
    return "; ".join(parts)
