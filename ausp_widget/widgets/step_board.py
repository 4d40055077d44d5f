"""The guide's board: the live table's own `Board`, drawn small, with a step's roles (the
moving group, its destination, the cards the words point at) as the table's highlights and
the other cards dimmed, so a step looks like the same move made in the live game."""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from ausp_widget.core.cards import Card
from ausp_widget.core.lesson import Spot
from ausp_widget.core.protocol import PatienceGame as Game
from ausp_widget.core.protocol import Pile, PileRef, Place, place_of
from ausp_widget.render.colours import ROLE_COLOURS

from .board import Board, stylesheet
from .card import CardView

# The live table's highlight classes, so a step looks like the same move made in the game:
# the moving group as a selected card, its destination as a legal target, other cards the
# words talk about as a hint, and the group after the move as a moved card.
ROLE_CLASSES = {"group": "ausp-selected", "target": "ausp-target", "mark": "ausp-hint", "moved": "ausp-moved"}
DIM = "ausp-guide-dim"
# The small board reuses the table's stylesheet (card faces, columns, highlights) at a
# smaller size; only the dimming and the sizes are the guide's own.
GUIDE_CSS = """
.ausp-table.ausp-guide-board { container-type: inline-size; min-width: 0;
  --ausp-w-max: 44px; --ausp-w-min: 30px; }
.ausp-table .jupyter-widgets.jupyter-button.ausp-card.ausp-guide-dim {
  filter: grayscale(1) contrast(0.3) brightness(1.3); }
.ausp-table.ausp-guide-board .jupyter-widgets.jupyter-button.ausp-card.ausp-back {
  font-size: 8px; padding: 2px; }
.ausp-table.ausp-guide-board .ausp-board { gap: 6px; padding: 8px; }
.ausp-legend-row { display: flex; flex-wrap: wrap; gap: 4px 14px; font-size: 12px; margin: 4px 8px; }
.ausp-legend-item { display: inline-flex; align-items: center; gap: 5px; }
.ausp-swatch { display: inline-block; width: 12px; height: 12px; border-radius: 3px; }
.ausp-table.ausp-guide-board.ausp-large .ausp-legend-row { font-size: 17px; }
.ausp-table.ausp-guide-board.ausp-large { --ausp-w-max: 72px; }
:is(.ausp-guide, .ausp-trainer) .ausp-feedback { padding: 4px 8px; border-radius: 4px; margin: 2px 0; }
:is(.ausp-guide, .ausp-trainer) .ausp-feedback.ausp-good {
  background: color-mix(in srgb, #1e9e4a 16%, transparent); }
:is(.ausp-guide, .ausp-trainer) .ausp-feedback.ausp-bad {
  background: color-mix(in srgb, #c8102e 12%, transparent); }
:is(.ausp-guide, .ausp-trainer) .ausp-stars { color: #f29900; letter-spacing: 2px; }
:is(.ausp-guide, .ausp-trainer) .ausp-counter { min-width: 8.5em; justify-content: center; }
:is(.ausp-guide, .ausp-trainer) .ausp-guide-controls { flex-wrap: wrap; gap: 4px 6px; align-items: center; }
:is(.ausp-guide, .ausp-trainer) .jupyter-button.ausp-guide-button {
  min-width: 6.5em; padding: 0 10px; margin: 0; }
"""


LEGEND = (
    ("group", "the card that moves, with the cards on it"),
    ("target", "where it may go"),
    ("mark", "a card the words point at, or a hint"),
    ("moved", "what has just moved"),
)


def legend_html() -> str:
    """What each highlight colour means, in the colours the widget, HTML and figures share."""
    items = "".join(
        f"<span class='ausp-legend-item'><span class='ausp-swatch' style='background:{ROLE_COLOURS[role]}'>"
        f"</span>{words}</span>"
        for role, words in LEGEND
    )
    return f"<div class='ausp-legend-row'>{items}</div>"


