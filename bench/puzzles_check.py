"""Whether a puzzle file is fit to ship: every entry replays from its deal and its solution
reaches its goal (as `load` checks), each answer the maker took from the solver's budgeted
search is checked again with a budget `--factor` times larger, and the counts and the judge
balance are what the set asks for.

    .venv/bin/python bench/puzzles_check.py bench/making/puzzles_australian.json [--min-win 30]

Checked again: a lost "judge" position is lost (the solver proves it with the larger budget);
a "win" position has a first move after which the game is proved lost (so a student can go
wrong) and its stored line wins. The judge balance: within each level, the winnable share of
the judges lies within `--band` (default 35% to 65%), its 95% Wilson interval printed beside it.
Exits with 1 when anything fails, naming it.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

from ausp_widget.analysis import solve
from ausp_widget.analysis.puzzle_difficulty import NODES, SECONDS, after_move
from ausp_widget.analysis.puzzles import load
from ausp_widget.core.stats import wilson_interval


def lost_again(position, factor: int) -> bool | None:
    """Whether the solver, with `factor` times the maker's budget, proves `position` lost."""
    result = solve(position, time_limit=SECONDS * factor, node_limit=NODES * factor)
    return None if result.winnable is None else not result.winnable


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("file", type=Path)
    parser.add_argument("--game", default=None, help="the file's game (default: the one it names)")
    parser.add_argument("--min-win", type=int, default=30, help="the fewest 'win' puzzles (default 30)")
    parser.add_argument("--min-judge", type=int, default=30, help="the fewest 'judge' puzzles (default 30)")
    parser.add_argument("--band", default="35,65", help="the winnable share of each level's judges, in %%")
    parser.add_argument("--factor", type=int, default=10, help="the re-check's budget over the maker's")
    args = parser.parse_args()
    game = args.game or json.loads(args.file.read_text(encoding="utf-8"))["game"]
    low, high = (float(x) / 100 for x in args.band.split(","))
    items = load(game, path=args.file)  # every entry replayed: a bad one raises, naming it
    failures = []
    kinds = Counter(p.kind for p in items)
    print(f"{args.file}: {len(items)} {game} puzzles, every one replayed  {dict(sorted(kinds.items()))}")
    if kinds["win"] < args.min_win:
        failures.append(f"{kinds['win']} 'win' puzzles, fewer than {args.min_win}")
    if kinds["judge"] < args.min_judge:
        failures.append(f"{kinds['judge']} 'judge' puzzles, fewer than {args.min_judge}")
    judges = [p for p in items if p.kind == "judge"]
    for level in (
        range(1, 6) if judges or args.min_judge else ()
    ):  # a set with no judges asked for has no balance
        answers = [bool(p.goal) for p in judges if p.level == level]
        if not answers:
            failures.append(f"no judge puzzle at level {level}")
            continue
        share = sum(answers) / len(answers)
        lo, hi = wilson_interval(sum(answers), len(answers))
        print(
            f"  judge level {level}: {sum(answers)}/{len(answers)} winnable = {100 * share:.0f}% "
            f"(95% {100 * lo:.0f}% to {100 * hi:.0f}%)"
        )
        if not low <= share <= high:
            failures.append(f"level {level}'s judges {100 * share:.0f}% winnable, outside {args.band}%")
    unproved = []
    for p in judges:
        if not p.goal and lost_again(p.position, args.factor) is not True:
            unproved.append(p.id)
    for p in (p for p in items if p.kind == "win"):
        position = p.position
        if not any(lost_again(after_move(position, m), args.factor) for m in position.legal_moves()):
            unproved.append(p.id)
    print(
        f"  re-checked with {args.factor}x the budget: {sum(not p.goal for p in judges)} lost judges, "
        f"{kinds['win']} 'win' (a first move that loses); not confirmed: {len(unproved)}"
    )
    failures += [f"{pid}: the answer is not confirmed by the larger search" for pid in unproved]
    for failure in failures:
        print(f"  FAILS: {failure}")
    print("  fit to ship" if not failures else f"  not fit to ship: {len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
