"""Indian Patience's constants, its deal and its building rule, shared by the game, its
notation, hints and solver."""

from __future__ import annotations

from ausp_widget.core.cards import CARDS, Card
from ausp_widget.core.deal import _below, splitmix64

COLUMNS = 10
PILES = 8
PILE_SUITS = (0, 0, 1, 1, 2, 2, 3, 3)
"""The suit of each foundation pile F1..F8 (index into SUITS)."""
CARD_COUNT = 104
FREE, FACE_DOWN, PROTECTED = 0, 1, 2
"""A column's bottom state: nothing special, its bottom card face down, or its only card protected."""
WASTE = -1  # the source "column" of the top waste card
REFILL = 3  # cards dealt into a column emptied by a protected card going home
STUCK_SEARCH_LIMIT = 1000
"""Positions the status looks at, once the stock is empty, to decide whether any card can go home."""

Source = int | str  # a column number 1..10, or "waste"


# ---- the deal -----------------------------------------------------------------------------
def indian_deal(seed: int) -> tuple[list[list[Card]], list[Card]]:
    """Columns (bottom first; the bottom card is the face-down one) and stock (next first)."""
    rng = splitmix64(seed)
    shoe = list(CARDS) * 2
    for i in range(len(shoe) - 1, 0, -1):
        j = _below(rng, i + 1)
        shoe[i], shoe[j] = shoe[j], shoe[i]
    columns = [[shoe[row * COLUMNS + c] for row in range(3)] for c in range(COLUMNS)]
    return columns, shoe[3 * COLUMNS :]


def fits(card: int, parent: int) -> bool:
    """Whether `card` may go onto `parent` in the tableau: one rank lower, a different suit."""
    return parent % 13 == card % 13 + 1 and parent // 13 != card // 13
