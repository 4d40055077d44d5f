"""Game review: which move threw the game away, judged fairly.

For each move of a solo game, the hidden cards are dealt at random from what the player could
see before the move (as `win_chance` does), and each sampled game is asked twice: could
it be won before the move, and after it? The share lost between the two is what the move cost,
on the same orders, so the luck of a draw never counts against the player. A move that cost
at least 10 points of chance is an inaccuracy, 20 a mistake, 30 a blunder; for those the review
names the move that would have kept the most.

The position before a move is the one after the move before it, so while a move reveals no
hidden card the next move is judged on the same sampled games, carried on: their verdicts
after one move are the verdicts before the next, and a sampled game already lost stays lost,
so a stretch of play that has lost every sampled game costs no more solving. Fresh orders are
drawn (from `seed` and the move's number) at the first move and after each move that shows a
hidden card, because a draw changes what the player knows. Sharing the orders also keeps the
chart honest: between two draws the chance can only stay level or fall, as the words say (but
for a sampled game the solver could not decide within its budget before a move and can after).
Each position is asked once: late in a game few cards are hidden and many sampled games are
the same. A sampled game's winning line that starts with the move played still wins after it,
so the solver is not asked again while the player follows it. The verdicts are those of asking
the solver about every sampled game at every move (`tests/test_review.py`), but for sampled
games the solver leaves undecided: each is asked again with half the budget at the next move
(see `Sampled.budget`), which keeps the hardest games' reviews within seconds.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from ausp_widget.core import display
from ausp_widget.core.errors import check_whole
from ausp_widget.core.moves import Move
from ausp_widget.core.registry import entry_for

from .chance import check_solo, hidden_cards, sampled_games

MARKS = ((0.30, "blunder"), (0.20, "mistake"), (0.10, "inaccuracy"))
REVIEW_NODES = 5_000  # positions the solver may search per sampled order
LEAST_NODES = 500  # the budget of a sampled game left undecided again and again (see `Sampled`)
UNASKED = "unasked"  # the verdict of a sampled game not yet asked


def mark_for(cost: float) -> str | None:
    """The mark a move earns for the share of chance it cost (None below an inaccuracy)."""
    return next((name for limit, name in MARKS if cost >= limit - 1e-9), None)


@dataclass
class Sampled:
    """A sampled game as the review carries it from move to move: its verdict where it stands
    (`UNASKED` until asked) and a winning line from there, when the solver just gave one."""

    game: Any
    verdict: bool | str | None = UNASKED
    line: tuple[Move, ...] = ()
    misses: int = 0  # how many moves running the solver left it undecided

    @property
    def budget(self) -> int:
        """The positions it may search: the full budget, halved after each move it was left
        undecided, down to `LEAST_NODES`. A sampled game the solver cannot settle at one move it
        rarely settles at the next, when no hidden card has been shown; asking again at the full
        budget every move made the hardest games' reviews many times slower, while a game that
        turns easy is still settled within the smaller budget."""
        return max(REVIEW_NODES >> self.misses, LEAST_NODES)


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
    ending: str = ""  # why the game was lost, when it was (the game's `explain_loss()`)

    @property
    def marked(self) -> tuple[MoveReview, ...]:
        return tuple(m for m in self.moves if m.mark)

    def plot(self, **options):
        """A matplotlib chart of the chance before each move, marked moves flagged."""
        return display.draw("review_figure", self, **options)

    def __str__(self) -> str:
        text = "\n".join(str(m) for m in self.marked) or "no move lost a chance worth marking"
        return f"{text}\nLost: {self.ending}" if self.ending else text


def can_review(game: Any) -> bool:
    """Whether a review of `game` can run in a notebook at a student's pace: a solo game whose
    hidden cards can be sampled and whose solver is quick enough to think in slices (the
    same solver "Winnable?" uses, quick enough on a whole game: `GameEntry.reviews`)."""
    entry = entry_for(game)
    return game.mode == "solo" and entry.sample is not None and entry.solver is not None and entry.reviews


class Reviewer:
    """A review made one move at a time (`step()`), so a widget can run it in slices on the
    clock and show its progress; `review()` runs one to the end."""

    def __init__(self, game: Any, samples: int = 40, seed: int = 0) -> None:
        check_whole("samples", samples, 1)
        check_whole("seed", seed)
        if not hasattr(game, "history") or not hasattr(game, "view"):
            raise TypeError(f"review reads a game, not {type(game).__name__}")
        check_solo(game.view(0), "review")
        self.samples, self.seed = samples, seed
        self._solve = entry_for(game).solve
        self._history = [move for _player, move in game.history]
        self._ending = game.explain_loss(0)
        self._position = game.rewound()
        self._start = self._position.copy()
        self._entries: list[MoveReview] = []
        self._carried: list[Sampled] | None = None  # the sampled games for the next move
        self._verdicts: dict[str, tuple[bool | None, int]] = {}  # answers and budgets, by position
        self._seconds = 0.0
        self._streak = 0  # moves running on which most sampled games were left undecided

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
        if self.finished:
            return None
        start = time.perf_counter()
        number = self.done + 1
        move, position = self._history[number - 1], self._position
        view = position.view(0)
        games = self._carried or self._fresh(view, number)
        for game in games:
            if game.verdict is UNASKED:
                game.verdict, game.line = self._ask(game.game, game.budget)
        undecided = sum(game.verdict is None for game in games)
        self._streak = self._streak + 1 if 2 * undecided > len(games) else 0
        before, after, carried = self._kept(games, move)
        mark = mark_for(before - after)
        better = better_after = None
        if mark:
            better, better_after = self._best(position, games)
        entry = MoveReview(number, move, before, after, mark, better, better_after)
        self._entries.append(entry)
        position.play(move)
        shown = hidden_cards(position.view(0)) != hidden_cards(view)
        self._carried = None if shown else carried
        self._seconds += time.perf_counter() - start
        return entry

    def _fresh(self, view: Any, number: int) -> list[Sampled]:
        """New sampled games for the view before move `number`, none asked yet."""
        rng = random.Random(self.seed + number)
        # Where most sampled games were left undecided move after move, new ones start with the
        # smaller budget too: the game is in a stretch the solver cannot settle.
        return [Sampled(game, misses=self._streak) for game in sampled_games(view, self.samples, rng)]

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

    def _ask(self, game: Any, nodes: int = REVIEW_NODES) -> tuple[bool | None, tuple[Move, ...]]:
        """The solver's verdict on a sampled game within `nodes` positions, with its winning line
        when it finds one just now. Each position is asked once per budget (the solver is
        deterministic: the same position gets the same answer, and a verdict found stands for
        any budget); lines are kept only by the sampled games carried on."""
        key = game.to_text()
        if key in self._verdicts:
            verdict, asked = self._verdicts[key]
            if verdict is not None or asked >= nodes:
                return verdict, ()
        result = self._solve(game, None, nodes)
        self._verdicts[key] = (result.winnable, nodes)
        return result.winnable, tuple(result.moves)

    def _kept(self, games: list[Sampled], move: Move) -> tuple[float, float, list[Sampled]]:
        """The share of decided sampled games winnable before `move`, and after it; with the
        sampled games after the move, to carry on. A lost one stays as it was, lost (nothing lost
        is won back); an undecided one is asked afresh after the move; a winning line that starts
        with the move still wins without it, so the solver is not asked."""
        before = after = decided = 0
        carried = []
        for sampled in games:
            first, second = sampled.verdict, sampled
            if first is not False:
                trial = sampled.game.copy()
                trial.play(move)
                if first is None:
                    second = Sampled(trial, misses=sampled.misses + 1)
                elif sampled.line[:1] == (move,):
                    second = Sampled(trial, True, sampled.line[1:])
                else:
                    second = Sampled(trial, *self._ask(trial))
            carried.append(second)
            if first is None or second.verdict is None:
                continue
            decided += 1
            before += first
            after += second.verdict
        if not decided:
            return 0.0, 0.0, carried
        return before / decided, after / decided, carried

    def _best(self, position: Any, games: list[Sampled]) -> tuple[Move | None, float | None]:
        """The legal move that keeps the most chance on the same sampled orders."""
        best, best_after = None, -1.0
        for move in position.legal_moves():
            _, after, _ = self._kept(games, move)
            if after > best_after:
                best, best_after = move, after
        return best, best_after


def review(game: Any, samples: int = 40, seed: int = 0) -> Review:
    """Review every move of a solo `game` (it keeps its whole history)."""
    reviewer = Reviewer(game, samples, seed)
    while reviewer.step() is not None:
        pass
    return reviewer.result()
