"""Yukon, a patience with no stock: rules, notation, solver, hints and its guide, on the
same core as Australian and Indian Patience (a plug-in named in `pyproject.toml`)."""

from __future__ import annotations

from ausp_widget.core.registry import GameEntry, register
from ausp_widget.core.view import sample_from_view

from . import hints, notation, solver
from .game import YukonGame
from .guide import yukon_steps
from .rules import yukon_rules

ENTRY = GameEntry(  # what the package's entry point names, and what it registers on import
    name=YukonGame.name,
    title=YukonGame.title,
    game_class=YukonGame,
    modes={"yukon": ("solo", YukonGame.title)},
    deal=YukonGame.deal,
    read_text=YukonGame.from_text,
    read_save=lambda data: notation.load_json(data, YukonGame),
    solve=solver.solve,
    solver=solver.DealSolver,
    hint=hints.hint,
    rules=lambda mode, options=None: yukon_rules(options),
    guide=lambda mode: yukon_steps(),
    sample=sample_from_view,
    reviews=False,
    tips={"yukon": "No stock: every card dealt, groups move, alternating colours"},
)
register(ENTRY)

__all__ = ["ENTRY", "YukonGame"]
