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
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

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
from .progress_summary import export_csv, summary_rows
from .stars import FULL
from .teaching import HELP_KINDS, ClassSettings, HelpUsed, help_json, merged_help, read_settings

__all__ = [  # the file's keeping, from `progress_file`, is named here too
    "BROWSER", "BROWSER_DRIVE", "DEFAULT_RATING", "FORMAT", "LOCK_WAIT", "MAX_NAME", "VERSION",
    "ClassSettings", "Progress", "PuzzleRecord", "StudentRecords", "TaskRecord",
    "default_path", "lock_path", "read_file", "read_records", "read_students", "student_name",
]  # fmt: skip

FORMAT = "ausp_widget-progress"
VERSION = 2
DEFAULT_RATING = 1000.0
AGAIN_AFTER = 3  # other puzzle results between a miss and its return
MAX_NAME = 40

T = TypeVar("T")


def student_name(name: object) -> str:
    """The name as it is kept: without surrounding spaces and in composed Unicode, so " Ana" and
    "Ana" are one student. A name that would not fit one line of a class list is refused."""
    if not isinstance(name, str):
        raise WrongTypeError(f"a student name is text, not {type(name).__name__} {short_repr(name)}")
    kept = unicodedata.normalize("NFC", name.strip())
    if name and not kept:
        raise ValueError(f"a student name cannot be only spaces: {name!r}")
    if len(kept) > MAX_NAME:
        raise ValueError(f"a student name has at most {MAX_NAME} characters; {kept!r} has {len(kept)}")
    bad = next((c for c in kept if unicodedata.category(c) in ("Cc", "Cs", "Zl", "Zp")), None)
    if bad is not None:
        raise ValueError(f"a student name is one line without control characters; {name!r} has {bad!r}")
    return kept


@dataclass(frozen=True)
class TaskRecord:
    """The best a student has done at one task: solved or not, and the most stars earned."""

    solved: bool = False
    stars: int = 0

    def __post_init__(self) -> None:  # a record the file could not hold is never made
        check_flag("solved", self.solved)
        check_stars("stars", self.stars)


@dataclass(frozen=True)
class PuzzleRecord:
    """A student's results at one puzzle: tries, solves, the fastest solve in seconds (None
    until a timed solve), and when it was last missed and last solved cleanly, counted in the
    student's puzzle results (`turn`): a miss not yet made good brings the puzzle back."""

    tries: int = 0
    solved: int = 0
    best_seconds: float | None = None
    missed: int = 0  # the student's turn at the latest miss (0: never missed)
    cleared: int = 0  # the turn of the latest clean solve (no wrong try, no help)

    def __post_init__(self) -> None:  # a record the file could not hold is never made
        best = _check_puzzle(self.tries, self.solved, self.best_seconds, self.missed, self.cleared, "")
        object.__setattr__(self, "best_seconds", best)

    @property
    def pending(self) -> bool:
        """Missed, and not solved cleanly since."""
        return self.missed > self.cleared

    def merged(self, other: PuzzleRecord) -> PuzzleRecord:
        """The larger counts, not their sum: taking in the same file twice must not count a try twice."""
        times = [t for t in (self.best_seconds, other.best_seconds) if t is not None]
        best = min(times, default=None)
        return PuzzleRecord(
            max(self.tries, other.tries),
            max(self.solved, other.solved),
            best,
            max(self.missed, other.missed),
            max(self.cleared, other.cleared),
        )


