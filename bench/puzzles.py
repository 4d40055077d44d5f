"""Puzzles by level: the hint player's solved rate on each level's shipped puzzles (95% Wilson
intervals; it should fall as the level rises), the Cochran–Armitage test for that trend, the
rate of each kind level by level, the "judge" puzzles' answers level by level and how well one
surface cue predicts them, and the time to make a few new ones.

    .venv/bin/python bench/puzzles.py [--make 7]

Solved: "win", the hint player wins from the position; "free"/"home", it reaches the goal
within the puzzle's number of moves; "judge", its own game's outcome matches the answer.
The difficulty behind the levels never asks the hint player (see `puzzles_make`), so this is
an outside check of the order, not a circular one.
"""

from __future__ import annotations

import argparse
import math
import time
from collections import Counter

from ausp_widget import puzzles
from ausp_widget.analysis import hint
from ausp_widget.analysis.puzzle_cues import chance_band, cue_scores, cue_values
from ausp_widget.core.stats import wilson_interval

PLIES = 300


def solved_by_hint(p: puzzles.Puzzle) -> bool:
    game = p.position
    budget = len(p.solution) if p.kind in ("free", "home") else PLIES
    seen = {game.piles()}
    for _ in range(budget):
        if p.kind in ("free", "home") and p.goal.reached(game):
            return True
        if game.status != "playing":
            break
        move = hint(game).move
        if move is None:
            break
        game.play(move)
        if game.piles() in seen:
            break
        seen.add(game.piles())
    if p.kind in ("free", "home"):
        return p.goal.reached(game)
    won = game.status == "won"
    return won if p.kind == "win" else won == p.goal


def trend(solved: list[int], counts: list[int]) -> tuple[float, float]:
    """The Cochran–Armitage test of a linear trend in the solved rate over levels 1, 2, …:
    z (below 0 when the rate falls as the level rises) and the one-sided chance of a fall at
    least this steep if the rate did not depend on the level."""
    total, rate = sum(counts), sum(solved) / sum(counts)
    levels = range(1, len(counts) + 1)
    score = sum(x * (r - n * rate) for x, r, n in zip(levels, solved, counts))
    spread = (
        sum(n * x * x for x, n in zip(levels, counts))
        - sum(n * x for x, n in zip(levels, counts)) ** 2 / total
    )
    variance = rate * (1 - rate) * spread
    z = score / math.sqrt(variance) if variance > 0 else 0.0
    return z, 0.5 * math.erfc(-z / math.sqrt(2))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--make", type=int, default=7, help="puzzles to make for the timing")
    args = parser.parse_args()
    for game in ("australian", "indian"):
        items = puzzles.load(game=game)
        print(f"{game}: {len(items)} puzzles  {dict(sorted(Counter(p.kind for p in items).items()))}")
        solved = {p.id: solved_by_hint(p) for p in items}
        counts, wins_by_level = [], []
        for level in range(1, 6):
            chosen = [p for p in items if p.level == level]
            wins = sum(solved[p.id] for p in chosen)
            counts.append(len(chosen))
            wins_by_level.append(wins)
            low, high = wilson_interval(wins, len(chosen))
            print(
                f"  level {level}: {len(chosen):3} puzzles, hint player solves {wins:3} "
                f"= {100 * wins / len(chosen):5.1f}% (95% {100 * low:.1f}% to {100 * high:.1f}%)"
            )
        z, chance = trend(wins_by_level, counts)
        print(
            f"  trend over the levels: z = {z:.2f} (one-sided p = {chance:.3g}: a fall this steep by chance)"
        )
        for kind in sorted({p.kind for p in items}):
            cells = []
            for level in range(1, 6):
                chosen = [p for p in items if p.kind == kind and p.level == level]
                cells.append(f"{sum(solved[p.id] for p in chosen)}/{len(chosen)}")
            print(f"    {kind:5} by level: {'  '.join(cells)}")
        judges = [p for p in items if p.kind == "judge"]
        if judges:
            shares = []
            for level in range(1, 6):
                answers = [p.goal for p in judges if p.level == level]
                shares.append(f"{sum(answers)}/{len(answers)}")
            answers = [bool(p.goal) for p in judges]
            scores = cue_scores(judges)
            band = chance_band(cue_values(judges), answers)
            cues = ", ".join(f"{name} {100 * score:.0f}%" for name, score in scores.items())
            print(
                f"  judge: winnable by level {'  '.join(shares)}; the best one-cue rule scores: {cues}"
                f" (luck on this set: up to {100 * band:.0f}%, the 95th percentile with the answers shuffled)"
            )
        started = time.perf_counter()
        made = puzzles.make(game, args.make, seed=11)
        spent = time.perf_counter() - started
        print(f"  making {len(made)} puzzles took {spent:.1f} s ({spent / max(len(made), 1):.2f} s each)")


if __name__ == "__main__":
    main()
