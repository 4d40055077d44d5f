"""Pictures of any position with matplotlib, for handouts and slides.

`plot_position(game)` draws the table as the player sees it, from the game's piles: every
card on show readable (rank and suit, red or black), a face-down card as a nameless back, a
protected card in a dotted gold frame, the stock face down with its count, the waste and
the foundations. Cards can be highlighted, the others dimmed, and a move drawn as an arrow
from the card that heads the moving group to its destination. The figure is a plain
`matplotlib.figure.Figure` (no pyplot state), so `fig.savefig("deal.png" | ".svg" | ".pdf")`
works anywhere. Patches and texts carry `gid`s ("card", "highlight", "move-arrow"), so a
figure (or its SVG) can be checked for what it shows.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from matplotlib.figure import Figure
from matplotlib.patches import FancyArrowPatch, FancyBboxPatch

from ausp_widget.core import registry
from ausp_widget.core.cards import RED_SUITS, SUITS, Card
from ausp_widget.core.lesson import Spot, destination, moving_group
from ausp_widget.core.moves import Move
from ausp_widget.core.protocol import Pile, PileRef, Place, has_stock, pile_of, place_of
from ausp_widget.render.colours import PROTECTED, ROLE_COLOURS

from .figure import ShownFigure

Game = Any  # any game of the protocol

W, H = 1.0, 1.4  # a card, in table units
GAP = 0.25  # between columns
FAN = 0.36  # how much of a covered card shows
WASTE_FAN = 0.42
ROW_GAP = 0.35
INCH = 0.72  # inches per table unit
RED, BLACK = "#c62828", "#1b1b1b"
TABLE = "#2f7d4f"
BACK = "#24527a"


def _label(card: Card) -> str:
    return str(card)


class _Table:
    """Draws one position and remembers where everything went (for highlights and arrows)."""

    def __init__(self, ax, game: Game, focus: set[tuple[int, Card]] | None):
        self.ax = ax
        self.game = game
        self.piles = game.piles()
        self.focus = focus
        self.cards: dict[tuple[int, Card], tuple[float, float, float]] = {}  # (x, y, visible height)
        self.at: dict[Place, tuple[float, float, float]] = {}  # the same, by place
        self.places: dict[tuple, tuple[float, float, float]] = {}
        self.font = INCH * 15

    # ---- drawing primitives --------------------------------------------------------------
    def card(
        self,
        x: float,
        y: float,
        card: Card,
        player: int,
        visible: float = H,
        big: bool = True,
        dim: bool = True,
    ) -> None:
        dimmed = dim and self.focus is not None and (player, card) not in self.focus
        colour = RED if card.suit in RED_SUITS else BLACK
        alpha = 0.28 if dimmed else 1.0
        patch = FancyBboxPatch(
            (x, y),
            W,
            H,
            boxstyle="round,pad=0,rounding_size=0.08",
            facecolor="#ececec" if dimmed else "white",
            edgecolor="#666666",
            linewidth=0.8,
            gid=f"card:{player}:{card}",
        )
        self.ax.add_patch(patch)
        self.ax.text(
            x + 0.07,
            y + 0.05,
            _label(card),
            color=colour,
            alpha=alpha,
            fontsize=self.font,
            fontweight="bold",
            va="top",
            ha="left",
            gid=f"label:{player}:{card}",
        )
        if big:
            self.ax.text(
                x + W / 2,
                y + H * 0.6,
                card.suit,
                color=colour,
                alpha=alpha,
                fontsize=self.font * 2.1,
                va="center",
                ha="center",
            )
        self.cards[(player, card)] = (x, y, visible)

    def slot(self, x: float, y: float, text: str, gid: str) -> None:
        self.ax.add_patch(
            FancyBboxPatch(
                (x, y),
                W,
                H,
                boxstyle="round,pad=0,rounding_size=0.08",
                facecolor="none",
                edgecolor="#d8e8dc",
                linewidth=1.0,
                linestyle="--",
                gid=gid,
            )
        )
        self.ax.text(
            x + W / 2, y + H / 2, text, color="#d8e8dc", fontsize=self.font * 1.1, ha="center", va="center"
        )

    def back(self, x: float, y: float, count: int, gid: str) -> None:
        self.ax.add_patch(
            FancyBboxPatch(
                (x, y),
                W,
                H,
                boxstyle="round,pad=0,rounding_size=0.08",
                facecolor=BACK,
                edgecolor="white",
                linewidth=1.2,
                hatch="//",
                gid=gid,
            )
        )
        self.ax.text(
            x + W / 2,
            y + H / 2,
            str(count),
            color="white",
            fontsize=self.font * 1.2,
            ha="center",
            va="center",
            fontweight="bold",
            bbox={"boxstyle": "round,pad=0.15", "facecolor": BACK, "edgecolor": "none"},
        )

    def face_down(self, x: float, y: float) -> None:
        """A face-down tableau card: a back with no name."""
        self.ax.add_patch(
            FancyBboxPatch(
                (x, y), W, H, boxstyle="round,pad=0,rounding_size=0.08", facecolor=BACK,
                edgecolor="white", linewidth=1.0, hatch="//", gid="face-down",
            )
        )  # fmt: skip

    def protect(self, x: float, y: float) -> None:
        """The dotted gold frame of a protected card."""
        self.ax.add_patch(
            FancyBboxPatch(
                (x + 0.06, y + 0.06), W - 0.12, H - 0.12, boxstyle="round,pad=0,rounding_size=0.06",
                facecolor="none", edgecolor=PROTECTED, linewidth=2.0, linestyle=":", gid="protected",
                zorder=4,
            )
        )  # fmt: skip

    # ---- areas -----------------------------------------------------------------------------
    def columns(self, player: int) -> list[Pile]:
        return [p for p in self.piles if p.kind == "column" and p.owner == player]

    def layout(self, player: int, top: float, name: str | None) -> float:
        """One player's stock, waste and tableau from `top`; returns the bottom edge."""
        step = W + GAP
        if name:
            self.ax.text(0, top - 0.12, name, color="white", fontsize=self.font, va="bottom", ha="left")
        stock = pile_of(self.piles, PileRef("stock", player))
        dealt_all = not has_stock(self.game)  # no stock or waste to show at all
        if stock.size:
            self.back(0, top, stock.size, f"stock:{player}")
        elif not dealt_all:
            self.slot(0, top, "stock", f"stock:{player}")
        self.places[("stock", player)] = (0, top, H)
        waste = pile_of(self.piles, PileRef("waste", player)).cards
        shown = waste[-3:]
        if not shown and not dealt_all:
            self.slot(step, top, "waste", f"waste:{player}")
        for i, card in enumerate(shown):
            self.card(step + i * WASTE_FAN, top, card, player, big=i == len(shown) - 1)
            self.at[Place(PileRef("waste", player), len(waste) - len(shown) + i)] = self.cards[(player, card)]
        self.places[("waste", player)] = (step + max(len(shown) - 1, 0) * WASTE_FAN, top, H)
        if len(waste) > len(shown):
            self.ax.text(step, top + H + 0.05, f"+{len(waste) - len(shown)} under", color="white",
                         fontsize=self.font * 0.7, va="top")  # fmt: skip
        y0 = top + H + ROW_GAP
        bottom = y0 + H
        for pile in self.columns(player):
            x, column = pile.index * step, pile.cards
            self.places[("column", player, pile.index + 1)] = (x, y0, H)
            if not column:
                self.slot(x, y0, str(pile.index + 1), f"column:{player}:{pile.index + 1}")
            for depth, card in enumerate(column):
                last = depth == len(column) - 1
                if card is None:
                    self.face_down(x, y0 + depth * FAN)
                    continue
                self.card(x, y0 + depth * FAN, card, player, H if last else FAN, big=last)
                self.at[Place(pile.ref, depth)] = self.cards[(player, card)]
                if depth in pile.protected:
                    self.protect(x, y0 + depth * FAN)
            bottom = max(bottom, y0 + max(len(column) - 1, 0) * FAN + H)
        return bottom

    def foundations(self, top: float, beside_waste: bool) -> None:
        """The foundations beside the waste fan (one player) or across the table (two)."""
        piles = [p for p in self.piles if p.kind == "foundation"]
        width = len(self.columns(0)) * (W + GAP) - GAP
        start = (W + GAP) + 2 * WASTE_FAN + W + GAP if beside_waste else 0.0
        pitch = min((width - start - W) / max(len(piles) - 1, 1), W + GAP)
        if beside_waste:  # right-aligned, as the columns end
            start = width - W - pitch * (len(piles) - 1)
        named = len({p.suit for p in piles}) < len(piles)  # two piles of a suit: numbers tell them apart
        for pile in piles:
            k, x = pile.index + 1, start + pile.index * pitch
            self.places[("foundation", k)] = (x, top, H)
            if not pile.cards:
                self.slot(x, top, f"{pile.suit}\nF{k}" if named else pile.suit, f"foundation:{k}")
                continue
            self.card(x, top, pile.cards[-1], pile.owners[-1], big=True, dim=False)
            if self.game.players == 2:
                who = "you" if pile.owners[-1] == 0 else "bot"
                self.ax.text(x + W / 2, top + H + 0.04, f"F{k} · {who}", color="white",
                             fontsize=self.font * 0.65, ha="center", va="top")  # fmt: skip

    # ---- highlights and arrows ---------------------------------------------------------------
    def where(self, spot: Spot) -> tuple[float, float, float] | None:
        if spot.kind == "card":
            if (spot.player, spot.card) in self.cards:
                return self.cards[(spot.player, spot.card)]
            home = next((p for p in self.piles if p.kind == "foundation" and spot.card in p.cards), None)
            if home is not None:
                return self.places[("foundation", home.index + 1)]
            if place_of(self.piles, spot.card, owner=spot.player) is None:
                return self.places[("stock", spot.player)]  # a card about to be drawn
            return None
        if spot.kind == "foundation":
            return self.places.get(("foundation", spot.number))
        if spot.kind == "column":
            return self.places.get(("column", spot.player, spot.number))
        return self.places.get((spot.kind, spot.player))

    def outline(self, spot: Spot, role: str) -> None:
        box = self.where(spot)
        if box is None:
            return
        x, y, visible = box
        name = str(spot.card) if spot.card is not None else f"{spot.kind}{spot.number or ''}"
        self.ax.add_patch(
            FancyBboxPatch(
                (x - 0.03, y - 0.03),
                W + 0.06,
                visible + 0.06 if spot.kind == "card" else H + 0.06,
                boxstyle="round,pad=0,rounding_size=0.1",
                facecolor="none",
                edgecolor=ROLE_COLOURS[role],
                linewidth=3.2,
                zorder=5,
                gid=f"highlight:{role}:{spot.player}:{name}",
            )
        )

    def arrow(self, move: Move, player: int) -> None:
        if move.kind == "pass":
            return
        if move.kind == "draw":
            start = self.places[("stock", player)]
        else:  # where the move takes its card from: with two decks, the copy it names
            source, _ = self.game.move_places(move, player)
            start = self.at.get(source) or self.where(Spot("card", card=move.card, player=player))
        end_spot = destination(self.game, move, player)
        end = self.where(end_spot) if end_spot else None
        if start is None or end is None:
            return
        sx, sy, sv = start
        ex, ey, ev = end
        self.ax.add_patch(
            FancyArrowPatch(
                (sx + W * 0.75, sy + min(sv, H) / 2),
                (ex + W / 2, ey + min(ev, H) * 0.55),
                arrowstyle="-|>",
                mutation_scale=INCH * 30,
                connectionstyle="arc3,rad=-0.25",
                color="#e64a19",
                linewidth=INCH * 4,
                zorder=6,
                gid="move-arrow",
            )
        )


