"""The figure every drawing returns: a plain matplotlib figure (no pyplot state, so it can be
saved as PNG, SVG or PDF) that also shows itself as a picture when it ends a notebook cell."""

from __future__ import annotations

import io

from matplotlib.figure import Figure


class ShownFigure(Figure):
    """A `Figure` with a PNG picture for notebooks, shown once, without pyplot."""

    def _repr_png_(self) -> bytes:
        buffer = io.BytesIO()
        self.savefig(buffer, format="png", facecolor=self.get_facecolor())
        return buffer.getvalue()
