"""A widget setting given a value it does not take: the error is traitlets' own `TraitError`
(what ipywidgets expects from a trait) and also a `ValueError` or a `TypeError`, as every
public name of the package refuses a bad value or a wrong type."""

from __future__ import annotations

from typing import Any

import traitlets

from ausp_widget.core.deal import check_first
from ausp_widget.core.errors import WrongTypeError, given


class SettingError(traitlets.TraitError, ValueError):
    """A setting given a value it does not take (a mode there is not, a step past the last)."""


class SettingTypeError(traitlets.TraitError, TypeError):
    """A setting given a value of the wrong type (a number for a mode, True for a step)."""


class _Typed:
    """A trait whose wrong type raises `SettingTypeError`."""

    def error(self, obj: Any, value: Any, error: Exception | None = None, info: str | None = None) -> None:
        try:
            super().error(obj, value, error, info)  # type: ignore[misc]
        except traitlets.TraitError as refused:
            raise SettingTypeError(str(refused)) from None


class TextTrait(_Typed, traitlets.Unicode):
    """A text setting."""


class WholeTrait(_Typed, traitlets.Int):
    """A whole-number setting: True and False are refused, not taken as 1 and 0."""

    def validate(self, obj: Any, value: Any) -> Any:
        if isinstance(value, bool):
            self.error(obj, value)
        return super().validate(obj, value)


SWITCHES = ("large", "four_colour", "wait_for_start", "show_modes")
"""The table's options that are on or off."""


def check_settings(first: object, clock: object, **switches: object) -> None:
    """Refuse who starts, the clock and the on-or-off options before anything is made: a wrong
    one would otherwise be read as true, or fail in the middle of a game (a clock of "fast")."""
    check_first(first)
    if clock is not None and not callable(getattr(clock, "call_later", None)):
        raise WrongTypeError(
            "clock is an object with call_later(seconds, callback), such as ManualClock(), "
            f"not {given(clock)}"
        )
    for name, value in switches.items():
        if not isinstance(value, bool):
            raise WrongTypeError(f"{name} is True or False, not {given(value)}")
