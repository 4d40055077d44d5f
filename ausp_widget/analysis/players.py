"""Players to measure against, written as a student would write one: a function of the view,
or an object with `choose(view)` (the bot's interface). Each sees only what a player sees."""

from __future__ import annotations

import random
from typing import Any

from ausp_widget.core.moves import Move
from ausp_widget.games.australian.bot import Bot
from ausp_widget.games.australian.hints import hint_from_view


def hint_player(view: Any) -> Move | None:
    """Follow the hint every move (Australian Patience)."""
    return hint_from_view(view).move


class RandomPlayer:
    """Any legal move, at random; the same choices on the same deal (re-seeded each deal)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.reset()

    def reset(self) -> None:
        self._random = random.Random(self.seed)

    def choose(self, view: Any) -> Move | None:
        moves = view.legal_moves()
        return self._random.choice(moves) if moves else None


def bot_player() -> Bot:
    """The two-player bot's rules, played alone (foundations first, then the waste, then
    uncovering, then draw)."""
    return Bot()
