"""A full-information solver for Indian Patience: can this position still be won?

Like the Australian solver it knows every card, the face-down ones and the stock's order
included: it answers "could someone who knew every card still win from here?", never as a
hint. It follows the game's rule options (`IndianOptions`) exactly as `IndianGame` does,
and every winning line it gives is one `game.play` accepts move by move.

It is a complete best-first search: it makes and undoes moves in place (`search.SearchState`)
and keeps the positions still to enter in a heap, most promising first, so it can stop after
any number of positions and carry on later (`Solver.run(seconds=0.05)`): a table keeps a user
interface responsive while it thinks. Every position it enters is remembered (a search that
never enters a position twice still reaches every position reachable from the start, so a
win is found if there is one), and "lost" means every reachable position was entered and
none was won. The front door (`portfolio.DealSolver`) runs it beside quicker, incomplete
searches (`probe.Probe`, `beam.Beam`).

Why the search stays small — each rule with the reason it never loses a win:

* Safe cards go home at once, without branching: an Ace, and any card whose possible
  children (the next lower cards of the other three suits, both copies) are all home.
  Nothing can ever go onto such a card, so on the tableau or the waste it only covers what
  lies beneath it; a winning line that leaves it in place still wins when it has gone home
  first, by the same moves without its own (a column it would have emptied is empty
  sooner; a face-down card under it turns up protected sooner, which only allows more,
  since a protected card may still go home and nothing could go onto a covered card). The
  exception is a protected card whose column would be dealt again from the stock: that
  changes what the draws bring, so it is searched.
* The two foundations of a suit are interchangeable: they are kept as a sorted pair of
  heights, and a card goes onto the lower pile that takes it.
* Empty columns are interchangeable: a card goes into the first empty column only, and a
  card alone in its column never moves into another empty one (that only swaps columns).
* Positions are compared by a canonical key: the columns sorted, with their face-down and
  protected marks, how many cards have left the stock, and the waste (the foundations
  follow from the rest), so the same arrangement reached in another order or with its
  columns in another order is searched once.

The order of trial (foundation moves; moves that uncover a card the foundations take, turn
a face-down card up or empty a column; waste cards onto a column; draw; other moves; moves
into an empty column last) changes only which line is found first, never a verdict.
"""

from __future__ import annotations

import functools
import heapq
from operator import itemgetter

from ausp_widget.core.moves import Move
from ausp_widget.core.solving import Budget, SlicedSearch

from .basics import FACE_DOWN, PROTECTED
from .search import COLUMN_MARK, DRAW, FITS, HOME, ONTO, WASTE, SearchState

__all__ = ["DEFAULT_NODE_LIMIT", "Solver"]

DEFAULT_NODE_LIMIT = 200_000
DEFAULT_TABLE_LIMIT = 4_000_000
"""Positions remembered before the table is emptied (about 1 GiB; emptying costs only repeated work)."""


@functools.lru_cache(maxsize=1 << 16)
def safe_for(piles: tuple[int, ...]) -> frozenset[int]:
    """The safe cards for foundations of these heights (see `Solver._safe_cards`; cached: a
    search meets the same heights again and again)."""
    lows = piles[0::2]
    least, second = sorted(lows)[:2]
    safe = set()
    for suit in range(4):
        ceiling = min(second if lows[suit] == least else least, 12)  # the other suits' lowest
        for height in (piles[2 * suit], piles[2 * suit + 1]):
            if height == 0 or height <= ceiling:
                safe.add(13 * suit + height)
    return frozenset(safe)


