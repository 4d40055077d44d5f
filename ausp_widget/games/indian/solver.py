"""A bounded full-information search for Indian Patience: can this position still be won?

Like the Australian solver it knows every card, face-down ones and the stock order
included: it answers "could someone who knew every card still win from here?", never as a
hint. It is a depth-first search with a table of positions already searched (the columns
as a multiset with their face-down and protected marks, the stock's length, the waste, the
foundation heights per suit), moves tried in the order foundation, card moves (those
that uncover a card the foundations take first, then those that turn a card up or empty a
column, then waste cards, then moves off a build), draw, into an empty column. The order
changes only which line is found first, never a verdict: every move is still tried.
Aces, and any card whose possible children (the next lower cards of the other three suits,
both copies) are all home, go home at once without branching, unless protected (a
protected card going home deals its column again from the stock, which changes what the
draws bring, so that is searched).

Where it decides and where it does not: two decks give far more positions than one, and
the cards can move back and forth, so from a fresh deal the search almost always runs out
of its budget and answers None (undecided). It decides late positions: a stock with few
cards, or the end game once the stock is used up (there it proves wins and losses). The
answer is True only with a winning line, which `game.play` accepts move by move, and False
only after every position reachable from here has been searched.
"""

from __future__ import annotations

import time

from ausp_widget.core.cards import CARDS
from ausp_widget.core.moves import Move
from ausp_widget.core.solving import SolveResult, check_limits

from .basics import FACE_DOWN, FREE, PILE_SUITS, PROTECTED, REFILL, fits
from .game import IndianGame

__all__ = ["solve_indian"]

WASTE = -1
DEFAULT_NODE_LIMIT = 200_000


