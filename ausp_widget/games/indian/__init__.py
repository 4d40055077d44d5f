"""Indian Patience, the two-deck sister game: rules, notation, solver, hints and its guide."""

from __future__ import annotations

from ausp_widget.core.registry import GameEntry, register

from . import hints, notation, portfolio, sampling, solver
from .game import IndianGame
from .guide import indian_steps
from .moves import IndianMove
from .rules import indian_rules


def _solve(game: IndianGame, time_limit: float | None = 10.0, node_limit: int | None = None):
    """The front door's budget: no node limit given means the solver's default one, so that
    `solve(game, time_limit=None)` always ends."""
    limit = solver.DEFAULT_NODE_LIMIT if node_limit is None else node_limit
    return portfolio.solve_indian(game, time_limit, limit)


def _hint(game: IndianGame, player: int = 0):
    game._check_player(player)  # one player: any other number is refused by name
    return hints.hint(game)


ENTRY = GameEntry(  # what the package's entry point names, and what it registers on import
    name=IndianGame.name,
    title=IndianGame.title,
    game_class=IndianGame,
    modes={"indian": ("solo", IndianGame.title)},
    deal=IndianGame.deal,
    read_text=IndianGame.from_text,
    read_save=lambda data: notation.load_json(data, IndianGame),
    solve=_solve,
    solver=portfolio.DealSolver,
    hint=_hint,
    rules=lambda mode, options=None: indian_rules(options),
    guide=lambda mode: indian_steps(),
    sample=sampling.sample_game,
    reviews=False,  # its solver leaves most early sampled positions undecided: "unknown" marks
    tips={"indian": "The two-deck sister game: single cards, differing suits, protected cards"},
)
register(ENTRY)

__all__ = ["ENTRY", "IndianGame", "IndianMove"]
