"""A guide's lessons as one student has done them: tasks solved and stars, lesson by lesson (kept
apart from `progress`, the store, which only keeps the records these are read from; the store
does not import this module, so the two make no circle)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .errors import WrongTypeError, given
from .progress_checks import check_count, check_id
from .stars import FULL

if TYPE_CHECKING:
    from .progress import Progress, TaskRecord

__all__ = ["LessonProgress", "lessons_progress", "task_id"]


@dataclass(frozen=True)
class LessonProgress:
    """One lesson as the student has done it: `done` when every task in it is solved; `stars`
    earned of `most` (three a task)."""

    tasks: int
    solved: int
    stars: int

    def __post_init__(self) -> None:
        check_count("tasks", self.tasks)
        check_count("solved", self.solved, self.tasks, f"tasks ({self.tasks})")
        check_count("stars", self.stars, FULL * self.tasks, f"{FULL} a task ({FULL * self.tasks})")

    @property
    def done(self) -> bool:
        return self.solved == self.tasks

    @property
    def most(self) -> int:
        return FULL * self.tasks

    def __str__(self) -> str:
        if not self.tasks:
            return "to read"
        return (
            "done" if self.done else f"{self.solved} of {self.tasks} tasks"
        ) + f", {self.stars}/{self.most} ★"


def task_id(game: str, lesson: str, title: str) -> str:
    """The key a task's record is kept under: stable while the lesson and step keep their names,
    and shared by every mode's guide that teaches the same lesson."""
    for name, value in (("game", game), ("lesson", lesson), ("title", title)):
        check_id(name, value, f"a {name} name")
    return f"{game}/{lesson}/{title}"


def lessons_progress(game: str, steps: list, progress: Progress) -> dict[str, LessonProgress]:
    """Each lesson of a guide (in order) with the tasks solved and stars earned."""
    check_id("game", game, "a game name")
    if not isinstance(steps, Sequence) or isinstance(steps, str):
        raise WrongTypeError(f"steps is a list of a guide's steps, not {given(steps)}")
    if not callable(getattr(progress, "get", None)):
        raise WrongTypeError(f"progress is a Progress, not {given(progress)}")
    found: dict[str, list[TaskRecord]] = {}
    for step in steps:
        records = found.setdefault(step.lesson, [])
        if step.task is not None:
            records.append(progress.get(task_id(game, step.lesson, step.title)))
    return {
        lesson: LessonProgress(len(r), sum(x.solved for x in r), sum(x.stars for x in r))
        for lesson, r in found.items()
    }
