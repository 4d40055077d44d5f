"""Full-information games consistent with what a player sees: the only hidden thing is the
order of the stock, so a sample deals the unseen cards into the stock in a random order."""

from __future__ import annotations

import random
from typing import Any

from ausp_widget.core.cards import CARDS
from ausp_widget.core.sampling import hidden_cards

from .game import Game
from .view import stand_in


def unseen(view: Any) -> list:
    """The player's cards they cannot see (their deck less their layout and their own foundation
    cards), in card order, so a sample depends on the random generator alone."""
    shown = [c.index for column in view.tableau for c in column] + [c.index for c in view.waste]
    owners = view.foundation_owners or tuple((view.player,) * len(pile) for pile in view.foundations)
    for pile, who in zip(view.foundations, owners, strict=True):
        shown += [card.index for card, owner in zip(pile, who, strict=True) if owner == view.player]
    return [CARDS[i] for i in hidden_cards(shown, 1, view.stock_size)]


def sample_game(view: Any, rng: random.Random) -> Game:
    """A solo game with the view's cards as shown and the unseen cards shuffled into the stock."""
    if view.mode != "solo":
        raise ValueError(f"a sampled game is made from a solo view, not a {view.mode} one")
    order = unseen(view)
    rng.shuffle(order)
    return stand_in(view, order)
