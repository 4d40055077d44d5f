"""The base a one-player game of columns fills in (Indian Patience, the Yukon family): what
such games share beyond `PatienceBase`, kept apart so each module stays one job."""

from __future__ import annotations

from typing import Any

from .base import PatienceBase
from .cards import CARDS
from .moves import Move
from .protocol import Pile, PileRef, Place
from .view import TableView

__all__ = ["ColumnsGame"]


class ColumnsGame(PatienceBase):
    """What a one-player game of columns shares (Indian Patience, the Yukon family): its
    columns `_cols` (card indices, bottom first), its foundation heights `_piles`, its moves
    listed by `_card_moves`, and a view of its piles (`TableView`) it can be rebuilt from."""

    mode = "solo"
    players = 1
    first = 0
    columns: int
    _cols: list[tuple[int, ...]]
    _piles: list[int]
    _stock: tuple[int, ...] = ()  # next card first; a game that deals every card keeps both empty
    _waste: tuple[int, ...] = ()  # bottom first, top card last

    def tableau(self, p: int = 0) -> tuple[tuple[Any, ...], ...]:
        """The columns, bottom card first, top card last, face-down cards included
        (`visible_tableau()` hides them)."""
        self._check_player(p)
        return tuple(tuple(CARDS[c] for c in col) for col in self._cols)

    def visible_tableau(self, p: int = 0) -> tuple[tuple[Any, ...], ...]:
        """The columns as the player sees them (as `piles()` draws them): None for a face-down card."""
        self._check_player(p)
        return tuple(pile.cards for pile in self.piles() if pile.kind == "column")

    def face_down(self, p: int = 0) -> tuple[int, ...]:
        """How many face-down cards lie at the bottom of each column."""
        return tuple(column.count(None) for column in self.visible_tableau(p))

    def stock(self, p: int = 0) -> tuple[Any, ...]:
        """The stock, next card to draw first."""
        self._check_player(p)
        return tuple(CARDS[c] for c in self._stock)

    def waste(self, p: int = 0) -> tuple[Any, ...]:
        """The waste, bottom first, top card last."""
        self._check_player(p)
        return tuple(CARDS[c] for c in self._waste)

    def _pile_heights(self) -> list[int]:
        return self._piles

    @property
    def score(self) -> int:
        """Cards on the foundations: one point each."""
        return sum(self._piles)

    def legal_moves(self, player: int = 0) -> list[Move]:
        """Every move allowed now, in the game's notation; empty once the game is over."""
        return self._moves_now(player, useful_only=False)

    def useful_moves(self, player: int = 0) -> list[Move]:
        """Legal card moves without those that only exchange two columns; no draw."""
        return self._moves_now(player, useful_only=True)

    def _moves_now(self, player: int, useful_only: bool) -> list[Move]:
        self._check_player(player)
        if self.status != "playing":
            return []
        return self._card_moves(useful_only)

    def _card_moves(self, useful_only: bool) -> list[Move]:  # pragma: no cover - each game's own
        """The moves now (a draw too, while a stock lasts, unless `useful_only`)."""
        raise NotImplementedError

    def move_places(self, move: Move | str, player: int = 0) -> tuple[Place | None, PileRef | None]:
        """Where a move (or its text, as for `play`) takes its cards from and which pile receives
        them, as played now (None for a pile this table does not have); the game says where a card
        lies on show (`_source_place`) and which column a move onto a card goes to (`_target_pile`)."""
        move = self._move_arg(move)
        self._check_player(player)
        if move.kind == "draw" and self.has_stock:
            return Place(PileRef("stock", 0), 0), PileRef("waste", 0)
        if move.card is None:
            return None, None
        source = self._source_place(move)
        if move.kind == "foundation":
            pile = move.pile - 1 if move.pile else self._first_pile(move.card.index)
            known = pile is not None and pile < len(self._piles)
            return source, PileRef("foundation", None, pile) if known else None
        if move.kind == "column":
            return source, PileRef("column", 0, move.column - 1) if move.column <= self.columns else None
        return source, self._target_pile(move, source)

    def _source_place(self, move: Move) -> Place | None:  # pragma: no cover - each game's own
        """Where the card a move names lies on show, else None."""
        raise NotImplementedError

    def _target_pile(self, move: Move, source: Place | None) -> PileRef | None:  # pragma: no cover
        """The column a move onto a card goes to (its card comes from `source`), else None."""
        raise NotImplementedError

    def view(self, player: int) -> TableView:
        """What the player may see (P7): the piles as drawn (never a hidden card), whether play
        goes on, and the rule options, which are public (None for a game without any)."""
        self._check_player(player)
        options = getattr(self, "options", None)
        return TableView(player, self.piles(), self.status == "playing", game=self.name, options=options)

    @staticmethod
    def _from_view_parts(view: TableView, hidden: Any) -> tuple[list[Pile], list[tuple[int, ...]], list[int]]:
        """A view's column piles in order, their cards with each hidden one dealt from `hidden`,
        and the foundations' heights: what a game rebuilt from the view starts from."""
        columns = sorted((p for p in view.piles if p.kind == "column"), key=lambda p: p.index)
        foundations = sorted((p for p in view.piles if p.kind == "foundation"), key=lambda p: p.index)
        cols = [tuple(next(hidden) if card is None else card.index for card in p.cards) for p in columns]
        return columns, cols, [len(p.cards) for p in foundations]
