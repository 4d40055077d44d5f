"""Random playouts on seeded deals: legal-move generation plus play, per second.

Run: .venv/bin/python bench/engine.py [--deals 1000]
"""

from __future__ import annotations

import argparse
import random
import time

from ausp_widget import Game


def playout(seed: int, rng: random.Random) -> int:
    """Play random legal moves until the game ends; returns the number of moves played."""
    game = Game.deal(seed)
    moves = 0
    while True:
        legal = game.legal_moves()
        if not legal:
            return moves
        game.play(rng.choice(legal))
        moves += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=1000)
    args = parser.parse_args()
    rng = random.Random(0)
    start = time.perf_counter()
    total = sum(playout(seed, rng) for seed in range(1, args.deals + 1))
    elapsed = time.perf_counter() - start
    print(f"engine: {args.deals} random playouts, {total} moves in {elapsed:.2f} s")
    print(
        f"engine: {total / elapsed:,.0f} moves/s (legal_moves + play), {args.deals / elapsed:,.0f} playouts/s"
    )


if __name__ == "__main__":
    main()
