"""Why a lost game of Australian Patience is lost: for each suit, the card its foundation waits
for and what holds it (R4's one destination, R6's Kings-only empty columns, R7's waste)."""

from __future__ import annotations

from ausp_widget.core.cards import CARDS
from ausp_widget.core.loss import Block, ExplainsLoss

from .layout import FOUNDATION, WASTE, _Layout

KINGS_ONLY = "only a King may fill an empty column"


class Loss(ExplainsLoss):
    """`explain_loss()` for `Game` (which provides the state)."""

    def _block(self, card: int, held: int, player: int) -> Block:
        """What holds `card` (the next card of a suit not all home) where it lies."""
        lay = self._layout(player)
        if lay.loc[card] == WASTE:
            top = lay.waste[-1]
            why = (
                f"{CARDS[card]} lies under {CARDS[top]} on the waste, and the stock is spent: "
                f"nothing moves onto the waste, so {CARDS[top]} must leave first, and "
                f"{self._nowhere(lay, top, card)}"
            )
        else:
            cover = lay.covering(card)
            why = f"{CARDS[card]} is buried under {CARDS[cover]}, which {self._nowhere(lay, cover, card)}"
        return Block(CARDS[card], held, why)

    def _nowhere(self, lay: _Layout, card: int, buried: int) -> str:
        """Why `card` (covering `buried`) can move nowhere, said after "which"."""
        name = CARDS[card]
        empty = any(not col for col in lay.cols)
        if card % 13 == 12:
            return f"can move nowhere: {name} may only go into an empty column, and none is empty"
        parent = card + 1
        text = f"can move nowhere: {name} needs {CARDS[parent]}, {self._lies(lay, parent, card)},"
        text += f" or an empty column, and {KINGS_ONLY}" if empty else ", and no column is empty"
        if card // 13 == buried // 13 and card > buried:
            text += f"; nor can {name} go home before {CARDS[buried]}, a lower card of its suit beneath it"
        return text

    def _lies(self, lay: _Layout, card: int, mover: int) -> str:
        """Where `card` lies, said as the reason `mover` cannot go onto it."""
        where = lay.loc[card]
        if where == FOUNDATION:
            return "which is on its foundation"
        if where == WASTE:
            top = lay.waste[-1]
            if top == card:
                return "which is on the waste, where nothing may join it"
            if top == mover:
                return "which lies beneath it on the waste"
            return f"which lies under {CARDS[top]} on the waste"
        column = (where >> 6) + 1
        if lay.loc[mover] >= 0 and lay.loc[mover] >> 6 == where >> 6:
            if where < lay.loc[mover]:
                return f"which lies beneath it in column {column}"
            return f"which lies above it in column {column} and would move with it"
        return f"which lies under {CARDS[lay.covering(card)]} in column {column}"
