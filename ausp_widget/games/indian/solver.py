"""A full-information solver for Indian Patience: could someone who knew every card, the
face-down ones and the stock's order included, still win from here? It follows the rule
options exactly as `IndianGame` does, and every winning line it gives is replayed through
`game.play`.

`Solver` is a complete best-first search, resumable (`run(seconds=0.05)`) so a table stays
responsive: it enters every reachable position once, so "lost" means none of them won. The
front door (`DealSolver`) runs it beside quicker, incomplete searches (`Probe`, `Beam`) that
can find a win, never a loss. What keeps the complete search small, and why it loses no win:

* Safe cards go home at once: an Ace, or a card whose possible children (the next lower
  cards of the other suits, both copies) are all home. Nothing can go onto it, so a winning
  line that leaves it in place still wins with it home first; but a protected card whose
  column would be dealt again is searched, since the deal changes what the draws bring.
* A suit's two foundations are a sorted pair of heights; only the first empty column is
  tried, and a lone card never moves into another empty one (that only swaps columns).
* After a card moves, the next move must use what it did (`_uses`): otherwise the same moves
  in another order do the same thing.
* Positions are keyed with their columns sorted, so one arrangement reached in another order
  or with its columns in another order is searched once.

The order of trial only changes which line is found first, never a verdict.
"""

from __future__ import annotations

import functools
import heapq
from operator import itemgetter
from types import MappingProxyType

from ausp_widget.core.moves import Move
from ausp_widget.core.solving import Budget, SlicedSearch, SolveResult, TakingTurns, run_part, solve_with

from .basics import CARD_COUNT, COLUMNS, FACE_DOWN, PROTECTED
from .search import COLUMN_MARK, DRAW, FITS, HOME, ONTO, WASTE, SearchState

DEFAULT_NODE_LIMIT = 200_000
DRAW_MOVE = (DRAW, 0, 0)
DEFAULT_TABLE_LIMIT = 4_000_000
"""Positions remembered before the table is emptied (about 1 GiB; emptying costs only repeated work)."""


