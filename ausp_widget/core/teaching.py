"""What a teacher sets for the class, and which help each student asked for. The settings are
kept in the class file the teacher's app writes (`class_file`), so a quiz set on the teacher's
machine holds in every student's app that reads it; the help used is kept in the progress file,
so the class summary can say who used a hint or was shown a solution.

Teacher mode makes "Winnable?" answer yes or no without the winning line (on a projector the line
is the answer key). With teacher mode on, help can be locked for a quiz: no hints, no solutions,
no solver. The settings carry the time they were made, so when two copies meet the newer
setting wins; help used is kept as a set of kinds per task or puzzle, so merging two copies never
counts a use twice and never loses one.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any

from .errors import WrongTypeError, short_repr

HINT, SOLUTION, SOLVER = "hint", "solution", "solver"
HELP_KINDS = (HINT, SOLUTION, SOLVER)
HelpUsed = dict[str, frozenset[str]]  # task or puzzle id -> the kinds of help asked for there


@dataclass(frozen=True)
class ClassSettings:
    """The class's settings: `teacher` mode, and help `locked` for a quiz (only in teacher mode)."""

    teacher: bool = False
    locked: bool = False
    changed: float = 0.0  # seconds since the epoch when they were set: the newer setting wins a merge

    def __post_init__(self) -> None:
        """Only settings the class file can hold and read back: a bad value is refused here,
        before it can reach the file every student's app reads."""
        object.__setattr__(self, "changed", _checked(self.teacher, self.locked, self.changed))

    @property
    def help_locked(self) -> bool:
        return self.teacher and self.locked

    def newer(self, other: ClassSettings) -> ClassSettings:
        """The later of two settings. Settings never set give way to any that were, stamped
        or not (a class file written by hand, without "changed")."""
        return (
            other
            if other.changed > self.changed or (other.changed == self.changed and self == ClassSettings())
            else self
        )

    def as_json(self) -> dict[str, Any]:
        return {"teacher": self.teacher, "locked": self.locked, "changed": self.changed}

    def with_changes(self, teacher: bool | None = None, locked: bool | None = None) -> ClassSettings:
        """These settings with `teacher` and `locked` changed where given, stamped now: later
        than these, always (two changes in one tick of the clock, or after settings stamped by
        a clock that runs ahead), so the change wins every merge."""
        for name, value in (("teacher", teacher), ("locked", locked)):
            if value is not None and not isinstance(value, bool):
                raise ValueError(f"{name} is True or False, not {value!r}")
        return ClassSettings(
            self.teacher if teacher is None else teacher,
            self.locked if locked is None else locked,
            max(time.time(), math.nextafter(self.changed, math.inf)),
        )


def read_settings(value: object) -> ClassSettings:
    """The settings from the file's "class" entry; anything else is refused, naming the key."""
    if not isinstance(value, dict):
        raise ValueError(f'"class" is an object of teacher, locked and changed, not {value!r}')
    teacher, locked, changed = (
        value.get("teacher", False),
        value.get("locked", False),
        value.get("changed", 0.0),
    )
    return ClassSettings(teacher, locked, changed)


def _checked(teacher: object, locked: object, changed: object) -> float:
    """`changed` as a float, once `teacher` and `locked` are true or false and `changed` a
    finite number of seconds; else a `ValueError` (a `TypeError` too for a wrong type) naming
    the setting, as the class file and `ClassSettings` refuse it alike."""
    for name, flag in (("teacher", teacher), ("locked", locked)):
        if not isinstance(flag, bool):
            raise WrongTypeError(f"class {name!r} is true or false, not {short_repr(flag)}")
    wanted = "class 'changed' is a time in seconds (a finite number)"
    if isinstance(changed, bool) or not isinstance(changed, int | float):
        raise WrongTypeError(f"{wanted}, not {short_repr(changed)}")
    try:
        seconds = float(changed)
    except OverflowError:
        raise ValueError(f"{wanted}, not {short_repr(changed)}") from None
    if not math.isfinite(seconds):
        raise ValueError(f"{wanted}, not {short_repr(changed)}")
    return seconds


def read_help(value: object, where: str) -> HelpUsed:
    """A student's help used, from the file: {id: [kind, ...]}; anything else is refused."""
    if not isinstance(value, dict):
        raise ValueError(f'{where}"help" must be an object of help used by task or puzzle, not {value!r}')
    found: HelpUsed = {}
    for key, kinds in value.items():
        if not isinstance(kinds, list) or not kinds or any(kind not in HELP_KINDS for kind in kinds):
            raise ValueError(f"{where}help at {key!r}: a list of {', '.join(HELP_KINDS)}; not {kinds!r}")
        found[key] = frozenset(kinds)
    return found


def help_json(used: HelpUsed) -> dict[str, list[str]]:
    return {key: sorted(kinds) for key, kinds in sorted(used.items())}


def merged_help(mine: HelpUsed, theirs: HelpUsed) -> HelpUsed:
    return {
        key: mine.get(key, frozenset()) | theirs.get(key, frozenset()) for key in mine.keys() | theirs.keys()
    }


def help_counts(used: HelpUsed) -> dict[str, int]:
    """How many tasks and puzzles had a hint, a solution shown, or the solver asked."""
    return {
        "hints_used": sum(HINT in kinds for kinds in used.values()),
        "solutions_shown": sum(SOLUTION in kinds for kinds in used.values()),
        "solver_asked": sum(SOLVER in kinds for kinds in used.values()),
    }
