"""A widget setting given a value it does not take: the error is traitlets' own `TraitError`
(what ipywidgets expects from a trait) and also a `ValueError` or a `TypeError`, as every
public name of the package refuses a bad value or a wrong type."""

from __future__ import annotations

from typing import Any

import traitlets


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
