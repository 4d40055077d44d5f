"""What a puzzle's result counts in a student's progress, kept apart from the trainer that
shows the puzzle: a result is scored from every wrong try and hint the puzzle had, and only a
puzzle's first result moves the rating."""

from __future__ import annotations

from ausp_widget.core.progress import Progress
from ausp_widget.core.rating import score_of, updated
from ausp_widget.core.tasks import TaskRun


class PuzzleResults:
    """The results of one progress file's student, with the tries of puzzles left unsolved."""

    def __init__(self, store: Progress) -> None:
        self.store = store
        self._carried: dict[str, tuple[int, bool]] = {}  # puzzle id: wrong tries, hinted

    def left(self, puzzle_id: str, run: TaskRun | None) -> None:
        """A puzzle left (or started again) before its result: its wrong tries and hints count
        in the result that follows, however often it is opened again."""
        if run is None or not (run.wrong or run.helped):
            return
        wrong, helped = self._carried.get(puzzle_id, (0, False))
        self._carried[puzzle_id] = (wrong + run.wrong, helped or run.helped)

    def record(self, puzzle_id: str, level: int, solved: bool, run: TaskRun | None, seconds: float) -> None:
        """Keep a puzzle's result. Only its first result moves the rating: a puzzle opened again
        is practice, and a solve learnt by heart would otherwise lift the rating at will."""
        wrong, helped = self._carried.pop(puzzle_id, (0, False))
        if run is not None:
            wrong, helped = wrong + run.wrong, helped or run.helped
        score = score_of(solved, wrong, helped)
        store = self.store
        first = store.puzzle(puzzle_id).tries == 0
        rating = updated(store.rating, level, score, store.rated) if first else None
        store.record_puzzle(puzzle_id, solved, seconds if solved else None, rating, clean=score == 1.0)

    def new_student(self) -> None:
        """The tries of puzzles left unsolved were the last student's."""
        self._carried.clear()
