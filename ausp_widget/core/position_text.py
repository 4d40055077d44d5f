"""The frame every game's position text shares: `key: value` lines in any order, blank lines
and `#` comments ignored, an optional `game:` line, each key exactly once. Each game reads
the values; errors name the line."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from .errors import NotationError, NotTextError, given, short_repr

BOM = "\ufeff"
"""A byte-order mark: an editor such as Notepad starts a file it saves with one. It is not
part of the text, in any file the package reads (positions, saves, puzzles, class files). It
is removed by hand, not by the "utf-8-sig" codec: that codec loads on first use, and a
student's app run as another user may not be able to load it from the teacher's Python."""
LINE_WIDTH = 80
"""How much of a line an error quotes: a line longer is cut short in the middle."""

T = TypeVar("T")


@dataclass(frozen=True)
class PositionLines:
    """The value of each key, and the line it came from (for error messages)."""

    values: dict[str, str]
    numbers: dict[str, int]

    def read(self, key: str, reader: Callable[[str], T]) -> T:
        """The value of `key` read by `reader`; its errors say which line was wrong."""
        try:
            return reader(self.values[key])
        except NotationError as error:
            raise NotationError(f"line {self.numbers[key]} ('{key}:'): {error}") from None

    def read_optional(self, key: str, reader: Callable[[str], T], default: T) -> T:
        """Like `read`, or `default` when the position has no line for `key`."""
        return self.read(key, reader) if key in self.values else default


def split_lines(
    text: object,
    game: str,
    title: str,
    keys: Sequence[str],
    expected: str,
    optional: Sequence[str] = (),
) -> PositionLines:
    """The position's lines by key; `game` is the name a `game:` line must give (if any) and
    `title` the game's name in words; `expected` says which lines there may be; the keys in
    `optional` may be left out."""
    if not isinstance(text, str):
        raise NotTextError(f"a position is text, not {given(text)}")
    text = text.removeprefix(BOM)
    values: dict[str, str] = {}
    numbers: dict[str, int] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        key, sep, rest = line.partition(":")
        key = key.strip().lower()
        if sep and key == "game":
            if rest.strip().lower() != game:
                named = short_repr(rest.strip(), LINE_WIDTH)
                raise NotationError(f"line {number}: this reads {title} ('game: {game}'), not {named}")
            continue
        if not sep or (key not in keys and key not in optional):
            raise NotationError(f"line {number} ({short_repr(raw.strip(), LINE_WIDTH)}): expected {expected}")
        if key in values:
            raise NotationError(f"line {number}: '{key}:' is given twice")
        values[key], numbers[key] = rest, number
    missing = [key for key in keys if key not in values]
    if missing:
        raise NotationError("the position has no line for " + ", ".join(f"'{k}:'" for k in missing))
    return PositionLines(values, numbers)