@dataclass
class StudentRecords:
    """Everything kept for one student."""

    tasks: dict[str, TaskRecord] = field(default_factory=dict)
    puzzles: dict[str, PuzzleRecord] = field(default_factory=dict)
    rating: float = DEFAULT_RATING
    rated: int = 0
    help: HelpUsed = field(default_factory=dict)  # the help asked for, by task or puzzle id

    def __post_init__(self) -> None:  # records the file could not hold are never made
        for name, records, kind in (
            ("tasks", self.tasks, TaskRecord),
            ("puzzles", self.puzzles, PuzzleRecord),
        ):
            if not isinstance(records, dict):
                raise WrongTypeError(f"{name} is a dict of {kind.__name__} by id, not {short_repr(records)}")
            for key, record in records.items():
                check_id(f"an id in {name}", key)
                if not isinstance(record, kind):
                    raise WrongTypeError(f"{name}[{key!r}] is a {kind.__name__}, not {short_repr(record)}")
        self.rating = check_number("rating", self.rating)  # type: ignore[assignment]
        check_count("rated", self.rated)
        if not isinstance(self.help, dict):
            raise WrongTypeError(f"help is a dict of the help asked for by id, not {short_repr(self.help)}")
        for key, kinds in self.help.items():
            check_id("an id in help", key)
            if not isinstance(kinds, frozenset) or not kinds:
                raise WrongTypeError(f"help[{key!r}] is a frozenset of {', '.join(HELP_KINDS)}")
            for kind in kinds:
                check_choice(f"help[{key!r}]", kind, HELP_KINDS, "the help asked for")

    @property
    def empty(self) -> bool:
        """Nothing worth a place in the file or the class list."""
        return not (self.tasks or self.puzzles or self.rated or self.help)

    def merge(self, theirs: StudentRecords) -> None:
        """Take in another copy's records so that nothing either copy learned is lost."""
        if not isinstance(theirs, StudentRecords):
            raise WrongTypeError(
                f"theirs is a StudentRecords, not {type(theirs).__name__} {short_repr(theirs)}"
            )
        for key, record in theirs.tasks.items():
            mine = self.tasks.get(key, TaskRecord())
            self.tasks[key] = TaskRecord(mine.solved or record.solved, max(mine.stars, record.stars))
        for key, record in theirs.puzzles.items():
            self.puzzles[key] = self.puzzles.get(key, PuzzleRecord()).merged(record)
        if theirs.rated > self.rated:  # the rating that has seen more results is the later one
            self.rating, self.rated = theirs.rating, theirs.rated
        self.help = merged_help(self.help, theirs.help)

    def as_json(self) -> dict[str, Any]:
        kept = {
            "tasks": {k: {"solved": r.solved, "stars": r.stars} for k, r in sorted(self.tasks.items())},
            "puzzles": {k: _puzzle_json(r) for k, r in sorted(self.puzzles.items())},
            "rating": self.rating,
            "rated": self.rated,
        }
        if self.help:  # only once help was used, so files without any stay as they were
            kept["help"] = help_json(self.help)
        return kept


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
        changed = self._settings.with_changes(teacher, locked)

        def change() -> ClassSettings:
            self._settings = self._settings.newer(changed)
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

    def summary_rows(self) -> list[dict[str, str | int]]:
        """One row per student with any record, for a teacher's overview of the class."""
        return summary_rows({name: self._students[name] for name in self.students})

    def export_csv(self, path: Path | str, *, overwrite: bool = False) -> Path:
        """Write the class summary as CSV for a spreadsheet. An existing file is replaced only when
        asked, so an export never destroys an earlier one by accident."""
        target = check_path("path", path)
        check_flag("overwrite", overwrite)
        return export_csv(self.summary_rows(), target, overwrite=overwrite)


def read_students(text: str) -> dict[str, StudentRecords]:
    """Every student's records from the file's text (a version 1 file holds the default student's
    tasks only); anything else is refused with a `ValueError` naming the student, key and value."""
    return read_file(text)[0]


def read_file(text: str, skipped: list[str] | None = None) -> tuple[dict[str, StudentRecords], ClassSettings]:
    """Every student's records and the class's settings from the file's text; anything else is
    refused with a `ValueError` naming the student (or the class), key and value. Given a list
    `skipped`, a bad record (or student, or setting) is left out and said there instead, so one
    bad record never costs a class the rest; a file that is not progress at all is still refused."""
    if not isinstance(text, str):
        raise WrongTypeError(
            f"text is the progress file's text, not {type(text).__name__} {short_repr(text)}"
        )
    if skipped is not None and not isinstance(skipped, list):
        raise WrongTypeError(
            f"skipped is a list to say what was left out in, or None, not {short_repr(skipped)}"
        )
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"not JSON: {error}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f'not an ausp_widget progress file (no "format": "{FORMAT}")')
    version = data.get("version")
    if type(version) is int and version == 1:
        tasks = data.get("tasks")
        if not isinstance(tasks, dict):
            raise ValueError(f'"tasks" must be an object of task records, not {short_repr(tasks)}')
        return {
            "": StudentRecords(tasks=_read_each(tasks, "", "tasks", _read_task, skipped))
        }, ClassSettings()
    if type(version) is not int or version != VERSION:
        raise ValueError(f"progress file version {short_repr(version)}, this version reads 1 and {VERSION}")
    students = data.get("students")
    if not isinstance(students, dict):
        raise ValueError('"students" must be an object of students by name')
    found = {}
    for name, value in students.items():
        kept = _kept(skipped, None, _read_student, name, value, skipped)
        if kept is not None:
            found[name] = kept
    settings = ClassSettings()
    if "class" in data:
        settings = _kept(skipped, settings, _read_settings, data["class"])
    return found, settings


def _kept(skipped: list[str] | None, instead: T, read: Callable[..., T], *args: Any) -> T:
    """What `read(*args)` reads; when it cannot, `instead`, with why said in `skipped` (without a
    list to say it in, the `ValueError` stands)."""
    try:
        return read(*args)
    except ValueError as error:
        if skipped is None:
            raise
        skipped.append(str(error))
        return instead


def _read_settings(value: object) -> ClassSettings:
    try:
        return read_settings(value)
    except OverflowError:  # a whole number of a thousand digits as the time they were set
        raise ValueError(f"class 'changed' is a time in seconds, not {short_repr(value)}") from None


