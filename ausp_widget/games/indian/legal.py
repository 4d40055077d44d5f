"""The moves Indian Patience allows now and what a move does to the table, under the game's
rule options (`IndianOptions`): the one place the rules are applied to the state.

A protected card is the bottom card of a column in the PROTECTED state. Without the option
`protected_takes_cards` it is always its column's only card. With it, cards may be played
onto it: it stays protected underneath (it still goes only to a foundation), and when it is
uncovered again it is still protected, until the stock is used up (the grace).
"""

from __future__ import annotations

from ausp_widget.core.moves import Move

from .basics import FACE_DOWN, FREE, PILE_SUITS, PROTECTED, WASTE, IndianOptions, fits
from .moves import _move


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
        cols, piles = self._cols, self._piles
        sources = self._sources()
        seen: set[int] = set()
        twins = {card for _, card in sources if card in seen or seen.add(card)}
        tops = [col[-1] if col else -1 for col in cols]
        top_seen: set[int] = set()
        twin_tops = {t for t in tops if t >= 0 and (t in top_seen or top_seen.add(t))}
        takers = [t for t, top in enumerate(tops) if top >= 0 and self._open(t)]
        empty = [c for c, col in enumerate(cols) if not col]
        moves: list[Move] = []
        for src, card in sources:
            source = ("waste" if src == WASTE else src + 1) if card in twins else None
            suit, rank = divmod(card, 13)
            homes = [k for k, (s, h) in enumerate(zip(PILE_SUITS, piles)) if s == suit and h == rank]
            # the first pile that takes it is plain "F"; the other pile of the suit is named
            moves += [_move("foundation", card, k + 1 if i else 0, source) for i, k in enumerate(homes)]
            if src != WASTE and self._guarded(src):
                continue
            if rank < 12:
                for t in takers:
                    top = tops[t]
                    if t != src and fits(card, top):
                        moves.append(
                            _move("column", card, t + 1, source)
                            if top in twin_tops
                            else _move("tableau", card, top, source)
                        )
            if (
                empty
                and self._fills_empty(card)
                and not (useful_only and src != WASTE and len(cols[src]) == 1)
            ):
                moves += [_move("column", card, e + 1, source) for e in empty]
        return moves

    def _apply(self, action: tuple) -> None:
        self._status = None
        self._last_dealt = None
        if action[0] == "draw":
            self._waste += (self._stock[0],)
            self._stock = self._stock[1:]
            if not self._stock:
                self._grace()
            return
        _, src, card, dest = action
        if src == WASTE:
            self._waste = self._waste[:-1]
        else:
            was = self._bottoms[src]
            left = self._cols[src][:-1]
            self._cols[src] = left
            if not left:
                self._bottoms[src] = FREE
                if was == PROTECTED:
                    self._deal_again(src)
            elif len(left) == 1 and was == FACE_DOWN:
                self._bottoms[src] = PROTECTED if self._stock else FREE
        if action[0] == "foundation":
            self._piles[dest] += 1
            self._last_home = dest  # the pile the last foundation move went to (for its words)
        else:
            self._cols[dest] = self._cols[dest] + (card,)

    def _deal_again(self, c: int) -> None:
        """Deal the column emptied by a protected card going home: three cards, or with the
        option `partial_refill` the one or two left (of two the first face down; one face up)."""
        n = self.options.refill_size(len(self._stock))
        if not n:
            return
        self._cols[c] = self._stock[:n]
        self._bottoms[c] = FACE_DOWN if n > 1 else FREE
        self._stock = self._stock[n:]
        self._last_dealt = (c, n)
        if not self._stock:
            self._grace()

    def _grace(self) -> None:
        """The stock is used up: every protected card becomes free."""
        self._bottoms = [FREE if b == PROTECTED else b for b in self._bottoms]
