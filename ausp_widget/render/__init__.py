"""Pictures of a position for any game: HTML for a notebook cell, matplotlib figures.

Importing this package registers its drawers with `ausp_widget.core.display`, which is how a
game's `_repr_html_` and `plot()` reach them without the rules core importing anything
graphical. matplotlib loads only when a figure is first drawn.
"""

from __future__ import annotations

from typing import Any

from ausp_widget.core.display import register_drawer

from .html import board_html


def _figure(game: Any, **options: Any) -> Any:
    from .plot import plot_position

    return plot_position(game, **options)


def _step_figure(step: Any, **options: Any) -> Any:
    from .plot import step_figure

    return step_figure(step, **options)


def _review_figure(review: Any, **options: Any) -> Any:
    from .charts import review_figure

    return review_figure(review, **options)


register_drawer("html", board_html)
register_drawer("review_figure", _review_figure)
register_drawer("figure", _figure)
register_drawer("step_figure", _step_figure)

__all__ = ["board_html"]
