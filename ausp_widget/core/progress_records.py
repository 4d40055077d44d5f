"""A student's records as the progress file holds them (a task's, a puzzle's and a whole
student's), each checked as it is made, so a record the file could not hold never exists."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import Any

from .errors import WrongTypeError, given, short_repr
from .progress_checks import check_choice, check_count, check_flag, check_id, check_number, check_stars
from .teaching import HELP_KINDS, HelpUsed, help_json, merged_help

FORMAT = "ausp_widget-progress"
VERSION = 2
DEFAULT_RATING = 1000.0
AGAIN_AFTER = 3  # other puzzle results between a miss and its return
MAX_NAME = 40


def student_name(name: object) -> str:
    """The name as it is kept: without surrounding spaces and in composed Unicode, so " Ana" and
    "Ana" are one student. A name that would not fit one line of a class list is refused."""
    if not isinstance(name, str):
        raise WrongTypeError(f"a student name is text, not {given(name)}")
    kept = unicodedata.normalize("NFC", name.strip())
    if name and not kept:
        raise ValueError(f"a student name cannot be only spaces: {name!r}")
    if len(kept) > MAX_NAME:
        raise ValueError(f"a student name has at most {MAX_NAME} characters; {kept!r} has {len(kept)}")
    bad = next((c for c in kept if unicodedata.category(c) in ("Cc", "Cf", "Cs", "Zl", "Zp")), None)
    if bad is not None and "\udc80" <= bad <= "\udcff":  # a byte the file's reading could not decode
        raise ValueError(
            f"a student name is text in UTF-8; {name!r} has the byte 0x{ord(bad) - 0xDC00:02x}, "
            "which is not (the file was saved in another encoding)"
        )
    if bad is not None:  # "Cf": invisible marks (zero-width, bidi) would let two names look alike
        raise ValueError(
            f"a student name is one line of visible characters; {name!r} has {bad!r} "
            f"({unicodedata.name(bad, 'a control character').lower()})"
        )
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
            raise WrongTypeError(f"theirs is a StudentRecords, not {given(theirs)}")
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


def _turn(records: StudentRecords) -> int:
    return sum(record.tries for record in records.puzzles.values())


def _puzzle_json(record: PuzzleRecord) -> dict[str, Any]:
    kept: dict[str, Any] = {"tries": record.tries, "solved": record.solved}
    kept["best_seconds"] = record.best_seconds
    if record.missed:  # only once missed, so older files and clean records stay as they were
        kept["missed"], kept["cleared"] = record.missed, record.cleared
    return kept
