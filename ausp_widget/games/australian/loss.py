"""Why a lost game of Australian Patience is lost: for each suit, the next card its
foundation waits for, and what holds it (the card on it, and why that card can move
nowhere: R4's one destination, R6's Kings-only empty columns, R7's waste)."""

from __future__ import annotations

from ausp_widget.core.cards import CARDS
from ausp_widget.core.loss import SHOWN, Block, loss_text

from .layout import FOUNDATION, WASTE

KINGS_ONLY = "only a King may fill an empty column"


class Loss:
    """`explain_loss()` for `Game` (which provides the state)."""

    def explain_loss(self, player: int = 0, shown: int = SHOWN) -> str:
        """The `shown` cards that block the most and what holds each, then a count of the
        rest; "" unless the game is lost."""
        if self.status != "lost":
            return ""
        lay = self._layout(player)
        blocks = []
        for suit, pile in enumerate(self._piles):
            if len(pile) < 13:
                blocks.append(self._block(lay, suit * 13 + len(pile), 13 - len(pile)))
        return loss_text(blocks, 52 - self.scores[player], shown)

    def _block(self, lay, card: int, held: int) -> Block:
        """What holds `card` (which its foundation waits for) where it lies."""
        where = lay.loc[card]
        if where == WASTE:
            top = lay.waste[-1]
            why = (
                f"{CARDS[card]} lies under {CARDS[top]} on the waste, and the stock is spent: "
                f"nothing moves onto the waste, so {CARDS[top]} must leave first, and "
                f"{self._nowhere(lay, top, card)}"
            )
            return Block(CARDS[card], held, why)
        column = lay.cols[where >> 6]
        cover = column[(where & 63) + 1]
        why = f"{CARDS[card]} is buried under {CARDS[cover]}, which {self._nowhere(lay, cover, card)}"
        return Block(CARDS[card], held, why)

    def _nowhere(self, lay, card: int, buried: int) -> str:
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

    def _lies(self, lay, card: int, mover: int) -> str:
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
        column = lay.cols[where >> 6]
        depth = where & 63
        if lay.loc[mover] >= 0 and lay.loc[mover] >> 6 == where >> 6:
            if depth < lay.loc[mover] & 63:
                return f"which lies beneath it in column {(where >> 6) + 1}"
            return f"which lies above it in column {(where >> 6) + 1} and would move with it"
        return f"which lies under {CARDS[column[depth + 1]]} in column {(where >> 6) + 1}"
