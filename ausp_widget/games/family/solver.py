"""A full-information solver for Yukon and its family (Russian Solitaire builds by its own
rule, `game.rule`; `stock_solver.StockSolver` adds Australian Patience's stock): can this
position still be won?

It knows every card, the face-down ones included: it answers "could someone who knew every
card still win from here?", never as a hint (the hints read only the face-up cards). Every
winning line it gives is one `game.play` accepts move by move.

It is a depth-first search that makes and undoes moves in place on its own copy of the
table and keeps its own stack, so it can stop after any number of positions and carry on
later (`Solver.run(seconds=0.05)`). The front door (`solve`, `DealSolver`) gives it a first
turn alone, then lets `Playout` play a few games as the hints would (it finds some wins the
search would reach only late) and `Restarts` run short searches that break ties between
moves at random, taking turns with the complete search (which has twice their share) for
the rest of the budget; only the complete search says "lost". A depth-first search that
takes one wrong early move can spend its whole budget below it, while another order of
the same moves wins within a few thousand positions: of the 71 tuning deals (1001-2000) the
front door left undecided at 10 s without them, 21 are such wins. A win of theirs is a line
of legal moves like any other, and they never say "lost", so they change no verdict, only
how soon a win is found.

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
  in another order or with its columns in another order is searched once. Each column's part
  of the key is kept and rebuilt only after a move touched that column: the same key,
  cheaper. Moves can be
  undone in Yukon (a card moves back and forth between its two parents), so the positions
  form a graph with circles: every position entered is remembered, which makes the search a
  plain depth-first search of that graph, ending with "lost" only when every reachable
  position was entered and none was won. The table is bounded (emptied when full); the
  positions on the line being tried are kept apart from it, so the search still never
  goes round a circle and still ends (emptying costs only repeated work).
* Dead positions are recognised before searching them (`family.deadlock.hopeless`, whose
  module docstring gives its rules), with a relaxed game that keeps only the obstacles no
  line of play can get round: a card it never finds a way home for can never go home.
  Unlike when the tableau builds in suit (`stock_solver`), a card moved onto one of its
  parents covers a parent another card may need, so almost any move can cut a card off
  its way home, and the test runs in every new position but one kind: after a swap (a
  card moved from one of its parents to the other, the only move that can be taken back)
  the two parents have only changed places, and on the tuning deals the test never found
  such a position dead.
  Skipping the test never changes a verdict, only how soon it comes.
* After a swap that sent no card home, the position it reached tries, besides swaps, only
  the moves that use the parent the swap freed (it goes home, heads or is carried by the
  move, or takes the moved card). Any other move m was possible one move back, before the
  swap, and leads to the position m reached there with the swap made after it: the swap
  uses none of what m changed, and a card goes home after m in one order if and only if in
  the other (the moved card itself going home reaches the same position from there). A
  swap can always be taken back, so the two positions are won or lost together, and the
  position before the swap (on the line being tried) tries m itself, or, if it too was
  reached by a swap that m does not need, leaves m to the one before it. Swaps are always
  tried, so every position a chain of swaps reaches from an entered position is entered;
  counting only the moves that are not swaps, a shortest winning line from an entered
  position thus always leads on to an entered position one such move nearer the win, and
  "lost" still ends a complete search. On the lost tuning deals it enters about three in
  five of the positions it entered without the rule.

`nodes` counts every position the search reaches, seen before or not.

The order of trial changes only which line is found first, never a verdict: moves that turn
up a face-down card (deepest pile first), then foundation moves, moves that uncover a card
that can go home, moves that empty a column, other moves, and last a card moved from one
fitting card to another. Moves with the same score are tried column by column, or, with a
`seed` (the `Restarts`), in a seeded random order.
"""

from __future__ import annotations

import random

from ausp_widget.core.moves import Move
from ausp_widget.core.solving import Budget, SlicedSearch, SolveResult, TakingTurns, solve_with
from ausp_widget.games.family.deadlock import hopeless
from ausp_widget.games.family.game import move_of, of_the_family
from ausp_widget.games.family.rule import CARD_COUNT

__all__ = [
    "DEFAULT_NODE_LIMIT",
    "DEFAULT_TABLE_LIMIT",
    "DealSolver",
    "Playout",
    "Restarts",
    "Solver",
    "solve",
]

