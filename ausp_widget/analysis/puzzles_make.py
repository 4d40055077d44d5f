"""Making puzzles: deals played forward by the hint player, cut where the solver (or the
lessons' search) shows the task is possible and not trivial (`puzzles_cut`), and kept as
they are found.

Each deal tried is one item drawn in turn from the run's seed: its kind (the kinds asked for,
in turn) and a seed of its own for the deal and every random choice. So the same seed makes
the same puzzles in one process, on any number of workers (a round of deals at a time, taken
in the order drawn), and across a stop: `write` saves the set after every deal with the number
of deals tried, and the same command on the same file carries on from there and ends with the
set an uninterrupted run makes. Levels are re-cut at each save (`puzzles_levels`).

Difficulty is measured against a blind player (`puzzle_difficulty`); nothing here asks the
hint player, so the benchmark that measures it level by level (`bench/puzzles.py`) is not
circular.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import replace

from ausp_widget.core import registry
from ausp_widget.core.errors import check_whole

from .parallel import check_jobs, run_each
from .puzzles import KINDS, Puzzle, check_level, data_file
from .puzzles_cut import cut, playout, themes, winning_line
from .puzzles_file import Run, fill, open_set
from .puzzles_levels import level_of, order, quantile_cuts, scale, shipped_cuts

__all__ = [
    "MIX",
    "check_request",
    "cut",
    "level_of",
    "make",
    "playout",
    "quantile_cuts",
    "scale",
    "shipped_cuts",
    "themes",
    "winning_line",
    "write",
]

MIX = ("free", "home", "win", "judge", "free", "home", "win")  # the kinds, in turn
ROUND = 16  # deals tried at once on workers (taken in the order drawn, so any number of workers agrees)
DEALS_PER_PUZZLE = 40  # deals a run may try for each puzzle asked for, unless told otherwise


def check_request(game: object, level: object) -> str:
    """The game (any registered one: every game has a solver) and the level asked for, checked
    before any deal is tried: a level needs the cut points stored with a game's shipped puzzles."""
    entry = registry.entry(game)  # a ValueError listing the games there are
    check_level(level)
    if level is not None and not data_file(entry.name).is_file():
        shipped = [e.name for e in registry.games() if data_file(e.name).is_file()]
        raise ValueError(
            f"level {level} is read on the shipped puzzles' scale, which {entry.name} has none of "
            f"(only {', '.join(shipped)}): leave the level out to make puzzles of every level"
        )
    return entry.name


def check_kinds(kinds: Sequence[str]) -> tuple[str, ...]:
    """The kinds named, each one of `KINDS`."""
    wrong = [k for k in kinds if k not in KINDS]
    if wrong:
        raise ValueError(f"kinds are among {', '.join(KINDS)}, not {', '.join(map(repr, wrong))}")
    return tuple(kinds)


