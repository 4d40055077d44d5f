"""The view adapter for games drawn as piles: what one player may see, handed to a bot, a hint
or a sampler instead of the game.

A `TableView` holds the piles as the game's `piles()` draws them (None for every card the
player may not see), whether play goes on, and the rule options in force (public: they decide
what is legal). Plain values only, with no reference to the game, so nothing read from it can
name a hidden card. The game class rebuilds a game from a view (`from_view(view, hidden)`),
dealing `hidden` into the places the view hides: placeholders to list the legal moves, or a
random order of the unseen cards to sample a full-information game.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from typing import Any

from . import registry
from .moves import Move
from .protocol import Pile
from .sampling import hidden_order

__all__ = ["TableView", "sample_from_view"]


@dataclass(frozen=True)
class TableView:
    """What `player` may see: the piles (hidden cards None), whether play goes on, the mode,
    the game's registry name and its rule options (None: the defaults)."""

    player: int
    piles: tuple[Pile, ...]
    playing: bool
    mode: str = "solo"
    game: str = "indian"
    options: Any = None

    @property
    def stock_size(self) -> int:
        return sum(pile.size for pile in self.piles if pile.kind == "stock")

    def legal_moves(self) -> list[Move]:
        """The moves the game lists now, asked of a stand-in game built from this view alone.
        Hidden cards become placeholders, which changes nothing that is legal: a hidden card is
        never one that moves, and the stock's order only decides what a draw shows."""
        if not self.playing:
            return []
        stand_in = registry.entry(self.game).game_class.from_view(self, itertools.repeat(0))
        stand_in._status = "playing"  # read from the game: placeholders must not decide it again
        return stand_in.legal_moves(self.player)


def sample_from_view(view: TableView, rng: random.Random) -> Any:
    """A full-information game with the view's cards as shown and every card it does not show
    (the game's decks less the cards on show, on the foundations included) dealt into its
    hidden places in a random order from `rng`, under the view's rule options."""
    game_class = registry.entry(view.game).game_class
    shown = [card.index for p in view.piles if p.kind != "stock" for card in p.cards if card is not None]
    slots = view.stock_size + sum(card is None for p in view.piles if p.kind != "stock" for card in p.cards)
    order = hidden_order(shown, game_class.card_count // 52, slots, rng)
    return game_class.from_view(view, iter(order))
