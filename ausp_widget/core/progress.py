"""A student's lesson progress, kept across kernel restarts in a small JSON file.

The file lives in the user's Jupyter data directory (`ausp_widget/progress.json`; the
environment variable `AUSP_WIDGET_PROGRESS` names another file). A file that cannot be read as
progress (corrupt, or some other program's) is never overwritten: it is renamed aside with a
`.unreadable-<time>` suffix, the problem is reported in `Progress.problem`, and a fresh record
starts. Writes go to a temporary file first, so a crash never leaves half a file.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

FORMAT = "ausp_widget-progress"
VERSION = 1


def default_path() -> Path:
    """Where progress is kept unless `AUSP_WIDGET_PROGRESS` says otherwise."""
    named = os.environ.get("AUSP_WIDGET_PROGRESS")
    if named:
        return Path(named)
    try:
        from jupyter_core.paths import jupyter_data_dir
    except ImportError:  # without Jupyter installed, the same place Jupyter would use on Linux
        base = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share")) / "jupyter"
    else:
        base = Path(jupyter_data_dir())
    return base / "ausp_widget" / "progress.json"


@dataclass(frozen=True)
class TaskRecord:
    """The best a student has done at one task: solved or not, and the most stars earned."""

    solved: bool = False
    stars: int = 0


class Progress:
    """Task records by task id, read from and written to one file (`path`; None keeps them in
    memory only). `problem` says what was wrong with a file that had to be set aside."""

    def __init__(self, path: Path | str | None = None, *, memory: bool = False) -> None:
        self.path: Path | None = None if memory else Path(path) if path is not None else default_path()
        self.problem: str | None = None
        self.records: dict[str, TaskRecord] = {}
        if self.path is not None and self.path.exists():
            self._load(self.path)

    def _load(self, path: Path) -> None:
        try:
            self.records = read_records(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError) as error:
            aside = path.with_name(f"{path.name}.unreadable-{time.strftime('%Y%m%d-%H%M%S')}")
            try:
                path.rename(aside)
            except OSError as rename_error:  # cannot move it: keep it, and never write over it
                self.path = None
                self.problem = (
                    f"{path} could not be read ({error}) nor set aside ({rename_error}); progress is not kept"
                )
            else:
                self.problem = (
                    f"{path} could not be read ({error}); it was kept as {aside.name}; a new record starts"
                )

    def record(self, task_id: str, solved: bool, stars: int) -> TaskRecord:
        """Keep the better of the stored and the new result, and save (first taking in what
        another guide in the same or another kernel wrote to the file since)."""
        self._merge_file()
        old = self.records.get(task_id, TaskRecord())
        new = TaskRecord(old.solved or solved, max(old.stars, stars))
        if new != old:
            self.records[task_id] = new
            self.save()
        return new

    def _merge_file(self) -> None:
        if self.path is None or not self.path.exists():
            return
        try:
            on_disk = read_records(self.path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError):
            return  # unreadable now: `save` still writes ours; the file was ours when we read it
        for key, theirs in on_disk.items():
            mine = self.records.get(key, TaskRecord())
            self.records[key] = TaskRecord(mine.solved or theirs.solved, max(mine.stars, theirs.stars))

    def get(self, task_id: str) -> TaskRecord:
        return self.records.get(task_id, TaskRecord())

    def save(self) -> None:
        if self.path is None:
            return
        data = {
            "format": FORMAT,
            "version": VERSION,
            "tasks": {k: {"solved": r.solved, "stars": r.stars} for k, r in sorted(self.records.items())},
        }
        self.path.parent.mkdir(parents=True, exist_ok=True)
        temporary = self.path.with_name(self.path.name + ".tmp")
        temporary.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        os.replace(temporary, self.path)

    def clear(self) -> None:
        """Forget every record (the file is rewritten empty)."""
        self.records = {}
        self.save()


def read_records(text: str) -> dict[str, TaskRecord]:
    """Task records from the file's text; anything else is refused with a `ValueError` that
    says what is wrong."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"not JSON: {error}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f'not an ausp_widget progress file (no "format": "{FORMAT}")')
    if data.get("version") != VERSION:
        raise ValueError(f"progress file version {data.get('version')!r}, this version reads {VERSION}")
    tasks = data.get("tasks")
    if not isinstance(tasks, dict):
        raise ValueError('"tasks" must be an object of task records')
    records = {}
    for key, value in tasks.items():
        if not (
            isinstance(value, dict)
            and isinstance(value.get("solved"), bool)
            and type(value.get("stars")) is int
            and 0 <= value["stars"] <= 3
        ):
            raise ValueError(
                f"task {key!r}: a record is {{'solved': true/false, 'stars': 0 to 3}}, not {value!r}"
            )
        records[key] = TaskRecord(value["solved"], value["stars"])
    return records


@dataclass(frozen=True)
class LessonProgress:
    """One lesson as the student has done it: `done` when every task in it is solved; `stars`
    earned of `most` (three a task)."""

    tasks: int
    solved: int
    stars: int

    @property
    def done(self) -> bool:
        return self.solved == self.tasks

    @property
    def most(self) -> int:
        return 3 * self.tasks

    def __str__(self) -> str:
        if not self.tasks:
            return "to read"
        return (
            "done" if self.done else f"{self.solved} of {self.tasks} tasks"
        ) + f", {self.stars}/{self.most} ★"


def task_id(game: str, lesson: str, title: str) -> str:
    """The key a task's record is kept under: stable while the lesson and step keep their names,
    and shared by every mode's guide that teaches the same lesson."""
    return f"{game}/{lesson}/{title}"


def lessons_progress(game: str, steps: list, progress: Progress) -> dict[str, LessonProgress]:
    """Each lesson of a guide (in order) with the tasks solved and stars earned."""
    found: dict[str, list[TaskRecord]] = {}
    for step in steps:
        records = found.setdefault(step.lesson, [])
        if step.task is not None:
            records.append(progress.get(task_id(game, step.lesson, step.title)))
    return {
        lesson: LessonProgress(len(r), sum(x.solved for x in r), sum(x.stars for x in r))
        for lesson, r in found.items()
    }
