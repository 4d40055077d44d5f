"""The moves Australian Patience allows (SPEC §1, R3–R7): the one rule table the game, the
solver and the hints derive their moves from, on plain values, so they cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

__all__ = ["HOME", "KINGS", "STOCK", "TO_HOME", "TO_COLUMN", "WASTE", "CardMove", "card_moves"]

STOCK, WASTE, HOME = -1, -2, -3
"""Where a card lies when it is not in a column (a column card: column * 64 + depth)."""
KINGS = (12, 25, 38, 51)
TO_HOME, TO_COLUMN = 0, 1
"""A card move's kind: to its foundation, or to a column (onto its top card, or into it empty)."""

CardMove = tuple[int, int, int, int]  # (kind, card, source column or WASTE, destination column or -1)


def card_moves(
    cols: Sequence[Sequence[int]],
    loc: Sequence[int],
    waste_top: int,
    wanted: Collection[int],
    *,
    useful_only: bool = False,
    symmetric: bool = False,
) -> list[CardMove]:
    """Every card move of a layout, as (kind, card, source, destination): column by column its
    exposed card home, then the card going onto it; the top waste card home; each King into
    each empty column. `waste_top` is -1 for an empty waste; `wanted`: the cards a foundation
    takes now. `useful_only` leaves out a bottom King changing columns (it only exchanges two
    columns, R9); `symmetric` keeps the first empty column only (empty columns are
    interchangeable): a search needs neither."""
    moves: list[CardMove] = []
    empty: list[int] = []
    for c, col in enumerate(cols):
        if not col:
            empty.append(c)
            continue
        card = col[-1]
        if card in wanted:
            moves.append((TO_HOME, card, c, -1))
        if card % 13:  # an exposed card other than an Ace takes the next lower card of its suit
            child = card - 1
            where = loc[child]
            if where >= 0:
                if where >> 6 != c:
                    moves.append((TO_COLUMN, child, where >> 6, c))
            elif where == WASTE and child == waste_top:
                moves.append((TO_COLUMN, child, WASTE, c))
    if waste_top >= 0 and waste_top in wanted:
        moves.append((TO_HOME, waste_top, WASTE, -1))
    if empty:
        if symmetric:
            del empty[1:]
        for king in KINGS:
            where = loc[king]
            if where >= 0:
                if useful_only and not where & 63:
                    continue
                src = where >> 6
            elif where == WASTE and king == waste_top:
                src = WASTE
            else:
                continue
            moves += [(TO_COLUMN, king, src, e) for e in empty]
    return moves
