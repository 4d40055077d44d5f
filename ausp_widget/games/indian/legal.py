"""The moves Indian Patience allows and what a move does to the table: the one rule table
(`card_moves`) that the game, the solver's state, the hints and the stuck-position search all
read, each leaving out the symmetries it may ignore (a test checks that they agree), and the
one account of taking a card off a column (`take_top`).

A protected card is the bottom card of a column in the PROTECTED state: its column's only
card, unless the option `protected_takes_cards` lets cards go onto it; then it stays
protected underneath until the stock is used up (the grace).
"""

from __future__ import annotations

from collections.abc import Sequence

from ausp_widget.core.moves import Move

from .basics import FACE_DOWN, FREE, PROTECTED, WASTE, IndianOptions, fits

__all__ = ["HOME", "ONTO", "PARENTS", "WASTE", "Legal", "card_moves", "grace", "take_top"]

HOME, ONTO = 0, 1
"""A card move's kind: to a foundation pile, or onto a column (with cards or empty)."""
PARENTS = tuple(tuple(p for p in range(52) if fits(card, p)) for card in range(52))
"""The cards each card may go onto in the tableau (none for a King)."""

CardMove = tuple[int, int, int, int]  # (source column or WASTE, card, HOME or ONTO, pile or column)
RANKS = tuple(card % 13 for card in range(52))
LOW_PILES = tuple(2 * (card // 13) for card in range(52))
"""The first of the two foundation piles that take each card's suit."""


def card_moves(
    cols: Sequence[Sequence[int]],
    bottoms: Sequence[int],
    waste_top: int,
    piles: Sequence[int],
    options: IndianOptions,
    *,
    symmetric: bool = False,
    lone_to_empty: bool = True,
) -> list[CardMove]:
    """Every card move, as (source, card, kind, destination): sources column by column, then
    the waste; per source its foundation piles, the columns it goes onto, the empty columns.

    A negative card in `cols` is one nobody has seen (never a source); `waste_top` is -1 for
    none; piles 2s and 2s + 1 take suit s. `symmetric` leaves out what only exchanges alike
    things (the second pile of a suit, every empty column but the first), `lone_to_empty=False`
    a lone card's move into an empty column (it only exchanges two columns).
    """
    protected_takes = options.protected_takes_cards
    kings_only = options.empty_column == "kings"
    targets: dict[int, list[int]] = {}  # the columns a card may go onto, by their top card
    empty: list[int] = []
    sources: list[tuple[int, int, int]] = []  # (column or WASTE, its top card, its height)
    for t, col in enumerate(cols):
        if not col:
            empty.append(t)
            continue
        top = col[-1]
        if protected_takes or bottoms[t] != PROTECTED or len(col) > 1:
            if top in targets:
                targets[top].append(t)
            else:
                targets[top] = [t]
        if top >= 0:
            sources.append((t, top, len(col)))
    if symmetric:
        del empty[1:]
    if waste_top >= 0:
        sources.append((WASTE, waste_top, 0))
    moves: list[CardMove] = []
    add = moves.append
    for src, card, height in sources:
        rank, low = RANKS[card], LOW_PILES[card]
        if piles[low] == rank:
            add((src, card, HOME, low))
            if not symmetric and piles[low + 1] == rank:
                add((src, card, HOME, low + 1))
        elif piles[low + 1] == rank:
            add((src, card, HOME, low + 1))
        if height == 1 and bottoms[src] == PROTECTED:
            continue  # a protected card goes only to a foundation
        parents = PARENTS[card]
        if not targets.keys().isdisjoint(parents):
            onto = [t for parent in parents if parent in targets for t in targets[parent] if t != src]
            if len(onto) > 1:
                onto.sort()
            for t in onto:
                add((src, card, ONTO, t))
        if empty and (rank == 12 or not kings_only) and (lone_to_empty or height != 1):
            for e in empty:
                add((src, card, ONTO, e))
    return moves


class Legal:
    """The legal card moves and the effect of a move, for `IndianGame` (which holds the state)."""

    options: IndianOptions
    _cols: list[tuple[int, ...]]
    _bottoms: list[int]
    _stock: tuple[int, ...]
    _waste: tuple[int, ...]
    _piles: list[int]
    _status: str | None
    _last_home: int
    _last_dealt: tuple[int, int] | None

    def _guarded(self, c: int) -> bool:
        """Whether column c's top card is protected: it may only go to a foundation."""
        return self._bottoms[c] == PROTECTED and len(self._cols[c]) == 1

    def _open(self, t: int) -> bool:
        """Whether the top card of the non-empty column t may receive a card."""
        return self.options.protected_takes_cards or not self._guarded(t)

    def _fills_empty(self, card: int) -> bool:
        """Whether `card` may go into an empty column (option `empty_column`)."""
        return self.options.empty_column == "any" or card % 13 == 12

    def _sources(self) -> list[tuple[int, int]]:
        """(column index or WASTE, card) for every available card."""
        sources = [(c, col[-1]) for c, col in enumerate(self._cols) if col]
        if self._waste:
            sources.append((WASTE, self._waste[-1]))
        return sources

    def _card_moves(self, useful_only: bool) -> list[Move]:
        """The rule table's moves, each in its shortest unambiguous notation (`_canonical`)."""
        waste_top = self._waste[-1] if self._waste else -1
        table = card_moves(
            self._cols, self._bottoms, waste_top, self._piles, self.options, lone_to_empty=not useful_only
        )
        return [
            self._canonical(("foundation" if kind == HOME else "tableau", src, card, dest))
            for src, card, kind, dest in table
        ]

    def _apply(self, action: tuple, player: int = 0) -> None:
        self._status = None
        self._last_dealt = None
        if action[0] == "draw":
            self._waste += (self._stock[0],)
            self._stock = self._stock[1:]
            if not self._stock:
                grace(self._bottoms)
            return
        _, src, card, dest = action
        if src == WASTE:
            self._waste = self._waste[:-1]
        else:
            n = take_top(self._cols, self._bottoms, src, len(self._stock), self.options)
            if n:
                self._cols[src], self._stock = self._stock[:n], self._stock[n:]
                self._last_dealt = (src, n)
        if action[0] == "foundation":
            self._piles[dest] += 1
            self._last_home = dest  # the pile the last foundation move went to (for its words)
        else:
            self._cols[dest] = self._cols[dest] + (card,)


def take_top(cols: list, bottoms: list[int], src: int, stock: int, options: IndianOptions) -> int:
    """Take the top card off column `src` (in place), `stock` cards left: a face-down card left
    alone turns up, protected while the stock lasts. Returns how many stock cards the caller
    deals into a column emptied by its protected card going home (the grace follows the last)."""
    was, left = bottoms[src], cols[src][:-1]
    cols[src] = left
    if left:
        if len(left) == 1 and was == FACE_DOWN:
            bottoms[src] = PROTECTED if stock else FREE
        return 0
    n = options.refill_size(stock) if was == PROTECTED else 0
    bottoms[src] = FACE_DOWN if n > 1 else FREE
    if n and n == stock:
        grace(bottoms)
    return n


def grace(bottoms: list[int]) -> None:
    """The stock is used up: every protected card becomes free (in place)."""
    bottoms[:] = [FREE if b == PROTECTED else b for b in bottoms]
