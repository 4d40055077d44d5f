"""The puzzle file a run makes into: read as a stopped run (or an earlier one) left it, and
written whole after every deal tried, so a stop loses at most the deal under way.

Besides the puzzles and each scale's level cut points, the file's `generator` says how it
was made: the seed, the level, the kinds asked for, and for each run its seed and the deals it
has tried (`runs`). A run is a kind asked for by count (`win=30`), or the kinds taken in turn.
A rerun of a run finds its record and carries on from the next deal, its puzzles so far
counting towards the number asked for; a run the file has no record of starts from its first
deal, the file's puzzles of its kinds counting all the same. `load` reads such a file as any
other: it takes the fields it knows.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ausp_widget.core.progress_checks import check_path

from .puzzles import Puzzle, load, save
from .puzzles_levels import order, recut, shipped_cuts

Asked = Sequence[str] | dict[str, int] | None  # the kinds a request names (or counts)


@dataclass(frozen=True)
class Run:
    """Puzzles of `kinds` (taken in turn), `count` of them in the file, from deals drawn by `seed`."""

    key: str
    kinds: tuple[str, ...]
    count: int
    seed: int


@dataclass
class Held:
    """A puzzle file as it is before a run: its puzzles, cut points and generator record."""

    file: Path
    game: str
    level: int | None
    puzzles: list[Puzzle] = field(default_factory=list)
    cuts: dict[str, list[float]] = field(default_factory=dict)
    generator: dict[str, Any] = field(default_factory=dict)


def open_set(path: object, game: str, level: int | None) -> Held:
    """The file at `path` as a run finds it: empty when it is not there yet, else every entry
    replayed (a `PuzzleFileError` names a bad one). A file of another game, or of another level
    than the one asked for, is refused: nothing is made and the file is left as it is."""
    file = check_path("path", path)
    if file.is_dir():
        raise ValueError(f"path is where to write the puzzles, a file; {file} is a folder")
    if not file.parent.is_dir():
        raise ValueError(
            f"path is where to write the puzzles, in a folder that is there; {file.parent} is not"
        )
    if not file.exists():
        return Held(file, game, level)
    puzzles = list(load(game, path=file))  # every entry checked by replaying it
    data = json.loads(file.read_text(encoding="utf-8"))
    if data.get("game", game) != game:
        raise ValueError(f"{file} holds {data.get('game')!r} puzzles, not {game} ones: write to another file")
    generator = data.get("generator") if isinstance(data.get("generator"), dict) else {}
    stored = generator.get("level")
    if stored != level:

        def words(lv: object) -> str:
            return "every level" if lv is None else f"level {lv}"

        raise ValueError(
            f"{file} holds puzzles of {words(stored)}, not {words(level)}: ask for the same, "
            "or write to another file"
        )
    cuts = data.get("cuts") if isinstance(data.get("cuts"), dict) else {}
    return Held(file, game, level, puzzles, cuts, generator)


def fill(
    held: Held,
    runs: Sequence[Run],
    seed: int,
    kinds: Asked,
    make: Callable[..., list[Puzzle]],
    *,
    rounds: int | None,
    progress: Callable[[int, int], None] | None,
    **how: Any,
) -> list[Puzzle]:
    """Each run made (by `make`) into the held file until the file holds its count, saved after
    every deal; every puzzle the file then holds, levelled. `how` goes to `make` as it is."""
    records = {k: dict(v) for k, v in held.generator.get("runs", {}).items() if isinstance(v, dict)}
    generator = _generator(held, runs, seed, kinds, rounds)
    touched = {kind for run in runs for kind in run.kinds}
    puzzles = list(held.puzzles)
    done = {run.key: min(run.count, sum(p.kind in run.kinds for p in puzzles)) for run in runs}
    total = sum(run.count for run in runs)

    def keep(items: list[Puzzle]) -> list[Puzzle]:
        """Write the set as it stands (levels re-cut on the kinds asked for): the set written."""
        if held.level is None:
            items, cuts = recut(items, touched, held.cuts)
        else:
            items, cuts = sorted(items, key=order), shipped_cuts(held.game)
        save(items, held.file, game=held.game, generator={**generator, "runs": records}, cuts=cuts)
        return items

    for run in runs:
        mine = [p for p in puzzles if p.kind in run.kinds]
        others = [p for p in puzzles if p.kind not in run.kinds]
        if len(mine) >= run.count:
            continue
        record = records.get(run.key, {})
        tried = record.get("deals", 0) if record.get("seed") == run.seed else 0

        def after(made: list[Puzzle], deals: int, run: Run = run, others: list[Puzzle] = others) -> None:
            records[run.key] = {"seed": run.seed, "deals": deals}
            keep(others + made)

        def shown(count: int, _: int, run: Run = run) -> None:
            done[run.key] = count
            if progress:
                progress(sum(done.values()), total)

        made = make(
            held.game, run.count, held.level, run.seed, kinds=run.kinds,
            have=mine, tried=tried, after=after, progress=shown, **how,
        )  # fmt: skip
        puzzles = others + made
    return keep(puzzles)


def _generator(
    held: Held,
    runs: Sequence[Run],
    seed: int,
    kinds: Sequence[str] | dict[str, int] | None,
    rounds: int | None,
) -> dict[str, Any]:
    """The file's account of how it was made: this request's seed and level, the kinds asked
    for (a file's counts by kind merged with this request's), and the round size when deals
    were drawn a round at a time for workers."""
    before = held.generator.get("kinds")
    if isinstance(kinds, dict):
        asked: Any = {**(before if isinstance(before, dict) else {}), **kinds}
        count = sum(asked.values())
    else:
        asked, count = list(runs[0].kinds), runs[0].count
    generator: dict[str, Any] = {"seed": seed, "count": count, "level": held.level, "kinds": asked}
    if rounds is not None:
        generator["rounds"] = rounds  # remade the same way on any number of workers
    return generator