class Solver(SlicedSearch):
    """A resumable search: call `run()` with a budget until `done` (see the module docstring).

    ``solver = Solver(game); while not solver.done: solver.run(seconds=0.05)``; `result` holds
    the verdict so far. The game itself is never touched.
    """

    endgame = None  # a search a subclass runs before going on (see `probe.Probe`)

    def __init__(
        self,
        game,
        *,
        table_limit: int = DEFAULT_TABLE_LIMIT,
        state: SearchState | None = None,
        prefix: tuple = (),
        waste_weight: int = 2,
        depth_weight: int = 0,
    ) -> None:
        """`state` and `prefix` start the search elsewhere than at `game`: at `state`, which the
        (move, card) pairs of `prefix` reach from `game` (a winning line starts with them).
        `waste_weight` and `depth_weight` tune `_value`, so other searches can try other lines
        first (the order of trial never changes a verdict)."""
        if getattr(game, "name", None) != "indian":
            raise ValueError(
                "the Indian solver decides Indian Patience positions; use solve() for Australian"
            )
        self.game = game
        self.state = SearchState(game) if state is None else state
        self.prefix = prefix
        self.table_limit = table_limit
        self.waste_weight = waste_weight
        self.depth_weight = depth_weight
        self.seen: set[bytes] = set()
        self.open: list[tuple] = []  # (-value, -order, node, move): the positions still to enter
        self.snaps: list[tuple] = []  # per node entered: its state
        self.links: list[tuple] = []  # per node entered: (node it came from, the moves since)
        self.counter = 0
        self.nodes = 0
        self.elapsed = 0.0
        self.winnable: bool | None = None
        self.line: list[Move] = []
        self._started = False

    # ---- the search ----------------------------------------------------------------------
    def _play_safe(self) -> None:
        """Play every safe card home (see the module docstring)."""
        st = self.state
        cols, bottoms, waste = st.cols, st.bottoms, st.waste
        safe = self._safe_cards()
        changed = True
        while changed:
            changed = False
            for c in range(10):
                col = cols[c]
                while col and col[-1] in safe:
                    if bottoms[c] == PROTECTED and len(col) == 1 and st.options.refill_size(st.stock_left()):
                        break
                    st.make((HOME, c, 0))
                    safe = self._safe_cards()
                    changed = True
            while waste and waste[-1] in safe:
                st.make((HOME, WASTE, 0))
                safe = self._safe_cards()
                changed = True

    def _safe_cards(self) -> frozenset[int]:
        """The cards that are safe to play home now: each the next card of one of its suit's
        piles, and an Ace or no higher than every other suit's lower pile."""
        return safe_for(tuple(self.state.piles))

    def _moves(self) -> list[tuple]:
        """Candidate moves, most promising first (safe moves were already played): the rule
        table's moves up to its symmetries (`SearchState.card_moves`), each scored by what it
        does, then the draw; a stable sort keeps the table's order among equal scores."""
        st = self.state
        cols, bottoms = st.cols, st.bottoms
        home: set[int] | None = None
        scored: list[tuple[int, tuple]] = []
        last, score = None, 0
        for src, _card, kind, dest in st.card_moves():
            if kind == HOME:
                lone_guard = src != WASTE and bottoms[src] == PROTECTED and len(cols[src]) == 1
                scored.append((1 if lone_guard else 0, (HOME, src, 0)))
                continue
            if src != last:
                last = src
                if src == WASTE:
                    score = 3
                else:
                    home = st.home_next() if home is None else home
                    score = self._uncover_score(cols[src], bottoms[src], home)
            if cols[dest]:
                scored.append((score, (ONTO, src, dest)))
            else:
                scored.append((7 if score > 2 else score + 1, (ONTO, src, dest)))
        if st.stock_left():
            scored.append((4, (DRAW, 0, 0)))
        scored.sort(key=itemgetter(0))
        return [move for _, move in scored]

    @staticmethod
    def _uncover_score(col: list[int], bottom: int, home: set[int]) -> int:
        """How promising it is to take the top card off `col` (lower first); `home` holds the
        cards the foundations take now."""
        if len(col) == 1 or (len(col) == 2 and bottom == FACE_DOWN):
            return 2
        under = col[-2]
        if under in home:
            return 1
        return 6 if FITS[52 * under + col[-1]] else 5

    def _value(self) -> int:
        """How promising a position looks (higher first): cards home, then few cards on the
        waste (`waste_weight` each), few face-down cards, empty columns, columns in order, and
        few cards above the next cards the foundations take (`depth_weight` each)."""
        st = self.state
        cols = st.cols
        value = (
            8 * sum(st.piles)
            - self.waste_weight * len(st.waste)
            + st.drawn
            + 4 * cols.count([])
            - 3 * st.bottoms.count(FACE_DOWN)
            - st.disorder
        )
        if self.depth_weight:
            wanted = st.home_next()
            buried = 0
            for cards in (*cols, st.waste):
                if wanted.isdisjoint(cards):
                    continue
                top = len(cards) - 1
                for card in wanted.intersection(cards):  # each card is in two decks
                    depth = cards.index(card)
                    buried += top - depth
                    if cards.count(card) > 1:
                        buried += top - cards.index(card, depth + 1)
            value -= self.depth_weight * buried
        return value

    def _expand(self, parent: int, due: tuple | None) -> None:
        """Enter the position the state is in, reached from node `parent` (-1 at the start);
        `due` is (source, destination) of the card move that led here, whose use is due next."""
        st = self.state
        self.nodes += 1
        self._play_safe()
        if sum(st.piles) == 104:
            self._win(parent)
            return
        if due is not None and any(entry[0][1] in due for entry in st.trail[1:]):
            due = None  # a card went home from one of its columns: the move was used
        key = st.key()
        if due is not None:
            key += self._due_key(due)
        if key in self.seen:
            return
        if len(self.seen) >= self.table_limit:
            self.seen.clear()
        self.seen.add(key)
        self._branch(parent, due)

    def _branch(self, parent: int, due: tuple | None) -> None:
        """Remember the position just entered, and queue the moves from it."""
        st = self.state
        node = len(self.snaps)
        self.snaps.append(st.snapshot())
        self.links.append((parent, tuple((entry[0], entry[4]) for entry in st.trail)))
        mark = len(st.trail)
        for move in self._moves():
            if due is not None and not self._uses(move, due):
                continue
            st.make(move)
            value = self._value()
            while len(st.trail) > mark:
                st.undo()
            self.counter += 1
            heapq.heappush(self.open, (-value, -self.counter, node, move))

    def _uses(self, move: tuple, due: tuple) -> bool:
        """Whether `move` uses what the card move `due` did: it moves or covers the card that
        move uncovered (the waste's new top: a waste move or a draw), fills the column it emptied,
        or moves or covers the card it moved (see the module docstring)."""
        kind, src, dest = move
        was, went = due
        if kind == ONTO and dest == went:
            return True
        if src == went:
            return False  # moving it on again is one move from where it was
        if was == WASTE:
            return src == WASTE or kind == DRAW
        if src == was or (kind == ONTO and dest == was):
            return True
        return kind == ONTO and not self.state.cols[was] and not self.state.cols[dest]

    def _due_key(self, due: tuple) -> bytes:
        """The due move in a key, by the columns' contents (the key ignores the columns' order)."""
        st = self.state
        was, went = due
        source = b"w" if was == WASTE else bytes((COLUMN_MARK + st.bottoms[was], *st.cols[was]))
        return b"\xfe" + source + b"\xfd" + bytes((COLUMN_MARK + st.bottoms[went], *st.cols[went]))

    def _path(self, parent: int) -> tuple:
        """The (move, card) pairs from the game to the state, through node `parent`."""
        steps = [tuple((entry[0], entry[4]) for entry in self.state.trail)]
        while parent >= 0:
            parent, entries = self.links[parent]
            steps.append(entries)
        return self.prefix + tuple(pair for entries in reversed(steps) for pair in entries)

    def _win(self, parent: int) -> None:
        self.winnable = True
        trial = self.game.copy()
        self.line = trial.play_winning_line(
            [SearchState.text(move, card) for move, card in self._path(parent)]
        )
        self.open.clear()

    def _exhausted(self) -> None:
        """Every reachable position was entered and none was won."""
        self.winnable = False

    def _search(self, deadline: float | None, node_cap: int | None) -> None:
        st = self.state
        if not self._started:
            self._started = True
            self._expand(-1, None)
        heap, budget = self.open, Budget(deadline, node_cap, 16)
        while heap and not self.done and self.endgame is None:
            if budget.spent(self.nodes):
                return
            _, _, parent, move = heapq.heappop(heap)
            st.restore(self.snaps[parent])
            st.make(move)
            self._expand(parent, (move[1], move[2]) if move[0] == ONTO else None)
        if not heap and not self.done and self.endgame is None:
            self._exhausted()
