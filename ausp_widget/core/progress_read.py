"""Reading a progress file's text: every record that can be read is kept and each that cannot
is named (`skipped`), so one bad record never costs a class the others."""

from __future__ import annotations

import json
from collections.abc import Callable
from types import MappingProxyType
from typing import Any, TypeVar

from .errors import NewerFileError, WrongTypeError, given, short_repr
from .progress_checks import check_choice, check_count, check_flag, check_id, check_number, check_stars
from .progress_records import (
    DEFAULT_RATING,
    FORMAT,
    VERSION,
    PuzzleRecord,
    StudentRecords,
    TaskRecord,
    _check_puzzle,
    student_name,
)
from .stars import FULL
from .teaching import HELP_KINDS, ClassSettings, read_settings

T = TypeVar("T")


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
        raise WrongTypeError(f"text is the progress file's text, not {given(text)}")
    if skipped is not None and not isinstance(skipped, list):
        raise WrongTypeError(
            f"skipped is a list to say what was left out in, or None, not {short_repr(skipped)}"
        )
    data = _parsed(text, skipped)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f'not an ausp_widget progress file (no "format": "{FORMAT}")')
    version = data.get("version")
    if type(version) is int and version == 1:
        tasks = data.get("tasks")
        if not isinstance(tasks, dict):
            raise ValueError(f'"tasks" must be an object of task records, not {short_repr(tasks)}')
        _unknown(data, FILE_KEYS_1, "the file", skipped)
        return {
            "": StudentRecords(tasks=_read_each(tasks, "", "tasks", _read_task, skipped))
        }, ClassSettings()
    if type(version) is int and version > VERSION:
        raise NewerFileError(f"progress file version {version}, this version reads 1 and {VERSION}")
    if type(version) is not int or version != VERSION:
        raise ValueError(f"progress file version {short_repr(version)}, this version reads 1 and {VERSION}")
    students = data.get("students")
    if not isinstance(students, dict):
        raise ValueError('"students" must be an object of students by name')
    _unknown(data, FILE_KEYS, "the file", skipped)
    found: dict[str, StudentRecords] = {}
    for name, value in students.items():
        kept = _kept(skipped, None, _read_student, name, value, skipped)
        if kept is None:
            continue
        key = student_name(name)  # " Ana" and a name typed in decomposed Unicode are kept as one
        if key in found:
            found[key].merge(kept)
        else:
            found[key] = kept
    settings = ClassSettings()
    if "class" in data:
        settings = _kept(skipped, settings, _read_settings, data["class"])
        if isinstance(data["class"], dict):
            _unknown(data["class"], CLASS_KEYS, "class", skipped)
    return found, settings


LONGEST_NUMBER = 100
"""Digits a number in the file may have: a record holds nothing longer, and Python refuses to
read a whole number of thousands of digits (which would cost the whole file, not one record)."""
DEEPEST = 32
"""Levels of nesting a value may have: a record nests three or four; a value nested thousands
deep is cut out of the text before it is read again, so only its record is skipped."""
TOO_DEEP = f"a value nested more than {DEEPEST} levels deep"


class LongNumber:
    """A number written with more digits than `LONGEST_NUMBER`: read as its length only, so the
    check of its record refuses it, by name, and the rest of the file is kept."""

    def __init__(self, text: str) -> None:
        self.digits = len(text.lstrip("-"))

    def __repr__(self) -> str:
        return f"of {self.digits} digits"


def _parsed(text: str, skipped: list[str] | None) -> object:
    """The file's JSON. A key given twice in one object is a record that cannot be read: the
    first is kept and the other named in `skipped` (JSON's own reading would keep the last
    without a word, and the next write would lose the first)."""
    twice: list[str] = []

    def pairs(items: list[tuple[str, object]]) -> dict[str, object]:
        found: dict[str, object] = {}
        for key, value in items:
            if key in found:
                twice.append(
                    f"the key {short_repr(key)} is given twice in one object: the second is left out"
                )
            else:
                found[key] = value
        return found

    def read(text: str) -> object:
        return json.loads(text, object_pairs_hook=pairs, parse_int=_sized(int), parse_float=_sized(float))

    try:
        try:
            data = read(text)
        except RecursionError:
            twice.clear()
            data = read(_cut_deep(text))
    except json.JSONDecodeError as error:
        raise ValueError(f"not JSON: {error}") from None
    for said in twice:
        _kept(skipped, None, _refuse, said)
    return data


