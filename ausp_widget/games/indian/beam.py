"""A beam: a quick, incomplete search for a winning line of Indian Patience, one draw at a time.

The complete search (`solver.Solver`) and the probes (`probe.Probe`) can spend their whole
budget rearranging the tableau between two draws, trying every order of a few moves before
they draw once more. A beam goes through the stock in layers instead, one per draw. From each
of the `width` most promising positions of a layer it searches the moves that do not draw, for
at most `layer_nodes` positions; every position it enters there offers the position after its
next draw to the following layer, and the `width` most promising offers (by the solver's
`_value`, with the beam's weights) make that layer. Once the stock is out, each position of
the last layer gets a search of its end game of at most `endgame_nodes` positions.

So a beam looks at only a few ways through the stock, but it always gets through it: on deals
the other searches leave undecided it often finds a win within a few hundred thousand
positions. Like a probe, it can find a win, never a loss: when no layer is left it is
`exhausted` and has no verdict. Every win it reports is a whole line from the start, replayed
through `game.play` like the solver's.
"""

from __future__ import annotations

import heapq

from ausp_widget.core.solving import SlicedSearch, run_part

from .search import DRAW, SearchState
from .solver import Solver

__all__ = ["Beam"]

DRAW_MOVE = (DRAW, 0, 0)


class _Layer(Solver):
    """The moves from one position of a layer that do not draw; each position entered offers
    the position after its draw to the next layer (in `offers`: key -> (value, state, path))."""

    def __init__(self, game, offers: dict, **settings) -> None:
        super().__init__(game, **settings)
        self.offers = offers

    def _moves(self) -> list[tuple]:
        return [move for move in super()._moves() if move[0] != DRAW]

    def _value(self) -> int:
        """The solver's value without its credit for cards taken from the stock: in a layer
        they differ only where a column was dealt again, which is no progress of its own."""
        return super()._value() - self.state.drawn

    def _branch(self, parent: int, due: tuple | None) -> None:
        super()._branch(parent, due)
        st = self.state
        if not st.stock_left():
            return
        st.make(DRAW_MOVE)
        key, value = st.key(), self._value()
        if key not in self.offers or self.offers[key][0] < value:
            self.offers[key] = (value, st.copy(), self._path(parent))  # the path ends with the draw
        st.undo()


class Beam(SlicedSearch):
    """See the module docstring; `run()` a slice at a time like the solver."""

    def __init__(self, game, *, width: int, layer_nodes: int, endgame_nodes: int, **settings) -> None:
        """`settings` are the solver's (`waste_weight`, `depth_weight`, `table_limit`), for
        the search from each position of a layer."""
        self.game = game
        self.width, self.layer_nodes, self.endgame_nodes = width, layer_nodes, endgame_nodes
        self.settings = settings
        self.layer: list[tuple[SearchState, tuple]] = [(SearchState(game), ())]
        self.entered = 0  # how many of the layer's positions have been searched from
        self.offers: dict[bytes, tuple] = {}
        self.part: _Layer | None = None
        self.part_left = 0
        self.layers = 0  # how many layers have been made from offers
        self.nodes = 0
        self.elapsed = 0.0
        self.winnable: bool | None = None
        self.line = []
        self.exhausted = False

    def _next_part(self) -> bool:
        """Start the search from the layer's next position, making the next layer first when
        this one is used up; False when there is none."""
        if self.entered == len(self.layer):
            best = heapq.nlargest(self.width, self.offers.values(), key=lambda offer: offer[0])
            if not best:
                return False
            self.layer = [(state, path) for _, state, path in best]
            self.entered, self.offers = 0, {}
            self.layers += 1
        state, path = self.layer[self.entered]
        self.entered += 1
        self.part = _Layer(self.game, self.offers, state=state, prefix=path, **self.settings)
        self.part_left = self.layer_nodes if state.stock_left() else self.endgame_nodes
        return True

    def _search(self, deadline: float | None, node_cap: int | None) -> None:
        while not self.done and not self.exhausted:
            if self.part is None and not self._next_part():
                self.exhausted = True
                return
            self.part_left, over = run_part(self, self.part, self.part_left, deadline, node_cap)
            if not over:
                return  # the slice ended inside this part
            self.part = None
