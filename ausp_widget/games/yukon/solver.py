"""A full-information solver for Yukon: can this position still be won?

It knows every card, the face-down ones included: it answers "could someone who knew every
card still win from here?", never as a hint (the hints read only the face-up cards). Every
winning line it gives is one `game.play` accepts move by move.

It is a depth-first search that makes and undoes moves in place on its own copy of the
table and keeps its own stack, so it can stop after any number of positions and carry on
later (`Solver.run(seconds=0.05)`). Every position it enters is remembered in a
transposition table, so "lost" means every reachable position was entered and none was won.

Why the search stays small — each rule with the reason it never loses a win:

* Safe cards go home at once, without branching: an Ace, and any card whose possible
  children (one rank lower, of the other colour) are both home. Nothing can ever go onto
  such a card, so as a column's top card it only covers what lies beneath it; a winning
  line that leaves it in place still wins when it has gone home first. (A Two is not safe
  while an Ace of the other colour is in play: that Ace, with cards on it, may have to move
  onto it to leave a face-down card.)
* Empty columns are interchangeable: a King goes into the first empty column only, and a
  King at the bottom of its column never moves into another empty one.
* Positions are compared by a canonical key: the columns sorted, each with its number of
  face-down cards (the foundations follow from the rest), so the same arrangement reached
  in another order or with its columns in another order is searched once.

The order of trial (moves that turn a face-down card up, deepest pile first; foundation
moves; moves that empty a column; other moves; a card moved from one fitting card to
another last) changes only which line is found first, never a verdict.
"""

from __future__ import annotations

from ausp_widget.core.cards import CARDS
from ausp_widget.core.moves import Move, to_column, to_foundation
from ausp_widget.core.solving import Budget, SlicedSearch, SolveResult, TakingTurns, solve_with

from .basics import CARD_COUNT, PARENTS, card_moves, safe_home

__all__ = ["DEFAULT_NODE_LIMIT", "DealSolver", "Pruned", "Solver", "solve"]

DEFAULT_NODE_LIMIT = 500_000
"""Positions `solve(game, time_limit=None)` enters at most, so that it always ends."""


