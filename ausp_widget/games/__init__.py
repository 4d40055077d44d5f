"""The games: one package each, every one implementing `ausp_widget.core.protocol` and
registering itself with `ausp_widget.core.registry` when imported."""

from . import australian, indian

__all__ = ["australian", "indian"]
