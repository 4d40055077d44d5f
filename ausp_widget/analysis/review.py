"""Game review: which move threw the game away, judged fairly.

For each move of a solo Australian Patience game, stock orders are sampled from what the player
could see before the move (as `win_chance` does), and each sampled game is asked twice: could
it be won before the move, and after it? The share lost between the two is what the move cost,
on the same orders, so the luck of a draw never counts against the player. A move that cost
at least 10 points of chance is an inaccuracy, 20 a mistake, 30 a blunder; for those the review
names the move that would have kept the most.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from ausp_widget.core import display
from ausp_widget.core.moves import Move
from ausp_widget.core.registry import entry

from .chance import sampled_games

MARKS = ((0.30, "blunder"), (0.20, "mistake"), (0.10, "inaccuracy"))
REVIEW_NODES = 5_000  # positions the solver may search per sampled order


@dataclass(frozen=True)
class MoveReview:
    """One move: its chance `before` and `after` (on the same sampled orders), its `mark`
    (None, "inaccuracy", "mistake" or "blunder"), and for a marked move the `better` move with
    the chance it would have kept (`better_after`)."""

    number: int
    move: Move
    before: float
    after: float
    mark: str | None = None
    better: Move | None = None
    better_after: float | None = None

    @property
    def cost(self) -> float:
        return self.before - self.after

    def __str__(self) -> str:
        text = f"{self.number}. {self.move}: {100 * self.before:.0f}% → {100 * self.after:.0f}%"
        if self.mark:
            text += f" — {self.mark}"
            if self.better is not None:
                text += f"; {self.better} kept {100 * self.better_after:.0f}%"
        return text


@dataclass(frozen=True)
class Review:
    """The review of a game: `moves` (one `MoveReview` per move of its history, in order) and
    `marked` (those with a mark); `plot()` draws the chance over the game."""

    moves: tuple[MoveReview, ...]
    samples: int
    seconds: float

    @property
    def marked(self) -> tuple[MoveReview, ...]:
        return tuple(m for m in self.moves if m.mark)

    def plot(self, **options):
        """A matplotlib chart of the chance before each move, marked moves flagged."""
        return display.draw("review_figure", self, **options)

    def __str__(self) -> str:
        return "\n".join(str(m) for m in self.marked) or "no move lost a chance worth marking"


def review(game: Any, samples: int = 40, seed: int = 0) -> Review:
    """Review every move of a solo Australian Patience `game` (it keeps its whole history)."""
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise ValueError(f"samples must be a whole number from 1, not {samples!r}")
    if getattr(game, "game", "australian") != "australian" or game.mode != "solo":
        raise ValueError(f"review reads a solo Australian Patience game, not a {game.mode} {game.game} one")
    start = time.perf_counter()
    position = game.copy()
    while position.can_undo:
        position.undo()
    entries = []
    for number, (_player, move) in enumerate(game.history, start=1):
        games = _samples(position, samples, seed + number)
        firsts = [_winnable(g) for g in games]
        before, after = _kept(games, firsts, move)
        mark = next((name for limit, name in MARKS if before - after >= limit - 1e-9), None)
        better = better_after = None
        if mark:
            better, better_after = _best(position, games, firsts)
        entries.append(MoveReview(number, move, before, after, mark, better, better_after))
        position.play(move)
    return Review(tuple(entries), samples, time.perf_counter() - start)


def _samples(position: Any, count: int, seed: int) -> list:
    """Full-information games for `count` stock orders consistent with the player's view."""
    return list(sampled_games(position.view(0), count, random.Random(seed)))


def _winnable(game: Any) -> bool | None:
    return entry("australian").solve(game, None, REVIEW_NODES).winnable


def _kept(games: list, firsts: list, move: Move) -> tuple[float, float]:
    """The share of decided sampled games winnable before `move` (`firsts`, asked once per
    position), and after it."""
    before = after = decided = 0
    for game, first in zip(games, firsts, strict=True):
        if first is None:
            continue
        second = False  # nothing lost can be won back
        if first:
            trial = game.copy()
            trial.play(move)
            second = _winnable(trial)
        if second is None:
            continue
        decided += 1
        before += first
        after += second
    return (before / decided, after / decided) if decided else (0.0, 0.0)


def _best(position: Any, games: list, firsts: list) -> tuple[Move | None, float | None]:
    """The legal move that keeps the most chance on the same sampled orders."""
    best, best_after = None, -1.0
    for move in position.legal_moves():
        _, after = _kept(games, firsts, move)
        if after > best_after:
            best, best_after = move, after
    return best, best_after
