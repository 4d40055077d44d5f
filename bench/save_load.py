"""How long loading a save takes: `Game.from_json` replays every move of the save through the
game's rules. Each game's deals (9000 on by default: no code was tuned on them) are played by
seeded random legal moves to their end, or for at most 400 moves (random play in Yukon may
move groups to and fro for ever), and saved; then the whole set of saves is loaded, once
per run. Prints the CPU seconds per save of each run and their mean with a 95% interval
(Student's t over the runs).

    .venv/bin/python bench/save_load.py [--games indian,yukon,australian] [--deals 20] [--runs 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from ausp_widget import Game
from ausp_widget.core.stats import mean_interval

FIRST_DEAL = 9000
MOST_MOVES = 400


def played_out(game: str, seed: int) -> Game:
    """Deal `seed` of `game` played by random legal moves (seeded by the deal) to its end, or
    for `MOST_MOVES` moves."""
    rng = random.Random(seed)
    position = Game.deal(seed, game=game)
    while position.status == "playing" and len(position.history) < MOST_MOVES:
        position.play(rng.choice(position.legal_moves()))
    return position


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", default="indian,yukon,australian", help="games, comma-separated")
    parser.add_argument("--deals", type=int, default=20, help="saves per game")
    parser.add_argument("--runs", type=int, default=5, help="loads of the whole set (2 to 10)")
    args = parser.parse_args()
    runs = min(max(args.runs, 2), 10)
    for game in args.games.split(","):
        saves = [played_out(game, seed).to_json() for seed in range(FIRST_DEAL, FIRST_DEAL + args.deals)]
        moves = statistics.mean(len(Game.from_json(save).history) for save in saves)
        times = []
        for _ in range(runs):
            start = time.process_time()
            for save in saves:
                Game.from_json(save)
            times.append((time.process_time() - start) / len(saves))
        mean, half = mean_interval(times)
        each = " ".join(f"{t * 1000:.1f}" for t in times)
        print(
            f"{game}: {len(saves)} saves of deals {FIRST_DEAL}–{FIRST_DEAL + len(saves) - 1} "
            f"({moves:.0f} moves on average), {mean * 1000:.1f} ms CPU a save ± {half * 1000:.1f} "
            f"(95%, {runs} runs: {each})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
