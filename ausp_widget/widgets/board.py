"""The board: pooled card widgets that draw any game from its piles (`game.piles()`).

Each player's side holds a stock, a fan of the top three waste cards and the columns; the
foundations lie between the sides (above yours when you play alone). The board never asks
which game it draws: face-down cards, protected cards, what an empty column takes and how
many columns there are all come from the piles. A click reports the card widget, which knows
the place it showed (`view.place`, or `view.pile` for an empty placeholder); marks are CSS
classes keyed by a `Place` (one card) or a `PileRef` (a pile's top card or its placeholder).

The board is shaped once per game shape (players, columns, foundations); a new game of the
same shape reuses every widget, a game of another shape closes the widgets it no longer shows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import cache
from importlib import resources

import ipywidgets as widgets

from ausp_widget.core.protocol import Pile, PileRef, Place

from .card import (
    FACE_DOWN_CARD,
    HIDDEN,
    CardView,
    empty_slot,
    face_down,
    face_up,
    foundation_label,
    protected_card,
)

FAN = 3  # waste cards on show: the top card and the two under it
POOL = 10  # card widgets made per column at first; a longer column grows its pool
Marks = Mapping[Place | PileRef, Sequence[str]]


@cache
def stylesheet() -> str:
    """The table's one stylesheet, shipped with the package."""
    return resources.files(__package__).joinpath("style.css").read_text(encoding="utf-8")


def box(kind: type[widgets.Box], children: Sequence[widgets.Widget], *classes: str) -> widgets.Box:
    made = kind(list(children))
    for name in classes:
        made.add_class(name)
    return made


def show(widget: widgets.DOMWidget, shown: bool) -> None:
    """Show or hide a widget by the one class the stylesheet hides."""
    if shown and "ausp-hidden" in widget._dom_classes:
        widget.remove_class("ausp-hidden")
    elif not shown and "ausp-hidden" not in widget._dom_classes:
        widget.add_class("ausp-hidden")


class Side:
    """One player's cards: stock and waste fan on the left, the columns beside them."""

    def __init__(
        self, player: int, columns: int, make: Callable[[], CardView], caption: str, pool: int = POOL
    ) -> None:
        self.player = player
        self._make = make
        self.stock = make()
        self.fan = [make() for _ in range(FAN)]
        self.columns = [[make() for _ in range(pool)] for _ in range(columns)]
        # Each column is headed by its number, the number the moves use ("K♣ 3").
        self.numbers = [widgets.Label(str(c + 1)) for c in range(columns)]
        for number in self.numbers:
            number.add_class("ausp-col-number")
        self.column_boxes = [
            box(widgets.VBox, [number, *(v.button for v in column)], "ausp-col")
            for number, column in zip(self.numbers, self.columns, strict=True)
        ]
        label = widgets.Label(caption)
        label.add_class("ausp-caption")
        piles = box(
            widgets.VBox,
            [label, self.stock.button, box(widgets.HBox, [v.button for v in self.fan], "ausp-fan")],
            "ausp-piles",
        )
        self.box = box(
            widgets.HBox,
            [piles, box(widgets.HBox, self.column_boxes, "ausp-columns")],
            "ausp-side",
            "ausp-side-bot" if player else "ausp-side-you",
        )

    def grow(self, c: int, size: int) -> None:
        """Give column `c` at least `size` card widgets (a long column)."""
        column = self.columns[c]
        column.extend(self._make() for _ in range(len(column), size))
        self.column_boxes[c].children = (self.numbers[c], *(view.button for view in column))

    def views(self) -> Iterator[CardView]:
        yield self.stock
        yield from self.fan
        for column in self.columns:
            yield from column

    def close(self, keep: frozenset[int] = frozenset()) -> None:
        close_tree(self.box, keep)


def close_tree(widget: widgets.Widget, keep: frozenset[int] = frozenset()) -> None:
    """Close a widget, everything inside it, and their own layout and style models (each
    widget has its own unless it was given a shared one, listed by id in `keep`)."""
    for child in getattr(widget, "children", ()):
        close_tree(child, keep)
    for name in ("layout", "style"):
        part = getattr(widget, name, None)
        if isinstance(part, widgets.Widget) and id(part) not in keep:
            part.close()
    widget.close()


