"""A full-information solver for solo Australian Patience: is this deal winnable?

It knows the order of the stock, so it is an analysis tool, not a hint (`hints` gives the
advice a player may see). It is the Yukon family's complete search with a stock
(`ausp_widget.games.family.stock_solver.StockSolver`, whose docstrings give every rule that keeps
the search small and why none loses a win), building down in suit, with every card face up.

Solo only: in the two-player games the other side's moves change what is possible.
"""

from __future__ import annotations

from dataclasses import dataclass

from ausp_widget.core.deal import COLUMNS, ROWS
from ausp_widget.core.solving import SolveResult, check_limits, solve_with
from ausp_widget.games.family.rule import Rule
from ausp_widget.games.family.stock_solver import StockSolver

__all__ = ["SolveResult", "Solver", "solve"]


RULE = Rule(
    "australian",
    "Australian Patience",
    build="suit",
    down=(0,) * COLUMNS,
    up=(ROWS,) * COLUMNS,
    stock=52 - COLUMNS * ROWS,
)
"""Australian Patience as a rule of the Yukon family: seven columns of four face-up cards
building down in suit, and a one-pass stock of the other 24."""

DEFAULT_TABLE_LIMIT = 1_500_000
"""Positions remembered before the table is emptied (keeps memory well under 1 GiB)."""


@dataclass
class _Table:
    """A solo game's table in the words `StockSolver` reads (card indices)."""

    _cols: list[tuple[int, ...]]
    _stock: tuple[int, ...]
    _waste: tuple[int, ...]
    _piles: list[int]
    rule: Rule = RULE

    @property
    def _down(self) -> list[int]:
        return list(self.rule.down)  # every card is face up


class Solver(StockSolver):
    """A resumable search: `run(seconds=0.05)` until `done` keeps a user interface responsive;
    `result` holds the verdict so far. The game itself is never touched."""

    def __init__(self, game, *, table_limit: int = DEFAULT_TABLE_LIMIT) -> None:
        if getattr(game, "mode", "solo") != "solo":
            raise ValueError(
                f"the solver decides the solo game only, not the {game.mode!r} game: "
                "in the two-player games the other side's moves change what is possible"
            )
        table = _Table(
            [tuple(card.index for card in col) for col in game.tableau()],
            tuple(card.index for card in game.stock()),
            tuple(card.index for card in game.waste()),
            [len(pile) for pile in game.foundations],
        )
        if len(table._cols) != COLUMNS:
            raise ValueError(f"expected {COLUMNS} columns, got {len(table._cols)}")
        super().__init__(table, table_limit=table_limit)


def solve(game, time_limit: float | None = 10.0, node_limit: int | None = None) -> SolveResult:
    """Whether `game` (solo) can still be won, knowing the stock's order: `winnable` True (with
    `moves`, a line `game.play` accepts), False, or None when the budget ran out first."""
    check_limits(time_limit, node_limit)  # before the solver reads the game
    return solve_with(Solver(game), time_limit, node_limit)
