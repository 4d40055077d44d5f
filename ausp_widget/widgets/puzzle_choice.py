"""Which puzzle Next puzzle brings (a missed one due back, else one at the level): functions of
the puzzles and the student's records, apart from the trainer that shows it."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ausp_widget.analysis.puzzles import Puzzle
from ausp_widget.core.progress import PuzzleRecord


def next_at_level(
    items: Sequence[Puzzle], level: int, shown: str | None, record_of: Callable[[str], PuzzleRecord]
) -> Puzzle:
    """One of `level` (all of `items` when it has none): never tried first, then not yet solved,
    then tried least; among equals the first after the puzzle `shown`, so skipping walks on through
    the level instead of going back and forth. The one shown comes again only when it is alone."""
    at_level = [p for p in items if p.level == level] or list(items)
    start = next((n for n, p in enumerate(at_level) if p.id == shown), -1)

    def rank(n: int) -> tuple:
        record = record_of(at_level[n].id)
        later = (n - start - 1) % len(at_level)
        return (at_level[n].id == shown, record.tries > 0, record.solved > 0, record.tries, later)

    return at_level[min(range(len(at_level)), key=rank)]


def due_back(items: Sequence[Puzzle], shown: str | None, due: Sequence[str]) -> Puzzle | None:
    """The first of `items` among the missed puzzles whose turn to come back has come (`due`, as
    `Progress.due_again` lists them), never the puzzle `shown`; None when none is due."""
    mine = {p.id: p for p in items}
    return next((mine[key] for key in due if key in mine and key != shown), None)
