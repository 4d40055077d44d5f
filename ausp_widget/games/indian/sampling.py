"""Full-information games consistent with what the player of Indian Patience sees.

Two things are hidden here: the order of the stock and the face-down card at the bottom of
each column. A sample deals every card the view does not show (two decks, less the cards on
show and on the foundations) into those places in a random order.
"""

from __future__ import annotations

import random

from ausp_widget.core.sampling import hidden_order

from .game import IndianGame
from .places import IndianView, game_from_view


def sample_game(view: IndianView, rng: random.Random) -> IndianGame:
    """A game with the view's cards as shown, the hidden cards shuffled into the face-down
    places and the stock, played under the view's rule options."""
    shown = [card.index for p in view.piles if p.kind != "stock" for card in p.cards if card is not None]
    slots = view.stock_size + sum(card is None for p in view.piles if p.kind == "column" for card in p.cards)
    return game_from_view(view, iter(hidden_order(shown, 2, slots, rng)))
