"""The win chance: time per position at the defaults (100 samples, a budget of 5,000 positions a
sample: the estimator the review shares), and calibration — over deals 1–N, the mean opening
chance against the share of those deals the solver proves winnable (the chance averages over
stock orders, the deals average over deals: the two should agree within their intervals).

Also the time a review of a whole game takes. The solver's remembered verdicts are forgotten
before each review and each estimate, so every figure is worked out afresh; times are printed
in processor seconds too, since the machine may be shared.

Run: .venv/bin/python bench/chance.py [--deals 500] [--reviews 20]
"""

from __future__ import annotations

import argparse
import statistics
import time

from ausp_widget import Game, review, solve, win_chance
from ausp_widget.analysis.chance import DEFAULT_NODES, DEFAULT_SAMPLES
from ausp_widget.analysis.chance_verdicts import VERDICTS
from ausp_widget.core.stats import wilson_interval
from ausp_widget.games.australian.hints import hint


def review_times(deals: int) -> None:
    """How long a review of a whole game takes: the hint player's games on deals 1–N."""
    times, marked, moves = [], 0, 0
    for seed in range(1, deals + 1):
        game = Game.deal(seed)
        while game.status == "playing" and (move := hint(game).move) is not None:
            game.play(move)
        VERDICTS.clear()
        start = time.process_time()
        result = review(game)
        times.append(time.process_time() - start)
        marked += len(result.marked)
        moves += len(result.moves)
    each = f"median {statistics.median(times):.1f} s, worst {max(times):.1f} s of processor a game"
    print(
        f"review: {deals} games of the hint player ({moves / deals:.0f} moves on average, "
        f"{DEFAULT_SAMPLES} samples a move, {DEFAULT_NODES:,} positions a sample) take {each}; "
        f"{marked} moves marked"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES)
    parser.add_argument("--reviews", type=int, default=20)
    args = parser.parse_args()
    if args.reviews:
        review_times(args.reviews)
    if not args.deals:
        return
    times, chances, winnable, undecided = [], [], 0, 0
    for seed in range(1, args.deals + 1):
        VERDICTS.clear()
        start = time.process_time()
        estimate = win_chance(Game.deal(seed), samples=args.samples, seed=seed)
        times.append(time.process_time() - start)
        chances.append(estimate.p)
        undecided += estimate.undecided
        winnable += solve(Game.deal(seed), time_limit=10).winnable is True
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))]
    print(
        f"chance: {args.samples} samples a position, in processor time: "
        f"median {statistics.median(times):.2f} s, "
        f"p95 {p95:.2f} s, worst {times[-1]:.2f} s; {undecided} undecided samples in all"
    )
    mean = statistics.fmean(chances)
    spread = statistics.stdev(chances) / len(chances) ** 0.5
    low, high = wilson_interval(winnable, args.deals)
    print(
        f"chance: calibration over deals 1–{args.deals}: mean opening chance {100 * mean:.1f}% "
        f"(± {196 * spread:.1f} points, 95%); solver proves {winnable} of {args.deals} winnable "
        f"({100 * winnable / args.deals:.1f}%, 95% interval {100 * low:.1f}–{100 * high:.1f}%)"
    )


if __name__ == "__main__":
    main()
