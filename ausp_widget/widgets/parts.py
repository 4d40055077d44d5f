"""The controls' shared looks: every ipywidgets control comes with a layout model and a style
model of its own, so an app of a few dozen controls would send the browser hundreds of models.
Controls that never change their own layout or style share one of each kind here (one `Parts`
per app); a control that is shown and hidden gets a class (`show`), not a layout of its own."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import ipywidgets as widgets

from .board import close_tree

W = TypeVar("W", bound=widgets.DOMWidget)


class Parts:
    """One app's shared layout and style models, and the controls made with them.

    `make(kind, ...)` builds a control that shares them; `close(widget)` closes a control and
    everything in it but the shared models, which `close_shared()` closes with the app."""

    def __init__(self) -> None:
        self.layout = widgets.Layout()
        self._styles: dict[type[widgets.Widget], widgets.Widget] = {}

    def style(self, kind: type[widgets.Widget]) -> widgets.Widget:
        """The one style model of this kind (made when first asked for)."""
        if kind not in self._styles:
            self._styles[kind] = kind()
        return self._styles[kind]

    def make(self, kind: type[W], *classes: str, **options: Any) -> W:
        """A control of `kind` on the shared layout and style, with these CSS classes."""
        options.setdefault("layout", self.layout)
        style = kind.class_traits().get("style")  # the kind's own style class, if it has one
        if style is not None:
            options.setdefault("style", self.style(style.klass))
        if classes:  # given at the start, so the browser gets them with the model, not after it
            options["_dom_classes"] = (*options.get("_dom_classes", ()), *classes)
        return kind(**options)

    def button(
        self, description: str, on_click: Callable[[], Any], *classes: str, **options: Any
    ) -> widgets.Button:
        """A button that calls `on_click()` when pressed."""
        made = self.make(widgets.Button, *classes, description=description, **options)
        made.on_click(lambda _button: on_click())
        return made

    def html(self, value: str = "", *classes: str) -> widgets.HTML:
        return self.make(widgets.HTML, *classes, value=value)

    def box(self, kind: type[widgets.Box], children: Sequence[widgets.Widget], *classes: str) -> widgets.Box:
        return self.make(kind, *classes, children=list(children))

    @property
    def shared(self) -> frozenset[int]:
        """The ids of the shared models, which closing a control leaves open."""
        return frozenset(map(id, (self.layout, *self._styles.values())))

    def close(self, widget: widgets.Widget) -> None:
        """Close a control and everything inside it, leaving the shared models open."""
        close_tree(widget, self.shared)

    def close_shared(self) -> None:
        """Close the shared models (the app, or the control that made them, is closing)."""
        for part in (self.layout, *self._styles.values()):
            part.close()
        self._styles.clear()