class Solver(SlicedSearch):
    """A resumable full-information search of one Yukon position (see the module docstring)."""

    prune = False  # an incomplete search (`Pruned`) leaves out moves that rarely matter

    def __init__(self, game) -> None:
        self.cols = [list(col) for col in game._cols]
        self.down = list(game._down)
        self.heights = list(game._piles)
        self.seen: set[bytes] = set()
        self.trail: list[tuple[tuple[int, int, int, int, bool], Move]] = []
        self.stack: list[list] | None = None
        self.nodes = 0
        self.elapsed = 0.0
        self.winnable: bool | None = None
        self.line: list[Move] = []

    # ---- make and undo ----------------------------------------------------------------------
    def _make(self, c: int, d: int, e: int) -> None:
        cols = self.cols
        source = cols[c]
        card = source[d]
        if e < 0:
            move = to_foundation(CARDS[card])
        elif cols[e]:
            move = Move("tableau", CARDS[card], onto=CARDS[cols[e][-1]])
        else:
            move = to_column(CARDS[card], e + 1)
        group = source[d:]
        del source[d:]
        if e < 0:
            self.heights[card // 13] += 1
        else:
            cols[e].extend(group)
        flipped = bool(source) and len(source) == self.down[c]
        if flipped:
            self.down[c] -= 1
        self.trail.append(((c, d, e, card if e < 0 else len(group), flipped), move))

    def _undo(self) -> None:
        (c, _, e, n, flipped), _ = self.trail.pop()
        if flipped:
            self.down[c] += 1
        if e < 0:  # a foundation move records its card in place of the group's size
            self.heights[n // 13] -= 1
            self.cols[c].append(n)
            return
        group = self.cols[e][-n:]
        del self.cols[e][-n:]
        self.cols[c].extend(group)

    def _back_to(self, mark: int) -> None:
        while len(self.trail) > mark:
            self._undo()

    def _play_safe(self) -> None:
        """Send home every card that may go home safely, until none is left."""
        cols, heights = self.cols, self.heights
        again = True
        while again:
            again = False
            for c, col in enumerate(cols):
                if col:
                    top = col[-1]
                    if heights[top // 13] == top % 13 and safe_home(top, heights):
                        self._make(c, len(col) - 1, -1)
                        again = True

    def _key(self) -> bytes:
        return b"\xff".join(sorted(bytes((self.down[c], *col)) for c, col in enumerate(self.cols)))

    def _moves(self) -> list[tuple[int, int, int]]:
        """The moves to try here, best first (see the module docstring)."""
        cols, down = self.cols, self.down
        scored = []
        for c, d, e in card_moves(cols, down, self.heights, useful_only=True):
            if e >= 0 and not cols[e] and any(not cols[k] for k in range(e)):
                continue  # empty columns are interchangeable: the first one only
            if d == down[c] and down[c]:
                score = -down[c]
            elif e < 0:
                score = 1
            elif d == 0:
                score = 2
            elif d > down[c] and cols[c][d - 1] in PARENTS[cols[c][d]]:
                if self.prune and not self._frees(cols[c][d - 1], cols[c][d]):
                    continue
                score = 4
            else:
                score = 3
            scored.append((score, c, d, e))
        scored.sort()
        return [(c, d, e) for _, c, d, e in scored]

    def _frees(self, parent: int, card: int) -> bool:
        """Whether uncovering `parent` (by moving `card` off it) lets it go home or lets the
        other card like `card` (same rank and colour) go onto it."""
        if self.heights[parent // 13] == parent % 13:
            return True
        twin = card + 39 if card < 13 else card - 39 if card >= 39 else card + 13 if card < 26 else card - 13
        return any(twin in col[self.down[c] :] for c, col in enumerate(self.cols))

    # ---- the search ---------------------------------------------------------------------------
    def _won(self) -> bool:
        return sum(self.heights) == CARD_COUNT

    def _win(self) -> None:
        self.winnable = True
        self.line = [move for _, move in self.trail]

    def _search(self, deadline: float | None, node_cap: int | None) -> None:
        budget = Budget(deadline, node_cap, 256)
        if self.stack is None:
            self._play_safe()
            if self._won():
                self._win()
                return
            self.seen.add(self._key())
            self.nodes += 1
            self.stack = [[self._moves(), 0, 0]]
        stack = self.stack
        while stack:
            frame = stack[-1]
            if frame[1] >= len(frame[0]):
                stack.pop()
                self._back_to(frame[2])
                continue
            c, d, e = frame[0][frame[1]]
            frame[1] += 1
            mark = len(self.trail)
            self._make(c, d, e)
            self._play_safe()
            if self._won():
                self._win()
                return
            key = self._key()
            if key in self.seen:
                self._back_to(mark)
                continue
            self.seen.add(key)
            self.nodes += 1
            stack.append([self._moves(), 0, mark])
            if budget.spent(self.nodes):
                return
        self.winnable = False


FIRST_TURN = 2_000
"""Positions the complete search looks at alone before the searches take turns."""
TURN = 4_000
"""Positions each search looks at in its turn after that."""


class DealSolver(TakingTurns):
    """The front door's search: the complete depth-first search (`Solver`, the only one that
    may say "lost") alone for `FIRST_TURN` positions, where most wins are found, then taking
    turns of `TURN` positions with the incomplete `Pruned` search, which finds some wins the
    complete one would reach only much later. Turns are counted in positions, so a verdict
    does not depend on the machine's speed."""

    def __init__(self, game) -> None:
        super().__init__([(Solver(game), 1), (Pruned(game), 1)], FIRST_TURN, TURN)


def solve(game, time_limit: float | None = 10.0, node_limit: int | None = None) -> SolveResult:
    """The front door's budget: with neither limit given, `DEFAULT_NODE_LIMIT`, so that
    `solve(game, time_limit=None)` always ends; a time limit alone is the whole budget."""
    limit = DEFAULT_NODE_LIMIT if node_limit is None and time_limit is None else node_limit
    return solve_with(DealSolver(game), time_limit, limit)


class Pruned(Solver):
    """An incomplete depth-first search: as `Solver`, but a card that lies on a card it fits
    moves to the other card it fits only when that uncovers a card that can go home or take
    the card's twin. It may miss wins, so it never says "lost" (`exhausted` instead)."""

    prune = True
    exhausted = False

    def _search(self, deadline: float | None, node_cap: int | None) -> None:
        super()._search(deadline, node_cap)
        if self.winnable is False:
            self.winnable, self.exhausted = None, True