def make(
    game: str = "australian",
    count: int = 10,
    level: int | None = None,
    seed: int = 0,
    *,
    kinds: Sequence[str] | None = None,
    cuts: dict[str, list[float]] | None = None,
    max_deals: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    jobs: int = 1,
    executor: Executor | None = None,
    have: Sequence[Puzzle] = (),
    tried: int = 0,
    after: Callable[[list[Puzzle], int], None] | None = None,
) -> list[Puzzle]:
    """`count` puzzles of `game` (of one `level`, or spread over all five), cut from deals
    chosen by `seed` (the same seed makes the same puzzles). `kinds` limits the kinds;
    `cuts` gives each kind's four difficulty cut points between levels (by default, those of
    the shipped puzzles when a level is asked for, else the quantiles of the puzzles made).
    Fewer than `count` come back only when `max_deals` deals (default 40 per puzzle) ran out.

    `have` are puzzles this run made before it was stopped (they count towards `count`) and
    `tried` the deals it had tried: the run carries on with the next deal and ends as if it had
    never stopped. `after(made, tried)` is called after every deal with the puzzles so far
    (levels not yet cut, unless one `level` was asked for) and the deals tried, to save them.

    With `jobs > 1` or an `executor` (a Dask cluster's, see `analysis.cluster`), deals are
    tried a round at a time on the workers and taken in the order they were drawn: the same
    puzzles as one process makes."""
    check_request(game, level)
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ValueError(f"count is a whole number of puzzles, at least 1, not {count!r}")
    check_jobs(jobs)
    check_whole("tried", tried, 0)
    if max_deals is not None:
        check_whole("max_deals", max_deals, 1)
    turns = check_kinds(kinds) if kinds else MIX
    if level is not None and cuts is None:
        cuts = shipped_cuts(game)
    made = list(have)
    seen = {p.id for p in made}
    answers = {answer: sum(p.kind == "judge" and p.goal is answer for p in made) for answer in (True, False)}
    deals = max_deals if max_deals is not None else DEALS_PER_PUZZLE * count
    stream = random.Random(seed)
    for _ in range(tried):  # the deals tried before a stop: drawn again, not tried again
        stream.randrange(2**63)

    def take(found: Puzzle | None) -> bool:
        """Keep a puzzle that is new (and of the level asked for); whether it was kept. A
        judge puzzle whose answer is already the commoner is passed over, so the judge
        puzzles stay half winnable, half lost (a student who always says one gains nothing)."""
        if found is None or found.id in seen:
            return False
        if found.kind == "judge" and answers[bool(found.goal)] > answers[not found.goal]:
            return False
        if level is not None:
            found = replace(found, level=level_of(found, cuts))
            if found.level != level:
                return False
        seen.add(found.id)
        made.append(found)
        if found.kind == "judge":
            answers[bool(found.goal)] += 1
        return True

    if progress:
        progress(min(len(made), count), count)
    at_once = 1 if executor is None and jobs == 1 else ROUND
    while tried < deals and len(made) < count:
        batch = min(at_once, deals - tried)
        drawn = [(game, turns[(tried + k) % len(turns)], stream.randrange(2**63)) for k in range(batch)]
        for found in run_each(_cut_seeded, drawn, jobs=jobs, executor=executor):
            tried += 1
            kept = take(found)
            if after:
                after(list(made), tried)
            if kept and progress:
                progress(len(made), count)
            if len(made) >= count:
                break
    if level is None:
        cuts = cuts or quantile_cuts(made)
        made = [replace(p, level=level_of(p, cuts)) for p in made]
    return sorted(made, key=order)


def _cut_seeded(drawn: tuple[str, str, int]) -> Puzzle | None:
    """One deal's try: its deal and every random choice come from its own seed."""
    game, kind, own = drawn
    rng = random.Random(own)
    return cut(game, rng.randrange(1, 1_000_000), kind, rng)


def write(
    game: str,
    count: int,
    path: object,
    level: int | None = None,
    seed: int = 0,
    kinds: Sequence[str] | dict[str, int] | None = None,
    progress: Callable[[int, int], None] | None = None,
    jobs: int = 1,
    executor: Executor | None = None,
    max_deals: int | None = None,
) -> list[Puzzle]:
    """Make puzzles into the file `path` as `load` reads them, saved after every deal tried
    (see `puzzles_file`), and return every puzzle the file then holds.

    `kinds` as a mapping (`{"win": 30, "judge": 40}`) asks for that many of each kind, each
    kind from a seed of its own (`seed` plus its place in `KINDS`), and `count` is not used.
    A file already there keeps its puzzles, and they count towards the numbers asked for: the
    same command carries a stopped run on to the end, and a kind asked of a finished set is
    added to it, every other kind's puzzles and levels left as they were."""
    check_request(game, level)
    if isinstance(kinds, dict):
        check_kinds(list(kinds))
        for kind, n in kinds.items():
            check_whole(f"kinds[{kind!r}]", n, 1)
        runs = [Run(kind, (kind,), n, seed + KINDS.index(kind)) for kind, n in kinds.items()]
    else:
        turns = check_kinds(kinds) if kinds else MIX
        runs = [Run(",".join(turns), turns, count, seed)]
    held = open_set(path, game, level)  # before the minutes of making, not after
    how = {"progress": progress, "jobs": jobs, "executor": executor, "max_deals": max_deals}
    rounds = ROUND if executor is not None or jobs > 1 else None
    return fill(held, runs, seed, kinds, make, rounds=rounds, **how)
