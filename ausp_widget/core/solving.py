"""What a solver answers, for every game: a verdict, a winning line, and the work it took."""

from __future__ import annotations

import gc
import math
import time
from dataclasses import dataclass, field

from .errors import WrongTypeError, short_repr
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
    if time_limit is not None and (isinstance(time_limit, bool) or not isinstance(time_limit, int | float)):
        raise WrongTypeError(
            f"time_limit is a number of seconds (or None for no limit), not {time_limit!r:.60}"
        )
    if isinstance(time_limit, int) and time_limit > 2**53:  # no float holds it: say None instead
        raise ValueError(f"time_limit is too large (None means no limit), not {short_repr(time_limit)}")
    if time_limit is not None and (math.isnan(time_limit) or time_limit < 0):
        raise ValueError(f"time_limit is a number of seconds (or None for no limit), not {time_limit!r}")
    if node_limit is not None and (isinstance(node_limit, bool) or not isinstance(node_limit, int)):
        raise WrongTypeError(f"node_limit is a whole number of positions (or None), not {node_limit!r:.60}")
    if node_limit is not None and node_limit < 0:
        raise ValueError(f"node_limit is a whole number of positions (or None), not {node_limit!r}")


def time_left(deadline: float | None) -> float | None:
    """The seconds until `deadline` (a `time.perf_counter()` reading), or None for no deadline."""
    return None if deadline is None else max(0.0, deadline - time.perf_counter())


def run_part(
    owner: SlicedSearch, part: SlicedSearch, allowance: int, deadline: float | None, node_cap: int | None
) -> tuple[int, bool]:
    """Run `part`, a search inside `owner`, for up to `allowance` positions within the owner's
    slice, counting them as the owner's; a win of the part is the owner's. Returns the
    allowance left and whether the part is over (won, done, exhausted or out of allowance): a
    part that is not over stopped because the owner's slice ended."""
    cap = allowance if node_cap is None else min(allowance, node_cap - owner.nodes)
    if cap <= 0 or (deadline is not None and time.perf_counter() >= deadline):
        return allowance, allowance <= 0
    before = part.nodes
    part.run(seconds=time_left(deadline), nodes=cap)
    used = part.nodes - before
    owner.nodes += used
    if part.winnable:
        owner.winnable, owner.line = True, part.line
    left = allowance - used
    return left, part.done or getattr(part, "exhausted", False) or left <= 0


class Budget:
    """When a slice of search is spent: its `deadline` (a `time.perf_counter()` reading, or
    None) passed, read only every `every` steps since reading the clock costs more than a cheap
    step, or `node_cap` positions (None: no cap) searched."""

    __slots__ = ("deadline", "node_cap", "every", "steps")

    def __init__(self, deadline: float | None, node_cap: int | None, every: int) -> None:
        self.deadline, self.node_cap, self.every, self.steps = deadline, node_cap, every, 0

    def spent(self, nodes: int) -> bool:
        """Count a step and say whether the slice is spent, `nodes` positions searched so far."""
        self.steps += 1
        if self.steps >= self.every:
            self.steps = 0
            if self.deadline is not None and time.perf_counter() >= self.deadline:
                return True
        return self.node_cap is not None and nodes >= self.node_cap


class SlicedSearch:
    """The public face every game's solver shares: `run()` a slice at a time until `done`,
    `result` holding the verdict so far. A solver sets `winnable`, `line`, `nodes` and provides
    `_search(deadline, node_cap)`, which returns when the slice is used up or a verdict is in."""

    nodes: int = 0
    elapsed: float = 0.0
    winnable: bool | None = None
    line: list[Move]

    @property
    def done(self) -> bool:
        return self.winnable is not None

    @property
    def result(self) -> SolveResult:
        return SolveResult(self.winnable, list(self.line), self.nodes, self.elapsed)

    def run(self, seconds: float | None = 0.05, nodes: int | None = None) -> bool | None:
        """Search for up to `seconds` (None: no time limit) and `nodes` more positions.

        Returns the verdict: True, False, or None if this slice ended before one was found.
        Python's cycle collector is paused for the slice (and resumed as it was): its full passes
        over the millions of positions a long search keeps find nothing to free, and cost a long
        Indian search about a tenth of its time.
        """
        if self.done:
            return self.winnable
        start = time.perf_counter()
        deadline = None if seconds is None else start + seconds
        node_cap = None if nodes is None else self.nodes + nodes
        collecting = gc.isenabled()
        gc.disable()
        try:
            self._search(deadline, node_cap)
        finally:
            if collecting:
                gc.enable()
            self.elapsed += time.perf_counter() - start
        return self.winnable

    def _search(self, deadline: float | None, node_cap: int | None) -> None:
        raise NotImplementedError


class TakingTurns(SlicedSearch):
    """Searches taking turns at one budget: `searches` pairs each with its shares of a turn,
    the first being the complete search. It runs alone for `first_turn` positions, then each
    in turn for `turn` positions a share. Turns are counted in positions, never in seconds, so
    a verdict does not depend on the machine's speed or on how the search was sliced. A win
    of any search is a win; "lost" comes only from the complete search; a search that is
    `exhausted` (it can find no more) leaves the turns."""

    def __init__(self, searches: list[tuple[SlicedSearch, int]], first_turn: int, turn: int) -> None:
        self.searches = searches
        self.complete = searches[0][0]
        self.turn, self.turn_left, self.turn_size = 0, first_turn, turn
        self.nodes = 0
        self.elapsed = 0.0
        self.winnable: bool | None = None
        self.line = []

    def _search(self, deadline: float | None, node_cap: int | None) -> None:
        while not self.done:
            search, _ = self.searches[self.turn]
            self.turn_left, over = run_part(self, search, self.turn_left, deadline, node_cap)
            if search is self.complete and search.done:
                self.winnable, self.line = search.winnable, search.line
            if self.done or not over:
                return  # decided, or the slice ended inside this turn
            if getattr(search, "exhausted", False):
                del self.searches[self.turn]
                self.turn -= 1
            self.turn = (self.turn + 1) % len(self.searches)
            self.turn_left = self.turn_size * self.searches[self.turn][1]


def solve_with(solver: SlicedSearch, time_limit: float | None, node_limit: int | None) -> SolveResult:
    """Run `solver` within the budget (checked first) and return its verdict so far."""
    check_limits(time_limit, node_limit)
    solver.run(seconds=time_limit, nodes=node_limit)
    return solver.result
