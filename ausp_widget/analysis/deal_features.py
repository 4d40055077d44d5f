"""Features of a deal's opening tableau, to split deals into groups and compare their win rates.

- `ace_cover`: cards lying on the tableau's aces, summed (an ace in the stock adds 0).
- `ace_cover_of_two`: the same, only for deals showing exactly two aces (else None): how deep
  the aces lie, with the number of aces seen held fixed.
- `aces_seen`: aces in the tableau, visible from the start.
- `self_blocks`: cards lying directly on a lower card of their own suit, as 4♣ right on 2♣: the
  2♣ cannot go home before the 4♣ leaves it, and the 4♣ cannot go home before the 2♣, so the
  4♣ must first find the 5♣ exposed in another column (or, a King, an empty column).
- `reverse_pairs`: the harmless mirror, a card directly on a higher card of its own suit (2♣
  on 4♣): the control that shows whether it is the blocking order that costs deals.

Each feature is grouped by `FEATURES` (the lowest value of each group); a deal's group is one
character, "0", "1", …, or "-" when the feature does not apply to the deal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import pairwise

from ausp_widget.games.australian.game import Game


def ace_cover(game: Game) -> int:
    """Cards lying on the tableau's aces at the deal, summed (an ace in the stock adds 0)."""
    return sum(len(col) - 1 - k for col in game.tableau() for k, card in enumerate(col) if card.rank == 1)


def aces_seen(game: Game) -> int:
    """Aces in the opening tableau (visible from the start, where an ace may lie buried)."""
    return sum(card.rank == 1 for col in game.tableau() for card in col)


def ace_cover_of_two(game: Game) -> int | None:
    """Cards lying on the aces, for deals showing exactly two aces (else None)."""
    return ace_cover(game) if aces_seen(game) == 2 else None


def self_blocks(game: Game) -> int:
    """Cards lying directly on a lower card of their own suit (4♣ right on 2♣), at the deal."""
    return sum(_pairs(game, lambda upper, lower: upper.rank > lower.rank))


def reverse_pairs(game: Game) -> int:
    """Cards lying directly on a higher card of their own suit (2♣ right on 4♣), at the deal."""
    return sum(_pairs(game, lambda upper, lower: upper.rank < lower.rank))


def _pairs(game: Game, test: Callable) -> list[bool]:
    return [
        upper.suit == lower.suit and test(upper, lower)
        for col in game.tableau()
        for lower, upper in pairwise(col)
    ]


FEATURES: dict[str, tuple[Callable[[Game], int | None], tuple[int, ...]]] = {
    # name: (feature, the lowest value of each group)
    "ace_depth": (ace_cover, (0, 3, 5)),
    "ace_depth_two": (ace_cover_of_two, (0, 3, 5)),
    "aces_seen": (aces_seen, (0, 2, 3)),
    "self_block": (self_blocks, (0, 1, 3)),
    "self_block_control": (reverse_pairs, (0, 1, 3)),
}


def group_of(value: int | None, lows: Sequence[int]) -> str:
    """The group a value falls in, given each group's lowest value: "0", "1", … or "-"."""
    return "-" if value is None else str(max(k for k, low in enumerate(lows) if value >= low))


def group_labels(lows: Sequence[int]) -> list[str]:
    """Labels like "0–2", "3–4", "5+" for lows (0, 3, 5); a group of one value is that value."""
    labels = []
    for low, nxt in zip(lows, (*lows[1:], None)):
        labels.append(f"{low}+" if nxt is None else str(low) if nxt == low + 1 else f"{low}–{nxt - 1}")
    return labels


def feature_group(name: str, seed: int) -> str:
    """Deal `seed`'s group under feature `name`, as one character."""
    feature, lows = FEATURES[name]
    return group_of(feature(Game.deal(seed)), lows)


def by_group(groups: str, verdicts: str, labels: Sequence[str]) -> dict[str, dict[str, int]]:
    """Won / lost / undecided / n per group, from a group character and a verdict per deal."""
    counts = {label: {"won": 0, "lost": 0, "undecided": 0, "n": 0} for label in labels}
    names = {"1": "won", "0": "lost", "?": "undecided"}
    for group, verdict in zip(groups, verdicts, strict=True):
        if group != "-":
            entry = counts[labels[int(group)]]
            entry[names[verdict]] += 1
            entry["n"] += 1
    return counts
