"""How a game draws itself without importing what draws it.

The rendering package registers its drawers here when it is imported; a game's
`_repr_html_` and `plot()` ask for them by name. So a game draws in a notebook cell and in
a figure, while the rules core imports nothing graphical. Where matplotlib is missing (the
classroom site's browser kernel has no build of it), a figure is a sentence saying so, and
everything else goes on working.
"""

from __future__ import annotations

import base64
import importlib
import pathlib
from collections.abc import Callable
from typing import IO, Any

NO_PLOTS = (
    "Plots need matplotlib, which this Python lacks (the classroom site's browser kernel has "
    "none): the picture is left out, everything else works."
)
# A 1×1 transparent PNG: what a missing figure saves, so a widget that shows it keeps working.
_BLANK_PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR42mNgAAIAAAUAAen63NgAAAAASUVORK5CYII="
)

_DRAWERS: dict[str, Callable[..., Any]] = {}
_SOURCE: Callable[[], Any] | None = None


def can_plot() -> bool:
    """Whether matplotlib is there to draw figures (notebook cells that chart ask first)."""
    try:
        importlib.import_module("matplotlib")
    except ImportError:
        return False
    return True


def register_drawer(name: str, drawer: Callable[..., Any]) -> None:
    _DRAWERS[name] = drawer


def drawers_from(load: Callable[[], Any]) -> None:
    """Where the drawers come from: `load()` registers them, called when one is first asked
    for (the package's front door passes the import of its rendering layer, which the core
    never names)."""
    global _SOURCE
    _SOURCE = load


def draw(name: str, *args: Any, **options: Any) -> Any:
    """Call the drawer `name` ("html", "figure", "step_figure"), loading the renderers once."""
    if name not in _DRAWERS and _SOURCE is not None:
        _SOURCE()
    try:
        return _DRAWERS[name](*args, **options)
    except ModuleNotFoundError as missing:
        if name == "html" or (missing.name or "").partition(".")[0] != "matplotlib":
            raise
        return NoFigure()


class NoFigure:
    """A figure where matplotlib is missing: the sentence `NO_PLOTS` in a notebook cell and as
    text; `savefig` as PNG writes a blank picture (other formats need matplotlib)."""

    def _repr_html_(self) -> str:
        return f'<p class="ausp-no-plot"><i>{NO_PLOTS}</i></p>'

    def __repr__(self) -> str:
        return NO_PLOTS

    def savefig(self, target: str | pathlib.Path | IO[bytes], format: str | None = None, **_: Any) -> None:
        is_path = isinstance(target, (str, pathlib.Path))
        if is_path:
            format = format or pathlib.Path(target).suffix.lstrip(".")
        if (format or "png").lower() != "png":
            raise ModuleNotFoundError(NO_PLOTS, name="matplotlib")
        if is_path:
            pathlib.Path(target).write_bytes(_BLANK_PNG)
        else:
            target.write(_BLANK_PNG)
