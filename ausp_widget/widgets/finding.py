"""Finding the board's spots: for tests, and for code that drives the table as a person would
(click the spot that shows a card, a column, a pile or the stock)."""

from __future__ import annotations

from ausp_widget.core.cards import Card
from ausp_widget.core.protocol import PileRef, pile_of

from .board import BoardSpot


class FindingWidgets:
    """Mixed into the table, which provides `board` and `_last_piles`."""

    def card_views(self, player: int | None = None) -> list[BoardSpot]:
        """Every spot on show (empty places included), optionally one player's only."""
        return self.board.views(player)

    def card_view(self, card: Card | str, player: int = 0) -> BoardSpot:
        """The spot showing one of `player`'s cards (tableau, waste or a foundation's top)."""
        card = Card.parse(card)
        for view in self.board.views(player):
            if view.card is card and view.pile.owner == player:
                return view
        for view in self.board.views(0):
            if view.pile.kind != "foundation" or view.card is not card:
                continue
            pile = pile_of(self._last_piles, view.pile)
            if view.place.depth == len(pile.cards) - 1 and pile.owners[-1:] == (player,):
                return view
        raise LookupError(f"{card} is not on show for player {player} (it may be in the stock)")

    def column_view(self, column: int, player: int = 0) -> BoardSpot:
        """The placeholder of an empty column (1-based), or the first card of a full one."""
        return self._first(PileRef("column", player, column - 1))

    def pile_view(self, pile: int) -> BoardSpot:
        """Foundation `pile` (1-based, as in `F1`): its top card, or its placeholder."""
        return self._first(PileRef("foundation", None, pile - 1), top=True)

    def stock_view(self, player: int = 0) -> BoardSpot:
        return self._first(PileRef("stock", player))

    def _first(self, ref: PileRef, top: bool = False) -> BoardSpot:
        found = [v for v in self.board.views() if v.pile == ref]
        if not found:
            raise LookupError(f"there is no {ref} on this board")
        return max(found, key=lambda v: -1 if v.place is None else v.place.depth) if top else found[0]
