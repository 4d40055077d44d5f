"""A shipped game as if its puzzle set did not ship (as a plug-in's may not): Yukon ships one."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from unittest import mock

from ausp_widget.analysis import puzzles_make


@contextlib.contextmanager
def puzzles_unshipped(game: str) -> Iterator[None]:
    """While inside, the puzzle maker finds no shipped set for `game` (the others as they are)."""
    shipped = puzzles_make.data_file
    gone = shipped("no-such-game")
    with mock.patch.object(puzzles_make, "data_file", lambda name: gone if name == game else shipped(name)):
        yield
