"""Players measured with `evaluate` on the same deals: the hint player, the bot's rules played
alone, and a random player; wins with 95% intervals, cards home, and the time per deal.

Run: .venv/bin/python bench/arena.py [--deals 1000] [--jobs 2]
"""

from __future__ import annotations

import argparse
import time

from ausp_widget.analysis.arena import compare, evaluate
from ausp_widget.analysis.players import RandomPlayer, bot_player, hint_player


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    deals = range(1, args.deals + 1)
    results = []
    players = (("hint player", hint_player), ("bot rules", bot_player()), ("random", RandomPlayer()))
    for name, player in players:
        start = time.perf_counter()
        results.append(evaluate(player, deals, jobs=args.jobs, name=name))
        took = time.perf_counter() - start
        each = 1000 * took / len(deals)
        print(f"arena: {results[-1]} — {took:.1f} s, {each:.2f} ms a deal ({args.jobs} jobs)")
    print(compare(results))


if __name__ == "__main__":
    main()
