"""The Yukon family of patience games, written once: the rule table (`rule.Rule`: how the
tableau builds, the deal's shape), the game, its notation, its move refusals, its hints,
its rules text and its full-information solver. A game of the family is its `Rule` plus
what is truly its own (its guide, its figures, its words on how it differs); `family_entry`
registers it.
"""

from __future__ import annotations

from typing import Any

from ausp_widget.core.plugin import solo_entry
from ausp_widget.core.registry import GameEntry

from .rule import Rule

__all__ = ["Rule", "family_entry"]

SOLVER = "ausp_widget.games.family.solver"
"""The family's full-information solver (it builds by the game's rule)."""


def family_entry(package: str, name: str, title: str, tip: str, **parts: Any) -> GameEntry:
    """Register and return the entry of the family game `name` in `package`: its class is
    `game:{Name}Game`, its rules `rules:{name}_rules` and its guide `guide:{name}_steps` unless
    `parts` name them ("module:name" in the package; `guide=None`: the game has none);
    notation, hints and solver are the family's. Nothing of the game is imported before it
    is first used (`core.plugin.solo_entry`, the convention with the family's parts)."""
    family = {
        "notation": f"{__name__}.notation",
        "solve": f"{SOLVER}:solve",
        "solver": f"{SOLVER}:DealSolver",
        "hint": f"{__name__}.hints:hint",
    }
    return solo_entry(package, name, title, tip, **family, **parts)