class Board:
    """The cards of a game on show; `show(game_piles, marks)` updates only what changed."""

    def __init__(
        self,
        on_click: Callable[[CardView], None],
        captions: Sequence[str] = ("You", "The bot"),
        pool: int = POOL,
    ) -> None:
        self._on_click = on_click
        self._pool = pool  # card widgets made per column at first (a longer column grows)
        self._captions = captions
        self._card_layout = widgets.Layout()  # shared by every card: one model, not hundreds
        self._card_style = widgets.ButtonStyle()
        self._shared = frozenset({id(self._card_layout), id(self._card_style)})
        self.sides: dict[int, Side] = {}
        self.piles: list[CardView] = []  # the foundations
        self.pile_names: list[widgets.Label] = []  # "F1" … under numbered piles
        self.pile_boxes: list[widgets.VBox] = []
        self.foundations = box(widgets.HBox, [], "ausp-foundations")
        self.box = box(widgets.VBox, [], "ausp-board")
        self.shape: tuple = ()
        self.changed = 0

    def _make(self) -> CardView:
        return CardView(None, self._on_click, self._card_layout, self._card_style)

    # ---- shape (on a new game only, never on a move) ----------------------------------------
    def arrange(self, piles: Sequence[Pile]) -> None:
        """Lay out the board for these piles: sides for each owner, their columns, the foundations."""
        owners = sorted({p.owner for p in piles if p.kind == "column"})
        columns = {o: sum(1 for p in piles if p.kind == "column" and p.owner == o) for o in owners}
        count = sum(1 for p in piles if p.kind == "foundation")
        shape = (tuple(columns.items()), count)
        if shape == self.shape:
            return
        for player, side in list(self.sides.items()):
            if columns.get(player) != len(side.columns):
                side.close(self._shared)
                del self.sides[player]
        for player in owners:
            if player not in self.sides:
                self.sides[player] = Side(
                    player, columns[player], self._make, self._captions[player], self._pool
                )
        while len(self.piles) < count:
            k = len(self.piles)
            view = self._make()
            name = widgets.Label(f"F{k + 1}")  # the name every message uses for this pile
            name.add_class("ausp-pile-name")
            self.piles.append(view)
            self.pile_names.append(name)
            self.pile_boxes.append(box(widgets.VBox, [view.button, name], "ausp-pile"))
        suits = {p.suit for p in piles if p.kind == "foundation"}
        for pile in self.pile_boxes[count:]:  # piles this game has no use for
            close_tree(pile, self._shared)
        del self.piles[count:], self.pile_names[count:], self.pile_boxes[count:]
        for name in self.pile_names:
            show(name, len(suits) < count)  # two piles of a suit: numbers tell them apart
        self.foundations.children = tuple(self.pile_boxes[:count])
        mine = self.sides[0].box
        board = (self.foundations, mine) if len(owners) == 1 else (self.sides[1].box, self.foundations, mine)
        if self.box.children != board:
            self.box.children = board
        self.shape = shape

    # ---- drawing ---------------------------------------------------------------------------
    def show(self, piles: Sequence[Pile], marks: Marks, protected_means: str = "") -> int:
        """Bring every card widget up to date; returns how many had to change."""
        changed = 0
        named = sum(1 for p in piles if p.kind == "foundation") > 4
        for pile in piles:
            if pile.kind == "foundation":
                changed += self._show_foundation(pile, marks, named)
                continue
            side = self.sides[pile.owner]
            if pile.kind == "stock":
                changed += self._show_stock(side, pile, marks)
            elif pile.kind == "waste":
                changed += self._show_waste(side, pile, marks)
            else:
                changed += self._show_column(side, pile, marks, protected_means)
        self.changed = changed
        return changed

    def _show_stock(self, side: Side, pile: Pile, marks: Marks) -> int:
        theirs, view = side.player == 1, side.stock
        view.place, view.pile = Place(pile.ref, 0), pile.ref
        pile_marks = marks.get(pile.ref, ())
        if pile.size:
            return view.show(face_down(pile.size, pile_marks, theirs=theirs))
        label = "the bot's stock, empty" if theirs else "stock, empty"
        return view.show(empty_slot("stock", label, label + ": one pass only", pile_marks))

    def _show_waste(self, side: Side, pile: Pile, marks: Marks) -> int:
        theirs, changed = side.player == 1, 0
        first = max(0, len(pile.cards) - FAN)
        shown = pile.cards[first:]
        for j, view in enumerate(side.fan):
            view.pile = pile.ref
            if j < len(shown):
                place = Place(pile.ref, first + j)
                view.place = place
                card_marks = [*marks.get(place, ())]
                if j == len(shown) - 1:
                    card_marks += marks.get(pile.ref, ())
                changed += view.show(face_up(shown[j], card_marks, theirs=theirs), shown[j])
            elif j == 0:
                view.place = None
                label = "the bot's waste, empty" if theirs else "waste, empty"
                changed += view.show(empty_slot("waste", label, label, marks.get(pile.ref, ())))
            else:
                view.place = None
                changed += view.show(HIDDEN)
        return changed

    def _show_column(self, side: Side, pile: Pile, marks: Marks, protected_means: str) -> int:
        theirs, c, cards, changed = side.player == 1, pile.index, pile.cards, 0
        if len(cards) > len(side.columns[c]):
            side.grow(c, len(cards))
        for d, view in enumerate(side.columns[c]):
            view.pile = pile.ref
            if d < len(cards):
                place = Place(pile.ref, d)
                view.place = place
                card_marks = [*marks.get(place, ())]
                if d == len(cards) - 1:
                    card_marks += marks.get(pile.ref, ())
                card = cards[d]
                if card is None:
                    changed += view.show(FACE_DOWN_CARD)
                elif d in pile.protected:
                    changed += view.show(protected_card(card, card_marks, protected_means), card)
                else:
                    changed += view.show(face_up(card, card_marks, theirs=theirs), card)
            elif d == 0:
                view.place = None
                label = f"{'the bot’s ' if theirs else ''}empty column {c + 1}"
                tip = label + ("" if theirs else f": {pile.takes} may move here")
                classes = [*marks.get(pile.ref, ())]
                if pile.accepts:
                    classes.append(f"ausp-slot-takes-{pile.accepts}")
                changed += view.show(empty_slot("column", label, tip, classes))
            else:
                view.place = None
                changed += view.show(HIDDEN)
        return changed

    def _show_foundation(self, pile: Pile, marks: Marks, named: bool) -> int:
        view, k = self.piles[pile.index], pile.index
        view.place, view.pile = (Place(pile.ref, len(pile.cards) - 1) if pile.cards else None), pile.ref
        pile_marks = marks.get(pile.ref, ())
        if pile.cards:
            theirs = bool(pile.owners) and pile.owners[-1] == 1
            return view.show(face_up(pile.cards[-1], pile_marks, theirs=theirs), pile.cards[-1])
        label = foundation_label(pile.suit, k + 1 if named else None)
        return view.show(
            empty_slot("foundation", label, f"{label}: it starts with an Ace", pile_marks, pile.suit)
        )

    # ---- finding widgets -------------------------------------------------------------------
    def views(self, player: int | None = None) -> list[CardView]:
        """Card widgets on show (placeholders included), optionally one player's only."""
        found: list[CardView] = []
        for side in self.sides.values():
            if player is None or side.player == player:
                found.extend(v for v in side.views() if not v.hidden)
        count = self.shape[1] if self.shape else 0
        if player in (None, 0):
            found.extend(self.piles[:count])
        return found

    def close(self) -> None:
        for side in self.sides.values():
            side.close(self._shared)
        for pile in self.pile_boxes:
            close_tree(pile, self._shared)
        close_tree(self.foundations)
        close_tree(self.box)
        self._card_layout.close()
        self._card_style.close()
        self.sides.clear()
