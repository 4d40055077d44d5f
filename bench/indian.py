"""Indian Patience: random playouts per second, and how often the hint-following player wins.

Run: .venv/bin/python bench/indian.py [--deals 500] [--playouts 200] [--solver-seconds 0] [--solver-only]

Random playouts choose uniformly among the legal moves and stop after `--cap` moves (a random
player can move a card back and forth for ever once the stock is empty). The greedy player
follows `ausp_widget.indian_hints` (visible information only) on deals 1..N. With
`--solver-seconds S`, the bounded solver is also asked about each deal for S seconds.
Win rates are given with a 95% Wilson score interval.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections import Counter

from ausp_widget import Game
from ausp_widget.indian_hints import play_out


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval for a proportion wins/n."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


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


def greedy(count: int) -> None:
    scores = []
    ends: Counter = Counter()
    start = time.perf_counter()
    for seed in range(1, count + 1):
        game = play_out(Game.deal(seed, game="indian"))
        ends[game.status] += 1
        scores.append(game.score)
    elapsed = time.perf_counter() - start
    wins = ends["won"]
    low, high = wilson(wins, count)
    print(f"hint player: {count} deals (seeds 1..{count}) in {elapsed:.1f} s; ends {dict(ends)}")
    print(
        f"hint player: won {wins}/{count} = {wins / count:.1%}, 95% Wilson interval {low:.1%} to {high:.1%}; "
        f"mean score {sum(scores) / count:.1f} of 104 cards home"
    )


def solver(count: int, seconds: float) -> None:
    from ausp_widget.indian_solver import solve_indian

    verdicts: Counter = Counter()
    start = time.perf_counter()
    for seed in range(1, count + 1):
        verdicts[solve_indian(Game.deal(seed, game="indian"), time_limit=seconds).verdict] += 1
    elapsed = time.perf_counter() - start
    wins = verdicts["winnable"]
    low, high = wilson(wins, count)
    print(f"solver: {count} deals, {seconds} s each, {elapsed:.1f} s; {dict(verdicts)}")
    print(
        f"solver: proved winnable {wins}/{count}, 95% Wilson interval {low:.1%} to {high:.1%} (a lower bound)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=500, help="deals for the hint player")
    parser.add_argument("--playouts", type=int, default=200, help="random playouts")
    parser.add_argument("--cap", type=int, default=400, help="moves per random playout at most")
    parser.add_argument("--solver-seconds", type=float, default=0.0, help="solver time per deal (0: skip)")
    parser.add_argument("--solver-only", action="store_true", help="skip the playouts and the hint player")
    args = parser.parse_args()
    if not args.solver_only:
        random_playouts(args.playouts, args.cap)
        greedy(args.deals)
    if args.solver_seconds > 0:
        solver(args.deals, args.solver_seconds)


if __name__ == "__main__":
    main()
