"""A static board in HTML and inline CSS: what `Game._repr_html_` shows in a notebook cell.

No script and no stylesheet, so the board looks the same in JupyterLab, a rendered notebook
on the web, or an HTML export. The guide's small layouts use the same drawing with some
cards highlighted and the rest dimmed.

Any game draws the same way, from its piles: a face-down card is a plain back that never
names the card, and a protected card wears a dotted gold frame.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import Any

from ausp_widget.core import registry
from ausp_widget.core.cards import RED_SUITS, Card
from ausp_widget.core.lesson import Spot
from ausp_widget.core.protocol import Pile, PileRef, has_stock, pile_of, place_of
from ausp_widget.render.colours import PROTECTED, ROLE_COLOURS

Game = Any  # any game of the protocol

CARD_W, CARD_H, FAN = 44, 62, 19  # pixels
TABLE = "#2f7d4f"
_BOX = "position:absolute;box-sizing:border-box;border-radius:5px;"


def _card_html(
    card: Card, x: int, y: int, player: int, role: str | None, dimmed: bool, protected: bool = False
) -> str:
    colour = "#c62828" if card.suit in RED_SUITS else "#1b1b1b"
    border = f"3px solid {ROLE_COLOURS[role]}" if role else "1px solid #777"
    if protected and not role:
        border = f"3px dotted {PROTECTED}"
    name = card.name + (", protected" if protected else "")
    style = (
        f"{_BOX}left:{x}px;top:{y}px;width:{CARD_W}px;height:{CARD_H}px;background:"
        f"{'#e4e4e4' if dimmed else '#fff'};border:{border};color:{colour};"
        f"opacity:{0.45 if dimmed else 1};font:bold 13px/1.1 sans-serif;padding:1px 3px;"
    )
    classes = "ausp-static-card" + (f" ausp-{role}" if role else "") + (" ausp-dimmed" if dimmed else "")
    classes += " ausp-protected" if protected else ""
    return (
        f'<div class="{classes}" data-card="{card}" data-player="{player}" role="img" '
        f'aria-label="{escape(name)}" style="{style}">{card}</div>'
    )


def _face_down_html(x: int, y: int) -> str:
    """A face-down tableau card: a back, with no name and no data."""
    style = (
        f"{_BOX}left:{x}px;top:{y}px;width:{CARD_W}px;height:{CARD_H}px;border:2px solid #fff;"
        "background:repeating-linear-gradient(45deg,#24527a 0 5px,#2f6a9c 5px 10px);"
    )
    return f'<div class="ausp-static-back" role="img" aria-label="face-down card" style="{style}"></div>'


def _slot_html(x: int, y: int, text: str, role: str | None = None) -> str:
    border = f"3px solid {ROLE_COLOURS[role]}" if role else "1px dashed #cfe3d5"
    style = (
        f"{_BOX}left:{x}px;top:{y}px;width:{CARD_W}px;height:{CARD_H}px;border:{border};"
        f"color:#cfe3d5;font:12px/{CARD_H - 4}px sans-serif;text-align:center;"
    )
    return f'<div class="ausp-static-slot" style="{style}">{escape(text)}</div>'


def _back_html(x: int, y: int, count: int, role: str | None = None) -> str:
    border = f"3px solid {ROLE_COLOURS[role]}" if role else "2px solid #fff"
    style = (
        f"{_BOX}left:{x}px;top:{y}px;width:{CARD_W}px;height:{CARD_H}px;border:{border};"
        "background:repeating-linear-gradient(45deg,#24527a 0 5px,#2f6a9c 5px 10px);"
        f"color:#fff;font:bold 14px/{CARD_H - 4}px sans-serif;text-align:center;"
    )
    return f'<div class="ausp-static-stock" aria-label="stock of {count} cards" style="{style}">{count}</div>'


class _Board:
    """Absolute-positioned cards for one position, read from the game's piles."""

    def __init__(self, game: Game, roles: dict[Spot, str], focus: set[tuple[int, Card]] | None):
        self.game, self.roles, self.focus = game, roles, focus
        self.piles = game.piles()
        self.parts: list[str] = []
        self.pitch = CARD_W + 8

    def role(self, spot: Spot) -> str | None:
        return self.roles.get(spot)

    def card(
        self, card: Card, x: int, y: int, player: int, dim: bool = True, protected: bool = False
    ) -> None:
        dimmed = dim and self.focus is not None and (player, card) not in self.focus
        role = self.role(Spot("card", card=card, player=player))
        self.parts.append(_card_html(card, x, y, player, role, dimmed, protected))

    def columns(self, player: int) -> list[Pile]:
        return [p for p in self.piles if p.kind == "column" and p.owner == player]

    def layout(self, player: int, top: int, name: str | None) -> int:
        if name:
            self.parts.append(
                f'<div style="position:absolute;left:0;top:{top - 16}px;color:#fff;font:12px sans-serif">'
                f"{escape(name)}</div>"
            )
        stock = pile_of(self.piles, PileRef("stock", player))
        stock_role = self.role(Spot("stock", player=player))
        for spot, role in self.roles.items():  # a card about to be drawn: not on show anywhere
            if spot.kind == "card" and spot.player == player and self._unseen(spot.card, player):
                stock_role = role
        dealt_all = not has_stock(self.game)  # no stock or waste to show at all
        if stock.size:
            self.parts.append(_back_html(0, top, stock.size, stock_role))
        elif not dealt_all:
            self.parts.append(_slot_html(0, top, "stock", stock_role))
        waste = pile_of(self.piles, PileRef("waste", player)).cards[-3:]
        if not waste and not dealt_all:
            self.parts.append(_slot_html(self.pitch, top, "waste", self.role(Spot("waste", player=player))))
        for i, card in enumerate(waste):
            self.card(card, self.pitch + i * 16, top, player)
        y0 = top + CARD_H + 10
        bottom = y0 + CARD_H
        for pile in self.columns(player):
            x = pile.index * self.pitch
            if not pile.cards:
                role = self.role(Spot("column", number=pile.index + 1, player=player))
                self.parts.append(_slot_html(x, y0, str(pile.index + 1), role))
            for depth, card in enumerate(pile.cards):
                if card is None:
                    self.parts.append(_face_down_html(x, y0 + depth * FAN))
                else:
                    self.card(card, x, y0 + depth * FAN, player, protected=depth in pile.protected)
            bottom = max(bottom, y0 + max(len(pile.cards) - 1, 0) * FAN + CARD_H)
        return bottom

    def _unseen(self, card: Card, player: int) -> bool:
        on_show = place_of(self.piles, card, owner=player) is not None
        return not on_show and not any(p.kind == "foundation" and card in p.cards for p in self.piles)

    def foundations(self, top: int, beside_waste: bool) -> None:
        """The foundation piles in a row: beside the waste fan when one player's layout
        leaves room there, else across the table between the two layouts."""
        piles = [p for p in self.piles if p.kind == "foundation"]
        width = len(self.columns(0)) * self.pitch - 8
        start = self.pitch + 2 * 16 + CARD_W + 8 if beside_waste else 0
        pitch = (width - start - CARD_W) // max(len(piles) - 1, 1)
        named = len({p.suit for p in piles}) < len(piles)  # two piles of a suit: numbers tell them apart
        for pile in piles:
            k = pile.index + 1
            x = start + pile.index * min(pitch, self.pitch + 12)
            role = self.role(Spot("foundation", number=k))
            if pile.cards:
                self.card(pile.cards[-1], x, top, pile.owners[-1], dim=False)
                if role:
                    self.parts.append(_slot_html(x, top, "", role))
            else:
                self.parts.append(_slot_html(x, top, f"{pile.suit} F{k}" if named else pile.suit, role))


