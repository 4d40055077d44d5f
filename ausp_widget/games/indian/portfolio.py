"""The Indian front door's solver: the complete search, with probes taking turns beside it.

The complete search (`solver.Solver`) alone decides a position first: most deals it decides
at all, it decides within its first few thousand positions. After that it shares the budget
with four probes (`probe.Probe`), each trying other lines first, in fixed turns counted in
positions, so a verdict never depends on the machine's speed or on how the search was sliced.
A probe's win is a win (replayed move by move through the game); "lost" comes only from the
complete search, when it has entered every reachable position.
"""

from __future__ import annotations

import time

from ausp_widget.core.solving import SlicedSearch, SolveResult, check_limits, time_left

from .probe import Probe
from .search import SearchState
from .solver import DEFAULT_NODE_LIMIT, DEFAULT_TABLE_LIMIT, Solver

__all__ = ["DealSolver", "FIRST_TURN", "PROBES", "TURN", "solve_indian"]

FIRST_TURN = 5_000
"""Positions the complete search has to itself before the probes start."""
TURN = 2_000
"""Positions in one share of a turn; the complete search's turn is two shares, a probe's one."""
PROBES = (
    {"endgame_nodes": 2_000, "waste_weight": 5},
    {"endgame_nodes": 1_000, "waste_weight": 5, "depth_weight": 3},
    {"endgame_nodes": 500, "waste_weight": 5},
    {"endgame_nodes": 1_000, "waste_weight": 5, "depth_weight": 1},
)
"""Each probe's settings: measured on deals the complete search left undecided, each wins
some that the others do not."""


class DealSolver(SlicedSearch):
    """`run()` a slice at a time until `done`, like every solver (see the module docstring)."""

    def __init__(self, game, *, table_limit: int = DEFAULT_TABLE_LIMIT) -> None:
        self.game = game
        self.complete = Solver(game, table_limit=table_limit)
        self.searches: list[Solver] = [self.complete]
        if SearchState(game).stock_left():
            share = max(1, table_limit // (2 * len(PROBES)))
            self.searches += [Probe(game, table_limit=share, **settings) for settings in PROBES]
        self.turn = 0
        self.turn_left = FIRST_TURN
        self.nodes = 0
        self.elapsed = 0.0
        self.winnable: bool | None = None
        self.line = []

    def _search(self, deadline: float | None, node_cap: int | None) -> None:
        while not self.done:
            cap = self.turn_left if node_cap is None else min(self.turn_left, node_cap - self.nodes)
            if cap <= 0 or (deadline is not None and time.perf_counter() >= deadline):
                return
            search = self.searches[self.turn]
            before = search.nodes
            search.run(seconds=time_left(deadline), nodes=cap)
            used = search.nodes - before
            self.nodes += used
            self.turn_left -= used
            if search.done and (search.winnable or search is self.complete):
                self.winnable, self.line = search.winnable, search.line
                return
            if getattr(search, "exhausted", False):
                self.searches.remove(search)
                self.turn -= 1
            elif self.turn_left > 0:
                if used < cap:
                    return  # the slice's time ended inside this turn
                continue
            self.turn = (self.turn + 1) % len(self.searches)
            self.turn_left = TURN * (2 if self.searches[self.turn] is self.complete else 1)


def solve_indian(
    game, time_limit: float | None = 10.0, node_limit: int | None = DEFAULT_NODE_LIMIT
) -> SolveResult:
    """Decide whether an Indian Patience position can still be won, knowing every card.

    Returns a `SolveResult`: `winnable` True (with `moves`, a winning line in the notation
    `game.play` accepts), False (no line wins), or None when the budget ran out first.
    `node_limit=None` means no limit on positions. The game itself is never changed.
    """
    if getattr(game, "game", None) != "indian":
        raise ValueError("solve_indian() decides Indian Patience positions; use solve() for Australian")
    check_limits(time_limit, node_limit)
    solver = DealSolver(game)
    solver.run(seconds=time_limit, nodes=node_limit)
    return solver.result
