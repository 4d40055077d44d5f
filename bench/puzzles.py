"""Puzzles by level: the hint player's solved rate on each level's shipped puzzles (95% Wilson
intervals; it should fall as the level rises), the Cochran–Armitage test for that trend, the
rate of each kind level by level, the "judge" puzzles' answers level by level and how well one
surface cue predicts them, and what a puzzle of each kind costs to make: CPU-seconds per puzzle
(one process), from the CPU time per deal tried and the share of deals that gave a puzzle (its
95% Wilson interval gives the cost's), and the share of the time spent on deals that gave none.

    .venv/bin/python bench/puzzles.py [--game indian] [--make 3] [--kinds win,judge] [--no-timing]
        [--file bench/making/puzzles_indian.json]

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
from ausp_widget.analysis.puzzle_cues import cue_lines
from ausp_widget.analysis.puzzles import KINDS
from ausp_widget.analysis.puzzles_make import make
from ausp_widget.core.stats import wilson_interval

PLIES = 300
GAMES = ("australian", "indian", "yukon")


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


def levels(game: str, path: str | None = None) -> None:
    """The shipped set of `game` (or the file `path`): the hint player's solved rate level by
    level, the trend, and the judges."""
    items = puzzles.load(game=game, path=path)
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
    print(f"  trend over the levels: z = {z:.2f} (one-sided p = {chance:.3g}: a fall this steep by chance)")
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
        print(f"  judge: winnable by level {'  '.join(shares)}")
    print("\n".join(cue_lines(judges)))


def cost(game: str, kind: str, count: int, deals: int, seed: int = 11) -> str:
    """What `count` puzzles of `kind` cost to make (at most `deals` deals tried), in one line."""
    spent: list[tuple[float, bool]] = []  # each deal's CPU seconds, and whether it gave a puzzle
    clock = [time.process_time()]

    def after(made: list, tried: int) -> None:
        now = time.process_time()
        spent.append((now - clock[0], len(made) > sum(found for _, found in spent)))
        clock[0] = now

    made = make(game, count, seed=seed, kinds=[kind], max_deals=deals, after=after)
    total = sum(s for s, _ in spent)
    tried, found = len(spent), len(made)
    wasted = sum(s for s, hit in spent if not hit) / total if total else 0.0
    per_deal = total / max(tried, 1)
    low, high = wilson_interval(found, tried)
    head = f"  {kind:5}: {found} from {tried} deals in {total:.0f} CPU-s"
    if not found:
        return (
            f"{head}: none (over {per_deal / high:.0f} CPU-s a puzzle at 95%); all the time on failed deals"
        )
    return (
        f"{head}: {total / found:.1f} CPU-s a puzzle (95% {per_deal / high:.1f} to "
        f"{per_deal / low if low else math.inf:.1f}); {100 * wasted:.0f}% of the time on deals that gave none"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--game", action="append", choices=GAMES, help="a game to measure (again for more; default: all)"
    )
    parser.add_argument("--make", type=int, default=3, help="puzzles of each kind to make for the cost")
    parser.add_argument("--kinds", default=",".join(KINDS), help="the kinds to cost (default: all)")
    parser.add_argument("--deals", type=int, help="deals tried at most per kind (default: 10 per puzzle)")
    parser.add_argument("--no-timing", action="store_true", help="skip the cost of making new puzzles")
    parser.add_argument("--no-levels", action="store_true", help="skip the shipped set's measures")
    parser.add_argument(
        "--file", help="measure the levels of this puzzle file, not the shipped set (one --game)"
    )
    args = parser.parse_args()
    kinds = [k for k in args.kinds.split(",") if k]
    wrong = [k for k in kinds if k not in KINDS]
    if wrong:
        parser.error(f"--kinds: a kind is one of {', '.join(KINDS)}, not {', '.join(wrong)}")
    if args.file and len(args.game or GAMES) != 1:
        parser.error("--file: name the file's game with one --game")
    for game in args.game or GAMES:
        if not args.no_levels:
            levels(game, args.file)
        if not args.no_timing and args.make > 0:
            print(f"{game}: the cost of {args.make} new puzzles of each kind (one process)")
            for kind in kinds:
                print(cost(game, kind, args.make, args.deals or 10 * args.make), flush=True)


if __name__ == "__main__":
    main()
