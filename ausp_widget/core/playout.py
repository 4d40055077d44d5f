"""The play-out loop every player, statistic and hint follower shares: let a chooser move for
one player until the game is over, it has no move, or a bound on the moves is reached (a
chooser that keeps finding moves must still end)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .moves import Move

__all__ = ["play_out"]


def play_out(game: Any, choose: Callable[[Any], Move | str | None], max_moves: int, player: int = 0) -> Any:
    """Play `choose(game)` for `player` until the game is over, `choose` gives None, or
    `max_moves` moves were made; returns the game (changed in place)."""
    for _ in range(max_moves):
        if game.status != "playing":
            break
        move = choose(game)
        if move is None:
            break
        game.play(move, player)
    return game
