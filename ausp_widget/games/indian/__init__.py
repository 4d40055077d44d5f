"""Indian Patience, the two-deck sister game: rules, notation, solver, hints and its guide.

Importing the package registers the game by its name, title and modes only; the game class,
its solver, hints and guide are imported when first used (see `core.registry.Later`).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from ausp_widget.core.registry import GameEntry, Later, register

NAME, TITLE = "indian", "Indian Patience"  # the game class's own `name` and `title`

ENTRY = GameEntry(  # what the package's entry point names, and what it registers on import
    name=NAME,
    title=TITLE,
    game_class=Later(f"{__name__}.game:IndianGame"),
    modes={"indian": ("solo", TITLE)},
    deal=Later(f"{__name__}.game:IndianGame.deal"),
    read_text=Later(f"{__name__}.game:IndianGame.from_text"),
    read_save=Later(f"{__name__}.front:read_save"),
    solve=Later(f"{__name__}.front:solve"),
    solver=Later(f"{__name__}.portfolio:DealSolver"),
    hint=Later(f"{__name__}.front:hint"),
    rules=Later(f"{__name__}.front:rules"),
    guide=Later(f"{__name__}.front:guide"),
    sample=Later(f"{__name__}.sampling:sample_game"),
    reviews=False,  # its solver leaves most early sampled positions undecided: "unknown" marks
    tips={"indian": "The two-deck sister game: single cards, differing suits, protected cards"},
)
register(ENTRY)

_LATER = MappingProxyType(
    {"IndianGame": f"{__name__}.game:IndianGame", "IndianMove": f"{__name__}.moves:IndianMove"}
)


def __getattr__(name: str) -> Any:
    """`IndianGame` and `IndianMove`, imported when first asked for."""
    if name in _LATER:
        return Later(_LATER[name]).load()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["ENTRY", "IndianGame", "IndianMove"]
