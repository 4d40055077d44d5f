"""Bot-vs-bot games per second in both two-player modes, and the time of one bot decision.

Run: .venv/bin/python bench/bot.py [--deals 200]
The target is a median decision under 2 ms, so the front end can pace the bot freely.
"""

from __future__ import annotations

import argparse
import statistics
import time

from ausp_widget import Game
from ausp_widget.games.australian.bot import Bot, play_out


class TimedBot(Bot):
    """The bot, timing each decision (view to move)."""

    def __init__(self, times: list[float]) -> None:
        super().__init__()
        self.times = times

    def choose(self, view):
        start = time.perf_counter()
        move = super().choose(view)
        self.times.append(time.perf_counter() - start)
        return move


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=200)
    args = parser.parse_args()
    times: list[float] = []
    for mode in ("turns", "simultaneous"):
        start = time.perf_counter()
        actions = refused = 0
        for seed in range(args.deals):
            outcome = play_out(Game.deal(seed, mode=mode, first="random"), seed=seed)
            actions += outcome.actions
            refused += len(outcome.refused)
        elapsed = time.perf_counter() - start
        print(
            f"bot {mode}: {args.deals} bot-vs-bot games in {elapsed:.2f} s, "
            f"{args.deals / elapsed:,.1f} games/s ({actions / args.deals:.0f} actions a game, "
            f"{refused} moves refused in races)"
        )
        for seed in range(args.deals):
            play_out(
                Game.deal(seed, mode=mode, first="random"), [TimedBot(times), TimedBot(times)], seed=seed
            )
    times.sort()
    median, mean = statistics.median(times), statistics.fmean(times)
    print(
        f"bot decision: median {median * 1e3:.3f} ms, mean {mean * 1e3:.3f} ms, "
        f"99th percentile {times[int(len(times) * 0.99)] * 1e3:.3f} ms, max {times[-1] * 1e3:.3f} ms "
        f"over {len(times)} decisions (target: median under 2 ms)"
    )


if __name__ == "__main__":
    main()
