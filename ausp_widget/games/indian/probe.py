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

import time

from ausp_widget.core.solving import time_left

from .solver import DEFAULT_TABLE_LIMIT, Solver

__all__ = ["Probe"]


class Probe(Solver):
    """See the module docstring; `run()` a slice at a time like the solver."""

    def __init__(
        self,
        game,
        *,
        endgame_nodes: int,
        waste_weight: int = 2,
        depth_weight: int = 0,
        table_limit: int = DEFAULT_TABLE_LIMIT,
    ) -> None:
        super().__init__(game, table_limit=table_limit)
        self.endgame_nodes = endgame_nodes
        self.waste_weight = waste_weight
        self.depth_weight = depth_weight
        self.endgame: Solver | None = None
        self.endgame_left = 0
        self.exhausted = False

    def _exhausted(self) -> None:
        self.exhausted = True

    def _value(self) -> int:
        """The solver's value, with the waste weighed `waste_weight` a card (the solver's is 2)
        and each card above a card a foundation takes next costing `depth_weight`."""
        st = self.state
        value = super()._value() - (self.waste_weight - 2) * len(st.waste)
        if self.depth_weight:
            piles = st.piles
            wanted = {13 * (k // 2) + height for k, height in enumerate(piles) if height < 13}
            buried = 0
            for cards in (*st.cols, st.waste):
                top = len(cards) - 1
                buried += sum(top - depth for depth, card in enumerate(cards) if card in wanted)
            value -= self.depth_weight * buried
        return value

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
            cap = self.endgame_left if node_cap is None else min(self.endgame_left, node_cap - self.nodes)
            if cap <= 0 or (deadline is not None and time.perf_counter() >= deadline):
                return
            endgame, before = self.endgame, self.endgame.nodes
            endgame.run(seconds=time_left(deadline), nodes=cap)
            used = endgame.nodes - before
            self.nodes += used
            self.endgame_left -= used
            if endgame.winnable:
                self.winnable, self.line = True, endgame.line
                self.open.clear()
            if endgame.done or self.endgame_left <= 0:
                self.endgame = None
            elif used < cap:
                return  # the slice's time ended inside the end game
