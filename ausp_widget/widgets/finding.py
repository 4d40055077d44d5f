"""Finding the table's card widgets: for tests, and for code that drives the table as a person
would (click the widget that shows a card, a column, a pile or the stock)."""

from __future__ import annotations

from ausp_widget.core.cards import Card
from ausp_widget.core.protocol import pile_of

from .card import CardView


class FindingWidgets:
    """Mixed into the table, which provides `board` and `_last_piles`."""

    def card_views(self, player: int | None = None) -> list[CardView]:
        """Every card widget on show (placeholders included), optionally one player's only."""
        return self.board.views(player)

    def card_view(self, card: Card | str, player: int = 0) -> CardView:
        """The widget showing one of `player`'s cards (tableau, waste or foundation)."""
        card = Card.parse(card)
        for view in self.board.views(player):
            if view.card is card and view.pile is not None and view.pile.owner == player:
                return view
        for view in self.board.piles:
            pile = pile_of(self._last_piles, view.pile) if view.pile is not None else None
            if view.card is card and pile is not None and pile.owners[-1:] == (player,):
                return view
        raise LookupError(f"{card} is not on show for player {player} (it may be in the stock)")

    def column_view(self, column: int, player: int = 0) -> CardView:
        """The placeholder of an empty column (1-based), or the first card widget of a full one."""
        return self.board.sides[player].columns[column - 1][0]

    def pile_view(self, pile: int) -> CardView:
        """The widget of foundation `pile` (1-based, as in `F1`)."""
        return self.board.piles[pile - 1]

    def stock_view(self, player: int = 0) -> CardView:
        return self.board.sides[player].stock
