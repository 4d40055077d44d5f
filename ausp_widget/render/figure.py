"""The figure every drawing returns: a plain matplotlib figure (no pyplot state, so it can be
saved as PNG, SVG or PDF) that also shows itself as a picture when it ends a notebook cell."""

from __future__ import annotations

import io

from matplotlib.figure import Figure


class ShownFigure(Figure):
    """A `Figure` with a PNG picture for notebooks, shown once, without pyplot."""

    def png(self, dpi: float | None = None) -> bytes:
        """The figure as PNG bytes on its own background, without a software version in them
        (so the same picture saved twice is the same bytes)."""
        buffer = io.BytesIO()
        self.savefig(
            buffer, format="png", dpi=dpi, facecolor=self.get_facecolor(), metadata={"Software": None}
        )
        return buffer.getvalue()

    def _repr_png_(self) -> bytes:
        return self.png()
