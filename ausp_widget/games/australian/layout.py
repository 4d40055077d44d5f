"""One player's cards in Australian Patience: seven columns, a stock and a waste, with
every card's place tracked so a card's only tableau destination is one look-up away."""

from __future__ import annotations

from collections.abc import Iterable

from ausp_widget.core.cards import Card

from .legal import HOME, STOCK, WASTE

MODES: tuple[str, ...] = ("solo", "turns", "simultaneous")
COLUMNS = 7

# Where a card lies, in `_Layout.loc`: a tableau card stores column * 64 + depth (`legal`).
FOUNDATION = HOME


class _Layout:
    """One player's own cards: seven columns, a stock and a waste."""

    __slots__ = ("cols", "stock", "drawn", "waste", "loc")

    def __init__(self, cols: list[tuple[int, ...]], stock: tuple[int, ...], waste: tuple[int, ...]):
        self.cols = cols
        self.stock = stock  # the stock at the start of the game, next card first
        self.drawn = 0  # how many of `stock` have been turned onto the waste
        self.waste = waste  # bottom first, top last
        self.loc: list[int] = []
        self._locate_all()

    def _locate_all(self) -> None:
        loc = [FOUNDATION] * 52
        for c, column in enumerate(self.cols):
            for depth, card in enumerate(column):
                loc[card] = c * 64 + depth
        for card in self.stock[self.drawn :]:
            loc[card] = STOCK
        for card in self.waste:
            loc[card] = WASTE
        self.loc = loc

    def snapshot(self) -> tuple:
        """The layout's state; `loc` is left out (it follows from the rest) to keep play cheap."""
        return (tuple(self.cols), self.drawn, self.waste)

    def restore(self, snap: tuple) -> None:
        cols, self.drawn, self.waste = snap
        self.cols = list(cols)
        self._locate_all()

    def covering(self, card: int) -> int:
        """The card lying directly on a tableau card."""
        where = self.loc[card]
        return self.cols[where >> 6][(where & 63) + 1]


def layout_from_cards(
    columns: Iterable[Iterable[Card]], stock: Iterable[Card], waste: Iterable[Card]
) -> _Layout:
    """A layout from cards (used by position text and saves, which check the cards first)."""
    return _Layout(
        [tuple(c.index for c in col) for col in columns],
        tuple(c.index for c in stock),
        tuple(c.index for c in waste),
    )