def _sized(read: Callable[[str], T]) -> Callable[[str], T | LongNumber]:
    """How a number in the file is read: by `read`, unless it has too many digits."""
    return lambda digits: read(digits) if len(digits) <= LONGEST_NUMBER else LongNumber(digits)


def _refuse(said: str) -> None:
    raise ValueError(said)


def _cut_deep(text: str) -> str:
    """The text with every value nested deeper than `DEEPEST` replaced by a string saying so."""
    out, depth, start, in_string, escaped = [], 0, -1, False, False
    kept_from = 0
    for at, char in enumerate(text):
        if in_string:
            in_string, escaped = (char != '"' or escaped), (char == "\\" and not escaped)
            continue
        if char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth == DEEPEST + 1:
                start = at
        elif char in "]}":
            if depth == DEEPEST + 1:
                out += [text[kept_from:start], json.dumps(TOO_DEEP)]
                kept_from = at + 1
            depth -= 1
    return "".join(out) + text[kept_from:]


FILE_KEYS = ("format", "version", "students", "class")
FILE_KEYS_1 = ("format", "version", "tasks")
CLASS_KEYS = ("teacher", "locked", "changed")
STUDENT_KEYS = ("tasks", "puzzles", "rating", "rated", "help")
RECORD_KEYS = MappingProxyType(
    {
        "tasks": ("task", ("solved", "stars")),
        "puzzles": ("puzzle", ("tries", "solved", "best_seconds", "missed", "cleared")),
    }
)
"""Each section's records: what one is called, and the keys this version keeps in it."""


def _unknown(data: dict, known: tuple[str, ...], where: str, skipped: list[str] | None) -> None:
    """Say each key this version does not keep: the next write leaves it out, so it is named with
    what was skipped (and the file is copied aside as it was), never dropped without a word."""
    for key in data:
        if key not in known:
            _kept(skipped, None, _refuse_key, key, where, known)


def _refuse_key(key: object, where: str, known: tuple[str, ...]) -> None:
    raise ValueError(f"{where}: unknown key {short_repr(key)} (this version keeps {', '.join(known)})")


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
        student_name(name)
    except ValueError as error:
        raise ValueError(f"{where}{error}") from None
    if not isinstance(value, dict):
        raise ValueError(
            f"{where}a student is an object of tasks, puzzles, rating, rated; not {short_repr(value)}"
        )

    def rating() -> tuple[float, int]:
        number = check_number(f"{where}'rating'", value.get("rating", DEFAULT_RATING))
        return number, check_count(f"{where}'rated'", value.get("rated", 0))  # type: ignore[return-value]

    def section(name: str, read_one: Callable[[str, object, str], T]) -> dict[str, T]:
        return _kept(skipped, {}, _read_each, value.get(name, {}), where, name, read_one, skipped)

    _unknown(value, STUDENT_KEYS, f"student {short_repr(name)}", skipped)
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
    called, known = RECORD_KEYS.get(section, ("", ()))
    for key, value in entries.items():
        record = _kept(skipped, None, read_one, key, value, where)
        if record is not None:
            found[key] = record
            if known and isinstance(value, dict):
                _unknown(value, known, f"{where}{called} {short_repr(key)}", skipped)
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


def _read_help(key: str, value: object, where: str) -> frozenset[str]:
    here = f"{where}help at {short_repr(key)}: "
    check_id(f"{here}the id", key, "a task, puzzle or game id")
    if not isinstance(value, list) or not value:
        raise ValueError(f"{here}a list of {', '.join(HELP_KINDS)}; not {short_repr(value)}")
    return frozenset(check_choice(f"{here}each", kind, HELP_KINDS, "the help asked for") for kind in value)


def read_records(text: str) -> dict[str, TaskRecord]:
    """The default student's task records (all a version 1 file held); the whole file is checked,
    and anything else is refused with a `ValueError` that says what is wrong."""
    return read_students(text).get("", StudentRecords()).tasks
