"""How long loading a shipped puzzle set takes: `puzzles.load(game)` in a fresh process each run
(the shipped sets are checked once per session, so a second load in the same process is free),
every entry replayed move by move as `load` always does. Prints the CPU seconds of each run and
their mean with a 95% interval (Student's t over the runs).

    .venv/bin/python bench/puzzle_load.py [--games australian,indian,yukon] [--runs 5]

Runs one process at a time.
"""

from __future__ import annotations

import argparse
import subprocess
import sys

from ausp_widget.core.stats import mean_interval

CODE = (
    "import time\n"
    "from ausp_widget import puzzles\n"
    "t = time.process_time()\n"
    "items = puzzles.load(game={game!r})\n"
    "print(time.process_time() - t, len(items))\n"
)


def one_run(game: str) -> tuple[float, int]:
    """CPU seconds of one load of `game`'s shipped set in a fresh process, and its puzzle count."""
    out = subprocess.run(
        [sys.executable, "-c", CODE.format(game=game)], check=True, capture_output=True, text=True
    ).stdout.split()
    return float(out[0]), int(out[1])


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", default="australian,indian,yukon", help="games, comma-separated")
    parser.add_argument("--runs", type=int, default=5, help="fresh processes per game (2 to 10)")
    args = parser.parse_args()
    runs = min(max(args.runs, 2), 10)
    for game in args.games.split(","):
        times, count = [], 0
        for _ in range(runs):
            seconds, count = one_run(game)
            times.append(seconds)
        mean, half = mean_interval(times)
        each = " ".join(f"{t:.3f}" for t in times)
        print(f"{game}: {count} puzzles, load {mean:.3f} s CPU ± {half:.3f} (95%, {runs} runs: {each})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