def _spots(items: Iterable[Card | str | Spot] | Card | str | Spot | None, player: int) -> list[Spot]:
    if items is None:
        return []
    if isinstance(items, Card | str | Spot):
        items = [items]
    spots = []
    for item in items:
        spots.append(item if isinstance(item, Spot) else Spot("card", card=Card.parse(item), player=player))
    return spots


def plot_position(
    game: Game,
    highlight: Iterable[Card | str | Spot] | Card | str | Spot | None = None,
    arrow: Move | str | None = None,
    ax=None,
    *,
    player: int = 0,
    focus: Iterable[Card | str | Spot] | None = None,
    title: str | None = None,
) -> Figure:
    """Draw `game` as a figure.

    `highlight`: cards (of `player`) or `Spot`s to outline; the arrow's moving group is
    outlined in blue and its destination in green, other highlights in orange: the colours of
    the live table (`ausp_widget.render.colours`). `arrow`: a
    move of `player`, drawn from its card to where it goes. The arrow is not checked
    against the rules, so a slide may show a move that is illegal (or a card that is not
    on show); check first with `move in game.legal_moves(player)` when that matters.
    `focus`: the cards to show at full strength, the rest dimmed (default: all). `ax`:
    draw into an existing axes instead of a new figure. Returns the figure.
    """
    try:
        registry.entry_for(game)
    except TypeError:
        raise TypeError(f"plot_position draws a Game, not {type(game).__name__}") from None
    move = game.parse_move(arrow) if arrow is not None else None
    spots = _spots(highlight, player)
    focus_set = None
    if focus is not None:
        focus_set = {(s.player, s.card) for s in _spots(focus, player) if s.kind == "card"}
    two = game.players == 2
    width = sum(1 for p in game.piles() if p.kind == "column" and p.owner == 0) * (W + GAP) - GAP
    created = ax is None
    if created:
        figure = ShownFigure(figsize=(1, 1), facecolor=TABLE)
        ax = figure.add_axes((0, 0, 1, 1))
    else:
        figure = ax.figure
    ax.set_facecolor(TABLE)
    table = _Table(ax, game, focus_set)
    top = 0.35
    if two:
        bottom = table.layout(1, top, "The bot")
        foundations_top = bottom + ROW_GAP + 0.2
        table.foundations(foundations_top, beside_waste=False)
        bottom = table.layout(0, foundations_top + H + ROW_GAP + 0.35, "You")
    else:
        table.layout(0, top, None)
        table.foundations(top, beside_waste=True)
        bottom = max(y + v for (x, y, v) in list(table.cards.values()) + list(table.places.values()))
    if title:
        ax.text(width / 2, 0.12, title, color="white", fontsize=table.font * 1.05, ha="center", va="center")
    group: set[tuple[int, Card | None]] = set()
    target = None
    if move is not None:
        group = {(player, card) for card in moving_group(game, move, player)}
        target = destination(game, move, player)
    for spot in spots:
        if move is not None and spot.kind == "card" and (spot.player, spot.card) in group:
            role = "group"
        elif target is not None and (
            spot == target or (target.card is not None and spot.card == target.card)
        ):
            role = "target"
        else:
            role = "mark"
        table.outline(spot, role)
    if move is not None:
        table.arrow(move, player)
    ax.set_xlim(-0.3, width + 0.3)
    ax.set_ylim(bottom + 0.3, -0.1)
    ax.set_aspect("equal")
    ax.axis("off")
    if created:
        figure.set_size_inches((width + 0.6) * INCH, (bottom + 0.4) * INCH)
    return figure


def step_figure(step, after: bool = False, **options) -> Figure:
    """A guide step as a figure: its position with the moving group and destination
    highlighted, the other cards dimmed and an arrow for the move; with `after`, the position
    once the move is made, the moved cards still highlighted."""
    if after:
        moved = [spot for spot in step.highlights if spot != step.target]
        return plot_position(
            step.after, highlight=moved, focus=step.focus or None, player=step.player, **options
        )
    return plot_position(
        step.position,
        highlight=step.highlights,
        arrow=step.move,
        focus=step.focus or None,
        player=step.player,
        **options,
    )


__all__ = ["SUITS", "plot_position", "step_figure"]