class _Search:
    def __init__(self, game: IndianGame, deadline: float | None, node_limit: int | None) -> None:
        self.cols = [tuple(c.index for c in col) for col in game.tableau()]
        down, guarded = game.face_down(), game.protected()
        self.bottoms = [FACE_DOWN if d else PROTECTED if g else FREE for d, g in zip(down, guarded)]
        self.stock = tuple(c.index for c in game.stock())
        self.drawn = 0
        self.waste = tuple(c.index for c in game.waste())
        self.piles = [len(p) for p in game.foundations]
        self.deadline = deadline
        self.node_limit = node_limit
        self.nodes = 0
        self.seen: set[tuple] = set()
        self.line: list[str] = []
        self.out_of_budget = False

    # ---- state ---------------------------------------------------------------------------
    def snapshot(self) -> tuple:
        return (tuple(self.cols), tuple(self.bottoms), self.drawn, self.waste, tuple(self.piles))

    def restore(self, snap: tuple) -> None:
        cols, bottoms, self.drawn, self.waste, piles = snap
        self.cols, self.bottoms, self.piles = list(cols), list(bottoms), list(piles)

    def key(self) -> tuple:
        piles = self.piles
        heights = tuple(tuple(sorted(piles[2 * s : 2 * s + 2])) for s in range(4))
        return (tuple(sorted(zip(self.cols, self.bottoms))), self.drawn, self.waste, heights)

    def stock_left(self) -> int:
        return len(self.stock) - self.drawn

    # ---- moves: (text for game.play, src, card, kind, dest) ------------------------------------
    def moves(self) -> list[tuple]:
        cols, bottoms, piles = self.cols, self.bottoms, self.piles
        sources = [(c, col[-1]) for c, col in enumerate(cols) if col]
        if self.waste:
            sources.append((WASTE, self.waste[-1]))
        home, build, empty_moves = [], [], []
        first_empty = next((t for t, col in enumerate(cols) if not col), -1)
        for src, card in sources:
            where = "w" if src == WASTE else str(src + 1)
            suit, rank = divmod(card, 13)
            pile = next(
                (k for k, (s, h) in enumerate(zip(PILE_SUITS, piles)) if s == suit and h == rank), None
            )
            if pile is not None:
                home.append((f"{where}:{CARDS[card]} F{pile + 1}", src, card, "F", pile))
            if src != WASTE and bottoms[src] == PROTECTED:
                continue
            for t, col in enumerate(cols):
                if t != src and col and bottoms[t] != PROTECTED and fits(card, col[-1]):
                    build.append((f"{where}:{CARDS[card]} {t + 1}", src, card, "T", t))
            if first_empty >= 0 and (src == WASTE or len(cols[src]) > 1):
                empty_moves.append((f"{where}:{CARDS[card]} {first_empty + 1}", src, card, "T", first_empty))
        build.sort(key=lambda m: self.promise(m))
        draw = [("draw", None, None, "D", None)] if self.stock_left() else []
        return home + build + draw + empty_moves

    def promise(self, move: tuple) -> int:
        """Order of trial for a card move, most promising first: a move that uncovers a card
        the foundations take now, then one that turns a card up or empties a column, then a
        waste card onto a column, then the rest. Ordering only: every move is still tried."""
        src = move[1]
        if src == WASTE:
            return 2
        col = self.cols[src]
        if len(col) == 1 or (len(col) == 2 and self.bottoms[src] == FACE_DOWN):
            return 1
        under = col[-2]
        suit, rank = divmod(under, 13)
        if any(self.piles[k] == rank for k in (2 * suit, 2 * suit + 1)):
            return 0
        return 3 if fits(move[2], under) else 2

    def apply(self, move: tuple) -> None:
        _, src, card, kind, dest = move
        if kind == "D":
            self.waste += (self.stock[self.drawn],)
            self.drawn += 1
            if not self.stock_left():
                self.grace()
            return
        if src == WASTE:
            self.waste = self.waste[:-1]
        else:
            was = self.bottoms[src]
            left = self.cols[src][:-1]
            self.cols[src] = left
            if not left:
                self.bottoms[src] = FREE
                if was == PROTECTED and self.stock_left() >= REFILL:
                    self.cols[src] = self.stock[self.drawn : self.drawn + REFILL]
                    self.bottoms[src] = FACE_DOWN
                    self.drawn += REFILL
                    if not self.stock_left():
                        self.grace()
            elif len(left) == 1 and was == FACE_DOWN:
                self.bottoms[src] = PROTECTED if self.stock_left() else FREE
        if kind == "F":
            self.piles[dest] += 1
        else:
            self.cols[dest] = self.cols[dest] + (card,)

    def grace(self) -> None:
        self.bottoms = [FREE if b == PROTECTED else b for b in self.bottoms]

    def safe_home(self) -> tuple | None:
        """A card going home that cannot cost the win (see the module docstring)."""
        for move in self.moves():
            if move[3] != "F":
                break
            src, card = move[1], move[2]
            if src != WASTE and self.bottoms[src] == PROTECTED:
                continue
            rank = card % 13
            if rank == 0 or all(
                min(self.piles[2 * s], self.piles[2 * s + 1]) >= rank for s in range(4) if s != card // 13
            ):
                return move
        return None

    # ---- search --------------------------------------------------------------------------------
    def won(self) -> bool:
        return sum(self.piles) == 104

    def search(self) -> bool | None:
        """Depth-first, on an explicit stack of frames (a deep line cannot overflow Python's
        stack); True when a win is found (self.line holds it), False when none exists, None
        when the budget ran out. It tries the moves in the same order as a recursive search
        would, so it finds the same line."""
        entered = self.enter()
        if not isinstance(entered, _Frame):
            return entered
        frames = [entered]
        while True:
            frame = frames[-1]
            if frame.next < len(frame.moves):
                self.apply(frame.moves[frame.next])
                frame.next += 1
                entered = self.enter()
                if isinstance(entered, _Frame):
                    frames.append(entered)
                    continue
                verdict = entered
            else:  # every move from here was tried and lost: so is this position
                frames.pop()
                self.restore(frame.mark)
                if not frames:
                    return False
                frame, verdict = frames[-1], False
            # `verdict` is that of the position `frame`'s latest move led to
            if verdict:
                self.line[:0] = [
                    text for f in frames for text in [m[0] for m in f.forced] + [f.moves[f.next - 1][0]]
                ]
                return True
            if verdict is None:
                self.restore(frames[0].mark)
                return None
            self.restore(frame.snap)

    def enter(self) -> bool | _Frame | None:
        """Arrive at a position: play the safe moves home, then either a verdict at once (won;
        already searched; out of budget) or a frame holding the moves to try from here."""
        forced: list[tuple] = []
        mark = self.snapshot()
        while (move := self.safe_home()) is not None:
            forced.append(move)
            self.apply(move)
        if self.won():
            self.line = [m[0] for m in forced]
            return True
        key = self.key()
        if key in self.seen:
            self.restore(mark)
            return False
        self.seen.add(key)
        self.nodes += 1
        if (self.node_limit is not None and self.nodes > self.node_limit) or (
            self.deadline is not None and self.nodes % 256 == 0 and time.perf_counter() > self.deadline
        ):
            self.out_of_budget = True
            self.restore(mark)
            return None
        return _Frame(forced, mark, self.snapshot(), self.moves())


class _Frame:
    """One position on the search's stack: the safe moves played on arriving (`forced`), the
    state before them (`mark`) and after them (`snap`), the moves to try and the next one."""

    __slots__ = ("forced", "mark", "snap", "moves", "next")

    def __init__(self, forced: list[tuple], mark: tuple, snap: tuple, moves: list[tuple]) -> None:
        self.forced, self.mark, self.snap, self.moves, self.next = forced, mark, snap, moves, 0


def solve_indian(
    game: IndianGame, time_limit: float | None = 10.0, node_limit: int | None = DEFAULT_NODE_LIMIT
) -> SolveResult:
    """Decide whether an Indian Patience position can still be won, knowing every card.

    Returns a `SolveResult`: `winnable` True (with `moves`, a winning line in the notation
    `game.play` accepts), False (no line wins), or None when the budget ran out first.
    `node_limit=None` here means no limit on positions (`ausp_widget.solve` applies
    `DEFAULT_NODE_LIMIT` instead). The game itself is never changed.
    """
    if getattr(game, "game", None) != "indian":
        raise ValueError("solve_indian() decides Indian Patience positions; use solve() for Australian")
    check_limits(time_limit, node_limit)
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    verdict = (search := _Search(game, deadline, node_limit)).search()
    moves: list[Move] = []
    if verdict:
        trial = game.copy()
        moves = [trial.play(text) for text in search.line]
    return SolveResult(verdict, moves, search.nodes, time.perf_counter() - start)
