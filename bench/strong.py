"""The strong player (perfect-information sampling, `StrongPlayer`) against the hint player and
the full-information ceiling, on the same deals: wins with 95% intervals, deals won by one and
not the other, and the time per move.

Run: .venv/bin/python bench/strong.py [--deals 200] [--jobs 2] [--samples 16]
"""

from __future__ import annotations

import argparse
import time

from ausp_widget import Game, solve
from ausp_widget.analysis.arena import compare, evaluate
from ausp_widget.analysis.players import StrongPlayer, hint_player
from ausp_widget.core.stats import wilson_interval


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--samples", type=int, default=16)
    args = parser.parse_args()
    deals = range(1, args.deals + 1)
    start = time.perf_counter()
    strong = evaluate(StrongPlayer(samples=args.samples), deals, jobs=args.jobs, name="strong")
    took = time.perf_counter() - start
    hints = evaluate(hint_player, deals, name="hint player")
    ceiling = sum(solve(Game.deal(d), time_limit=10).winnable is True for d in deals)
    low, high = wilson_interval(ceiling, len(deals))
    moves = sum(d.moves for d in strong.deals)
    only_strong = sum(s.won and not h.won for s, h in zip(strong.deals, hints.deals, strict=True))
    only_hint = sum(h.won and not s.won for s, h in zip(strong.deals, hints.deals, strict=True))
    print(compare([strong, hints]))
    print(
        f"strong: ceiling (solver, full information) {ceiling} of {len(deals)} "
        f"({100 * ceiling / len(deals):.1f}%, {100 * low:.1f}–{100 * high:.1f}%); won only by strong "
        f"{only_strong}, only by the hint player {only_hint}"
    )
    print(
        f"strong: {args.samples} samples a move; {took:.0f} s for {len(deals)} deals on {args.jobs} jobs, "
        f"{1000 * took * args.jobs / max(moves, 1):.0f} ms a move"
    )


if __name__ == "__main__":
    main()
