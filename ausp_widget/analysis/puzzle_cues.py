"""Whether a "judge" puzzle's answer can be read off the board without judging it: each feature a
student sees at a glance (`puzzle_features`: cards home, stock left, moves now, buried Aces...)
tried as a one-feature rule ("winnable when at least t cards are home", or when at most t), and
what such a rule scores on the set against what it scores by luck.

A rule's score is the share of puzzles it answers right at its best threshold, so it is never
below the share of the commoner answer. Luck is measured, not assumed: the same best rules on the
same positions with the answers shuffled. Since many features are tried, the best of them beats
a coin more often than any one does: the band (`chance_band`) is the 95th percentile, over the
shuffles, of the best score *any* feature of a family reaches (family-wise), and each feature's
`family_p` is the share of shuffles in which some feature of its family scores as well as it
does on the true answers. The glance cues and the visible locks are two families, two questions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .puzzle_features import GLANCE, LOCKS, Feature, feature_values
from .puzzles import Puzzle

SHUFFLES = 1000  # answer shuffles behind the chance band
SEED = 0
CUES: dict[str, Feature] = {**GLANCE, **LOCKS}


@dataclass(frozen=True)
class Cut:
    """A one-feature rule at its best threshold: `score` right; "winnable when value >= t" when
    `above`, else "when value < t"; `threshold` None when one answer for all does best."""

    score: float
    threshold: float | None
    above: bool

    def says(self, value: float) -> bool:
        """The rule's answer ("winnable"?) for a position with this value."""
        if self.threshold is None:
            return self.above
        return (value >= self.threshold) == self.above

    def words(self, yes: str = "winnable", no: str = "lost") -> str:
        """The rule in words ("winnable when >= 3", or "always lost")."""
        if self.threshold is None:
            return f"always {yes if self.above else no}"
        return f"{yes} when {'>=' if self.above else '<'} {self.threshold:.3g}"


@dataclass(frozen=True)
class CueRow:
    """One feature's line of the cue table: its best rule and how often luck does as well."""

    name: str
    family: str  # "glance" or "lock"
    cut: Cut
    alone_p: float  # shuffles in which this feature alone does as well
    family_p: float  # shuffles in which the best of all features does as well


def best_cut(values: Sequence[float], answers: Sequence[bool]) -> Cut:
    """The best rule "yes when value >= t" (or "when value < t") over every threshold t."""
    if len(values) != len(answers):
        raise ValueError(f"{len(values)} values for {len(answers)} answers")
    if not answers:
        return Cut(0.0, None, True)
    pairs = sorted(zip(values, answers))
    total_yes = sum(answers)
    n = len(pairs)
    best = Cut(max(total_yes, n - total_yes) / n, None, total_yes * 2 >= n)
    yes_below = 0  # "yes" answers among the values below the threshold
    for k in range(1, n):
        yes_below += pairs[k - 1][1]
        if pairs[k][0] == pairs[k - 1][0]:
            continue  # a threshold falls only between different values
        right = (k - yes_below) + (total_yes - yes_below)  # yes when value >= t
        for score, above in ((right, True), (n - right, False)):
            if score / n > best.score:
                best = Cut(score / n, pairs[k][0], above)
    return best


def best_rule(values: Sequence[float], answers: Sequence[bool]) -> float:
    """The share of `answers` that the best one-feature rule on `values` gets right."""
    return best_cut(values, answers).score


def _scorer(values: Sequence[float]) -> tuple[list[int], list[int]]:
    """The order that sorts `values`, and the sorted places after which a threshold may fall."""
    order = sorted(range(len(values)), key=lambda k: values[k])
    cuts = [k for k in range(1, len(order)) if values[order[k]] != values[order[k - 1]]]
    return order, cuts


def _fast_best(order: list[int], cuts: list[int], answers: Sequence[bool]) -> int:
    """`best_rule` in puzzles right, for a feature already sorted by `_scorer` (the shuffles' loop)."""
    n, total = len(order), sum(answers)
    best = max(total, n - total)
    yes_below, done = 0, 0
    for k in cuts:
        yes_below += sum(answers[i] for i in order[done:k])
        done = k
        right = (k - yes_below) + (total - yes_below)
        best = max(best, right, n - right)
    return best


def _shuffled_best(
    values: dict[str, Sequence[float]], answers: Sequence[bool], shuffles: int, seed: int
) -> dict[str, list[int]]:
    """Each feature's best score (in puzzles right) on each of `shuffles` shufflings of `answers`."""
    scorers = {name: _scorer(v) for name, v in values.items()}
    for name, v in values.items():
        if len(v) != len(answers):
            raise ValueError(f"{name}: {len(v)} values for {len(answers)} answers")
    rng = random.Random(seed)
    shuffled = list(answers)
    scores: dict[str, list[int]] = {name: [] for name in values}
    for _ in range(shuffles):
        rng.shuffle(shuffled)
        for name, (order, cuts) in scorers.items():
            scores[name].append(_fast_best(order, cuts, shuffled))
    return scores


def _percentile95(scores: list[float]) -> float:
    ordered = sorted(scores)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def chance_band(
    values: dict[str, Sequence[float]], answers: Sequence[bool], shuffles: int = SHUFFLES, seed: int = SEED
) -> float:
    """The 95th percentile, over `shuffles` shufflings of the answers, of the best score any one
    feature's rule reaches (family-wise): a score at or below it is no better than luck here."""
    if not values or not answers:
        raise ValueError("a chance band needs at least one feature and one answer")
    scores = _shuffled_best(values, answers, shuffles, seed)
    best = [max(column) / len(answers) for column in zip(*scores.values())]
    return _percentile95(best)


