"""The Indian front door's solver: the complete search, with quicker searches taking turns beside it.

The complete search (`solver.Solver`) alone decides a position first: most deals it decides
at all, it decides within its first few thousand positions. After that it shares the budget
with probes (`probe.Probe`) and beams (`beam.Beam`), each trying other lines first, in fixed
turns counted in positions, so a verdict never depends on the machine's speed or on how the
search was sliced. A probe's or a beam's win is a win (replayed move by move through the
game); "lost" comes only from the complete search, when it has entered every reachable position.
"""

from __future__ import annotations

from types import MappingProxyType

from ausp_widget.core.solving import SlicedSearch, SolveResult, TakingTurns, solve_with

from .beam import Beam
from .probe import Probe
from .search import SearchState
from .solver import DEFAULT_NODE_LIMIT, DEFAULT_TABLE_LIMIT, Solver

__all__ = ["BEAMS", "COMPLETE_SHARES", "DealSolver", "FIRST_TURN", "PROBES", "TURN", "solve_indian"]

FIRST_TURN = 5_000
"""Positions the complete search has to itself before the probes and beams start."""
TURN = 2_000
"""Positions in one share of a turn."""
COMPLETE_SHARES = 3
"""Shares in the complete search's turn; each probe's and each beam's come with its settings."""
PROBES = (
    (3, MappingProxyType({"endgame_nodes": 2_000, "waste_weight": 5})),
    (3, MappingProxyType({"endgame_nodes": 1_000, "waste_weight": 5, "depth_weight": 3})),
    (3, MappingProxyType({"endgame_nodes": 500, "waste_weight": 5})),
    (3, MappingProxyType({"endgame_nodes": 1_000, "waste_weight": 5, "depth_weight": 1})),
)
"""Each probe's shares and settings: measured on deals the complete search left undecided,
each wins some that the others do not (see `bench/indian_shares.py` for how the shares were set)."""
BEAMS = (
    (
        7,
        MappingProxyType(
            {"width": 50, "layer_nodes": 300, "endgame_nodes": 5_000, "waste_weight": 3, "depth_weight": 1}
        ),
    ),
    (
        4,
        MappingProxyType(
            {"width": 50, "layer_nodes": 300, "endgame_nodes": 5_000, "waste_weight": 5, "depth_weight": 2}
        ),
    ),
    (
        4,
        MappingProxyType(
            {"width": 100, "layer_nodes": 150, "endgame_nodes": 3_000, "waste_weight": 3, "depth_weight": 1}
        ),
    ),
)
"""Each beam's shares and settings: measured on deals the complete search and the probes left
undecided within 60 s, each wins many that the others do not. A beam needs more positions than a
probe to get through the stock, so it has more shares.

The shares were set by running every search alone on the deals of 1-200 that took longest (over
20 s in a 60 s run, or undecided), and replaying the turns for many sets of shares with the
positions each search needed (`bench/indian_shares.py`): these win the most of those deals within
54 s (the replay runs about a tenth early), while every search keeps at least 70% of its former
part of the turns, so the deals it won quickly before stay quick."""


class DealSolver(TakingTurns):
    """`run()` a slice at a time until `done`, like every solver (see the module docstring)."""

    def __init__(self, game, *, table_limit: int = DEFAULT_TABLE_LIMIT) -> None:
        self.game = game
        searches: list[tuple[SlicedSearch, int]] = [(Solver(game, table_limit=table_limit), COMPLETE_SHARES)]
        if SearchState(game).stock_left():
            share = max(1, table_limit // (2 * (len(PROBES) + len(BEAMS))))
            searches += [
                (kind(game, table_limit=share, **settings), shares)
                for kind, kinds in ((Probe, PROBES), (Beam, BEAMS))
                for shares, settings in kinds
            ]
        super().__init__(searches, FIRST_TURN, TURN)


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
    return solve_with(DealSolver(game), time_limit, node_limit)