def _read_student(name: str, value: object, skipped: list[str] | None) -> StudentRecords:
    where = f"student {short_repr(name)}: "
    try:
        kept = student_name(name)
    except ValueError as error:
        raise ValueError(f"{where}{error}") from None
    if kept != name:
        raise ValueError(f"{where}a name is kept as {kept!r}")
    if not isinstance(value, dict):
        raise ValueError(
            f"{where}a student is an object of tasks, puzzles, rating, rated; not {short_repr(value)}"
        )

    def rating() -> tuple[float, int]:
        number = check_number(f"{where}'rating'", value.get("rating", DEFAULT_RATING))
        return number, check_count(f"{where}'rated'", value.get("rated", 0))  # type: ignore[return-value]

    def section(name: str, read_one: Callable[[str, object, str], T]) -> dict[str, T]:
        return _kept(skipped, {}, _read_each, value.get(name, {}), where, name, read_one, skipped)

    kept_rating, rated = _kept(skipped, (DEFAULT_RATING, 0), rating)
    tasks, puzzles = section("tasks", _read_task), section("puzzles", _read_puzzle)
    return StudentRecords(tasks, puzzles, kept_rating, rated, section("help", _read_help))


def _read_each(
    entries: object,
    where: str,
    section: str,
    read_one: Callable[[str, object, str], T],
    skipped: list[str] | None,
) -> dict[str, T]:
    """Every entry of one section of a student (tasks, puzzles or help) that `read_one` can read."""
    if not isinstance(entries, dict):
        raise ValueError(f'{where}"{section}" must be an object of records by id, not {short_repr(entries)}')
    found: dict[str, T] = {}
    for key, value in entries.items():
        record = _kept(skipped, None, read_one, key, value, where)
        if record is not None:
            found[key] = record
    return found


def _read_task(key: str, value: object, where: str) -> TaskRecord:
    here = f"{where}task {short_repr(key)}: "
    check_id(f"{here}the id", key, "a task id")
    if not isinstance(value, dict):
        raise ValueError(
            f"{here}a record is {{'solved': true/false, 'stars': 0 to {FULL}}}, not {short_repr(value)}"
        )
    return TaskRecord(
        check_flag(f"{here}'solved'", value.get("solved")), check_stars(f"{here}'stars'", value.get("stars"))
    )


def _read_puzzle(key: str, value: object, where: str) -> PuzzleRecord:
    here = f"{where}puzzle {short_repr(key)}: "
    check_id(f"{here}the id", key, "a puzzle id")
    if not isinstance(value, dict):
        raise ValueError(f"{here}a record is {{'tries', 'solved', 'best_seconds'}}, not {short_repr(value)}")
    tries, solved, best = value.get("tries"), value.get("solved"), value.get("best_seconds")
    missed, cleared = value.get("missed", 0), value.get("cleared", 0)
    best = _check_puzzle(tries, solved, best, missed, cleared, here)
    return PuzzleRecord(tries, solved, best, missed, cleared)  # type: ignore[arg-type]


def _check_puzzle(
    tries: object, solved: object, best: object, missed: object, cleared: object, here: str
) -> float | None:
    """A puzzle record's fields as the file can hold them (`here` says where, in a message); the
    best time as a float."""
    check_count(f"{here}'tries'", tries)
    check_count(f"{here}'solved'", solved, tries, "'tries' ({tries})")  # type: ignore[arg-type]
    if best is not None and not solved:
        raise ValueError(f"{here}'best_seconds' is null until solved, not {short_repr(best)}")
    seconds = check_number(f"{here}'best_seconds'", best, low=0, none=True)
    check_count(f"{here}'missed'", missed)
    check_count(f"{here}'cleared'", cleared)
    return seconds


def _read_help(key: str, value: object, where: str) -> frozenset[str]:
    here = f"{where}help at {short_repr(key)}: "
    check_id(f"{here}the id", key, "a task, puzzle or game id")
    if not isinstance(value, list) or not value:
        raise ValueError(f"{here}a list of {', '.join(HELP_KINDS)}; not {short_repr(value)}")
    return frozenset(check_choice(f"{here}each", kind, HELP_KINDS, "the help asked for") for kind in value)


def _turn(records: StudentRecords) -> int:
    return sum(record.tries for record in records.puzzles.values())


def _puzzle_json(record: PuzzleRecord) -> dict[str, Any]:
    kept: dict[str, Any] = {"tries": record.tries, "solved": record.solved}
    kept["best_seconds"] = record.best_seconds
    if record.missed:  # only once missed, so older files and clean records stay as they were
        kept["missed"], kept["cleared"] = record.missed, record.cleared
    return kept


def read_records(text: str) -> dict[str, TaskRecord]:
    """The default student's task records (all a version 1 file held); the whole file is checked,
    and anything else is refused with a `ValueError` that says what is wrong."""
    return read_students(text).get("", StudentRecords()).tasks
