"""The games: one package each, every one implementing `ausp_widget.core.protocol` and
registering itself with `ausp_widget.core.registry` when imported (Yukon when first asked
for; Russian Solitaire, a few lines of the Yukon family's parameters, with the package)."""

from . import australian, indian, russian

__all__ = ["australian", "indian", "russian"]
