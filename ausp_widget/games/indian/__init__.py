"""Indian Patience, the two-deck sister game: rules, notation, solver, hints and its guide,
registered by the core's convention for one-player games (`core.plugin.solo_entry`)."""

from __future__ import annotations

from ausp_widget.core.plugin import lazy_attributes, solo_entry

ENTRY = solo_entry(  # what the package's entry point names
    __name__,
    "indian",
    "Indian Patience",
    "The two-deck sister game: single cards, differing suits, protected cards",
)
__getattr__ = lazy_attributes(__name__, {"IndianGame": "game:IndianGame", "IndianMove": "basics:IndianMove"})

__all__ = ["ENTRY", "IndianGame", "IndianMove"]
