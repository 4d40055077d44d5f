"""Puzzles cut from real games, checked by the engine and the solver.

    from ausp_widget import puzzles
    items = puzzles.load(game="australian", level=2)
    p = items[0]
    p.position, p.kind, p.goal, p.level, p.themes, p.solution
    run = TaskRun(p.task(), p.position)   # "win", "free", "home": any correct line counts
    p.judge(True)                         # "judge": winnable or not? (also "yes" / "no")
    p.check(["A♣ 2♣", "K♣ 1"])            # any line that reaches the goal is correct
    puzzles.of_the_day("2026-12-02")      # the same puzzle for everyone on a date
    puzzles.load(path="mine.json")        # a file of one's own, every entry replayed: a bad one
                                          # raises PuzzleFileError (a ValueError) naming it

`make(game, count, level, seed)` cuts new ones from deals played forward by the hint player
(also `python -m ausp_widget puzzles --make 50 --level 3`).
"""

from __future__ import annotations

from .analysis.puzzles import Puzzle, PuzzleFileError, load, of_the_day
from .analysis.puzzles_make import make

__all__ = ["Puzzle", "PuzzleFileError", "load", "make", "of_the_day"]
