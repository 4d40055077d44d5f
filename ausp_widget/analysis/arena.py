"""Measure a player: play it on many deals, count its wins, and keep going when it fails.

A player is anything that picks a move from what a player may see: a function `player(view)`
or an object with `choose(view)`, returning a `Move`, its text, or None to stop (the same
interface as the bot). `evaluate` plays it alone on each deal; a player that raises, returns an
illegal move, takes too long over one move, or never finishes loses that deal, and the reason
is kept in `failures`. The limit on a move holds even when the player never returns: the
player runs in a forked child process, killed and replaced when a move overruns (see `guard`).
Deals run one after another (`jobs=1`), in local processes (`jobs=N`), or on any
`concurrent.futures.Executor` (`executor=`, for instance a Dask client's `get_executor()`). A
forked child needs no pickling; a player sent to an executor's processes (or to local ones where
no fork is safe) must be picklable (a function or class defined at module level, not a lambda).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, MutableSequence
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from ausp_widget.core import registry
from ausp_widget.core.errors import IllegalMoveError, NotationError, check_seconds, short_repr
from ausp_widget.core.protocol import cards_home
from ausp_widget.core.saves import check_seed
from ausp_widget.core.stats import wilson_interval

from .guard import can_fork, run_guarded
from .parallel import check_jobs, run_each

Player = Callable[[Any], Any] | Any  # player(view) -> move, or an object with .choose(view)


@dataclass(frozen=True)
class DealResult:
    """One deal: won or not, the cards the player put on the foundations, the moves it made,
    and why it lost the deal by failing (None when it simply played on to the end)."""

    deal: int
    won: bool
    home: int
    moves: int
    failure: str | None = None


@dataclass(frozen=True)
class Evaluation:
    """A player's results over deals: `games`, `wins`, `rate`, `interval` (95% Wilson),
    `home` (cards on the foundations, mean), `failures` ({deal: reason}) and `deals` (each
    deal's `DealResult`, in order)."""

    name: str
    deals: tuple[DealResult, ...] = field(repr=False)

    @property
    def games(self) -> int:
        return len(self.deals)

    @property
    def wins(self) -> int:
        return sum(d.won for d in self.deals)

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)

    @property
    def home(self) -> float:
        return sum(d.home for d in self.deals) / self.games if self.games else 0.0

    @property
    def failures(self) -> dict[int, str]:
        return {d.deal: d.failure for d in self.deals if d.failure is not None}

    def __str__(self) -> str:
        low, high = self.interval
        failed = f", {len(self.failures)} failed" if self.failures else ""
        return (
            f"{self.name}: won {self.wins} of {self.games} ({100 * self.rate:.1f}%, 95% interval "
            f"{100 * low:.1f}–{100 * high:.1f}%), {self.home:.1f} cards home on average{failed}"
        )


def _choose(player: Player) -> Callable[[Any], Any]:
    choose = getattr(player, "choose", None)
    if callable(choose):
        return choose
    if callable(player):
        return player
    raise TypeError(f"a player is a function of a view or has a choose(view) method, not {player!r}")


def play_deal(
    player: Player,
    deal: int,
    game: str = "australian",
    move_seconds: float = 5.0,
    options: Any = None,
    watch: MutableSequence[float] | None = None,
) -> DealResult:
    """Play `player` alone on one deal to its end; any failure of the player ends the deal as
    a loss, with the reason. Here, in this thread, a move is timed only once it returns; with
    `watch` each move's start (time.monotonic()) and number are written there for a watchdog
    (`guard.run_guarded`) that stops a move that never returns."""
    watch = watch if watch is not None else [0.0, 0.0]
    choose = _choose(player)
    reset = getattr(player, "reset", None)
    if callable(reset):
        reset()
    dealer = registry.entry(game).deal
    position = dealer(deal) if options is None else dealer(deal, options=options)
    limit = 20 * position.card_count  # every move but a King's between empty columns is one-way
    moves, failure = 0, None
    while position.status == "playing":
        if moves >= limit:
            failure = f"no end after {limit} moves (moving a King between empty columns for ever?)"
            break
        view = position.view(0)
        watch[1] = moves + 1
        watch[0] = start = time.monotonic()
        try:
            move = choose(view)
        except Exception as error:  # the student's code: any error loses the deal, named
            failure = f"move {moves + 1}: the player raised {type(error).__name__}: {error}"
            break
        finally:
            watch[0] = 0.0
        took = time.monotonic() - start
        if took > move_seconds:
            failure = f"move {moves + 1}: took {took:.2f} s, over the {move_seconds:g} s a move may take"
            break
        if move is None:
            break
        try:
            position.play(move)
        except (IllegalMoveError, NotationError) as error:
            failure = f"move {moves + 1}: {move!s} was refused: {error}"
            break
        moves += 1
    won = position.status == "won"
    home = cards_home(position.piles())
    return DealResult(deal, won, home, moves, failure)


