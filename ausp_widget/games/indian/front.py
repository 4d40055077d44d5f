"""The Indian game's own front doors, as its registry entry names them: solve (its solver's
budget) and hint (one player)."""

from __future__ import annotations

from . import hints, portfolio, solver
from .game import IndianGame


def solve(game: IndianGame, time_limit: float | None = 10.0, node_limit: int | None = None):
    """The front door's budget: with neither limit given, the solver's default node limit, so
    that `solve(game, time_limit=None)` always ends; a time limit alone is the whole budget
    (a hidden node cap would end a 60 s search after about half its time)."""
    limit = solver.DEFAULT_NODE_LIMIT if node_limit is None and time_limit is None else node_limit
    return portfolio.solve_indian(game, time_limit, limit)


def hint(game: IndianGame, player: int = 0):
    game._check_player(player)  # one player: any other number is refused by name
    return hints.hint(game)
