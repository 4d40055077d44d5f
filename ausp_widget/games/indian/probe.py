"""A probe: a quick, incomplete search for a winning line of Indian Patience.

The complete search (`solver.Solver`) spends nearly all its time on end games: once the stock
is out, every arrangement of a long tableau and a deep waste is a large search of its own, and
a lost one must be searched to the end before the next is tried. A probe treats the game in
two halves. Until the stock is out it searches best-first like the solver, with its own
weights (a probe that weighs the waste or the depth of the next cards each foundation needs
more heavily tries other lines first). Each position where the stock has run out gets an end
game search of at most `endgame_nodes` positions, and is then given up if that did not win.

So a probe can find a win, never a loss: when it has entered every position it can reach
before the stock runs out, it is `exhausted` and has no verdict. Every win it reports is a
whole line from the start, replayed through `game.play` like the solver's.
"""

from __future__ import annotations

from ausp_widget.core.solving import run_part

from .solver import Solver

__all__ = ["Probe"]


class Probe(Solver):
    """See the module docstring; `run()` a slice at a time like the solver."""

    def __init__(self, game, *, endgame_nodes: int, **settings) -> None:
        """`settings` are the solver's (`waste_weight`, `depth_weight`, `table_limit`)."""
        super().__init__(game, **settings)
        self.endgame_nodes = endgame_nodes
        self.endgame: Solver | None = None
        self.endgame_left = 0
        self.exhausted = False

    def _exhausted(self) -> None:
        self.exhausted = True

    def _branch(self, parent: int, due: tuple | None) -> None:
        """Before the stock is out, as the solver; after, a bounded search of the end game."""
        st = self.state
        if parent < 0 or st.stock_left():
            super()._branch(parent, due)
            return
        path = self._path(parent)
        self.endgame = Solver(self.game, table_limit=self.table_limit, state=st.copy(), prefix=path)
        self.endgame_left = self.endgame_nodes

    def _search(self, deadline: float | None, node_cap: int | None) -> None:
        while not self.done and not self.exhausted:
            if self.endgame is None:
                super()._search(deadline, node_cap)
                if self.endgame is None:
                    return  # the slice ended, or the probe is exhausted or has won
                continue
            self.endgame_left, over = run_part(self, self.endgame, self.endgame_left, deadline, node_cap)
            if self.done:
                self.open.clear()
            elif not over:
                return  # the slice ended inside the end game
            self.endgame = None
