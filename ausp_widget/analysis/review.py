"""Game review: which move threw the game away, judged fairly.

Each move of a solo game is judged by the estimator `win_chance` is made of (`chance.verdicts`
and `chance.tally`): its chance before is the win chance of the position before it, and its
chance after is what is left when the move is played on the same sampled orders of the hidden
cards, so the luck of a draw never counts against the player. The orders are seeded by the
position (see `chance.orders`), so the chance before a move is exactly what `win_chance` says of
that position with the same settings, and after a move that shows no hidden card the chance
after is exactly the win chance of the position it leaves, which is the chance before the next
move: one figure for one position, each with its 95% interval. A move that cost at least 10
points of chance is an inaccuracy, 20 a mistake, 30 a blunder (no mark where either chance is
unknown: the solver decided none of the orders); for those the review names the move that would
have kept the most.

The solver's verdicts are remembered by sampled game (`chance_verdicts`): the games sampled
after a move that shows nothing are those sampled before the next, so each position's sampled
games are asked once, a sampled game proved lost is lost after every move without asking, and a
review of a game already reviewed, or of positions `win_chance` already judged, asks the solver
nothing again. The review runs in slices as small as one sampled order (`Reviewer.work`), so a
widget stays responsive however long a move takes to judge; the slicing changes no figure.
"""

from __future__ import annotations

import time
from collections.abc import Generator, Iterator
from dataclasses import dataclass
from typing import Any

from ausp_widget.core import display
from ausp_widget.core.errors import check_whole
from ausp_widget.core.moves import Move
from ausp_widget.core.registry import entry_for

from .chance import DEFAULT_NODES, DEFAULT_SAMPLES, WinChance, check_solo, tally, verdicts

MARKS = ((0.30, "blunder"), (0.20, "mistake"), (0.10, "inaccuracy"))


def mark_for(cost: float) -> str | None:
    """The mark a move earns for the share of chance it cost (None below an inaccuracy)."""
    return next((name for limit, name in MARKS if cost >= limit - 1e-9), None)


@dataclass(frozen=True)
class MoveReview:
    """One move: its chance before it (the position's win chance) and after it (on the same
    sampled orders), each a `WinChance` with its interval; its `mark` (None, "inaccuracy",
    "mistake" or "blunder"), and for a marked move the `better` move with the chance it would
    have kept. `before`, `after` and `better_after` are the shares alone."""

    number: int
    move: Move
    before_chance: WinChance
    after_chance: WinChance
    mark: str | None = None
    better: Move | None = None
    better_chance: WinChance | None = None

    @property
    def before(self) -> float:
        return self.before_chance.p

    @property
    def after(self) -> float:
        return self.after_chance.p

    @property
    def better_after(self) -> float | None:
        return None if self.better_chance is None else self.better_chance.p

    @property
    def cost(self) -> float:
        return self.before - self.after

    def __str__(self) -> str:
        text = f"{self.number}. {self.move}: {self.before_chance.brief()} → {self.after_chance.brief()}"
        if self.mark:
            text += f" — {self.mark}"
            if self.better is not None and self.better_chance is not None:
                text += f"; {self.better} kept {self.better_chance.brief()}"
        return text


@dataclass(frozen=True)
class Review:
    """The review of a game: `moves` (one `MoveReview` per move of its history, in order) and
    `marked` (those with a mark); `plot()` draws the chance over the game."""

    moves: tuple[MoveReview, ...]
    samples: int
    seconds: float
    ending: str = ""  # why the game was lost, when it was (the game's `explain_loss()`)

    @property
    def marked(self) -> tuple[MoveReview, ...]:
        return tuple(m for m in self.moves if m.mark)

    def plot(self, **options):
        """A matplotlib chart of the chance before each move, marked moves flagged."""
        return display.draw("review_figure", self, **options)

    def __str__(self) -> str:
        text = "no move lost a chance worth marking"
        if self.marked:
            text = (
                f"Win chance before → after each marked move ({self.samples} sampled orders of the "
                "hidden cards; 95% intervals):\n" + "\n".join(str(m) for m in self.marked)
            )
        return f"{text}\nLost: {self.ending}" if self.ending else text


def can_review(game: Any) -> bool:
    """Whether a review of `game` can run in a notebook at a student's pace: a solo game whose
    hidden cards can be sampled and whose solver is quick enough to think in slices (the
    same solver "Winnable?" uses, quick enough on a whole game: `GameEntry.reviews`)."""
    entry = entry_for(game)
    return game.mode == "solo" and entry.sample is not None and entry.solver is not None and entry.reviews


