"""A strip of simple controls — buttons, toggles, a text field, a slider, lines of words — drawn
by one model.

Every ipywidgets control is a model of its own, with layout and style models beside it, and
each one is sent to the browser, opened and kept: the live table's two dozen controls took a
third of a second to appear in the classroom site, and a class of thirty notebooks pays that
for every one. A strip draws all of its controls from one synced list. Each control keeps the
ipywidgets names that code and tests use (`button.click()`, `on_click`, `.disabled`,
`.tooltip`, `.value`, `observe`, `add_class`), and a change to it changes one entry of that
list; a table holds the strip's sync while it updates, so one move sends one message.

Presses and edits come back as messages (`{"id", "event", "value"}`) through `Strip.handle`,
the one path the browser and tests share; a message that names no control, or an event the
control does not take, is refused with its reason in `errors` (and said through `on_error`,
on a table's status line and board) and changes nothing.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, TypeVar

import traitlets

from ausp_widget.core.errors import short_repr

from .esm import EsmWidget, package_text

logger = logging.getLogger(__name__)


class Control(traitlets.HasTraits):
    """One control of a strip, with the ipywidgets names code already uses."""

    kind: ClassVar[str] = ""
    description = traitlets.Unicode("")
    tooltip = traitlets.Unicode(None, allow_none=True)
    disabled = traitlets.Bool(False)
    _dom_classes = traitlets.Tuple()

    def __init__(self, *classes: str, **traits: Any) -> None:
        super().__init__(**traits)
        self._dom_classes = tuple(classes)
        self._strip: Strip | None = None
        self.observe(self._changed)

    def add_class(self, name: str) -> Control:
        if name not in self._dom_classes:
            self._dom_classes = (*self._dom_classes, name)
        return self

    def remove_class(self, name: str) -> Control:
        if name in self._dom_classes:
            self._dom_classes = tuple(c for c in self._dom_classes if c != name)
        return self

    def item(self) -> dict[str, Any]:
        """What the browser draws for this control."""
        return {
            "kind": self.kind,
            "classes": list(self._dom_classes),
            "description": self.description,
            "tooltip": self.tooltip or "",
            "disabled": self.disabled,
            **self.drawn(),
        }

    def drawn(self) -> dict[str, Any]:
        """The fields of this kind of control."""
        return {}

    def receive(self, event: str, value: Any) -> None:
        """A press or an edit from the browser (or a test)."""
        raise ValueError(f"a {self.kind} does not take {event!r}")

    def _changed(self, _change: Any) -> None:
        if self._strip is not None:
            self._strip.refresh(self)


class Button(Control):
    """A button; `icon` names a Font Awesome 4 icon, as ipywidgets' buttons do."""

    kind = "button"
    button_style = traitlets.Unicode("")
    icon = traitlets.Unicode("")

    def __init__(self, *classes: str, **traits: Any) -> None:
        super().__init__(*classes, **traits)
        self._callbacks: list[Callable[[Button], Any]] = []

    def on_click(self, callback: Callable[[Button], Any], remove: bool = False) -> None:
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def click(self) -> None:
        """Press the button, as a click in the browser does."""
        for callback in list(self._callbacks):
            callback(self)

    def drawn(self) -> dict[str, Any]:
        return {"style": self.button_style, "icon": self.icon}

    def receive(self, event: str, value: Any) -> None:
        if event != "click":
            super().receive(event, value)
        elif not self.disabled:  # pressed as it was greyed out: the press missed it
            self.click()


class ToggleButton(Control):
    """A button that stays pressed: `value` is whether it is."""

    kind = "toggle"
    value = traitlets.Bool(False)
    icon = traitlets.Unicode("")

    def drawn(self) -> dict[str, Any]:
        return {"value": self.value, "icon": self.icon}

    def receive(self, event: str, value: Any) -> None:
        if event != "value" or not isinstance(value, bool):
            raise ValueError(
                f"a toggle takes a value of true or false, not {short_repr(event)} {short_repr(value)}"
            )
        if not self.disabled:
            self.value = value


