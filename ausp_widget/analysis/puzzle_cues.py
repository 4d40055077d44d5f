"""Whether a "judge" puzzle's answer can be read off the board without judging it: the surface
cues a student might lean on (cards home, stock left, empty columns), each tried as a one-feature
rule ("winnable when at least t cards are home", or when at most t), and what such a rule scores
on the set against what it scores by luck.

A rule's score is the share of puzzles it answers right at its best threshold, so it is never
below the share of the commoner answer. Luck is measured, not assumed: the same best rules on the
same positions with the answers shuffled (`chance_band`), whose 95th percentile is what a rule
reaches on a set of this size and balance with no link between the cue and the answer.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from .puzzles import Puzzle

SHUFFLES = 400  # answer shuffles behind the chance band
SEED = 0


def _home(position: Any) -> int:
    return sum(p.size for p in position.piles() if p.kind == "foundation")


def _stock(position: Any) -> int:
    return len(position.stock())


def _empty(position: Any) -> int:
    return sum(1 for p in position.piles() if p.kind == "column" and not p.cards)


CUES: dict[str, Callable[[Any], int]] = {
    "cards home": _home,
    "stock left": _stock,
    "empty columns": _empty,
}


def cue_values(puzzles: Sequence[Puzzle]) -> dict[str, list[int]]:
    """Each cue's value on each puzzle's position, in the puzzles' order."""
    positions = [p.position for p in puzzles]
    return {name: [cue(position) for position in positions] for name, cue in CUES.items()}


def best_rule(values: Sequence[float], answers: Sequence[bool]) -> float:
    """The share of `answers` that the best rule "yes when value >= t" (or "when value < t")
    gets right, over every threshold t."""
    if len(values) != len(answers):
        raise ValueError(f"{len(values)} values for {len(answers)} answers")
    if not answers:
        return 0.0
    pairs = sorted(zip(values, answers))
    total_yes = sum(answers)
    n = len(pairs)
    best = max(total_yes, n - total_yes)  # one answer for all: a threshold past either end
    yes_below = 0  # "yes" answers among the values below the threshold
    for k in range(1, n):
        yes_below += pairs[k - 1][1]
        if pairs[k][0] == pairs[k - 1][0]:
            continue  # a threshold falls only between different values
        no_below = k - yes_below
        at_or_above_yes = total_yes - yes_below
        right = no_below + at_or_above_yes  # yes when value >= t
        best = max(best, right, n - right)  # or yes when value < t
    return best / n


def cue_scores(puzzles: Sequence[Puzzle]) -> dict[str, float]:
    """Each cue's best one-feature rule score on the "judge" puzzles of `puzzles`."""
    judges = [p for p in puzzles if p.kind == "judge"]
    answers = [bool(p.goal) for p in judges]
    return {name: best_rule(values, answers) for name, values in cue_values(judges).items()}


def chance_band(
    values: dict[str, Sequence[float]], answers: Sequence[bool], shuffles: int = SHUFFLES, seed: int = SEED
) -> float:
    """The 95th percentile, over `shuffles` shufflings of the answers, of the best score any one
    cue's rule reaches: a score at or below it is no better than luck on this set."""
    rng = random.Random(seed)
    shuffled = list(answers)
    best = []
    for _ in range(shuffles):
        rng.shuffle(shuffled)
        best.append(max(best_rule(v, shuffled) for v in values.values()))
    best.sort()
    return best[min(len(best) - 1, int(0.95 * len(best)))]
