"""A game's table made once per position: a view, a refusal's check for hidden cards, a click
and the hints all ask a game for its piles, often several times between two moves."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def per_position(method: Callable[[Any], T]) -> Callable[[Any], T]:
    """`method` (of a game, no arguments, its result immutable) worked out again only when the
    position changes: the game's `_snapshot()`, what undo keeps, holds the whole position."""
    kept = f"_{method.__name__}_per_position"

    @functools.wraps(method)
    def once(self: Any) -> T:
        position = self._snapshot()
        made = self.__dict__.get(kept)
        if made is None or made[0] != position:
            made = (position, method(self))
            self.__dict__[kept] = made
        return made[1]

    return once
