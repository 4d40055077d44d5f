"""The guide's board: the live table's own `Board`, at the same size, with a step's roles (the
moving group, its destination, the cards the words point at) as the table's highlights and
the other cards dimmed, so a step looks like the same move made in the live game."""

from __future__ import annotations

import ipywidgets as widgets

from ausp_widget.core.cards import Card
from ausp_widget.core.lesson import Spot
from ausp_widget.core.protocol import PatienceGame as Game
from ausp_widget.core.protocol import Pile, PileRef, Place, place_of
from ausp_widget.render.colours import ROLE_COLOURS

from .board import Board, BoardSpot, Intents, stylesheet
from .board_state import legal_dests, on_board
from .parts import Parts

# The live table's highlight classes, so a step looks like the same move made in the game:
# the moving group as a selected card, its destination as a legal target, other cards the
# words talk about as a hint, and the group after the move as a moved card.
ROLE_CLASSES = {"group": "ausp-selected", "target": "ausp-target", "mark": "ausp-hint", "moved": "ausp-moved"}
DIM = "ausp-guide-dim"
# The board is the live table's own, at the live table's size; only the legend and the
# feedback lines are the guide's.
GUIDE_CSS = """
.ausp-legend-row { display: flex; flex-wrap: wrap; gap: 4px 14px; font-size: 12px; margin: 4px 8px; }
.ausp-legend-item { display: inline-flex; align-items: center; gap: 5px; }
.ausp-swatch { display: inline-block; width: 12px; height: 12px; border-radius: 3px; }
.ausp-table.ausp-guide-board.ausp-large .ausp-legend-row { font-size: 17px; }
:is(.ausp-guide, .ausp-trainer) .ausp-feedback { padding: 4px 8px; border-radius: 4px; margin: 2px 0; }
:is(.ausp-guide, .ausp-trainer) .ausp-feedback.ausp-good {
  background: color-mix(in srgb, #1e9e4a 16%, transparent); }
:is(.ausp-guide, .ausp-trainer) .ausp-feedback.ausp-bad {
  background: color-mix(in srgb, #c8102e 12%, transparent); }
:is(.ausp-guide, .ausp-trainer) .ausp-stars { color: #f29900; letter-spacing: 2px; }
:is(.ausp-guide, .ausp-trainer) .ausp-counter { min-width: 8.5em; text-align: center; }
:is(.ausp-guide, .ausp-trainer) .ausp-guide-controls { flex-wrap: wrap; gap: 4px 6px; align-items: center; }
:is(.ausp-guide, .ausp-trainer) :is(.jupyter-button, .ausp-sbutton).ausp-guide-button {
  min-width: 6.5em; padding: 0 10px; margin: 0; width: auto; }
:is(.ausp-guide, .ausp-trainer) .ausp-hidden { display: none !important; }
:is(.ausp-guide, .ausp-trainer) .ausp-invisible { visibility: hidden; }
:is(.ausp-guide, .ausp-trainer) .ausp-auto-width { width: auto; }
/* The trainer's lines above its buttons keep their height when empty, so an answer's feedback or
   a miss noted (on a line of its own) does not move the buttons under the student's pointer. */
.ausp-trainer .ausp-by-theme { min-height: var(--jp-widgets-inline-height, 28px); }
.ausp-trainer .ausp-feedback-line { min-height: 5.25em; }  /* two lines of feedback */
.ausp-guide .ausp-guide-speed { width: 240px; }
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
    """The guide's board: the live table's own `Board`, with a step's roles (moving group,
    destination, marked cards) as highlights and the other cards dimmed. With `intents` (a
    task's), the student's cards may be clicked, dragged and double-clicked as in the game.
    The legend carries the stylesheet: one widget, as the two never change."""

    def __init__(self, intents: Intents | None = None, *, parts: Parts) -> None:
        self.board = Board(intents, layout=parts.layout)
        self.interactive = intents is not None
        self.legend = parts.html(f"<style>{stylesheet()}{GUIDE_CSS}</style>{legend_html()}", "ausp-legend")
        self.box = parts.box(widgets.VBox, [self.board.box, self.legend], "ausp-table", "ausp-guide-board")
        self._deal: tuple | None = None

    def set_large(self, large: bool) -> None:
        """Projector size: larger cards and legend."""
        (self.box.add_class if large else self.box.remove_class)("ausp-large")
        self.board.widget.large = large

    @property
    def views(self) -> dict[tuple, BoardSpot]:
        """The spots by where they sit: ("stock", p), ("waste", p, j) with j counted in the fan,
        ("column", p, c, d) and ("foundation", k) with k from 1, as the moves name the piles."""
        found: dict[tuple, BoardSpot] = {}
        fans: dict[int, int] = {}
        for view in self.board.views():
            ref, place = view.pile, view.place
            if ref.kind == "stock":
                found[("stock", ref.owner)] = view
            elif ref.kind == "waste" and place is not None:
                j = fans.setdefault(ref.owner, place.depth)
                found[("waste", ref.owner, place.depth - j)] = view
            elif ref.kind == "waste":
                found[("waste", ref.owner, 0)] = view
            elif ref.kind == "column":
                found[("column", ref.owner, ref.index, place.depth if place else 0)] = view
            elif ref.kind == "foundation":
                found[("foundation", ref.index + 1)] = view  # the top card comes last
        return found

    def show(self, game: Game, roles: dict[Spot, str], focus: set[tuple[int, Card]] | None) -> int:
        """Show `game` with these highlights; returns how many spots changed."""
        piles = game.piles()
        return self.show_marks(game, step_marks(piles, roles, focus), piles, moves=False)

    def show_marks(
        self, game: Game, marks: dict[Place | PileRef, list[str]], piles=None, moves: bool = True
    ) -> int:
        """Show `game` with marks keyed by place, as the live table does; with `moves`, the
        student's cards may be dragged to where the rules let them go."""
        piles = game.piles() if piles is None else piles
        deal = (game.name, game.seed, game.players)
        if deal != self._deal:  # another deal is dealt out; a step of the same deal slides
            self._deal = deal
            self.board.new_deal()
        dests = legal_dests(game) if moves and self.interactive and game.status == "playing" else {}
        return self.board.show(on_board(game, piles), marks, game.protected_means, dests)

    def card_views(self) -> list[BoardSpot]:
        """The spots now showing a card (for tests and for the browser)."""
        return [view for view in self.board.views() if view.card is not None]


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
