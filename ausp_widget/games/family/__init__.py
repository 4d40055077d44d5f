"""The Yukon family of patience games, written once: the rule table (`rule.Rule`: how the
tableau builds, the deal's shape), the game, its notation, its move refusals, its hints,
its rules text and its full-information solver. A game of the family is its `Rule` plus
what is truly its own (its guide, its figures, its words on how it differs); `family_entry`
registers it.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from ausp_widget.core.game_entry import no_guide
from ausp_widget.core.plugin import class_name
from ausp_widget.core.registry import GameEntry, Later, register

from .rule import Rule

__all__ = ["Rule", "family_entry"]

SOLVER = "ausp_widget.games.family.solver"
"""The family's full-information solver (it builds by the game's rule)."""


def _steps(guide: Later, mode: str) -> Any:
    """The entry's `guide(mode)` for a game with one guide."""
    return guide()


def _read_save(game_class: Later, data: dict) -> Any:
    from .notation import load_json

    return load_json(data, game_class.load())


def family_entry(package: str, name: str, title: str, tip: str, **parts: Any) -> GameEntry:
    """Register and return the entry of the family game `name` in `package`: its class is
    `game:{Name}Game`, its rules `rules:{name}_rules` and its guide `guide:{name}_steps` unless
    `parts` name them ("module:name" in the package; `guide=None`: the game has none);
    notation, hints and solver are the family's. Nothing of the game is imported before it
    is first used."""

    def here(path: str) -> Later:
        return Later(path if "." in path.partition(":")[0] else f"{package}.{path}")

    game = f"game:{class_name(name)}"
    cls = here(game)
    rules, guide = here(parts.pop("rules", f"rules:{name}_rules")), parts.pop("guide", f"guide:{name}_steps")
    steps = no_guide if guide is None else partial(_steps, here(guide))
    entry = GameEntry(
        name=name,
        title=title,
        game_class=cls,
        modes={name: ("solo", title)},
        deal=here(f"{game}.deal"),
        read_text=here(f"{game}.from_text"),
        read_save=lambda data: _read_save(cls, data),
        rules=lambda mode, options=None: rules(options),
        guide=steps,
        tips={name: tip},
        solve=Later(f"{SOLVER}:solve"),
        solver=Later(f"{SOLVER}:DealSolver"),
        hint=Later(f"{__name__}.hints:hint"),
        sample=Later("ausp_widget.core.view:sample_from_view"),
        reviews=False,
        **parts,
    )
    register(entry)
    return entry
