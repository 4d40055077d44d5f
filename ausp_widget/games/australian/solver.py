"""A full-information solver for solo Australian Patience: is this deal winnable?

It knows the order of the stock, so it is an analysis tool, not a hint (`hints` gives the
advice a player may see). A depth-first search makes and undoes moves in place on its own
compact state, with an explicit stack so that it can stop and resume (`Solver.run`).

Why the search stays small — each rule with the reason it never loses a win:

* Every move but one is irreversible: a card other than a King goes onto one card only, its
  *parent* (the next higher card of its suit), and draws and foundation moves are one-way.
  A King at the bottom of its column moving to another empty column only reorders columns,
  so it is never tried; the positions form an acyclic graph and memory is only a cache.
* Foundation moves are played at once: when ``c - 1`` is home nothing can ever go onto
  ``c``, so anything a line does with ``c`` left in place it does without it.
* The top waste card goes onto its exposed parent at once: there it covers only a card
  nothing else can take and rides along with it. (A waste King waits: another King might
  want the empty column.)
* Kings go into the first empty column only: empty columns are interchangeable.
* Positions are keyed by the sorted columns, the foundation heights and the count of cards
  drawn (with the rest it fixes the waste), so a position reached in another order is
  searched once; keys proved lost are kept in a bounded table (emptied when full, which
  costs only repeated work).
* Dead positions are recognised first, with the Yukon family's relaxed game
  (`family.deadlock.hopeless`, whose module docstring gives its rules), building in suit and
  with the stock coming out in order onto the waste. The test runs at the start and after
  the only moves that can cut a card off its way home: a draw whose card stays on the
  waste, and a King taking an empty column. A card moving onto its parent covers only a
  parent that cannot go home before it anyway, and foundation moves only remove obstacles,
  so skipping the test after them never changes a verdict.

Solo only: in the two-player games the other side's moves change what is possible.
"""

from __future__ import annotations

from ausp_widget.core.cards import CARDS
from ausp_widget.core.moves import DRAW, Move, onto_parent, to_column, to_foundation
from ausp_widget.core.solving import Budget, SlicedSearch, SolveResult, check_limits, solve_with
from ausp_widget.games.family.deadlock import hopeless
from ausp_widget.games.family.rule import parents_table

from .legal import HOME, STOCK, TO_HOME, WASTE, CardMove, card_moves

__all__ = ["SolveResult", "Solver", "solve"]

COLUMNS = 7

# Internal moves are small tuples; the first item says what kind.
_DRAW, _HOME_COL, _HOME_WASTE, _GROUP, _WASTE_TO = range(5)
_AFTER_DRAW = 2  # `_enter`'s check: 0 no, 1 yes, 2 only if the drawn card stayed on the waste

PARENTS = parents_table("suit")
"""Where each card may go: onto the next higher card of its suit."""
FACE_UP = (0,) * COLUMNS  # no column has a face-down card

DEFAULT_TABLE_LIMIT = 1_500_000
"""Positions remembered as lost before the table is emptied (keeps memory well under 1 GiB)."""


