"""Whether a position holds whole decks: every game's position text and saves check that the
cards shown plus those the foundations imply are each card exactly once per deck, and say
which cards are repeated or missing, and where they were written."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from types import MappingProxyType

from .cards import CARDS, Card
from .errors import NotationError

__all__ = ["check_decks"]

_WHOLE = MappingProxyType({1: "each of the 52 cards once", 2: "each card of two decks twice"})


def check_decks(implied: Iterable[Card], places: Mapping[str, Iterable[Card]], decks: int = 1) -> None:
    """Raise a `NotationError` unless `implied` (the foundations' cards) and the cards of
    `places` (by line name: "stock", "1", …) hold each card `decks` times."""
    implied = list(implied)
    seen = Counter(implied)
    where: dict[Card, list[str]] = {card: ["foundations"] for card in implied}
    for key, cards in places.items():
        for card in cards:
            seen[card] += 1
            where.setdefault(card, []).append(f"'{key}:'")
    extra = [card for card in CARDS if seen[card] > decks]
    short = [card for card in CARDS if seen[card] < decks]
    problems = []
    if extra:
        label = "repeated" if decks == 1 else "too many"
        counts = {card: "" if decks == 1 else f" ×{seen[card]}" for card in extra}
        problems.append(
            f"{label}: " + ", ".join(f"{card}{counts[card]} (in {_places(where[card])})" for card in extra)
        )
    if short:
        problems.append(
            "missing: " + " ".join(str(card) for card in short for _ in range(decks - seen[card]))
        )
    if problems:
        raise NotationError(f"the position must hold {_WHOLE[decks]}; " + "; ".join(problems))


PLACES_SAID = 4
"""Places named for one repeated card; a card written thousands of times is not said thousands of times."""


def _places(places: list[str]) -> str:
    """Where a card was written: each line once, in order, with how often when more than once."""
    counted = Counter(places)
    said = [f"{place} ×{counted[place]}" if counted[place] > 1 else place for place in dict.fromkeys(places)]
    more = len(said) - PLACES_SAID
    return " and ".join(said[:PLACES_SAID]) + (f" and {more} more places" if more > 0 else "")
