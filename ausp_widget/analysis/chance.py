"""A fair win chance: of all the ways the stock could still be ordered, how many can be won.

In Australian Patience every tableau card is face up; the only thing a player cannot see is
the order of the stock. `win_chance` reads only the player's view (what the bot is given: the
tableau, the waste, the foundations and the stock's size), deals the unseen cards into the
stock in `samples` random orders, and asks the full-information solver about each. So it
cannot peek: two games that differ only in their stock order give the same answer for the same
`seed`. A move can only keep or lower the chance of the position it leaves (every line open
after it was open before it); a draw can raise or lower it, because it shows which order you
are in: that is the luck of the deal, not skill.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ausp_widget.core.cards import CARDS
from ausp_widget.core.registry import entry
from ausp_widget.core.stats import wilson_interval
from ausp_widget.games.australian.game import Game

DEFAULT_NODES = 20_000  # positions the solver may search per sampled order


@dataclass(frozen=True)
class WinChance:
    """`p`: the share of decided sampled orders that can be won; `low`/`high`: a 95% interval
    that also counts every undecided sample as lost (low) or won (high); `samples`, `wins`,
    `undecided`; `seconds` taken."""

    p: float
    low: float
    high: float
    samples: int
    wins: int
    undecided: int
    seconds: float

    def __str__(self) -> str:
        undecided = f", {self.undecided} undecided" if self.undecided else ""
        return (
            f"win chance {100 * self.p:.0f}% (95% interval {100 * self.low:.0f}–{100 * self.high:.0f}%; "
            f"{self.wins} of {self.samples} sampled stock orders can be won{undecided})"
        )


def win_chance(
    game: Any,
    player: int = 0,
    samples: int = 100,
    seed: int = 0,
    time_limit: float | None = None,
    node_limit: int | None = DEFAULT_NODES,
) -> WinChance:
    """The chance that the position can still be won, judged from `player`'s view only.
    `time_limit` bounds the whole estimate (samples not reached count as undecided);
    `node_limit` bounds each sampled order's search."""
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise ValueError(f"samples must be a whole number from 1, not {samples!r}")
    if time_limit is not None and not time_limit > 0:
        raise ValueError(f"time_limit must be above 0 seconds, or None, not {time_limit!r}")
    view = game.view(player)
    if view.game != "australian" or view.mode != "solo":
        raise ValueError(
            f"win_chance reads a solo Australian Patience view, not a {view.mode} {view.game} one"
        )
    start = time.perf_counter()
    wins = undecided = 0
    solve = entry("australian").solve
    for sample in sampled_games(view, samples, random.Random(seed)):
        if time_limit is not None and time.perf_counter() - start > time_limit:
            undecided += 1
            continue
        verdict = solve(sample, None, node_limit).winnable
        wins += verdict is True
        undecided += verdict is None
    decided = samples - undecided
    low = wilson_interval(wins, samples)[0]
    high = wilson_interval(wins + undecided, samples)[1]
    p = wins / decided if decided else 0.0
    return WinChance(p, low, high, samples, wins, undecided, time.perf_counter() - start)


def _unseen(view: Any) -> list:
    """The cards the player cannot see: the deck less every card on show (in card order, so the
    sampling depends on the seed alone)."""
    shown = {c for column in view.tableau for c in column} | set(view.waste)
    shown |= {c for pile in view.foundations for c in pile}
    unseen = [card for card in CARDS if card not in shown]
    if len(unseen) != view.stock_size:
        raise ValueError(f"the view shows {52 - len(unseen)} cards and a stock of {view.stock_size}: not 52")
    return unseen


def sampled_games(view: Any, count: int, rng: random.Random) -> Iterator[Game]:
    """`count` full-information games consistent with `view`: its cards as shown, the unseen
    cards dealt into the stock in an order drawn from `rng` (the one place a view becomes games,
    for the chance, the review and the strong player alike)."""
    unseen = _unseen(view)
    for _ in range(count):
        order = unseen[:]
        rng.shuffle(order)
        yield full_game(view, order)


def full_game(view: Any, stock: list) -> Game:
    """A full-information game: the view's cards, with `stock` as the stock's order."""
    tops = [pile[-1] for pile in view.foundations if pile]
    lines = [
        f"foundations: {' '.join(map(str, tops)) or '-'}",
        f"stock: {' '.join(map(str, stock)) or '-'}",
        f"waste: {' '.join(map(str, view.waste)) or '-'}",
        *(f"{n}: {' '.join(map(str, col)) or '-'}" for n, col in enumerate(view.tableau, start=1)),
    ]
    return Game.from_text("\n".join(lines) + "\n")
