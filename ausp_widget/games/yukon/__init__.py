"""Yukon, a patience with no stock: rules, notation, solver, hints and its guide, on the
same core as Australian and Indian Patience (a plug-in named in `pyproject.toml`).

Importing the package registers the game by its name, title and modes only; the game class,
its solver, hints and guide are imported when first used (see `core.registry.Later`).
"""

from __future__ import annotations

from typing import Any

from ausp_widget.core.registry import GameEntry, Later, register

NAME, TITLE = "yukon", "Yukon"  # the game class's own `name` and `title`

ENTRY = GameEntry(  # what the package's entry point names, and what it registers on import
    name=NAME,
    title=TITLE,
    game_class=Later(f"{__name__}.game:YukonGame"),
    modes={"yukon": ("solo", TITLE)},
    deal=Later(f"{__name__}.game:YukonGame.deal"),
    read_text=Later(f"{__name__}.game:YukonGame.from_text"),
    read_save=Later(f"{__name__}.front:read_save"),
    solve=Later(f"{__name__}.solver:solve"),
    solver=Later(f"{__name__}.solver:DealSolver"),
    hint=Later(f"{__name__}.hints:hint"),
    rules=Later(f"{__name__}.front:rules"),
    guide=Later(f"{__name__}.front:guide"),
    sample=Later("ausp_widget.core.view:sample_from_view"),
    reviews=False,
    tips={"yukon": "No stock: every card dealt, groups move, alternating colours"},
)
register(ENTRY)


def __getattr__(name: str) -> Any:
    """`YukonGame`, imported when first asked for."""
    if name == "YukonGame":
        return Later(f"{__name__}.game:YukonGame").load()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["ENTRY", "YukonGame"]
