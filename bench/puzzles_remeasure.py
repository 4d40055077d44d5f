"""Difficulty worked out again for the puzzles of some kinds in a puzzle file, and their
levels re-cut at the new quantiles: what a change to the difficulty measure
(`puzzle_difficulty`) needs, since the levels are cut from the difficulty stored with each
puzzle. The other kinds keep their difficulty, cut points and levels; the positions, goals,
solutions and the generator's record are left as they are, so the file is the one the maker
now makes from the same command.

    .venv/bin/python bench/puzzles_remeasure.py ausp_widget/data/puzzles_australian.json \\
        --game australian --kinds free,home

Prints each kind's puzzles whose difficulty changed and the new cut points.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import replace
from pathlib import Path

from ausp_widget.analysis.puzzle_difficulty import difficulty
from ausp_widget.analysis.puzzles import KINDS, load, save
from ausp_widget.analysis.puzzles_levels import recut


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("file", help="the puzzle file, rewritten in place")
    parser.add_argument("--game", required=True, help="the file's game")
    parser.add_argument("--kinds", default="free,home", help="the kinds to measure again (default free,home)")
    args = parser.parse_args()
    kinds = [k for k in args.kinds.split(",") if k]
    wrong = [k for k in kinds if k not in KINDS]
    if wrong:
        parser.error(f"--kinds: a kind is one of {', '.join(KINDS)}, not {', '.join(wrong)}")
    path = Path(args.file)
    data = json.loads(path.read_text(encoding="utf-8"))
    items = load(args.game, path=path)
    measured = [replace(p, difficulty=round(difficulty(p), 3)) if p.kind in kinds else p for p in items]
    for kind in kinds:
        changed = sum(a.difficulty != b.difficulty for a, b in zip(items, measured) if a.kind == kind)
        print(f"{kind}: {changed} of {sum(p.kind == kind for p in items)} puzzles measured differently")
    levelled, cuts = recut(measured, kinds, data.get("cuts", {}))
    about = {k: v for k, v in data.items() if k not in ("puzzles", "cuts")}
    save(levelled, path, **about, cuts=cuts)
    print("cut points:", {k: v for k, v in cuts.items() if k.split(" ")[0] in kinds})


if __name__ == "__main__":
    main()
