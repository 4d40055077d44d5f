"""The Indian solver's compact state, with moves made and undone in place. A move is (kind,
source, destination): kind `HOME`, `ONTO` (onto a column, empty or not) or `DRAW`; source a
column 0..9 or `WASTE`; destination a suit's slot (HOME) or a column (ONTO). A suit's two
foundations are a sorted pair of heights: a card goes onto the lower one that takes it.
"""

from __future__ import annotations

import copy
import functools
import itertools

from ausp_widget.core.cards import CARDS

from .basics import FACE_DOWN, FREE, PROTECTED, IndianOptions, fits
from .legal import HOME, ONTO, PARENTS, WASTE, card_moves, grace, take_top

DRAW = 2
COLUMN_MARK = 64  # a column's first byte in a key: 64 + its bottom state (cards are 0..51)
MARKS = tuple(bytes((COLUMN_MARK + bottom,)) for bottom in sorted((FREE, FACE_DOWN, PROTECTED)))
"""A column's first byte in a key, by its bottom state."""
FITS = bytes(fits(card, parent) for parent in range(52) for card in range(52))
"""`fits` as a table, read at 52 * parent + card: the search asks it millions of times."""
__all__ = ["COLUMN_MARK", "DRAW", "FITS", "HOME", "ONTO", "PARENTS", "WASTE", "SearchState", "breaks"]


@functools.lru_cache(maxsize=1 << 16)
def wanted_by(piles: tuple[int, ...]) -> frozenset[int]:
    """The cards foundations of these heights take (cached: searches ask again and again)."""
    return frozenset(13 * (k >> 1) + height for k, height in enumerate(piles) if height < 13)


def breaks(col: list[int]) -> int:
    """How many cards of a column do not fit the card beneath them."""
    return sum(not FITS[52 * under + card] for under, card in itertools.pairwise(col))


class SearchState:
    """The position as the solver plays it; the game itself is never touched."""

    def __init__(self, game) -> None:
        self.options: IndianOptions = getattr(game, "options", None) or IndianOptions()
        self.cols: list[list[int]] = [list(col) for col in game._cols]
        self.bottoms = list(game._bottoms)
        self.stock: tuple[int, ...] = game._stock
        self.drawn = 0
        self.waste: list[int] = list(game._waste)
        self.piles = [
            h for s in range(4) for h in sorted(game._piles[2 * s : 2 * s + 2])
        ]  # piles[2s] <= piles[2s + 1]
        self.trail: list[tuple] = []
        """Per move made: (move, bottoms before, drawn before, pile raised or -1, card, disorder before)."""
        self.disorder = sum(map(breaks, self.cols))  # cards that do not fit the card beneath them

    # ---- reading ----------------------------------------------------------------------------
    def stock_left(self) -> int:
        return len(self.stock) - self.drawn

    def key(self) -> bytes:
        """The position, up to the order of the columns (the foundations follow from the rest)."""
        cols = sorted([MARKS[b] + bytes(col) for col, b in zip(self.cols, self.bottoms)])
        return b"".join(cols) + bytes((255, self.drawn)) + bytes(self.waste)

    def card_moves(self, symmetric: bool = True) -> list[tuple[int, int, int, int]]:
        """The rule table's card moves here, up to its symmetries unless `symmetric` is False
        (a foundation named is a slot of the sorted pair)."""
        top = self.waste[-1] if self.waste else -1
        return card_moves(
            self.cols,
            self.bottoms,
            top,
            self.piles,
            self.options,
            symmetric=symmetric,
            lone_to_empty=not symmetric,
        )

    def home_next(self) -> frozenset[int]:
        """The cards the foundations take now."""
        return wanted_by(tuple(self.piles))

    def snapshot(self) -> tuple:
        """The whole state, compact and hashable, to come back to with `restore`."""
        return (
            tuple(map(bytes, self.cols)),
            tuple(self.bottoms),
            self.drawn,
            bytes(self.waste),
            tuple(self.piles),
            self.disorder,
        )

    def copy(self) -> SearchState:
        """A twin in the same position, with no moves to undo."""
        twin = copy.copy(self)
        twin.restore(self.snapshot())
        return twin

    def restore(self, snap: tuple) -> None:
        cols, bottoms, self.drawn, waste, piles, self.disorder = snap
        self.cols = list(map(list, cols))
        self.bottoms = list(bottoms)
        self.waste = list(waste)
        self.piles = list(piles)
        self.trail = []

    # ---- make and undo --------------------------------------------------------------------------
    def make(self, move: tuple) -> None:
        kind, src, dest = move
        bottoms = self.bottoms
        record_bottoms, record_drawn, pile, disorder = tuple(bottoms), self.drawn, -1, self.disorder
        if kind == DRAW:
            self.waste.append(self.stock[self.drawn])
            self.drawn += 1
            if self.drawn == len(self.stock):
                grace(self.bottoms)
            self.trail.append((move, record_bottoms, record_drawn, pile, self.waste[-1], disorder))
            return
        if src == WASTE:
            card = self.waste.pop()
        else:
            col = self.cols[src]
            card = col[-1]
            if len(col) > 1 and not FITS[52 * col[-2] + card]:
                self.disorder -= 1
            n = take_top(self.cols, bottoms, src, self.stock_left(), self.options)
            if n:  # the column emptied by its protected card going home is dealt again
                self.cols[src] = list(self.stock[self.drawn : self.drawn + n])
                self.disorder += breaks(self.cols[src])
                self.drawn += n
        if kind == HOME:
            suit, rank = divmod(card, 13)
            pile = 2 * suit if self.piles[2 * suit] == rank else 2 * suit + 1  # the lower slot that takes it
            self.piles[pile] += 1
            if pile % 2 == 0 and self.piles[pile] > self.piles[pile + 1]:
                self.piles[pile], self.piles[pile + 1] = self.piles[pile + 1], self.piles[pile]
                pile += 1  # the raised height now sits in the upper slot
        else:
            target = self.cols[dest]
            if target and not FITS[52 * target[-1] + card]:
                self.disorder += 1
            target.append(card)
        self.trail.append((move, record_bottoms, record_drawn, pile, card, disorder))

    def undo(self) -> None:
        (kind, src, dest), bottoms, drawn, pile, card, self.disorder = self.trail.pop()
        if kind == DRAW:
            self.waste.pop()
        else:
            if kind == HOME:
                self.piles[pile] -= 1
                lo = pile - pile % 2
                if self.piles[lo] > self.piles[lo + 1]:
                    self.piles[lo], self.piles[lo + 1] = self.piles[lo + 1], self.piles[lo]
            else:
                self.cols[dest].pop()
            if src == WASTE:
                self.waste.append(card)
            else:
                col = self.cols[src]
                if self.drawn != drawn:  # the column had been dealt again: take those back
                    col.clear()
                col.append(card)
        self.drawn = drawn
        self.bottoms[:] = bottoms

    # ---- words ----------------------------------------------------------------------------------
    @staticmethod
    def text(move: tuple, card: int) -> str:
        """The move in the notation `game.play` accepts, naming the card's place."""
        kind, src, dest = move
        if kind == DRAW:
            return "draw"
        where = "w" if src == WASTE else str(src + 1)
        target = "F" if kind == HOME else str(dest + 1)
        return f"{where}:{CARDS[card]} {target}"
