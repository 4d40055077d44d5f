"""Charts of analysis results: the chance over a reviewed game."""

from __future__ import annotations

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
