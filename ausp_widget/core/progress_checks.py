"""The progress store's arguments and the file's records, checked by one set of rules: a wrong
type is a `WrongTypeError` (a TypeError), a bad value a ValueError, each naming the argument (or
the key in the file) and what it takes. The store checks every argument before it changes
anything, so one bad call never reaches a class's shared file; the reader checks the file's
records with the same rules, so whatever it keeps can always be written back."""

from __future__ import annotations

import math
import numbers
import os
from collections.abc import Collection
from pathlib import Path
from typing import Any

from .errors import WrongTypeError, given, short_repr
from .stars import FULL


def _named(value: object) -> str:
    return f"{given(value)}"


def check_flag(name: str, value: object) -> bool:
    """True or False, and nothing that only behaves like one ("yes", 1, None)."""
    if not isinstance(value, bool):
        raise WrongTypeError(f"{name} is True or False, not {_named(value)}")
    return value


def check_count(name: str, value: object, high: int | None = None, of: str = "") -> int:
    """A whole number from 0 (to `high`, called `of` in the message, when given)."""
    takes = f"a whole number from 0 to {of or high}" if high is not None else "a whole number from 0 up"
    if type(value) is not int:  # bool, and int subclasses with their own arithmetic, are refused
        raise WrongTypeError(f"{name} is {takes}, not {_named(value)}")
    if value < 0 or (high is not None and value > high):
        raise ValueError(f"{name} is {takes}, not {short_repr(value)}")
    return value


def check_stars(name: str, value: object) -> int:
    """The stars of a task: a whole number from 0 to `stars.FULL`."""
    return check_count(name, value, FULL)


def _finite(value: object) -> float | None:
    """`value` as a float when it is a real number (not a bool) within float's range, else None
    (a whole number too large for a float is not a number of seconds or a rating either)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        return None
    try:
        number = float(value)
    except (OverflowError, ValueError, TypeError):
        return None
    return number if math.isfinite(number) else None


def check_number(name: str, value: object, *, low: float | None = None, none: bool = False) -> float | None:
    """A finite real number (from `low` when given), as a float; None too when `none`."""
    if value is None and none:
        return None
    takes = "a finite number" if low is None else f"a number from {low:g} up"
    takes += ", or None" if none else ""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise WrongTypeError(f"{name} is {takes}, not {_named(value)}")
    number = _finite(value)
    if number is None or (low is not None and number < low):
        raise ValueError(f"{name} is {takes}, not {short_repr(value)}")
    return number


def check_id(name: str, value: object, what: str = "an id") -> str:
    """A task, puzzle or help id: non-empty text that UTF-8 can write. A lone surrogate (what a
    `\\ud800` escape in a puzzle file reads as) cannot be written, and would stop every later
    write of the file."""
    takes = f"{what} (non-empty text)"
    if not isinstance(value, str):
        raise WrongTypeError(f"{name} is {takes}, not {_named(value)}")
    if not value.strip():
        raise ValueError(f"{name} is {takes}, not {short_repr(value)}")
    bad = next((c for c in value if "\ud800" <= c <= "\udfff"), None)
    if bad is not None:
        raise ValueError(
            f"{name} is {takes} that can be written; {short_repr(value)} has a lone surrogate {bad!r}"
        )
    return value


def check_choice(name: str, value: object, choices: Collection[str], what: str) -> str:
    """One of `choices` (text); `what` says what they are."""
    if not isinstance(value, str):
        raise WrongTypeError(f"{name} must be {what}: one of {', '.join(choices)}; not {_named(value)}")
    if value not in choices:
        raise ValueError(f"{name} must be {what}: one of {', '.join(choices)}; not {short_repr(value)}")
    return value


def check_path(name: str, value: object) -> Path:
    """A file's path: text or a path object, naming a file this system can name."""
    takes = "a file's path (text or a Path)"
    if isinstance(value, os.PathLike):
        value = os.fspath(value)
    if not isinstance(value, str):
        raise WrongTypeError(f"{name} is {takes}, not {_named(value)}")
    try:
        os.fsencode(value)
        nameable = bool(value.strip()) and "\x00" not in value
    except UnicodeError:  # a lone surrogate no file name can hold
        nameable = False
    if not nameable:
        raise ValueError(f"{name} is {takes} naming a file, not {short_repr(value)}")
    return Path(value)


def check_callable(name: str, value: object, what: str) -> Any:
    if not callable(value):
        raise WrongTypeError(f"{name} is {what}, not {_named(value)}")
    return value
