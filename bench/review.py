"""The Review button on games of about 100 moves: how soon the first verdicts show, and how long
the whole review takes, as a student sees it.

Games: the hint player's and a random player's (any legal move, seeded by the deal) on deals
from `--first` on, keeping those of 95–105 moves until `--games` are found. The review was
profiled and tuned on such games among deals 1–120; trial runs from deals 1001, 2001 and 3001
were looked into (deals 1300 and 3441: many sampled games the solver cannot decide within its
budget), and deals 5001 on once a first set of figures had been taken there. The figures in the
README are measured from deals 7001 and 9001 on, looked at nowhere else.

Each game is reviewed by the table's own panel (`ReviewPanel`, with the estimator's defaults:
the same sampled orders and budget `win_chance` uses, so each figure is that position's win
chance), its clock stepped by hand with nothing waiting in between, so the figures are the
kernel's time alone. The solver's remembered verdicts are forgotten before each game (a review
of a game already judged costs nothing). On a shared machine the wall-clock figures grow with
the load: the processor time of the whole review is printed beside them.

The panel works in slices of about a tenth of a second. The first verdict: the end of the
slice that shows move 1 judged (its chance before and after, and its mark if it has one). The
first mark: the slice that opens the first marked move on the panel's board (games with a mark
only). The whole review:
from the click to the chart drawn.

Target: the first verdict within 2 s, the whole review within 5 s.

Run: .venv/bin/python bench/review.py [--first 5001] [--games 100] [--samples 100] [--nodes 5000]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable, Iterator
from typing import Any

from ausp_widget import Game
from ausp_widget.analysis.chance import DEFAULT_NODES, DEFAULT_SAMPLES
from ausp_widget.analysis.chance_verdicts import VERDICTS
from ausp_widget.analysis.players import RandomPlayer, hint_player
from ausp_widget.core.stats import percentile
from ausp_widget.widgets.review_panel import PAUSE
from ausp_widget.widgets.table import GameTable, ManualClock

FIRST, WHOLE = 2.0, 5.0  # seconds: the targets


def played(seed: int, choose: Callable[[Any], Any]) -> Game:
    """Deal `seed` played by `choose(view)` until the game ends or it has no move."""
    game = Game.deal(seed)
    while game.status == "playing" and (move := choose(game.view(0))) is not None:
        game.play(move)
    return game


def games(first: int, count: int, low: int, high: int) -> Iterator[tuple[str, int, Game]]:
    """The hint player's and the random player's games of `low`–`high` moves, deal by deal."""
    found, seed = 0, first
    while found < count:
        for name, choose in (("hint", hint_player), ("random", RandomPlayer(seed).choose)):
            game = played(seed, choose)
            if low <= len(game.history) <= high and found < count:
                found += 1
                yield name, seed, game
        seed += 1


def timed_review(
    game: Game, samples: int, nodes: int
) -> tuple[float, float | None, float, float, float, int]:
    """Seconds to the first verdict shown, to the first mark shown (None without one) and to the
    whole review shown; the processor seconds of the whole review; the longest slice but the last
    (which draws the chart); and how many moves were marked."""
    VERDICTS.clear()
    clock = ManualClock()
    table = GameTable(seed=1, clock=clock)
    table.game = game
    panel = table.review_panel
    panel.samples, panel.node_limit = samples, nodes
    start, cpu = time.perf_counter(), time.process_time()
    table.buttons["Review"].click()
    first = marked = None
    ticks = []  # each slice's seconds: how long a click may wait for the kernel
    while panel.running:
        tick = time.perf_counter()
        clock.advance(PAUSE)
        ticks.append(time.perf_counter() - tick)
        if first is None and panel.progress.value >= 1:
            first = time.perf_counter() - start
        if marked is None and panel.marked:
            marked = time.perf_counter() - start
    whole, cpu = time.perf_counter() - start, time.process_time() - cpu
    longest = max(ticks[:-1], default=0.0)  # the last slice also draws the chart
    assert panel.review is not None and first is not None, "the review ran to its end"
    table.close()
    return first, marked, whole, cpu, longest, len(panel.review.marked)


def spread(values: list[float]) -> str:
    return (
        f"median {statistics.median(values):.2f} s, p90 {percentile(values, 90):.2f} s, "
        f"worst {max(values):.2f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--first", type=int, default=5001, help="the first deal (default 5001)")
    parser.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    parser.add_argument("--low", type=int, default=95, help="fewest moves a game may have")
    parser.add_argument("--high", type=int, default=105, help="most moves a game may have")
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES, help="sampled orders a position")
    parser.add_argument("--nodes", type=int, default=DEFAULT_NODES, help="the solver's budget a sample")
    args = parser.parse_args()
    load = os.getloadavg()[0]  # the machine may be shared: the figures say how busy it was
    firsts, marks, wholes, cpus, slices, moves, seeds = [], [], [], [], [], [], []
    for name, seed, game in games(args.first, args.games, args.low, args.high):
        first, marked, whole, cpu, longest, count = timed_review(game, args.samples, args.nodes)
        slices.append(longest)
        firsts.append(first)
        wholes.append(whole)
        cpus.append(cpu)
        if marked is not None:
            marks.append(marked)
        moves.append(len(game.history))
        seeds.append(seed)
        print(
            f"  deal {seed} ({name}, {len(game.history)} moves): first verdict {first:.2f} s, "
            + (f"first mark {marked:.2f} s, " if marked is not None else "no mark, ")
            + f"whole {whole:.2f} s ({cpu:.2f} s of processor), longest slice {longest:.2f} s, "
            + f"{count} marked",
            flush=True,
        )
    print(
        f"review: {len(wholes)} games of {min(moves)}–{max(moves)} moves ({statistics.fmean(moves):.0f} on "
        f"average; the hint and random players' on deals {min(seeds)}–{max(seeds)})"
    )
    print(f"review: {args.samples} sampled orders a position, a budget of {args.nodes:,} positions a sample")
    print(f"review: load average {load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end (2 cores)")
    print(f"review: first verdict shown {spread(firsts)} (target {FIRST:.0f} s)")
    if marks:
        print(f"review: first marked move shown ({len(marks)} games with one) {spread(marks)}")
    print(
        f"review: whole review {spread(wholes)} (target {WHOLE:.0f} s); over {WHOLE:.0f} s: "
        f"{sum(w > WHOLE for w in wholes)} of {len(wholes)}"
    )
    print(
        f"review: whole review in processor time {spread(cpus)}; over {WHOLE:.0f} s: "
        f"{sum(c > WHOLE for c in cpus)} of {len(cpus)}"
    )
    print(f"review: the longest slice of each game (a click waits at most this long) {spread(slices)}")


if __name__ == "__main__":
    main()
