"""A student's puzzle rating: an Elo update of the student against each puzzle.

Each level stands for a rating (level 1: 800, then 200 more a level), so a student who starts
at 1000 meets level-2 puzzles first. A result counts 1 when solved with no wrong try and no
hint, ½ when solved after a wrong try or a hint, 0 when the solution had to be shown. The
first ten results move the rating faster (K = 40, then 20), as chess sites do for a new
player, so the puzzles find the right level within a lesson.
"""

from __future__ import annotations

from types import MappingProxyType

DEFAULT_RATING = 1000.0
LEVEL_RATINGS = MappingProxyType({1: 800.0, 2: 1000.0, 3: 1200.0, 4: 1400.0, 5: 1600.0})
PROVISIONAL = 10  # results rated with the larger step


def expected(student: float, puzzle: float) -> float:
    """The chance the Elo model gives the student of solving the puzzle."""
    return 1.0 / (1.0 + 10 ** ((puzzle - student) / 400.0))


def updated(student: float, level: int, score: float, rated: int = 0) -> float:
    """The student's rating after a result `score` (1, ½ or 0) on a puzzle of `level`."""
    if level not in LEVEL_RATINGS:
        raise ValueError(f"level is a whole number from 1 to 5, not {level!r}")
    if score not in (0, 0.5, 1):
        raise ValueError(f"a result is 1 (solved), 0.5 (solved with help) or 0 (shown), not {score!r}")
    step = 40.0 if rated < PROVISIONAL else 20.0
    return student + step * (score - expected(student, LEVEL_RATINGS[level]))


def level_for(rating: float) -> int:
    """The level whose rating is nearest the student's."""
    return min(LEVEL_RATINGS, key=lambda level: (abs(LEVEL_RATINGS[level] - rating), level))


def score_of(solved: bool, wrong: int, helped: bool) -> float:
    """A try's result: 1 solved cleanly, ½ solved with a wrong try or a hint, 0 not solved."""
    if not solved:
        return 0.0
    return 1.0 if not wrong and not helped else 0.5
