"""The solver on seeded deals, and a player who always follows the hint, as a baseline.

Prints the fraction of deals decided within the time limit, the win rate with its 95%
Wilson interval, median / p95 / max time, positions searched per second and the peak
memory of a solving process; then how far the hint-following player gets on the same deals.
Targets: at least 99% of deals decided within 10 s, median decision under 0.5 s.

Run: .venv/bin/python bench/solver.py [--deals 1000] [--time-limit 10] [--jobs 1] [--hint-deals N]
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import time

from ausp_widget import Game
from ausp_widget.__main__ import progress_bar, solve_seeds, summarize
from ausp_widget.core.stats import percentile, wilson_interval
from ausp_widget.games.australian.hints import hint


def follow_hints(seed: int, max_moves: int = 500) -> tuple[int, bool]:
    """Play the hint until the game ends; returns (cards on the foundations, won)."""
    game = Game.deal(seed)
    for _ in range(max_moves):
        advice = hint(game)
        if advice.move is None:
            break
        game.play(advice.move)
    return sum(map(len, game.foundations)), game.status == "won"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=int, default=1000, help="seeds 1..N (default 1000)")
    parser.add_argument("--start", type=int, default=1, help="first seed (default 1)")
    parser.add_argument("--time-limit", type=float, default=10.0, help="seconds per deal (default 10)")
    parser.add_argument("--jobs", type=int, default=1, help="processes (0: every core; default 1)")
    parser.add_argument(
        "--hint-deals", type=int, default=None, help="deals for the hint baseline (default: --deals)"
    )
    args = parser.parse_args()
    seeds = range(args.start, args.start + args.deals)

    jobs = args.jobs or "all"
    print(f"solver: deals {seeds.start}..{seeds.stop - 1}, {args.time_limit} s each, {jobs} job(s)")
    started = time.perf_counter()
    outcomes = solve_seeds(seeds, args.time_limit, args.jobs, progress_bar())
    wall = time.perf_counter() - started
    for line in summarize(outcomes):
        print("  " + line)
    decided = [o.elapsed for o in outcomes if o.winnable is not None]
    print(f"  target: >= 99% decided -> {'met' if len(decided) >= 0.99 * len(outcomes) else 'NOT met'}")
    median = percentile([o.elapsed for o in outcomes], 50)
    print(f"  target: median < 0.5 s -> {'met' if median < 0.5 else 'NOT met'} ({1000 * median:.1f} ms)")
    peak = resource.getrusage(resource.RUSAGE_SELF if args.jobs == 1 else resource.RUSAGE_CHILDREN).ru_maxrss
    print(f"  peak resident memory of a solving process: {peak / 1024:.0f} MiB; wall time {wall:.0f} s")
    slowest = sorted(outcomes, key=lambda o: -o.elapsed)[:5]
    print("  slowest deals: " + ", ".join(f"{o.seed} ({o.elapsed:.1f} s, {o.winnable})" for o in slowest))

    hint_seeds = seeds[: args.hint_deals] if args.hint_deals is not None else seeds
    print(f"hint-following player: deals {hint_seeds.start}..{hint_seeds.stop - 1}")
    started = time.perf_counter()
    placed, won = [], 0
    for seed in hint_seeds:
        cards, win = follow_hints(seed)
        placed.append(cards)
        won += win
    low, high = wilson_interval(won, len(hint_seeds))
    print(
        f"  cards placed: mean {statistics.fmean(placed):.1f}, median {statistics.median(placed):.0f} of 52; "
        f"win rate {100 * won / len(hint_seeds):.1f}% (95% interval {100 * low:.1f}% to {100 * high:.1f}%); "
        f"{(time.perf_counter() - started) / len(hint_seeds) * 1000:.0f} ms per game"
    )
    solver_wins = {o.seed for o in outcomes if o.winnable}
    print(f"  solver (full information) on the same deals: {len(solver_wins & set(hint_seeds))} winnable")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
