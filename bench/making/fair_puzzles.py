"""Take out of a puzzle file every "free" and "home" puzzle whose answer needs a card the table
hides: no line of its length reaches the goal from the cards on show (the puzzle's stock
counts as shown), so a student could only guess it. The maker now refuses such a puzzle as
it cuts one (`puzzles_cut.from_the_table`); this applies the same rule to a file made before.
Running the maker again on the file tops each kind up to its count.

    .venv/bin/python bench/making/fair_puzzles.py ausp_widget/data/puzzles_yukon.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from ausp_widget.analysis.puzzles import load
from ausp_widget.analysis.puzzles_cut import from_the_table


def main(path: Path) -> int:
    data = json.loads(path.read_text(encoding="utf-8"))
    guessed = set()
    for puzzle in load(data["game"], path=path):
        if puzzle.kind in ("free", "home"):
            task = puzzle.task()
            if not from_the_table(puzzle.position, task.goal, task.par):
                guessed.add(puzzle.id)
    data["puzzles"] = [entry for entry in data["puzzles"] if entry["id"] not in guessed]
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    left = len(data["puzzles"])
    print(f"{path}: took out {len(guessed)} puzzles whose answer needs a hidden card; {left} left")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
