"""Charts of analysis results: the chance over a reviewed game, and a claim put to the test."""

from __future__ import annotations

import textwrap

from matplotlib.figure import Figure

from .colours import ROLE_COLOURS
from .figure import ShownFigure

MARK_COLOURS = {"inaccuracy": ROLE_COLOURS["mark"], "mistake": "#d9480f", "blunder": "#c8102e"}


def review_figure(review, title: str | None = None, size: tuple[float, float] = (8.0, 3.0)) -> Figure:
    """The chance before each move (and after the last), with marked moves flagged in colour."""
    figure = ShownFigure(figsize=size)
    ax = figure.subplots()
    moves = review.moves
    xs = [m.number - 1 for m in moves] + ([moves[-1].number] if moves else [])
    ys = [100 * m.before for m in moves] + ([100 * moves[-1].after] if moves else [])
    ax.plot(xs, ys, color="#2f5fa8", linewidth=1.6, gid="chance-line")
    ax.fill_between(xs, ys, color="#2f5fa8", alpha=0.12)
    for m in review.marked:
        ax.plot(
            [m.number - 1, m.number], [100 * m.before, 100 * m.after],
            color=MARK_COLOURS[m.mark], linewidth=3, gid=f"mark:{m.number}:{m.mark}",
        )  # fmt: skip
        ax.annotate(str(m.move), (m.number, 100 * m.after), fontsize=7, color=MARK_COLOURS[m.mark])
    ax.set_ylim(0, 100)
    ax.set_xlabel("move")
    ax.set_ylabel("win chance (%)")
    ax.set_title(
        title or f"Win chance over the game ({review.samples} sampled orders of the hidden cards a move)"
    )
    ax.grid(alpha=0.3)
    figure.tight_layout()
    return figure


def claim_figure(
    readings: dict, player=None, claim: float = 2 / 3, size: tuple[float, float] = (8.0, 3.6)
) -> Figure:
    """Each reading of the rules as a range: the share of deals proved winnable (undecided
    counted lost) up to the share not proved lost (undecided counted won), each end with its
    95% interval; the patient player's win rate beside them, and the claim as a line."""
    figure = ShownFigure(figsize=size)
    ax = figure.subplots()
    names = list(readings)
    for x, name in enumerate(names):
        survey = readings[name]
        (low, low_a, low_b), (high, high_a, high_b) = survey.lower, survey.upper
        ax.bar(x, 100 * (high - low), bottom=100 * low, width=0.5, color="#2f5fa8", alpha=0.25)
        ax.errorbar(
            [x, x], [100 * low, 100 * high], fmt="o", color="#2f5fa8",
            yerr=[[_span(low_a, low), _span(high_a, high)], [_span(low, low_b), _span(high, high_b)]],
            capsize=4, gid=f"reading:{name}",
        )  # fmt: skip
    labels = [f"{textwrap.fill(name, 16)}\n({readings[name].deals} deals)" for name in names]
    if player is not None and player.games:
        x = len(names)
        rate, (a, b) = player.rate, player.interval
        ax.errorbar(
            [x], [100 * rate], yerr=[[_span(a, rate)], [_span(rate, b)]], fmt="s",
            color=ROLE_COLOURS["mark"], capsize=4, gid="patient-player",
        )  # fmt: skip
        labels.append(f"patient player\n({player.games} deals)")
    ax.axhline(100 * claim, color="#c8102e", linestyle="--", linewidth=1.2, gid="claim")
    ax.text(-0.45, 100 * claim + 1.5, "the claim: 2 in 3", color="#c8102e", ha="left", fontsize=8)
    ax.set_xticks(range(len(labels)), labels, fontsize=8)
    ax.set_ylim(0, 100)
    ax.set_ylabel("deals won (%)")
    ax.set_title("Indian Patience: winnable with every card known (range), and won without peeking")
    ax.grid(axis="y", alpha=0.3)
    figure.tight_layout()
    return figure


def _span(lower: float, upper: float) -> float:
    """An error bar's length in percent (never below 0: an interval's end can round past its centre)."""
    return max(0.0, 100 * (upper - lower))