def board_html(
    game: Game,
    highlight: Iterable[Spot] | None = None,
    *,
    roles: dict[Spot, str] | None = None,
    focus: Iterable[Spot] | None = None,
) -> str:
    """The position as a static HTML board. `highlight` spots are outlined (or give `roles`,
    a spot → "group" | "target" | "mark" map); cards outside `focus` are dimmed."""
    try:
        registry.entry_for(game)
    except TypeError:
        raise TypeError(f"board_html draws a Game, not {type(game).__name__}") from None
    role_map = dict(roles or {})
    for spot in highlight or ():
        role_map.setdefault(spot, "mark")
    focus_set = None if focus is None else {(s.player, s.card) for s in focus if s.kind == "card"}
    board = _Board(game, role_map, focus_set)
    if game.players == 2:
        bottom = board.layout(1, 18, "The bot")
        board.foundations(bottom + 14, beside_waste=False)
        bottom = board.layout(0, bottom + 14 + CARD_H + 30, "You")
    else:
        bottom = board.layout(0, 4, None)
        board.foundations(4, beside_waste=True)
    width = len(board.columns(0)) * board.pitch - 8
    status = _status_line(game)
    return (
        f'<div class="ausp-static-board" style="background:{TABLE};padding:8px;border-radius:8px;'
        f'display:inline-block">'
        f'<div style="position:relative;width:{width}px;height:{bottom + 4}px">{"".join(board.parts)}</div>'
        f'<div style="color:#fff;font:12px sans-serif;margin-top:4px">{escape(status)}</div></div>'
    )


def _status_line(game: Game) -> str:
    if game.mode == "solo":
        home = sum(p.size for p in game.piles() if p.kind == "foundation")
        return (
            f"{game.title} · {game.status} · {home} of {game.card_count} cards on the foundations · "
            f"{len(game.history)} moves"
        )
    mine, theirs = game.scores
    whose = "" if game.turn is None else (" · your turn" if game.turn == 0 else " · the bot's turn")
    name = "Turn-based" if game.mode == "turns" else "Race"
    return f"{name} · {game.status}{whose} · you {mine}, the bot {theirs}"