class StepBoard:
    """The guide's board: the live table's own `Board`, drawn small, with a step's roles
    (moving group, destination, marked cards) as highlights and the other cards dimmed."""

    def __init__(self, on_click: Callable[[CardView], None] = lambda _view: None) -> None:
        self.board = Board(on_click, pool=4)  # a step's columns are short; longer ones grow
        self.legend = widgets.HTML(legend_html())
        self.legend.add_class("ausp-legend")
        style = widgets.HTML(f"<style>{stylesheet()}{GUIDE_CSS}</style>")
        style.add_class("ausp-style")
        self.box = widgets.VBox([style, self.board.box, self.legend])
        self.box.add_class("ausp-table")
        self.box.add_class("ausp-guide-board")

    @property
    def foundation_row(self) -> widgets.HBox:
        return self.board.foundations

    @property
    def views(self) -> dict[tuple, CardView]:
        """The card widgets by where they sit: ("stock", p), ("waste", p, j), ("column", p, c, d)
        and ("foundation", k) with k from 1, as the moves name the piles."""
        found: dict[tuple, CardView] = {}
        for p, side in self.board.sides.items():
            found[("stock", p)] = side.stock
            found.update({("waste", p, j): view for j, view in enumerate(side.fan)})
            for c, column in enumerate(side.columns):
                found.update({("column", p, c, d): view for d, view in enumerate(column)})
        count = self.board.shape[1] if self.board.shape else 0
        found.update({("foundation", k + 1): view for k, view in enumerate(self.board.piles[:count])})
        return found

    def show(self, game: Game, roles: dict[Spot, str], focus: set[tuple[int, Card]] | None) -> int:
        """Show `game` with these highlights; returns how many card widgets changed."""
        piles = game.piles()
        return self.show_marks(game, step_marks(piles, roles, focus), piles)

    def show_marks(self, game: Game, marks: dict[Place | PileRef, list[str]], piles=None) -> int:
        """Show `game` with marks keyed by place, as the live table does."""
        piles = game.piles() if piles is None else piles
        self.board.arrange(piles)
        return self.board.show(piles, marks, game.protected_means)

    def card_views(self) -> list[CardView]:
        """The card widgets now showing a card (for tests and for the browser)."""
        return [view for view in self.views.values() if view.card is not None and not view.hidden]


def step_marks(
    piles: tuple[Pile, ...], roles: dict[Spot, str], focus: set[tuple[int, Card]] | None
) -> dict[Place | PileRef, list[str]]:
    """The board's marks for a step: each role's class on its place, the rest dimmed."""
    marks: dict[Place | PileRef, list[str]] = {}
    for spot, role in roles.items():
        marks.setdefault(_key(piles, spot), []).append(ROLE_CLASSES[role])
    if focus is not None:
        for pile in piles:
            if pile.kind == "stock" and pile.ref not in marks:
                marks[pile.ref] = [DIM]
            if pile.kind not in ("column", "waste"):
                continue
            for depth, card in enumerate(pile.cards):
                place = Place(pile.ref, depth)
                if card is not None and (pile.owner, card) not in focus and place not in marks:
                    marks[place] = [DIM]
    return marks


def _key(piles: tuple[Pile, ...], spot: Spot) -> Place | PileRef:
    """Where a guide `Spot` is on the board: a card's place, or a pile."""
    if spot.kind == "foundation":
        return PileRef("foundation", None, spot.number - 1)
    if spot.kind == "column":
        return PileRef("column", spot.player, spot.number - 1)
    if spot.kind != "card":
        return PileRef(spot.kind, spot.player)
    place = place_of(piles, spot.card, owner=spot.player)
    if place is not None:
        return place
    home = next((p.ref for p in piles if p.kind == "foundation" and p.top is spot.card), None)
    return home or PileRef("stock", spot.player)  # the card a draw is about to turn up
