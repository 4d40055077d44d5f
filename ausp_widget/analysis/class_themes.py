"""A class's puzzle results by theme: per student and theme, the puzzles tried and solved and the
misses still waiting to come back, so a teacher sees which ideas a student has not got yet (the
one-row-per-student summary counts puzzles, not what they were about)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ausp_widget.core import registry
from ausp_widget.core.errors import WrongTypeError, short_repr
from ausp_widget.core.progress import PuzzleRecord
from ausp_widget.core.progress_summary import NO_NAME

from .puzzles import Puzzle, data_file, load

THEME_FIELDS = ("student", "theme", "puzzles_tried", "puzzles_solved", "tries", "misses_waiting")
NO_THEME = "(no theme)"
NOT_SHIPPED = "(a puzzle no longer in the set)"


def puzzle_games() -> list[str]:
    """The registered games that ship a puzzle set."""
    return [game.name for game in registry.games() if data_file(game.name).is_file()]


def shipped_puzzles() -> list[Puzzle]:
    """Every shipped puzzle of every game that has a set."""
    return [puzzle for game in puzzle_games() for puzzle in load(game)]


def theme_rows(
    results: Mapping[str, Mapping[str, PuzzleRecord]], puzzles: Iterable[Puzzle]
) -> list[dict[str, str | int]]:
    """One row per student and theme they met, sorted by name then theme. A puzzle with several
    themes counts under each; a record whose puzzle is not among `puzzles` (a set remade since)
    counts under its own heading, so no result goes missing from the table."""
    if not isinstance(results, Mapping):
        raise WrongTypeError(f"results is a dict of puzzle records by student, not {short_repr(results)}")
    themes = {puzzle.id: puzzle.themes or (NO_THEME,) for puzzle in puzzles}
    rows: list[dict[str, str | int]] = []
    for name, records in sorted(results.items()):
        counts: dict[str, list[int]] = {}
        for puzzle_id, record in records.items():
            if not isinstance(record, PuzzleRecord):
                raise WrongTypeError(
                    f"results[{name!r}][{puzzle_id!r}] is a PuzzleRecord, not {short_repr(record)}"
                )
            for theme in themes.get(puzzle_id, (NOT_SHIPPED,)):
                tally = counts.setdefault(theme, [0, 0, 0, 0])
                tally[0] += record.tries > 0
                tally[1] += record.solved > 0
                tally[2] += record.tries
                tally[3] += record.pending
        rows += [
            dict(zip(THEME_FIELDS, (name or NO_NAME, theme, *tally), strict=True))
            for theme, tally in sorted(counts.items())
        ]
    return rows
