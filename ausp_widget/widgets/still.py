"""A still picture of the board beside a widget's view, for pages that cannot run widgets.

A notebook saved with its outputs keeps a widget as a view of its saved state, which only a
front end with the widget code draws (JupyterLab, Notebook 7, VS Code, Voilà); GitHub's
notebook page runs none. So a widget that shows a board also puts a PNG of the position in
its display bundle: a front end with widgets ranks the view first, a static page falls back
to the picture. Only where matplotlib is there to draw it: the classroom site's browser
kernel has none, and there the bundle stays as ipywidgets makes it.

The picture is small (`DPI`) and its PNG carries no software version, so a notebook saved
twice holds the same bytes.
"""

from __future__ import annotations

import base64
import logging
from typing import Any

from ausp_widget.core.display import can_plot

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
PNG = "image/png"
DPI = 70  # a 7-column table is about 460 px wide and 20 kB: readable, and light in a notebook

log = logging.getLogger(__name__)


class Still:
    """Mixin for a widget that shows a board: its display bundle carries a picture of the
    position (`still_figure`) next to the widget view. Put it before the ipywidgets base."""

    def still_figure(self) -> Any | None:
        """What a static page shows in place of the widget (None for nothing): its game."""
        return self.game.plot()

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        data = super()._repr_mimebundle_(**kwargs)
        include, exclude = kwargs.get("include"), kwargs.get("exclude")
        wanted = (not include or PNG in include) and PNG not in (exclude or ())
        if data and WIDGET_VIEW in data and wanted and can_plot():
            try:
                png = still_png(self.still_figure())
            except Exception:  # the picture is a fallback: the live view must show regardless
                log.exception("the still picture of %s was not drawn", type(self).__name__)
                png = None
            if png is not None:
                data[PNG] = png
        return data


def still_png(figure: Any | None) -> str | None:
    """`figure` as a small PNG, in base64 as a notebook stores it (None for no figure)."""
    if figure is None:
        return None
    return base64.b64encode(figure.png(DPI)).decode("ascii")