DEFAULT_NODE_LIMIT = 500_000
"""Positions `solve(game, time_limit=None)` enters at most, so that it always ends."""
DEFAULT_TABLE_LIMIT = 2_000_000
"""Positions remembered before the table is emptied (keeps memory well under 1 GiB)."""


class Solver(SlicedSearch):
    """A resumable full-information search of one Yukon position (see the module docstring)."""

    def __init__(self, game, *, table_limit: int = DEFAULT_TABLE_LIMIT, seed: int | None = None) -> None:
        self.rng = None if seed is None else random.Random(seed)  # breaks ties between moves
        self.rule = game.rule  # how the tableau builds: the parents of each card
        self.parents = game.rule.parents
        self.cols = [list(col) for col in game._cols]
        self.places = self.cols  # every list a card is taken from (`StockSolver` adds two)
        self.down = list(game._down)
        self.heights = list(game._piles)
        self.parts: list[bytes] = [b""] * len(self.cols)  # each column's part of the key, b"": stale
        self.table_limit = table_limit
        self.seen: set[bytes] = set()
        self.path: set[bytes] = set()  # the keys of the positions on the line being tried
        self.trail: list[tuple[int, int, int, bool, int, int]] = []  # (from, to, size, flipped, card, onto)
        self.frames: list[list] | None = None  # per open position: [moves, next, trail length, key]
        self.nodes = 0
        self.elapsed = 0.0
        self.winnable: bool | None = None
        self.line: list[Move] = []

    # ---- make and undo ----------------------------------------------------------------------
    def _make(self, c: int, d: int, e: int) -> None:
        cols = self.places
        source = cols[c]
        card = source[d]
        onto = -1 if e < 0 or not cols[e] else cols[e][-1]
        group = source[d:]
        del source[d:]
        self.parts[c] = b""
        if e < 0:
            self.heights[card // 13] += 1
        else:
            cols[e].extend(group)
            self.parts[e] = b""
        flipped = bool(source) and len(source) == self.down[c]
        if flipped:
            self.down[c] -= 1
        self.trail.append((c, e, card if e < 0 else len(group), flipped, card, onto))

    def _undo(self) -> None:
        c, e, n, flipped, _, _ = self.trail.pop()
        self.parts[c] = b""
        if flipped:
            self.down[c] += 1
        cols = self.places
        if e < 0:  # a foundation move records its card in place of the group's size
            self.heights[n // 13] -= 1
            cols[c].append(n)
            return
        self.parts[e] = b""
        group = cols[e][-n:]
        del cols[e][-n:]
        cols[c].extend(group)

    def _back_to(self, mark: int) -> None:
        while len(self.trail) > mark:
            self._undo()

    def _play_safe(self) -> None:
        """Send home every card that may go home safely, until none is left. Every position
        entered has had this done, so after a move to another column only the top card it
        left behind can be new to it (the foundations did not change)."""
        cols, heights, safe_home = self.cols, self.heights, self.rule.safe_home
        if self.trail and self.trail[-1][1] >= 0:
            col = cols[self.trail[-1][0]]
            if not col or heights[col[-1] // 13] != col[-1] % 13 or not safe_home(col[-1], heights):
                return
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
        """The canonical key; a column's part is rebuilt only after a move touched it."""
        parts, cols = self.parts, self.cols
        for c in range(len(cols)):
            if not parts[c]:
                parts[c] = bytes((self.down[c], *cols[c]))
        return b"\xff".join(sorted(parts[: len(cols)]))

    def _swapped(self, c: int, d: int, e: int) -> bool:
        """Whether a move takes a card from one of its parents to the other (a swap)."""
        col = self.cols[c]
        return e >= 0 and d > self.down[c] and col[d - 1] in self.parents[col[d]]

    def _moves(self) -> list[tuple[int, int, int]]:
        """The useful moves here (the rule table's), a King into the first empty column only."""
        return [(c, d, e) for _, c, d, e in self._scored()]

    def _ordered(self) -> list[tuple[int, int, int]]:
        """The moves to try here, best first (see the module docstring)."""
        if self.rng is None:
            return [(c, d, e) for _, c, d, e in sorted(self._scored())]
        rand = self.rng.random
        return [move[2:] for move in sorted((score, rand(), c, d, e) for score, c, d, e in self._scored())]

    def _scored(self) -> list[tuple[int, int, int, int]]:
        """The useful moves of the rule table (`Rule.card_moves`, a King into the first empty
        column only) as (score, column, depth, target), lower scores first to try."""
        cols, down, heights, parents = self.cols, self.down, self.heights, self.parents
        scored: list[tuple[int, int, int, int]] = []
        for c, d, e in self.rule.card_moves(cols, down, heights, useful_only=True, first_empty=True):
            flip, below = down[c], cols[c][d - 1] if d else -1  # the card the move uncovers
            if d == flip and flip:
                score = -10 - flip
            elif e < 0:
                score = 0
            elif d == 0:
                score = 2
            elif heights[below // 13] == below % 13:
                score = 1
            elif below in parents[cols[c][d]]:
                score = 4
            else:
                score = 3
            scored.append((score, c, d, e))
        return scored

    # ---- the search ---------------------------------------------------------------------------
    def _won(self) -> bool:
        return sum(self.heights) == CARD_COUNT

    def _win(self) -> None:
        self.winnable = True
        self.line = [move_of(card, e, onto) for _, e, _, _, card, onto in self.trail]

    def _hopeless(self) -> bool:
        """Whether some card can never go home, even in the relaxed game (`hopeless`)."""
        return hopeless(self.cols, self.down, self.heights, self.parents)

    def _needs_test(self, c: int, d: int, e: int, swap: bool) -> bool:
        """Whether the move (not yet made) can cut a card off its way home: all but a swap."""
        return not swap

    def _uses(self, move: tuple[int, int, int], card: int) -> bool:
        """Whether a move may use `card`, a column's top: the card is in the group it moves,
        is the card the group goes onto, or is next on its foundation (the safe moves after
        the move may send it home)."""
        c, d, e = move
        if card in self.cols[c][d:] or (e >= 0 and self.cols[e] and self.cols[e][-1] == card):
            return True
        return self.heights[card // 13] == card % 13

    def _remember(self, key: bytes) -> None:
        if len(self.seen) >= self.table_limit:
            self.seen.clear()
        self.seen.add(key)

    def _enter(self, mark: int, check: bool = True, swap: bool = False) -> bool:
        """Start searching the position the last move reached; False if it was seen before,
        is on the line being tried or (`check`: the dead-position test is run) is dead, every
        move since `mark` then taken back; `swap`: the move was a swap. Every position
        reached counts, seen before or not."""
        self.nodes += 1
        self._play_safe()
        if self._won():
            self._win()
            return True
        key = self._key()
        if key in self.seen or key in self.path:
            self._back_to(mark)
            return False
        self._remember(key)
        if check and self._hopeless():
            self._back_to(mark)
            return False
        self.path.add(key)
        moves = self._ordered()
        if swap and len(self.trail) == mark + 1:  # no card sent home after the swap:
            c, e, size = self.trail[-1][:3]  # moving the group back leads to a position on the line
            moves.remove((e, len(self.cols[e]) - size, c))
            freed = self.cols[c][-1]  # the parent the swap left, now the top of its column
            moves = [move for move in moves if self._swapped(*move) or self._uses(move, freed)]
        self.frames.append([moves, 0, mark, key])
        return True

    def _search(self, deadline: float | None, node_cap: int | None) -> None:
        budget = Budget(deadline, node_cap, 64)
        if self.frames is None:
            self.frames = []
            if not self._enter(0) or self.winnable:
                self.winnable = bool(self.winnable)
                return
        frames = self.frames
        while frames:
            frame = frames[-1]
            if frame[1] >= len(frame[0]):
                frames.pop()
                self.path.discard(frame[3])
                self._back_to(frame[2])
                continue
            c, d, e = frame[0][frame[1]]
            frame[1] += 1
            mark = len(self.trail)
            swap = self._swapped(c, d, e)
            check = self._needs_test(c, d, e, swap)
            self._make(c, d, e)
            if self._enter(mark, check, swap) and self.winnable:
                return
            if budget.spent(self.nodes):
                return
        self.winnable = False


class Playout(Solver):
    """An incomplete search that plays games as the hints would: a safe card home, else a move
    that turns up a card (deepest column first) or brings one home, else the first move of the
    shortest line to such a move (`Rule.progress_path`), looking again after each move. It
    finds wins the depth-first search reaches only late, as it never wanders among moves that
    make no progress. The first game follows the hints exactly; each later one picks among
    the moves that make progress at random (seeded, so a verdict is repeatable), up to
    `GAMES` games; then it is `exhausted`. It never says "lost"."""

    exhausted = False
    GAMES = 30

    def _search(self, deadline: float | None, node_cap: int | None) -> None:
        budget = Budget(deadline, node_cap, 1)
        while self.games < self.GAMES:
            self.games += 1
            if self._play(random.Random(self.games) if self.games > 1 else None):
                self._win()
                return
            self._back_to(0)
            if budget.spent(self.nodes):
                return
        self.exhausted = True

    games = 0

    def _play(self, rng: random.Random | None) -> bool:
        """Play one game from the start; whether it was won."""
        cols, down, heights, rule = self.cols, self.down, self.heights, self.rule
        while not self._won():  # each round starts a shortest line to progress: no circles
            self.nodes += 1
            safe, now = rule.progress_now(cols, down, heights)
            if rng is not None and now:
                rng.shuffle(now)
            line = [safe] if safe is not None else now[:1]
            if not line:
                found, line = rule.progress_path([tuple(col) for col in cols], down, heights)
                if not found:
                    return False
            self._make(*line[0])  # then look again, as the hints do: the line may get shorter
        return True


class Restarts(Solver):
    """An incomplete search: depth-first searches whose ties between equally good moves are
    broken at random (seeded, so a verdict is repeatable), each given `RESTART` positions
    times the next term of the Luby sequence (1, 1, 2, 1, 1, 2, 4, ...) and then started
    afresh with the next seed. A search that gets lost in one large part of the tree is
    abandoned, and a later one may try the moves there in another order. It never says
    "lost": it leaves the turns if a search of its ever ends (the complete search will)."""

    exhausted = False
    RESTART = 4_000

    def __init__(self, game) -> None:
        super().__init__(game, seed=1)
        self.runs = 1
        self.stop_at = self.RESTART

    def _search(self, deadline: float | None, node_cap: int | None) -> None:
        while True:
            cap = self.stop_at if node_cap is None else min(node_cap, self.stop_at)
            super()._search(deadline, cap)
            if self.winnable:
                return
            if self.winnable is False:  # this search ended: the complete one will say so too
                self.winnable = None
                self.exhausted = True
                return
            if self.nodes < self.stop_at:
                return  # the slice ended first
            self._back_to(0)
            self.frames = None
            self.seen, self.path = set(), set()
            self.runs += 1
            self.rng = random.Random(self.runs)
            self.stop_at = self.nodes + self.RESTART * _luby(self.runs)


def _luby(i: int) -> int:
    """The i-th term (from 1) of the Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ..."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while (1 << k) - 1 != i:
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1
    return 1 << (k - 1)


FIRST_TURN = 2_000
"""Positions the complete search looks at alone before the searches take turns."""
TURN = 20_000
"""Positions each search looks at in its turn after that."""


class DealSolver(TakingTurns):
    """The front door's search: the complete depth-first search (`Solver`, the only one that
    may say "lost") alone for `FIRST_TURN` positions, where most verdicts are found, then the
    `Playout`, the `Restarts` and the complete search again, in turn, the complete search's
    turns twice as long (a lost deal needs it to end). Turns are counted in positions, so a
    verdict does not depend on the machine's speed."""

    def __init__(self, game) -> None:
        of_the_family(game)
        super().__init__([(Solver(game), 2), (Playout(game), 1), (Restarts(game), 1)], FIRST_TURN, TURN)


def solve(game, time_limit: float | None = 10.0, node_limit: int | None = None) -> SolveResult:
    """The front door's budget: with neither limit given, `DEFAULT_NODE_LIMIT`, so that
    `solve(game, time_limit=None)` always ends; a time limit alone is the whole budget."""
    limit = DEFAULT_NODE_LIMIT if node_limit is None and time_limit is None else node_limit
    return solve_with(DealSolver(game), time_limit, limit)
