"""The sampler of hidden cards every game shares: the cards a player cannot see are the decks
less every card on show, and a sample deals them into the hidden places in a random order.
Each game says which cards its view shows and builds a game from the order drawn."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from types import MappingProxyType

__all__ = ["hidden_cards", "hidden_order"]

_DECKS = MappingProxyType({1: "one deck", 2: "two decks"})


def hidden_cards(shown: Iterable[int], decks: int, slots: int) -> list[int]:
    """The hidden cards as card indices (0..51), each copy once, in card order, so a sample
    depends on the random generator alone: `decks` of every card less those `shown` (by
    index). A `ValueError` unless they fill the `slots` hidden places exactly."""
    left = Counter(dict.fromkeys(range(52), decks))
    left.subtract(shown)
    if min(left.values()) < 0:
        raise ValueError(f"the view shows some card more than {decks} times: not {_DECKS[decks]}")
    hidden = sorted(left.elements())
    if len(hidden) != slots:
        raise ValueError(f"the view hides {slots} cards but leaves {len(hidden)} unseen: not {_DECKS[decks]}")
    return hidden


def hidden_order(shown: Iterable[int], decks: int, slots: int, rng: random.Random) -> list[int]:
    """The hidden cards in a random order drawn from `rng` (see `hidden_cards`)."""
    order = hidden_cards(shown, decks, slots)
    rng.shuffle(order)
    return order
