"""Seeded deals that are the same on every platform and Python version.

The algorithm, so that anyone can reproduce a deal by hand or in another language:

1. A SplitMix64 generator is started from the seed (an integer, taken modulo 2**64).
   Each step: ``state += 0x9E3779B97F4A7C15``; ``z = state``;
   ``z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9``; ``z = (z ^ (z >> 27)) * 0x94D049BB133111EB``;
   output ``z ^ (z >> 31)``, all arithmetic modulo 2**64.
2. A deck starts in index order A♣ … K♣, A♦ … K♦, A♥ … K♥, A♠ … K♠ and is shuffled by
   Fisher–Yates from the last position down: for ``i`` from 51 to 1, draw ``j`` uniformly in
   ``0..i`` and swap positions ``i`` and ``j``. ``j`` is the next output modulo ``i + 1``,
   drawing again whenever the output is at or above the largest multiple of ``i + 1``
   below 2**64 (so there is no bias).
3. The shuffled deck is dealt in rows: cards 0–6 are the first (deepest) card of columns
   1–7, cards 7–13 the second row, and so on to card 27; cards 28–51 form the stock, card 28
   drawn first.
4. In two-player games player 0's deck is shuffled first and player 1's deck is shuffled
   next by the same generator; then, when the first player is chosen "random", the next
   output's lowest bit picks who starts.
"""

from __future__ import annotations

from collections.abc import Iterator

from ausp_widget.core.cards import CARDS, Card

MASK64 = (1 << 64) - 1
COLUMNS = 7
ROWS = 4


def splitmix64(seed: int) -> Iterator[int]:
    state = seed & MASK64
    while True:
        state = (state + 0x9E3779B97F4A7C15) & MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        yield z ^ (z >> 31)


def _below(rng: Iterator[int], n: int) -> int:
    limit = (1 << 64) - (1 << 64) % n
    while True:
        value = next(rng)
        if value < limit:
            return value % n


def shuffled_deck(rng: Iterator[int], decks: int = 1) -> list[Card]:
    """`decks` whole decks one after another, each in index order, shuffled as step 2 says
    (Indian Patience shuffles its 104-card shoe the same way)."""
    deck = list(CARDS) * decks
    for i in range(len(deck) - 1, 0, -1):
        j = _below(rng, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def split_deal(
    deck: list[Card], columns: int = COLUMNS, rows: int = ROWS
) -> tuple[list[list[Card]], list[Card]]:
    """Columns (bottom first) and stock (next card first) from a shuffled deck, dealt in rows
    as step 3 says."""
    dealt = [[deck[row * columns + col] for row in range(rows)] for col in range(columns)]
    return dealt, deck[columns * rows :]


def check_first(first: object, note: str = "") -> None:
    """Refuse a first player that is not 0 (you), 1 (the bot) or "random" (from the deal)."""
    if not (first == "random" or (type(first) is int and first in (0, 1))):
        raise ValueError(f"first must be 0, 1 or 'random', not {first!r}{note}")


def deal_decks(seed: int, players: int = 1) -> tuple[list[tuple[list[list[Card]], list[Card]]], int]:
    """Each player's (columns, stock), and the generator's next bit (for a random first player)."""
    rng = splitmix64(seed)
    layouts = [split_deal(shuffled_deck(rng)) for _ in range(players)]
    return layouts, next(rng) & 1