class ToggleButtons(Control):
    """One of several options, pressed: `options` are labels or (label, value) pairs."""

    kind = "toggles"
    options = traitlets.Any(())
    value = traitlets.Any(None, allow_none=True)
    tooltips = traitlets.List()

    def __init__(self, *classes: str, **traits: Any) -> None:
        options = traits.pop("options", ())
        value = traits.pop("value", None)
        super().__init__(*classes, **traits)
        self.options = tuple(options)
        pairs = self.pairs()
        self.value = pairs[0][1] if value is None and pairs else value

    def pairs(self) -> list[tuple[str, Any]]:
        return [tuple(o) if isinstance(o, tuple | list) else (str(o), o) for o in self.options]

    @traitlets.validate("value")
    def _valid_value(self, proposal: Any) -> Any:
        values = [value for _, value in self.pairs()]
        if proposal["value"] is None and not values:
            return None
        if proposal["value"] not in values:
            raise traitlets.TraitError(f"{proposal['value']!r} is not one of the options {values}")
        return proposal["value"]

    @traitlets.observe("options")
    def _new_options(self, _change: Any) -> None:
        """New options: the value stays if it is still one of them, else the first (as ipywidgets does)."""
        values = [value for _, value in self.pairs()]
        if self.value not in values:
            self.value = values[0] if values else None

    def drawn(self) -> dict[str, Any]:
        pairs = self.pairs()
        chosen = next((i for i, (_, value) in enumerate(pairs) if value == self.value), -1)
        return {"labels": [label for label, _ in pairs], "tips": list(self.tooltips), "chosen": chosen}

    def receive(self, event: str, value: Any) -> None:
        pairs = self.pairs()
        if event != "choose" or not whole(value) or not 0 <= value < len(pairs):
            raise ValueError(f"there is no option {short_repr(value)} to choose here")
        if not self.disabled:
            self.value = pairs[value][1]


class Dropdown(ToggleButtons):
    """One of several options, from a drop-down list."""

    kind = "select"


class Text(Control):
    """A one-line text field; Enter calls the `on_submit` callbacks. Without
    `continuous_update`, the words come back once the field is left or Enter is pressed."""

    kind = "text"
    value = traitlets.Unicode("")
    placeholder = traitlets.Unicode("")
    continuous_update = traitlets.Bool(True)

    def __init__(self, *classes: str, **traits: Any) -> None:
        super().__init__(*classes, **traits)
        self._submits: list[Callable[[Text], Any]] = []

    def on_submit(self, callback: Callable[[Text], Any]) -> None:
        self._submits.append(callback)

    def drawn(self) -> dict[str, Any]:
        return {"value": self.value, "placeholder": self.placeholder, "continuous": self.continuous_update}

    def receive(self, event: str, value: Any) -> None:
        if event not in ("value", "submit") or not isinstance(value, str) or len(value) > 200:
            raise ValueError(f"a text field takes words of up to 200 letters, not {short_repr(value)}")
        if self.disabled:
            return
        self.value = value
        if event == "submit":
            for callback in list(self._submits):
                callback(self)


class FloatSlider(Control):
    """A number between `min` and `max` in steps of `step`, shown with `readout_format`."""

    kind = "slider"
    value = traitlets.Float(0.0)
    min = traitlets.Float(0.0)
    max = traitlets.Float(100.0)
    step = traitlets.Float(0.1)
    readout_format = traitlets.Unicode(".2f")

    @traitlets.validate("value")
    def _clamp(self, proposal: Any) -> float:
        return min(max(proposal["value"], self.min), self.max)

    def drawn(self) -> dict[str, Any]:
        decimals = int(self.readout_format.strip(".f") or 0)
        bounds = {"min": self.min, "max": self.max, "step": self.step}
        return {"value": self.value, **bounds, "decimals": decimals}

    def receive(self, event: str, value: Any) -> None:
        number = finite(value)
        if event != "value" or number is None:
            raise ValueError(f"a slider takes a number, not {short_repr(value)}")
        if not self.disabled:
            self.value = number


