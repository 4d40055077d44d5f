"""The moves Indian Patience allows and what a move does to the table, under the game's rule
options (`IndianOptions`): the one rule table every reader of the rules derives its moves from,
and the one account of what taking a card off a column does (`take_top`).

`card_moves` lists the card moves of a position given as plain columns, bottom states, the
waste's top card and the foundation heights. The game names them in its notation (`Legal`),
the solver's compact state (`search.SearchState`), the hints' look ahead and the stuck-position
search read the same tuples, each with the symmetries it may ignore; a test checks that they
all agree with the game on thousands of random positions.

A protected card is the bottom card of a column in the PROTECTED state. Without the option
`protected_takes_cards` it is always its column's only card. With it, cards may be played
onto it: it stays protected underneath (it still goes only to a foundation), and when it is
uncovered again it is still protected, until the stock is used up (the grace).
"""

from __future__ import annotations

from collections.abc import Sequence

from ausp_widget.core.moves import Move

from .basics import FACE_DOWN, FREE, PROTECTED, WASTE, IndianOptions, fits
from .moves import _move

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
    """Every card move of a position, as (source, card, kind, destination).

    `cols` are bottom first (a negative card is one nobody has seen: it is never a source),
    `bottoms` their bottom states, `waste_top` the waste's top card (-1: none), `piles` the
    eight foundation heights (piles 2s and 2s + 1 take suit s). In order: sources column by
    column, then the waste; per source its foundation piles, the columns it goes onto, then
    the empty columns. `symmetric` leaves out what only exchanges alike things (the second
    pile of a suit, every empty column but the first), `lone_to_empty=False` a lone card's
    move into an empty column (it only exchanges two columns): searches need neither.
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
        """The rule table's moves in the game's notation: the first pile that takes a card is
        plain "F" (the other is named), and a twin card names its place, a twin top its column."""
        cols = self._cols
        waste_top = self._waste[-1] if self._waste else -1
        sources = self._sources()
        seen: set[int] = set()
        twins = {card for _, card in sources if card in seen or seen.add(card)}
        top_seen: set[int] = set()
        twin_tops = {col[-1] for col in cols if col and (col[-1] in top_seen or top_seen.add(col[-1]))}
        moves: list[Move] = []
        named: int | None = None  # the source whose first foundation pile was given as plain "F"
        for src, card, kind, dest in card_moves(
            cols, self._bottoms, waste_top, self._piles, self.options, lone_to_empty=not useful_only
        ):
            source = ("waste" if src == WASTE else src + 1) if card in twins else None
            if kind == HOME:
                moves.append(_move("foundation", card, dest + 1 if named == src else 0, source))
                named = src
            elif cols[dest] and cols[dest][-1] not in twin_tops:
                moves.append(_move("tableau", card, cols[dest][-1], source))
            else:
                moves.append(_move("column", card, dest + 1, source))
        return moves

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
    """Take the top card off column `src` (in place), with `stock` cards left in the stock: a
    face-down card left alone turns up, protected while the stock lasts; a column emptied by
    its protected card going home is dealt again. Returns how many stock cards the caller
    deals into it: three, or with the option `partial_refill` the one or two left (of two the
    first face down; one face up); when they are the last, the grace frees every protected card."""
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
