"""Puzzles cut from real games, checked by the engine and the solver.

    from ausp_widget import puzzles
    items = puzzles.load(game="australian", level=2)
    p = items[0]
    p.position, p.kind, p.goal, p.level, p.themes, p.solution
    run = TaskRun(p.task(), p.position)   # "win", "free", "home": any correct line counts
    p.judge(True)                         # "judge": winnable or not?

`make(game, count, level, seed)` cuts new ones from deals played forward by the hint player
(also `python -m ausp_widget puzzles --make 50 --level 3`).
"""

from __future__ import annotations

from .analysis.puzzles import Puzzle, load
from .analysis.puzzles_make import make

__all__ = ["Puzzle", "load", "make"]