def judge_answers(puzzles: Sequence[Puzzle]) -> tuple[list[Puzzle], list[bool]]:
    """The "judge" puzzles of `puzzles` and their answers (True: winnable)."""
    judges = [p for p in puzzles if p.kind == "judge"]
    return judges, [bool(p.goal) for p in judges]


def cue_values(puzzles: Sequence[Puzzle], cues: dict[str, Feature] | None = None) -> dict[str, list[float]]:
    """Each cue's value on each puzzle's position, in the puzzles' order."""
    return feature_values([p.position for p in puzzles], CUES if cues is None else cues)


def cue_scores(puzzles: Sequence[Puzzle], cues: dict[str, Feature] | None = None) -> dict[str, float]:
    """Each cue's best one-feature rule score on the "judge" puzzles of `puzzles`."""
    judges, answers = judge_answers(puzzles)
    return {name: best_rule(values, answers) for name, values in cue_values(judges, cues).items()}


FAMILIES = {"glance": GLANCE, "lock": LOCKS}  # each family is tried, and its luck band taken, apart


def cue_table(
    puzzles: Sequence[Puzzle], shuffles: int = SHUFFLES, seed: int = SEED
) -> tuple[list[CueRow], dict[str, float]]:
    """Every feature's row for the "judge" puzzles of `puzzles` (the glance cues, then the locks),
    and each family's family-wise chance band; ([], {}) when there are no judges. The locks are
    their own question (a skill to teach, not a surface cue), so their band is not widened by
    the many glance cues, nor theirs by the locks."""
    judges, answers = judge_answers(puzzles)
    if not judges:
        return [], {}
    values = cue_values(judges)
    luck = _shuffled_best(values, answers, shuffles, seed)
    n = len(answers)
    family_of = {name: family for family, cues in FAMILIES.items() for name in cues}
    family_of.update({name: "glance" for name in values if name not in family_of})
    bests: dict[str, list[int]] = {}
    for family in FAMILIES:
        columns = [luck[name] for name in values if family_of[name] == family]
        if columns:
            bests[family] = [max(column) for column in zip(*columns)]
    bands = {family: _percentile95([s / n for s in best]) for family, best in bests.items()}
    rows = []
    for name, v in values.items():
        cut = best_cut(v, answers)
        right = round(cut.score * n)
        family = family_of[name]
        rows.append(
            CueRow(
                name=name,
                family=family,
                cut=cut,
                alone_p=sum(s >= right for s in luck[name]) / shuffles,
                family_p=sum(s >= right for s in bests[family]) / shuffles,
            )
        )
    return rows, bands


def cue_lines(puzzles: Sequence[Puzzle], shuffles: int = SHUFFLES, seed: int = SEED) -> list[str]:
    """The cue table as `bench/puzzles.py` prints it: one line a feature, each family's band and
    which features rise above it."""
    rows, bands = cue_table(puzzles, shuffles, seed)
    if not rows:
        return ["  judge cues: no judge puzzles in this set"]
    judges, answers = judge_answers(puzzles)
    lines = [
        f"  judge cues on {len(judges)} puzzles ({sum(answers)} winnable): each feature's best one-feature"
        f" rule; luck is family-wise: the 95th percentile, over {shuffles} shuffles of the answers, of"
        " the best score of any feature in the family; p alone / p family: shuffles doing as well",
        f"    {'feature':34} {'best':>5}  {'rule':24} {'p alone':>8} {'p family':>9}",
    ]
    titles = {"glance": "at a glance", "lock": "visible locks (a skill to teach)"}
    for family, band in bands.items():
        chosen = [r for r in rows if r.family == family]
        lines.append(f"    {titles[family]}, {len(chosen)} features: luck reaches up to {100 * band:.0f}%")
        for row in chosen:
            mark = "  above luck" if row.cut.score > band else ""
            lines.append(
                f"    {row.name:34} {100 * row.cut.score:4.0f}%  {row.cut.words():24}"
                f" {row.alone_p:8.3f} {row.family_p:9.3f}{mark}"
            )
        above = [r for r in chosen if r.cut.score > band]
        verdict = ", ".join(r.name for r in above) if above else "none: every rule is within luck"
        lines.append(f"    above the band: {verdict}")
        lines.extend(_drivers(r, judges, answers) for r in above)
    return lines


def _drivers(row: CueRow, judges: Sequence[Puzzle], answers: Sequence[bool]) -> str:
    """Where a rule above luck is right, level by level, and the puzzles it gets wrong: what a
    maker would filter on."""
    values = cue_values(judges, {row.name: CUES[row.name]})[row.name]
    right = [row.cut.says(v) == a for v, a in zip(values, answers)]
    cells = []
    for level in sorted({p.level for p in judges}):
        chosen = [k for k, p in enumerate(judges) if p.level == level]
        cells.append(f"{sum(right[k] for k in chosen)}/{len(chosen)}")
    wrong = [p.id for p, ok in zip(judges, right) if not ok]
    return f"      {row.name}: right by level {'  '.join(cells)}; wrong on {len(wrong)}: {' '.join(wrong)}"