@functools.lru_cache(maxsize=1 << 16)
def safe_for(piles: tuple[int, ...]) -> frozenset[int]:
    """The safe cards for foundations of these heights (cached: a search meets the same
    heights again and again): each the next card of one of its suit's piles, and an Ace or
    no higher than every other suit's lower pile."""
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
    """The complete search: `run()` it a slice at a time until `done`; the game is never touched."""

    endgame = None  # a search a subclass runs before going on (see `Probe`)

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
        """`state`, reached from `game` by the (move, card) pairs of `prefix`, starts the search
        elsewhere; the weights tune `_value`, so other searches try other lines first."""
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
        self.line: list[Move] = []  # `nodes`, `elapsed` and `winnable` start as SlicedSearch's
        self._started = False

    def _play_safe(self) -> None:
        """Play every safe card home (see the module docstring)."""
        st = self.state
        cols, bottoms, waste = st.cols, st.bottoms, st.waste
        safe = safe_for(tuple(st.piles))
        changed = True
        while changed:
            changed = False
            for c in range(COLUMNS):
                col = cols[c]
                while col and col[-1] in safe:
                    if bottoms[c] == PROTECTED and len(col) == 1 and st.options.refill_size(st.stock_left()):
                        break
                    st.make((HOME, c, 0))
                    col = cols[c]  # a new list: `make` takes the card off by `take_top`
                    safe = safe_for(tuple(st.piles))
                    changed = True
            while waste and waste[-1] in safe:
                st.make((HOME, WASTE, 0))
                safe = safe_for(tuple(st.piles))
                changed = True

    def _moves(self) -> list[tuple]:
        """The rule table's moves up to its symmetries and the draw, most promising first (a
        stable sort keeps the table's order among equal scores)."""
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
            scored.append((4, DRAW_MOVE))
        scored.sort(key=itemgetter(0))
        return [move for _, move in scored]

    @staticmethod
    def _uncover_score(col: list[int], bottom: int, home: set[int]) -> int:
        """How promising it is to take the top card off `col` (lower first)."""
        if len(col) == 1 or (len(col) == 2 and bottom == FACE_DOWN):
            return 2
        under = col[-2]
        if under in home:
            return 1
        return 6 if FITS[52 * under + col[-1]] else 5

    def _value(self) -> int:
        """How promising a position looks (higher first): cards home, few on the waste, few face
        down, empty columns, columns in order, few cards above the cards the foundations take."""
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
        """Enter the state's position, reached from node `parent` (-1 at the start); `due` is
        (source, destination) of the card move that led here, whose use is due next."""
        st = self.state
        self.nodes += 1
        self._play_safe()
        if sum(st.piles) == CARD_COUNT:
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
        move uncovered or moved, or fills the column it emptied (else the two moves commute)."""
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


class Probe(Solver):
    """A quick search for a win that treats the game in two halves: best-first like the solver
    (with its own weights) until the stock is out, then at most `endgame_nodes` positions for
    each end game, given up if that did not win. The complete search spends nearly all its time
    on end games, each searched to the end before the next is tried. Once every position before
    the stock runs out was entered, a probe is `exhausted`, with no verdict."""

    def __init__(self, game, *, endgame_nodes: int, **settings) -> None:
        super().__init__(game, **settings)
        self.endgame_nodes = endgame_nodes
        self.endgame: Solver | None = None
        self.endgame_left = 0
        self.exhausted = False

    def _exhausted(self) -> None:
        self.exhausted = True

    def _branch(self, parent: int, due: tuple | None) -> None:
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


class _Layer(Solver):
    """A beam's search from one position of a layer, without draws; each position entered
    offers the position after its draw to the next layer (`offers`: key -> (value, state, path))."""

    def __init__(self, game, offers: dict, **settings) -> None:
        super().__init__(game, **settings)
        self.offers = offers

    def _moves(self) -> list[tuple]:
        return [move for move in super()._moves() if move[0] != DRAW]

    def _value(self) -> int:
        """Without the credit for cards taken from the stock: within a layer they differ only
        where a column was dealt again, which is no progress of its own."""
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
    """A quick search for a win that goes through the stock in layers, one per draw, where the
    other searches can spend their budget rearranging the tableau between two draws. From each
    of the `width` best positions of a layer it searches the moves that do not draw (at most
    `layer_nodes` positions), and the best positions after the next draw make the next layer;
    past the stock, each gets `endgame_nodes`. When no layer is left it is `exhausted`."""

    def __init__(self, game, *, width: int, layer_nodes: int, endgame_nodes: int, **settings) -> None:
        self.game = game
        self.width, self.layer_nodes, self.endgame_nodes = width, layer_nodes, endgame_nodes
        self.settings = settings  # the solver's, for the search from each position of a layer
        self.layer: list[tuple[SearchState, tuple]] = [(SearchState(game), ())]
        self.entered = 0  # how many of the layer's positions have been searched from
        self.offers: dict[bytes, tuple] = {}
        self.part: _Layer | None = None
        self.part_left = 0
        self.layers = 0  # how many layers have been made from offers
        self.line = []
        self.exhausted = False

    def _next_part(self) -> bool:
        """Start from the layer's next position, making the next layer first when this one is
        used up; False when there is none."""
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


# ---- the front door: the complete search, with probes and beams taking turns beside it ------
FIRST_TURN = 5_000
"""Positions the complete search has to itself first: most deals it decides at all, it decides by then."""
TURN = 2_000
"""Positions in one share of a turn (turns are counted in positions, so a verdict never depends
on the machine's speed)."""
COMPLETE_SHARES = 3
PROBES = (
    (3, MappingProxyType({"endgame_nodes": 2_000, "waste_weight": 5})),
    (3, MappingProxyType({"endgame_nodes": 1_000, "waste_weight": 5, "depth_weight": 3})),
    (3, MappingProxyType({"endgame_nodes": 500, "waste_weight": 5})),
    (3, MappingProxyType({"endgame_nodes": 1_000, "waste_weight": 5, "depth_weight": 1})),
)
BEAMS = tuple(
    (
        shares,
        MappingProxyType(
            dict(zip(("width", "layer_nodes", "endgame_nodes", "waste_weight", "depth_weight"), rest))
        ),
    )
    for shares, *rest in ((7, 50, 300, 5_000, 3, 1), (4, 50, 300, 5_000, 5, 2), (4, 100, 150, 3_000, 3, 1))
)
"""Each probe's and beam's shares and settings: each wins deals the others do not. The shares
win the most of the slowest deals of 1-200 within 54 s while every search keeps at least 70%
of its former part of the turns (measured and replayed by `bench/indian_shares.py`)."""


class DealSolver(TakingTurns):
    """The front door's search: `run()` a slice at a time until `done`, like every solver."""

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
    """Whether an Indian Patience position can still be won, knowing every card: `winnable`
    True (with `moves`, a winning line), False, or None when the budget ran out first
    (`node_limit=None`: no limit on positions). The game itself is never changed."""
    if getattr(game, "game", None) != "indian":
        raise ValueError("solve_indian() decides Indian Patience positions; use solve() for Australian")
    return solve_with(DealSolver(game), time_limit, node_limit)


def solve(game, time_limit: float | None = 10.0, node_limit: int | None = None) -> SolveResult:
    """The registry's front door: with neither limit given, `DEFAULT_NODE_LIMIT`, so that
    `solve(game, time_limit=None)` ends; a time limit alone is the whole budget (a hidden node
    cap would end a 60 s search after about half its time)."""
    limit = DEFAULT_NODE_LIMIT if node_limit is None and time_limit is None else node_limit
    return solve_indian(game, time_limit, limit)
