"""How a game draws itself without importing what draws it.

The rendering package registers its drawers here when it is imported; a game's
`_repr_html_` and `plot()` ask for them by name. So a game draws in a notebook cell and in
a figure, while the rules core imports nothing graphical.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

_DRAWERS: dict[str, Callable[..., Any]] = {}


def register_drawer(name: str, drawer: Callable[..., Any]) -> None:
    _DRAWERS[name] = drawer


def draw(name: str, *args: Any, **options: Any) -> Any:
    """Call the drawer `name` ("html", "figure", "step_figure"), loading the renderers once."""
    if name not in _DRAWERS:
        importlib.import_module("ausp_widget.render")
    return _DRAWERS[name](*args, **options)
