"""The ways a request can be wrong: bad text, a move the rules forbid, an argument of the wrong type."""

from __future__ import annotations

import math


class NotationError(ValueError):
    """Text (a card, a move, a position or a save) that cannot be read."""


class IllegalMoveError(ValueError):
    """A well-formed move that the rules forbid now; the message says which rule and why."""


class WrongTypeError(TypeError, ValueError):
    """An argument of the wrong type (a text where a number goes): a TypeError, and also a
    ValueError, which these checks raised before, so code catching that still works."""


class NewerFileError(ValueError):
    """A file written by a newer version of ausp_widget: this version reads none of it, and
    must neither set it aside nor write over it (the newer version's records would be lost)."""


class NotTextError(WrongTypeError, NotationError):
    """Something other than text where text goes (a number for a move): a TypeError, and also
    the NotationError that text which cannot be read raises."""


def check_whole(name: str, value: object, low: int = 0) -> int:
    """`value` as given when it is an int (not a bool) of at least `low`, else a `WrongTypeError`
    or a `ValueError` naming the argument and what it takes."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise WrongTypeError(f"{name} must be a whole number from {low}, not {given(value)}")
    if value < low:
        raise ValueError(f"{name} must be a whole number from {low}, not {short_repr(value)}")
    return value


def check_seconds(
    name: str, value: object, none: bool = True, most: float = math.inf, most_words: str = ""
) -> float | None:
    """A number of seconds above 0 and finite (or None when `none`), and no more than `most`
    (`most_words` says it in words, such as "a day"), else the error naming it. A whole number
    too large to be a float (10**400) is refused here, not by whatever uses it later."""
    if value is None and none:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        also = " (or None for no limit)" if none else ""
        raise WrongTypeError(f"{name} is a number of seconds{also}, not {given(value)}")
    try:
        seconds = float(value)
    except OverflowError:
        seconds = math.inf
    if not 0 < seconds <= most or seconds == math.inf:
        limit = (
            "finite" if most == math.inf else f"at most {most:g}" + (f" ({most_words})" if most_words else "")
        )
        raise ValueError(f"{name} must be above 0 seconds and {limit}, not {short_repr(value)}")
    return value


def given(value: object) -> str:
    """What an argument was, for an error naming it: its type and a short repr ("int 42")."""
    return f"{type(value).__name__} {short_repr(value)}"


def short_repr(value: object, width: int = 40) -> str:
    """`repr(value)`, cut short in the middle when longer than `width`, so an error message
    stays readable (a whole number of thousands of digits is not even turned into text: Python
    refuses)."""
    if isinstance(value, int) and value.bit_length() > 128:
        digits = int(value.bit_length() * 0.30103) + 1  # log10(2) digits per bit
        return f"a {'negative ' if value < 0 else ''}whole number of about {digits} digits"
    try:
        text = repr(value)
    except Exception:  # a broken __repr__ must not hide the error being reported
        return f"a {type(value).__name__}"
    if len(text) <= width:
        return text
    count = len(value) if isinstance(value, str) else len(text)  # a text's own, not its quotes
    return f"{text[: width // 2]}…{text[-width // 5 :]} ({count} characters)"
