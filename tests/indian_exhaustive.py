"""A slow, plain search of every position reachable from an Indian Patience position, through
the game's own `legal_moves` and `play` (no pruning, no ordering, no shortcuts): the yardstick
the solver's verdicts are checked against on small positions."""

from __future__ import annotations

import random

from ausp_widget.core.cards import CARDS
from ausp_widget.games.indian.game import IndianGame


class TooBig(Exception):
    """The position has more reachable positions than the yardstick will look at."""


def winnable(game, limit: int = 50_000) -> bool:
    """Whether any line of legal moves wins, by visiting every reachable position once."""
    position = game.copy()
    seen: set = set()
    stack = [position._snapshot()]
    while stack:
        position._restore(stack.pop())
        if position.status == "won":
            return True
        key = (*position.position_key(), position._stock)
        if key in seen:
            continue
        seen.add(key)
        if len(seen) > limit:
            raise TooBig(f"more than {limit} positions")
        here = position._snapshot()
        for move in position.legal_moves():
            position._restore(here)
            position.play(move)
            stack.append(position._snapshot())
    return False


def small_position(seed: int, options: dict | None = None, cards: int = 12):
    """A random position with about `cards` cards still to go home (the high ones of each
    suit; the rest are on the foundations), spread over the stock, the waste and the columns,
    with face-down and protected cards where the rules allow them."""
    rng = random.Random(seed)
    heights = [13] * 8
    left: list[int] = []
    while len(left) < cards:
        pile = rng.randrange(8)
        if heights[pile] > 6:
            heights[pile] -= 1
            left.append((pile // 2) * 13 + heights[pile])
    rng.shuffle(left)
    stock_size = rng.randrange(0, min(6, len(left)) + 1)
    stock, rest = left[:stock_size], left[stock_size:]
    waste_size = rng.randrange(0, min(3, len(rest)) + 1)
    waste, rest = rest[:waste_size], rest[waste_size:]
    columns: list[list[int]] = [[] for _ in range(10)]
    width = rng.choice((10, 10, 9, rng.randrange(2, 9)))  # how many columns hold cards: the others are empty
    for k, card in enumerate(rest):
        columns[k if k < width else rng.randrange(width)].append(card)
    tops = [CARDS[(k // 2) * 13 + h - 1] if h else None for k, h in enumerate(heights)]
    lines = [
        "game: indian",
        f"foundations: {' '.join(str(t) if t else '-' for t in tops)}",
        f"stock: {' '.join(str(CARDS[c]) for c in stock) or '-'}",
        f"waste: {' '.join(str(CARDS[c]) for c in waste) or '-'}",
    ]
    for n, col in enumerate(columns, start=1):
        words = [str(CARDS[c]) for c in col]
        if len(col) >= 2 and stock and rng.random() < 0.5:
            words[0] = f"[{words[0]}]"
        elif len(col) == 1 and stock and rng.random() < 0.4:
            words[0] += "*"
        lines.append(f"{n}: {' '.join(words) or '-'}")
    text = "\n".join(lines) + "\n"
    if options:
        text = text.replace("game: indian\n", "game: indian\noptions: " + _options_line(options) + "\n")
    return IndianGame.from_text(text)


def _options_line(options: dict) -> str:
    def word(value):
        return ("yes" if value else "no") if isinstance(value, bool) else value

    return " ".join(f"{name}={word(value)}" for name, value in options.items())