class Reviewer:
    """A review made a slice at a time (`work(seconds)`, or a whole move with `step()`), so a
    widget can run it on the clock, answering clicks in between, and show its progress;
    `review()` runs one to the end. How it is sliced changes no figure."""

    def __init__(
        self, game: Any, samples: int = DEFAULT_SAMPLES, seed: int = 0, node_limit: int | None = DEFAULT_NODES
    ) -> None:
        check_whole("samples", samples, 1)
        check_whole("seed", seed)
        if node_limit is not None:
            check_whole("node_limit", node_limit, 1)
        if not hasattr(game, "history") or not hasattr(game, "view"):
            raise TypeError(f"review reads a game, not {type(game).__name__}")
        check_solo(game.view(0), "review")
        self.samples, self.seed, self.node_limit = samples, seed, node_limit
        self._history = [move for _player, move in game.history]
        self._ending = game.explain_loss(0)
        self._position = game.rewound()
        self._start = self._position.copy()
        self._entries: list[MoveReview] = []
        self._seconds = 0.0
        self._judging = self._judge()

    @property
    def total(self) -> int:
        """How many moves the game has to review."""
        return len(self._history)

    @property
    def done(self) -> int:
        """How many moves are reviewed so far."""
        return len(self._entries)

    @property
    def finished(self) -> bool:
        return self.done == self.total

    def step(self) -> MoveReview | None:
        """Review the next move (None when every move is reviewed)."""
        return None if self.finished else self.work(None)

    def work(self, seconds: float | None) -> MoveReview | None:
        """Carry the review on until a move is reviewed (returned) or about `seconds` have passed
        (None returned: the next call carries on where this one stopped); None for no limit."""
        start = time.perf_counter()
        try:
            while not self.finished:
                entry = next(self._judging)
                if entry is not None:
                    return entry
                if seconds is not None and time.perf_counter() - start >= seconds:
                    return None
            return None
        finally:
            self._seconds += time.perf_counter() - start

    def _judge(self) -> Iterator[MoveReview | None]:
        """The review as a stream: None after each sampled order asked, a `MoveReview` after each
        move judged (its chance before, after, and for a marked move the best move's)."""
        for number, move in enumerate(self._history, start=1):
            view = self._position.view(0)
            before = yield from self._chance(view)
            after = yield from self._chance(view, move)
            mark = None if before.unknown or after.unknown else mark_for(before.p - after.p)
            better = better_chance = None
            if mark:  # the legal move that keeps the most (the first listed of those that do)
                for other in view.legal_moves():
                    kept = yield from self._chance(view, other)
                    if not kept.unknown and (better_chance is None or kept.p > better_chance.p):
                        better, better_chance = other, kept
            entry = MoveReview(number, move, before, after, mark, better, better_chance)
            self._entries.append(entry)
            self._position.play(move)
            yield entry

    def _chance(self, view: Any, move: Move | None = None) -> Generator[None, None, WinChance]:
        """The chance from `view`, or after `move` on the same orders, by `win_chance`'s own
        estimator, one sampled order per step."""
        found: list[bool | None] = []
        spent = 0.0
        asking = verdicts(view, move, self.samples, self.seed, self.node_limit)
        while len(found) < self.samples:
            start = time.perf_counter()
            found.append(next(asking))
            spent += time.perf_counter() - start
            yield None
        return tally(found, self.samples, spent)

    def position_before(self, number: int) -> Any:
        """A fresh copy of the game as it stood before move `number` (1-based)."""
        if not 1 <= number <= self.total:
            raise ValueError(f"the game has moves 1 to {self.total}, not {number}")
        position = self._start.copy()
        for move in self._history[: number - 1]:
            position.play(move)
        return position

    def result(self) -> Review:
        """The review of the moves reviewed so far (all of them once `finished`)."""
        ending = self._ending if self.finished else ""
        return Review(tuple(self._entries), self.samples, self._seconds, ending)


def review(
    game: Any, samples: int = DEFAULT_SAMPLES, seed: int = 0, node_limit: int | None = DEFAULT_NODES
) -> Review:
    """Review every move of a solo `game` (it keeps its whole history)."""
    reviewer = Reviewer(game, samples, seed, node_limit)
    while reviewer.step() is not None:
        pass
    return reviewer.result()
