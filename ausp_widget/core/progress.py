"""Students' lesson progress, puzzle results and ratings, kept across kernel restarts in one JSON file.

The file lives in the user's Jupyter data directory (`ausp_widget/progress.json`; the
environment variable `AUSP_WIDGET_PROGRESS` names another file). One file holds a whole class, so a
shared classroom machine needs no set-up per student; the empty name is the default student, which
keeps single-student use (and version 1 files) as it was. A file that cannot be read as progress
(corrupt, a newer version's, or some other program's) is never overwritten: before every write,
not only at the start, such a file is renamed aside with a `.unreadable-<time>` suffix, the
problem is reported in `Progress.problem`, and a fresh record starts. A file that can be read
only in part (one bad record, a wrong type in one entry, an id no file can hold) keeps every
record that can be read: `Progress.problem` (and a logged warning) names what was skipped, and
the file as it was is copied aside the same way before the rest is written back. A folder at the
path is left alone and nothing is kept; a link at the path (a class's shared file) is followed,
and the file it names is replaced, the link kept. Every argument is checked before anything
changes, so a bad call never reaches the file. Each write reads, merges and writes under a lock
file beside the progress file (`progress.json.lock`; beside the file a link names), so kernels
recording at once never lose each other's records, and goes to a temporary file first, so a
crash never leaves half a file. When the file cannot be written, the records stay in memory and
`Progress.problem` says why: a lesson or a puzzle goes on, never stopped by its progress file.

In the classroom site (Pyodide, one process, no file locks) the default file is
`/drive/ausp_widget-progress.json`, in the site's own files, which the browser keeps across
reloads.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TypeVar

from .errors import WrongTypeError, short_repr
from .progress_checks import (
    check_choice,
    check_count,
    check_flag,
    check_id,
    check_number,
    check_path,
    check_stars,
)
from .progress_file import BROWSER, BROWSER_DRIVE, LOCK_WAIT, KeptFile, default_path, lock_path
from .progress_read import read_file, read_records, read_students
from .progress_records import (
    AGAIN_AFTER,
    DEFAULT_RATING,
    FORMAT,
    MAX_NAME,
    VERSION,
    PuzzleRecord,
    StudentRecords,
    TaskRecord,
    _turn,
    student_name,
)
from .progress_summary import export_csv, summary_rows
from .teaching import HELP_KINDS, ClassSettings

__all__ = [  # the file's keeping, from `progress_file`, is named here too
    "BROWSER", "BROWSER_DRIVE", "DEFAULT_RATING", "FORMAT", "LOCK_WAIT", "MAX_NAME", "VERSION",
    "ClassSettings", "Progress", "PuzzleRecord", "StudentRecords", "TaskRecord",
    "default_path", "lock_path", "read_file", "read_records", "read_students", "student_name",
]  # fmt: skip

T = TypeVar("T")


class Progress:
    """Every student's records in one file (`path`; `memory=True` keeps them in memory only).
    `student` picks whose records `record`, `get`, `records` and the puzzle methods use; `problem`
    says what went wrong with the file (set aside, records skipped, or not being kept), or is None.
    Every method checks its arguments before it changes anything: a wrong type is a TypeError, a
    bad value a ValueError, each naming the argument, and the file stays as it was."""

    def __init__(self, path: Path | str | None = None, *, memory: bool = False, student: str = "") -> None:
        kept_at = None if path is None else check_path("path", path)
        check_flag("memory", memory)
        name = student_name(student)
        self.path: Path | None = None if memory else kept_at if kept_at is not None else default_path()
        self._file = None if self.path is None else KeptFile(self.path)
        self._student = name
        self._students: dict[str, StudentRecords] = {}
        self._settings = ClassSettings()
        if self._file is not None:
            self._file.load(self._take_in)

    @property
    def problem(self) -> str | None:
        return None if self._file is None else self._file.problem

    def _take_in(self, text: str) -> list[str]:
        """Merge what can be read of a file into our records, and say what could not (skipped);
        a `ValueError` (nothing merged) if none of it is progress."""
        skipped: list[str] = []
        students, settings = read_file(text, skipped)
        for name, theirs in students.items():
            self._students.setdefault(name, StudentRecords()).merge(theirs)
        self._settings = self._settings.newer(settings)
        return skipped

    def _update(self, change: Callable[[], T]) -> T:
        """Apply `change` to the records and keep them, taking in first what another app wrote."""
        if self._file is None:
            return change()
        return self._file.update(self._take_in, change, self._text)

    @property
    def student(self) -> str:
        return self._student

    @student.setter
    def student(self, name: str) -> None:
        self._student = student_name(name)

    @property
    def _mine(self) -> StudentRecords:
        return self._students.setdefault(self._student, StudentRecords())

    @property
    def records(self) -> dict[str, TaskRecord]:
        """The current student's task records by task id."""
        return self._mine.tasks

    @records.setter
    def records(self, records: dict[str, TaskRecord]) -> None:
        if not isinstance(records, Mapping):
            raise WrongTypeError(f"records is a dict of TaskRecord by task id, not {type(records).__name__}")
        for key, record in records.items():
            check_id("a task id in records", key, "a task id")
            if not isinstance(record, TaskRecord):
                raise WrongTypeError(f"records[{key!r}] is a TaskRecord, not {short_repr(record)}")
        self._mine.tasks = dict(records)

    @property
    def students(self) -> list[str]:
        """Names with any record, including those another app wrote to the file since."""
        if self._file is not None:
            self._file.peek(self._take_in)
        return sorted(name for name, kept in self._students.items() if not kept.empty)

    @property
    def rating(self) -> float:
        return self._mine.rating

    @property
    def rated(self) -> int:
        """How many results the rating has seen: zero means it is still the starting guess."""
        return self._mine.rated

    @property
    def puzzles(self) -> dict[str, PuzzleRecord]:
        return dict(self._mine.puzzles)

    @property
    def turn(self) -> int:
        """How many puzzle results the student has: the clock misses are counted on."""
        return _turn(self._mine)

    def due_again(self, gap: int = AGAIN_AFTER) -> list[str]:
        """The puzzles missed and not yet solved cleanly, with at least `gap` other results since
        the miss: the oldest miss first."""
        check_count("gap", gap)
        now = self.turn
        due = [(r.missed, k) for k, r in self._mine.puzzles.items() if r.pending and now - r.missed >= gap]
        return [key for _, key in sorted(due)]

    def puzzle(self, puzzle_id: str) -> PuzzleRecord:
        return self._mine.puzzles.get(check_id("puzzle_id", puzzle_id, "a puzzle id"), PuzzleRecord())

    def get(self, task_id: str) -> TaskRecord:
        return self._mine.tasks.get(check_id("task_id", task_id, "a task id"), TaskRecord())

    def record(self, task_id: str, solved: bool, stars: int) -> TaskRecord:
        """Keep the better of the stored and the new result, and save (first taking in what
        another guide in the same or another kernel wrote to the file since)."""
        check_id("task_id", task_id, "a task id")
        check_flag("solved", solved)
        check_stars("stars", stars)

        def change() -> TaskRecord:
            old = self._mine.tasks.get(task_id, TaskRecord())
            self._mine.tasks[task_id] = new = TaskRecord(old.solved or solved, max(old.stars, stars))
            return new

        return self._update(change)

    def record_puzzle(
        self,
        puzzle_id: str,
        solved: bool,
        seconds: float | None,
        rating: float | None = None,
        clean: bool | None = None,
    ) -> PuzzleRecord:
        """Count one try at a puzzle and, with `rating`, the student's rating after it; then save,
        so the next puzzle can be chosen for the student even after a restart. `clean` (by
        default `solved`) says the puzzle was solved with no wrong try and no help; anything
        else is a miss, and the puzzle comes back (`due_again`)."""
        check_id("puzzle_id", puzzle_id, "a puzzle id")
        check_flag("solved", solved)
        clean = solved if clean is None else check_flag("clean", clean)
        if clean and not solved:
            raise ValueError("clean is True only for a solve (no wrong try, no help), not for a miss")
        time = check_number("seconds", seconds, low=0, none=True)
        rated = check_number("rating", rating, none=True)

        def change() -> PuzzleRecord:
            mine = self._mine
            old = mine.puzzles.get(puzzle_id, PuzzleRecord())
            best = old.best_seconds
            if solved and time is not None:
                best = time if best is None else min(best, time)
            turn = _turn(mine) + 1
            # a clean solve makes good a miss (there is nothing to clear without one)
            missed, cleared = (old.missed, turn if old.missed else 0) if clean else (turn, old.cleared)
            new = PuzzleRecord(old.tries + 1, old.solved + int(solved), best, missed, cleared)
            mine.puzzles[puzzle_id] = new
            if rated is not None:
                mine.rating, mine.rated = rated, mine.rated + 1
            return new

        return self._update(change)

    @property
    def settings(self) -> ClassSettings:
        """The class's settings (teacher mode, help locked) as this file holds them, as another app
        may have set them since. The apps keep them in the class file the teacher's app writes
        (`core.class_file`), where file permissions can keep students from changing them; these
        are what an earlier version kept here, read only until there is a class file."""
        if self._file is not None:
            self._file.peek(self._take_in)
        return self._settings

    @property
    def settings_read(self) -> ClassSettings:
        """The class's settings as last read from the file, without looking again (just after
        opening it: in the browser each look is a round trip)."""
        return self._settings

    def set_settings(self, *, teacher: bool | None = None, locked: bool | None = None) -> ClassSettings:
        """Change the class's settings kept in this file (see `settings`: the apps follow the
        class file once there is one)."""
        for name, value in (("teacher", teacher), ("locked", locked)):
            if value is not None:
                check_flag(name, value)

        def change() -> ClassSettings:  # on the settings as the file has them now
            self._settings = self._settings.with_changes(teacher, locked)
            return self._settings

        return self._update(change)

    def record_help(self, item: str, kind: str) -> None:
        """Keep that the current student asked for help (`kind`: hint, solution or solver) at a
        task, puzzle or game (`item`), for the class summary."""
        check_id("item", item, "the task, puzzle or game the help was for")
        check_choice("kind", kind, HELP_KINDS, "the help asked for")

        def change() -> None:
            mine = self._mine
            mine.help = {**mine.help, item: mine.help.get(item, frozenset()) | {kind}}

        self._update(change)

    def save(self) -> None:
        """Write every student's records, first taking in what another app wrote since."""
        self._update(lambda: None)

    def _text(self) -> str:
        """The file's text: every student with any record."""
        data = {
            "format": FORMAT,
            "version": VERSION,
            "students": {
                name: kept.as_json() for name, kept in sorted(self._students.items()) if not kept.empty
            },
        }
        if self._settings != ClassSettings():  # only once set, so other files stay as they were
            data["class"] = self._settings.as_json()
        return json.dumps(data, indent=1, ensure_ascii=False) + "\n"

    def clear(self, everyone: bool = False) -> None:
        """Forget the current student's records (with `everyone`, every student's) and rewrite the
        file; other students' records on disk are kept, so starting one student over never wipes
        a class. (Another app still holding the records may write them back.)"""
        check_flag("everyone", everyone)

        def change() -> None:
            if everyone:
                self._students.clear()
            else:
                self._students.pop(self._student, None)

        self._update(change)

    def puzzle_results(self) -> dict[str, dict[str, PuzzleRecord]]:
        """Every student's puzzle records by puzzle id (students with any record), for a class
        summary by theme."""
        return {name: dict(self._students[name].puzzles) for name in self.students}

    def summary_rows(self) -> list[dict[str, str | int]]:
        """One row per student with any record, for a teacher's overview of the class."""
        return summary_rows({name: self._students[name] for name in self.students})

    def export_csv(self, path: Path | str, *, overwrite: bool = False) -> Path:
        """Write the class summary as CSV for a spreadsheet. An existing file is replaced only when
        asked, so an export never destroys an earlier one by accident."""
        target = check_path("path", path)
        check_flag("overwrite", overwrite)
        return export_csv(self.summary_rows(), target, overwrite=overwrite)
