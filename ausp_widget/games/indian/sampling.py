"""Full-information games consistent with what the player of Indian Patience sees.

Two things are hidden here: the order of the stock and the face-down card at the bottom of
each column. A sample deals every card the view does not show (two decks, less the cards on
show and on the foundations) into those places in a random order.
"""

from __future__ import annotations

import random
from collections import Counter

from .basics import FACE_DOWN, FREE, PROTECTED
from .game import IndianGame
from .places import IndianView


def unseen(view: IndianView) -> list[int]:
    """The hidden cards as card indices, each copy once, in card order."""
    left = Counter({index: 2 for index in range(52)})
    for pile in view.piles:
        if pile.kind == "foundation":
            left.subtract(card.index for card in pile.cards)
        elif pile.kind in ("column", "waste"):
            left.subtract(card.index for card in pile.cards if card is not None)
    if any(count < 0 for count in left.values()):
        raise ValueError("the view shows some card more than twice: not two decks")
    hidden = sorted(left.elements())
    slots = view.stock_size + sum(card is None for p in view.piles if p.kind == "column" for card in p.cards)
    if len(hidden) != slots:
        raise ValueError(f"the view hides {slots} cards but {len(hidden)} are unaccounted for: not two decks")
    return hidden


def sample_game(view: IndianView, rng: random.Random) -> IndianGame:
    """A game with the view's cards as shown, the hidden cards shuffled into the face-down
    places and the stock, played under the view's rule options."""
    order = unseen(view)
    rng.shuffle(order)
    deal = iter(order)
    columns = sorted((p for p in view.piles if p.kind == "column"), key=lambda p: p.index)
    foundations = sorted((p for p in view.piles if p.kind == "foundation"), key=lambda p: p.index)
    waste = next(p for p in view.piles if p.kind == "waste")
    cols = [tuple(next(deal) if card is None else card.index for card in p.cards) for p in columns]
    bottoms = [FACE_DOWN if p.cards[:1] == (None,) else PROTECTED if p.protected else FREE for p in columns]
    stock = tuple(deal)
    return IndianGame(
        cols,
        bottoms,
        stock,
        tuple(c.index for c in waste.cards),
        [len(p.cards) for p in foundations],
        options=view.options,
    )
