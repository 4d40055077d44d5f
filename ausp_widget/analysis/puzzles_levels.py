"""Levels 1–5 of a puzzle set: bands of difficulty cut at each scale's 20%, 40%, 60% and 80%
quantiles (a scale is a kind, and a judge puzzle's answer has one of its own).

A set that grows a puzzle at a time is re-cut at every write, and only on the scales the new
puzzles belong to: a stopped run leaves a set whose levels are the quantiles of what it holds
(so a partial set is a valid one, its levels as even as it can have them), a finished run ends
with the levels an uninterrupted one has, and a kind added to a set leaves the levels of the
other kinds as they were. A request for one level reads the cut points stored with the shipped
puzzles, so level 3 means the same to every teacher.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import replace

from .puzzles import LEVELS, Puzzle, data_file


def shipped_cuts(game: str) -> dict[str, list[float]]:
    """The cut points stored with a game's shipped puzzles."""
    data = json.loads(data_file(game).read_text(encoding="utf-8"))
    return data["cuts"]


def scale(puzzle: Puzzle) -> str:
    """The difficulty scale a puzzle's level is read on: its kind's, but a judge puzzle's
    answer has a scale of its own ("judge yes", "judge no"), since a winnable and a lost
    position mislead in different ways: each level then holds both answers alike."""
    if puzzle.kind == "judge":
        return f"judge {'yes' if puzzle.goal else 'no'}"
    return puzzle.kind


def quantile_cuts(puzzles: Sequence[Puzzle]) -> dict[str, list[float]]:
    """Each scale's four difficulty cut points: its 20%, 40%, 60% and 80% quantiles."""
    cuts = {}
    for name in sorted({scale(p) for p in puzzles}):
        values = sorted(p.difficulty for p in puzzles if scale(p) == name)
        cuts[name] = [values[min(len(values) - 1, len(values) * q // 5)] for q in range(1, 5)]
    return cuts


def level_of(puzzle: Puzzle, cuts: dict[str, list[float]] | None) -> int:
    """A puzzle's level on its scale's cut points (its kind's, in a set cut before the judge
    answers had scales of their own)."""
    cuts = cuts or {}
    points = cuts.get(scale(puzzle), cuts.get(puzzle.kind, []))
    return min(LEVELS.stop - 1, 1 + sum(puzzle.difficulty >= c for c in points))


def recut(
    puzzles: Sequence[Puzzle], kinds: Iterable[str], cuts: dict[str, list[float]]
) -> tuple[list[Puzzle], dict[str, list[float]]]:
    """The set with the scales of `kinds` cut again at their quantiles and those puzzles
    levelled on them; the other kinds keep their cut points and levels. Easiest first."""
    kinds = set(kinds)
    kept = {
        name: points for name, points in cuts.items() if name not in kinds and name.split(" ")[0] not in kinds
    }
    fresh = quantile_cuts([p for p in puzzles if p.kind in kinds])
    cuts = dict(sorted({**kept, **fresh}.items()))
    levelled = [replace(p, level=level_of(p, cuts)) if p.kind in kinds else p for p in puzzles]
    return sorted(levelled, key=order), cuts


def order(puzzle: Puzzle) -> tuple[int, float, str]:
    """Easiest first: by level, then difficulty, then id."""
    return (puzzle.level, puzzle.difficulty, puzzle.id)