class Solver(SlicedSearch):
    """A resumable search: `run(seconds=0.05)` until `done` keeps a user interface responsive;
    `result` holds the verdict so far. The game itself is never touched."""

    def __init__(self, game, *, table_limit: int = DEFAULT_TABLE_LIMIT) -> None:
        if getattr(game, "mode", "solo") != "solo":
            raise ValueError(
                f"the solver decides the solo game only, not the {game.mode!r} game: "
                "in the two-player games the other side's moves change what is possible"
            )
        self.cols: list[list[int]] = [[card.index for card in col] for col in game.tableau()]
        if len(self.cols) != COLUMNS:
            raise ValueError(f"expected {COLUMNS} columns, got {len(self.cols)}")
        self.stock: tuple[int, ...] = tuple(card.index for card in game.stock())
        self.drawn = 0
        self.waste: list[int] = [card.index for card in game.waste()]
        self.home: list[int] = [len(pile) for pile in game.foundations]
        self.pos: list[int] = [HOME] * 52
        for c, col in enumerate(self.cols):
            for depth, card in enumerate(col):
                self.pos[card] = c * 64 + depth
        for card in self.stock:
            self.pos[card] = STOCK
        for card in self.waste:
            self.pos[card] = WASTE
        self.table_limit = table_limit
        self.lost: set[bytes] = set()
        self.trail: list[tuple] = []  # every move applied, in order: the line being tried
        self.frames: list[list] = []  # per open position: [moves, next index, trail length, key]
        self.nodes = 0
        self.elapsed = 0.0
        self.winnable: bool | None = None
        self.line: list[Move] = []
        self._started = False

    # ---- make and undo ---------------------------------------------------------------------
    def _make(self, move: tuple) -> None:
        kind = move[0]
        cols, pos = self.cols, self.pos
        if kind == _DRAW:
            card = self.stock[self.drawn]
            self.drawn += 1
            self.waste.append(card)
            pos[card] = WASTE
        elif kind == _HOME_COL:
            card = cols[move[1]].pop()
            self.home[card // 13] += 1
            pos[card] = HOME
        elif kind == _HOME_WASTE:
            card = self.waste.pop()
            self.home[card // 13] += 1
            pos[card] = HOME
        elif kind == _GROUP:
            c, depth, t = move[1], move[2], move[3]
            src, dst = cols[c], cols[t]
            base = t * 64 + len(dst)
            group = src[depth:]
            del src[depth:]
            dst.extend(group)
            for i, card in enumerate(group):
                pos[card] = base + i
        else:  # _WASTE_TO
            t = move[1]
            card = self.waste.pop()
            pos[card] = t * 64 + len(cols[t])
            cols[t].append(card)
        self.trail.append(move)

    def _undo(self) -> None:
        move = self.trail.pop()
        kind = move[0]
        cols, pos = self.cols, self.pos
        if kind == _DRAW:
            self.drawn -= 1
            card = self.waste.pop()
            pos[card] = STOCK
        elif kind == _HOME_COL:
            _, c, card = move
            self.home[card // 13] -= 1
            pos[card] = c * 64 + len(cols[c])
            cols[c].append(card)
        elif kind == _HOME_WASTE:
            card = move[1]
            self.home[card // 13] -= 1
            self.waste.append(card)
            pos[card] = WASTE
        elif kind == _GROUP:
            _, c, _depth, t, tlen, _card = move
            src, dst = cols[c], cols[t]
            group = dst[tlen:]
            del dst[tlen:]
            base = c * 64 + len(src)
            src.extend(group)
            for i, card in enumerate(group):
                pos[card] = base + i
        else:
            t = move[1]
            card = cols[t].pop()
            self.waste.append(card)
            pos[card] = WASTE

    def _hopeless(self) -> bool:
        """Whether some card can never go home, even in the relaxed game (`hopeless`)."""
        return hopeless(self.cols, FACE_UP, self.home, PARENTS, self.waste, self.stock[self.drawn :])

    # ---- the search ----------------------------------------------------------------------
    def _key(self) -> bytes:
        cols = sorted(bytes(col) for col in self.cols)
        return b"\xff".join(cols) + bytes((self.drawn, *self.home))

    def _play_safe(self) -> None:
        """Play every foundation move and waste-onto-parent move (see the module docstring)."""
        cols, home, waste, pos = self.cols, self.home, self.waste, self.pos
        changed = True
        while changed:
            changed = False
            for c in range(COLUMNS):
                col = cols[c]
                while col and col[-1] % 13 == home[col[-1] // 13]:
                    self._make((_HOME_COL, c, col[-1]))
                    changed = True
            while waste:
                card = waste[-1]
                if card % 13 == home[card // 13]:
                    self._make((_HOME_WASTE, card))
                    changed = True
                    continue
                if card % 13 != 12:
                    where = pos[card + 1]
                    if where >= 0 and (where & 63) == len(cols[where >> 6]) - 1:
                        self._make((_WASTE_TO, where >> 6, card))
                        changed = True
                        continue
                break

    def card_moves(self, *, useful_only: bool = True, symmetric: bool = True) -> list[CardMove]:
        """The rule table's card moves here (`legal.card_moves`); by default as the search
        sees them, without King shuffles and with the first empty column only."""
        wanted = [s * 13 + h for s, h in enumerate(self.home) if h < 13]
        top = self.waste[-1] if self.waste else -1
        return card_moves(self.cols, self.pos, top, wanted, useful_only=useful_only, symmetric=symmetric)

    def _moves(self) -> list[tuple]:
        """Candidate moves, most promising first: the rule table's moves but those played
        without branching (foundation moves, the waste card onto its parent), then a draw."""
        cols, pos, home, waste = self.cols, self.pos, self.home, self.waste
        scored: list[tuple[int, tuple]] = []
        kings: list[tuple] = []
        for kind, card, c, t in self.card_moves():
            if kind == TO_HOME:
                continue
            if c == WASTE:
                if not cols[t]:
                    kings.insert(0, (_WASTE_TO, t, card))
                continue
            depth = pos[card] & 63
            if not cols[t]:
                kings.append((_GROUP, c, depth, t, 0, card))
                continue
            if depth:
                below = cols[c][depth - 1]
                if below % 13 == home[below // 13]:
                    score = 5
                elif below % 13 and (
                    (waste and waste[-1] == below - 1)
                    or (pos[below - 1] >= 0 and (pos[below - 1] & 63) == len(cols[pos[below - 1] >> 6]) - 1)
                ):
                    score = 4
                else:
                    score = 1
            else:
                score = 3
            scored.append((score, (_GROUP, c, depth, t, len(cols[t]), card)))
        scored.sort(key=lambda item: -item[0])
        moves = [move for _, move in scored]
        if self.drawn < len(self.stock):
            moves.append((_DRAW,))
        return moves + kings

    def _enter(self, check: int) -> bool:
        """Start searching the current position; False if it is known or proved lost. `check`:
        whether the move that led here can have cut a card off its way home (`_AFTER_DRAW`:
        decide after the safe moves)."""
        mark = len(self.trail)
        self.nodes += 1
        self._play_safe()
        if sum(self.home) == 52:
            self._win()
            return True
        key = self._key()
        if key in self.lost:
            self._back_to(mark)
            return False
        if check == _AFTER_DRAW:  # the drawn card covers the waste only if it stayed there
            check = self.pos[self.stock[self.drawn - 1]] == WASTE
        if check and self._hopeless():
            self._remember(key)
            self._back_to(mark)
            return False
        self.frames.append([self._moves(), 0, mark, key])
        return True

    def _remember(self, key: bytes) -> None:
        if len(self.lost) >= self.table_limit:
            self.lost.clear()
        self.lost.add(key)

    def _back_to(self, mark: int) -> None:
        while len(self.trail) > mark:
            self._undo()

    def _win(self) -> None:
        self.winnable = True
        self.line = [_to_move(move) for move in self.trail]
        self.frames.clear()

    def _search(self, deadline: float | None, node_cap: int | None) -> None:
        if not self._started:
            self._started = True
            if not self._root():
                return
        frames = self.frames
        budget = Budget(deadline, node_cap, 256)
        while frames:
            if budget.spent(self.nodes):
                return
            frame = frames[-1]
            moves, index = frame[0], frame[1]
            if index == len(moves):
                frames.pop()
                self._remember(frame[3])
                self._back_to(frame[2])
                if frames:
                    self._undo()  # the move that led here
                continue
            frame[1] = index + 1
            move = moves[index]
            self._make(move)
            if not self._enter(_AFTER_DRAW if move[0] == _DRAW else int(move[-1] % 13 == 12)):
                self._undo()
            elif self.winnable:
                return
        self.winnable = False

    def _root(self) -> bool:
        """Enter the starting position; False once the verdict is known there."""
        entered = self._enter(1)
        if not entered:
            self.winnable = False
        return entered and not self.winnable


def _to_move(move: tuple) -> Move:
    """The public `Move` for an internal move."""
    kind = move[0]
    if kind == _DRAW:
        return DRAW
    card = move[1] if kind == _HOME_WASTE else move[-1]
    if kind in (_HOME_COL, _HOME_WASTE):
        return to_foundation(CARDS[card])
    if card % 13 == 12:  # a King goes only into an empty column
        column = move[1] if kind == _WASTE_TO else move[3]
        return to_column(CARDS[card], column + 1)
    return onto_parent(CARDS[card])


def solve(game, time_limit: float | None = 10.0, node_limit: int | None = None) -> SolveResult:
    """Whether `game` (solo) can still be won, knowing the stock's order: `winnable` True (with
    `moves`, a line `game.play` accepts), False, or None when the budget ran out first."""
    check_limits(time_limit, node_limit)  # before the solver reads the game
    return solve_with(Solver(game), time_limit, node_limit)
