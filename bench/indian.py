"""Indian Patience: random playouts per second, and how often the hint-following player wins.

Run: .venv/bin/python bench/indian.py [--deals 500] [--playouts 200] [--jobs 2] [--slice-deals 20]
     [--slice-seconds 10] [--slices-only]

Random playouts choose uniformly among the legal moves and stop after `--cap` moves (a random
player can move a card back and forth for ever once the stock is empty). The greedy player
follows `ausp_widget.games.indian.hints` (visible information only) on deals 1..N, in `--jobs`
processes; the time of one `hint()` call (the widget's click) is measured alone, on the
positions of the first deals' games. The Winnable? button's solver runs in slices of the
widget's length on the first deals of both games (at most `--slice-seconds` each), and the
time each slice really takes is measured: the longest is how long the kernel is held.
Win rates are given with a 95% Wilson score interval.

Measured (2 cores shared with other work, so the times are pessimistic):

    random playouts: 1,662 moves/s (legal_moves + play), 200 deals capped at 400 moves
    hint player: won 51/500 = 10.2%, 95% Wilson interval 7.8% to 13.2%; mean score 44.8
        of 104 cards home; 11 games left open (the player is free to stop), none with a move to
        advise (before the hint led along a shortest line to progress in an open game: 49/500,
        9.8%; the greedy player before the look ahead: 17/500 = 3.4%, 2.1% to 5.4%)
    hint time: 231 hints on deals 1..3: median 4.2 ms, p95 52.9 ms, max 98.9 ms
    Winnable? slices, australian, deals 1..20 (up to 10 s each): 20 slices of 50 ms asked:
        median 0.1 ms, p95 5.3 ms, max 5.4 ms (each deal decided in its first slice)
    Winnable? slices, indian, deals 1..20 (up to 10 s each): 2262 slices of 50 ms asked:
        median 50.8 ms, p95 55.5 ms, max 161.8 ms; 9 winnable, 11 undecided

The solver's survey of deals, with bounds per reading of the rules, is `bench/indian_claim.py`.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from multiprocessing import Pool

from ausp_widget import Game
from ausp_widget.core.stats import percentile
from ausp_widget.core.stats import wilson_interval as wilson
from ausp_widget.games.indian.hints import hint, play_out


def random_playouts(count: int, cap: int) -> None:
    rng = random.Random(0)
    moves = 0
    ends: Counter = Counter()
    start = time.perf_counter()
    for seed in range(1, count + 1):
        game = Game.deal(seed, game="indian")
        for _ in range(cap):
            legal = game.legal_moves()
            if not legal:
                break
            game.play(rng.choice(legal))
            moves += 1
        ends[game.status] += 1
    elapsed = time.perf_counter() - start
    print(f"random playouts: {count} deals, {moves} moves in {elapsed:.2f} s, cap {cap} moves per deal")
    print(f"random playouts: {moves / elapsed:,.0f} moves/s (legal_moves + play); ends {dict(ends)}")


def _play(seed: int) -> tuple[str, int]:
    game = play_out(Game.deal(seed, game="indian"))
    return game.status, game.score


def greedy(count: int, jobs: int) -> None:
    start = time.perf_counter()
    with Pool(jobs) as pool:
        results = pool.map(_play, range(1, count + 1), chunksize=4)
    elapsed = time.perf_counter() - start
    ends = Counter(status for status, _ in results)
    scores = [score for _, score in results]
    wins = ends["won"]
    low, high = wilson(wins, count)
    print(
        f"hint player: {count} deals (seeds 1..{count}) in {elapsed:.1f} s, {jobs} processes; "
        f"ends {dict(ends)}"
    )
    print(
        f"hint player: won {wins}/{count} = {wins / count:.1%}, 95% Wilson interval {low:.1%} to {high:.1%}; "
        f"mean score {sum(scores) / count:.1f} of 104 cards home"
    )


def hint_times(deals: int, every: int = 3) -> None:
    """Time `hint()` alone on every `every`-th position of the hint player's games on deals 1..deals."""
    times = []
    for seed in range(1, deals + 1):
        game = Game.deal(seed, game="indian")
        for step in range(2000):
            if step % every == 0:
                start = time.perf_counter()
                advice = hint(game)
                times.append(time.perf_counter() - start)
            else:
                advice = hint(game)
            if advice.move is None:
                break
            game.play(advice.move)
    ms = [t * 1000 for t in times]
    print(
        f"hint time: {len(ms)} hints on deals 1..{deals}: median {percentile(ms, 50):.1f} ms, "
        f"p95 {percentile(ms, 95):.1f} ms, max {max(ms):.1f} ms"
    )


def winnable_slices(count: int, seconds: float) -> None:
    """The Winnable? button's slices in both games: how long one slice of the table's solver
    holds the kernel (the widget asks for SOLVER_SLICE seconds at a time)."""
    from ausp_widget.core import registry
    from ausp_widget.widgets.solver_question import SOLVER_SLICE

    for name in ("australian", "indian"):
        times, verdicts = [], Counter()
        for seed in range(1, count + 1):
            game = Game.deal(seed, game=name)
            search = registry.entry_for(game).solver(game)
            while not search.done and search.elapsed < seconds:
                start = time.perf_counter()
                search.run(seconds=SOLVER_SLICE)
                times.append(1000 * (time.perf_counter() - start))
            verdicts[search.result.verdict] += 1
        print(
            f"Winnable? slices, {name}, deals 1..{count} (up to {seconds:g} s each): {len(times)} slices of "
            f"{1000 * SOLVER_SLICE:.0f} ms asked: median {percentile(times, 50):.1f} ms, p95 "
            f"{percentile(times, 95):.1f} ms, max {max(times):.1f} ms; {dict(verdicts)}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=500, help="deals for the hint player")
    parser.add_argument("--playouts", type=int, default=200, help="random playouts")
    parser.add_argument("--cap", type=int, default=400, help="moves per random playout at most")
    parser.add_argument("--jobs", type=int, default=2, help="processes for the hint player's deals")
    parser.add_argument("--hint-deals", type=int, default=3, help="deals whose hints are timed")
    parser.add_argument("--slice-deals", type=int, default=20, help="deals whose Winnable? slices are timed")
    parser.add_argument("--slice-seconds", type=float, default=10.0, help="Winnable? time per deal at most")
    parser.add_argument("--slices-only", action="store_true", help="only the Winnable? slices")
    args = parser.parse_args()
    if not args.slices_only:
        random_playouts(args.playouts, args.cap)
        greedy(args.deals, args.jobs)
        hint_times(args.hint_deals)
    if args.slice_deals:
        winnable_slices(args.slice_deals, args.slice_seconds)


if __name__ == "__main__":
    main()
