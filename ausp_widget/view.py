"""What one player may see: the only input the bot gets (SPEC §2).

A `View` is built from copies of plain values. It holds no reference to the game, the
opponent's layout or any stock order, so a program reading it cannot peek.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card


@dataclass(frozen=True)
class View:
    player: int
    mode: str
    tableau: tuple[tuple[Card, ...], ...]
    waste: tuple[Card, ...]
    stock_size: int
    foundations: tuple[tuple[Card, ...], ...]
    my_turn: bool

    @classmethod
    def of(cls, game, player: int) -> View:
        return cls(
            player=player,
            mode=game.mode,
            tableau=game.tableau(player),
            waste=game.waste(player),
            stock_size=len(game.stock(player)),
            foundations=game.foundations,
            my_turn=game.mode != "turns" or game.turn == player,
        )
