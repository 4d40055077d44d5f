"""Why a lost game of Indian Patience is lost: for each foundation, the next card it waits
for, and what holds its nearest copy. Cards move one at a time, so what holds a buried card
is the card on top of its pile; the engine's search has already shown that no order of moves
clears the way, so a top card that could still move is said to lead nowhere."""

from __future__ import annotations

from ausp_widget.core.cards import CARDS, RANK_TEXT
from ausp_widget.core.loss import Block, ExplainsLoss

from .basics import FACE_DOWN


class Loss(ExplainsLoss):
    """`explain_loss()` for `IndianGame` (which provides the state)."""

    def _blocks(self, player: int) -> list[Block]:
        """What holds the next card of each foundation not full (the game is lost)."""
        blocks = [self._block(card, held) for card, held in self._waiting().items()]
        return [b for b in blocks if b is not None]

    def _block(self, card: int, held: int) -> Block | None:
        """What holds the nearest copy of `card` on show (the one with the fewest cards on
        it); None when no copy is on show (`ExplainsLoss` counts it, never placing it)."""
        places = [
            (len(col) - 1 - d, c, d)
            for c, (col, bottom) in enumerate(zip(self._cols, self._bottoms))
            for d, x in enumerate(col)
            if x == card and not (d == 0 and bottom == FACE_DOWN)
        ]
        places += [(len(self._waste) - 1 - d, -1, d) for d, x in enumerate(self._waste) if x == card]
        if not places:
            return None
        over, c, _ = min(places)
        name = CARDS[card]
        cards = "one card" if over == 1 else f"{over} cards"
        if c < 0:
            why = (
                f"{name} lies under {cards} on the waste, and the stock is spent: nothing moves onto "
                f"the waste, so they leave from the top, and {CARDS[self._waste[-1]]} on top "
                f"{self._nowhere(self._waste[-1])}"
            )
        else:
            top = self._cols[c][-1]
            why = (
                f"{name} lies under {cards} in column {c + 1}; one card moves at a time, and "
                f"{CARDS[top]} on top {self._nowhere(top, c)}"
            )
        return Block(name, held, why)

    def _nowhere(self, card: int, column: int = -1) -> str:
        """Why the top card `card` cannot make way, said after its name."""
        if column >= 0 and self._guarded(column):
            return "is protected: it may only go to a foundation, which does not take it yet"
        if any(m.card is not None and m.card.index == card for m in self._card_moves(useful_only=True)):
            return "can still move, but no order of moves clears the way"
        empty = not all(self._cols)
        if card % 13 == 12:
            text = "a King goes only to a foundation or an empty column"
            return f"can move nowhere: {text}" + ("" if empty else ", and no column is empty")
        text = f"it needs a column ending with a {RANK_TEXT[card % 13 + 1]} of another suit, and none does"
        if not empty:
            text += ", and no column is empty"
        elif not self._fills_empty(card):
            text += "; only a King may fill an empty column (rule option empty_column='kings')"
        return f"can move nowhere: {text}"