class Progress(Control):
    """How far a long piece of work has come: `value` of `max`, as a bar."""

    kind = "progress"
    value = traitlets.Int(0)
    max = traitlets.Int(1)

    def drawn(self) -> dict[str, Any]:
        return {"value": self.value, "max": max(self.max, 1)}


class Label(Control):
    """A line of plain words (`value`)."""

    kind = "label"
    value = traitlets.Unicode("")

    def drawn(self) -> dict[str, Any]:
        return {"value": self.value}


class HTML(Label):
    """Words with markup (`value`), written by the package (never by a player)."""

    kind = "html"


def whole(value: Any) -> bool:
    """Whether a value from the page is a whole number: JSON `true` is no index (a bool is an
    int in Python, and would count as 1)."""
    return isinstance(value, int) and not isinstance(value, bool)


def finite(value: Any) -> float | None:
    """A value from the page as a finite float, or None (a bool, NaN, infinity, or a whole
    number too large for a float, which `float()` would raise an OverflowError on)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    try:
        number = float(value)
    except OverflowError:
        return None
    return number if math.isfinite(number) else None


C = TypeVar("C", bound=Control)


class Strip(EsmWidget):
    """Controls in a wrapping row, drawn by one model: `strip.add(Button("ausp-button",
    description="Draw"))`. A control with the class `ausp-block` takes a line of its own."""

    esm_file = "strip.js"
    items = traitlets.List().tag(sync=True)

    def __init__(
        self,
        *classes: str,
        controls: Sequence[Control] = (),
        on_error: Callable[[str], None] | None = None,
        **kwargs: Any,
    ) -> None:
        # The controls given here and the classes go out with the model itself: one message.
        items = [control.item() for control in controls]
        super().__init__(_dom_classes=("ausp-strip", *classes), items=items, **kwargs)
        self._controls: list[Control] = []
        self.errors: list[str] = []  # what the strip refused, newest last
        self.on_error = on_error  # where a refusal is said (a table's status line and board)
        self.on_msg(lambda _widget, content, _buffers=None: self.handle(content))
        for control in controls:
            self._take(control)

    def _take(self, control: Control) -> None:
        if control._strip is not None:
            raise ValueError("a control belongs to one strip")
        control._strip = self
        self._controls.append(control)

    @traitlets.default("_css")
    def _style(self) -> str:
        return package_text("strip.css") + package_text("style.css")

    @property
    def controls(self) -> tuple[Control, ...]:
        return tuple(self._controls)

    def add(self, control: C) -> C:
        self._take(control)
        self.refresh()
        return control

    def refresh(self, control: Control | None = None) -> None:
        """Send the controls as they are now (nothing when nothing changed): only `control`'s
        entry is drawn again when one control changed."""
        if control is None or len(self.items) != len(self._controls):
            items = [each.item() for each in self._controls]
        else:
            items = list(self.items)
            items[self._controls.index(control)] = control.item()
        if items != self.items:
            self.items = items

    def handle(self, message: Any) -> None:
        """One press or edit from the browser; anything wrong with it is refused and logged."""
        try:
            if not isinstance(message, dict) or not whole(message.get("id")):
                raise ValueError(f"the strip got a message it could not read: {short_repr(message)}")
            index = message["id"]
            if not 0 <= index < len(self._controls):
                raise ValueError(f"there is no control {index} in this strip")
            self._controls[index].receive(str(message.get("event")), message.get("value"))
        except (ValueError, traitlets.TraitError) as exc:
            self.errors.append(str(exc))
            logger.warning("%s", exc)
            if self.on_error is not None:
                self.on_error(f"The controls sent a message that changes nothing: {exc}.")


__all__ = [
    "HTML",
    "Button",
    "Control",
    "Dropdown",
    "FloatSlider",
    "Label",
    "Progress",
    "Strip",
    "Text",
    "ToggleButton",
    "ToggleButtons",
]
