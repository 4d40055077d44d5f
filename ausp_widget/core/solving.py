"""What a solver answers, for every game: a verdict, a winning line, and the work it took."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from .moves import Move


@dataclass
class SolveResult:
    """What the search found: `winnable` is True, False, or None when the budget ran out."""

    winnable: bool | None
    moves: list[Move] = field(default_factory=list)
    nodes: int = 0
    elapsed: float = 0.0

    @property
    def verdict(self) -> str:
        return {True: "winnable", False: "unwinnable", None: "undecided"}[self.winnable]


def check_limits(time_limit: object, node_limit: object) -> None:
    """Refuse a budget that is not a number of seconds or of positions, naming it."""
    if time_limit is not None and (
        isinstance(time_limit, bool)
        or not isinstance(time_limit, int | float)
        or math.isnan(time_limit)
        or time_limit < 0
    ):
        raise ValueError(f"time_limit is a number of seconds (or None for no limit), not {time_limit!r}")
    if node_limit is not None and (
        isinstance(node_limit, bool) or not isinstance(node_limit, int) or node_limit < 0
    ):
        raise ValueError(f"node_limit is a whole number of positions (or None), not {node_limit!r}")