def _play_deals(
    deals: list[int], player: Player, game: str, move_seconds: float, options: Any
) -> list[DealResult]:
    """Deals played apart from the caller, each move stopped when it overruns `move_seconds`."""

    def play(deal: int, watch: MutableSequence[float]) -> DealResult:
        return play_deal(player, deal, game, move_seconds, options, watch)

    def lost(deal: int, reason: str) -> DealResult:
        return DealResult(deal, False, 0, 0, reason)

    return run_guarded(play, deals, move_seconds, lost)


def evaluate(
    player: Player,
    deals: Iterable[int] = range(1, 501),
    jobs: int = 1,
    executor: Executor | None = None,
    *,
    game: str = "australian",
    move_seconds: float = 5.0,
    name: str | None = None,
    options: Any = None,
) -> Evaluation:
    """Play `player` on each deal number in `deals` and count: see `Evaluation`. `options`
    are the game's rule options (Indian Patience), None for its defaults. A move that takes
    over `move_seconds` (returning or not) loses its deal, and the run goes on."""
    deals = _deal_numbers(deals)
    registry.entry(game)  # an unknown game is named now, before any deal is played
    _choose(player)
    check_jobs(jobs)
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise TypeError(
            "executor is a concurrent.futures.Executor (anything with submit()), "
            f"not {type(executor).__name__}"
        )
    check_seconds("move_seconds", move_seconds, none=False)
    if name is not None and not isinstance(name, str):
        raise TypeError(f"name is text (or None for the player's own name), not {type(name).__name__}")
    name = name or getattr(player, "__name__", None) or type(player).__name__
    if executor is None and jobs == 1:
        results = _play_deals(deals, player, game, move_seconds, options)
    elif executor is None and can_fork():
        # Local jobs: one forked child per job, each inheriting the player (so it need not be
        # picklable), with a thread here to wait on each; every `jobs`-th deal goes to each.
        jobs = min(jobs, len(deals)) or 1  # never more children than deals
        stripes = [deals[k::jobs] for k in range(jobs)]
        with ThreadPoolExecutor(jobs) as threads:
            done = run_each(_play_deals, stripes, player, game, move_seconds, options, executor=threads)
        results = [done[k % jobs][k // jobs] for k in range(len(deals))]
    else:  # deals in batches, one child process for each batch: not a fork per deal
        size = max(1, min(50, math.ceil(len(deals) / (4 * min(jobs, len(deals) or 1)))))
        batches = [deals[k : k + size] for k in range(0, len(deals), size)]
        done = run_each(
            _play_deals, batches, player, game, move_seconds, options, jobs=jobs, executor=executor
        )
        results = [result for batch in done for result in batch]
    return Evaluation(name, tuple(results))


def _deal_numbers(deals: object) -> list[int]:
    if isinstance(deals, (str, bytes)) or not isinstance(deals, Iterable):
        raise TypeError(
            f"deals is an iterable of deal numbers, such as range(1, 501), not {short_repr(deals)}"
        )
    return [_deal_number(d) for d in deals]


def _deal_number(deal: object) -> int:
    """A deal number as `Game.deal` takes it, checked here so a bad one stops the run before any
    deal is played."""
    try:
        return check_seed(deal)
    except ValueError as error:  # a WrongTypeError stays one
        raise type(error)(f"deals are whole numbers from 0 to 2**64 - 1, not {short_repr(deal)}") from None


def compare(evaluations: Iterable[Evaluation]) -> str:
    """Players side by side on the same deals, as a text table (best first)."""
    rows = list(evaluations) if isinstance(evaluations, Iterable) else None
    if rows is None or not all(isinstance(e, Evaluation) for e in rows):
        raise TypeError(f"compare takes evaluations (what evaluate returns), not {short_repr(evaluations)}")
    rows.sort(key=lambda e: -e.rate)
    width = max([len(e.name) for e in rows] + [6])
    lines = [f"{'player':<{width}}  won        rate    95% interval   cards home  failed"]
    for e in rows:
        low, high = e.interval
        lines.append(
            f"{e.name:<{width}}  {e.wins:>4}/{e.games:<5} {100 * e.rate:5.1f}%  "
            f"{100 * low:5.1f}–{100 * high:5.1f}%   {e.home:9.1f}  {len(e.failures):>6}"
        )
    return "\n".join(lines)
