"""Making puzzles: deals played forward by the hint player, cut where the solver (or the
lessons' search) shows the task is possible and not trivial.

A position is kept only when it offers at least two legal moves and at least one of them
loses the goal (after it the goal can no longer be reached in the moves left, or the solver
proves the game lost); for "free" and "home", a move other than a pointless one
(`puzzle_difficulty.sensible`) must lose somewhere along the way, or no player could go
wrong. Levels 1–5 are difficulty quantiles within each kind; a request for one level uses
the cut points stored with the shipped puzzles, so level 3 means the same to every teacher.

Difficulty is measured against a blind player (`puzzle_difficulty`); nothing here asks the
hint player, so the benchmark that measures it level by level (`bench/puzzles.py`) is not
circular.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import replace
from typing import Any

from ausp_widget.core import registry
from ausp_widget.core.cards import Card
from ausp_widget.core.errors import check_whole
from ausp_widget.core.lesson import deal_position, moving_group
from ausp_widget.core.progress_checks import check_path
from ausp_widget.core.tasks import Goal, free_goal, shortest_line

from . import hint
from .parallel import check_jobs, run_each
from .puzzle_difficulty import (
    MAX_PLIES,
    after_move,
    blind_chance,
    decide,
    judge_difficulty,
    search_difficulty,
    win_difficulty,
)
from .puzzles import KINDS, LEVELS, Puzzle, check_level, data_file, save

KING = Card.parse("K♠").rank
WIN_LINE = 55  # the longest solution of a "win" puzzle (its last 20 or so send cards home)
SHORT = 4  # the longest solution of a "free" or "home" puzzle
# Tuned per game; any other game (Yukon, a plug-in) takes the frugal "indian" figures, whose
# solver is the costliest to ask.
LATE_STOCK = {"australian": 8, "indian": 4}  # "win": a short stock or an empty one
JUDGE_STOCK = {"australian": 12, "indian": 6}
SCAN_STOCK = {"australian": 24, "indian": 8}  # how far back to look for a winnable position
SCANS = {"australian": 120, "indian": 6}
TRIES = {"australian": 40, "indian": 8}  # positions tried per deal
MIX = ("free", "home", "win", "judge", "free", "home", "win")  # the kinds, in turn
ROUND = 16  # deals tried at once on workers (taken in the order drawn, so any number of workers agrees)


def _tuned(table: dict[str, int], game: str) -> int:
    """A game's figure in one of the tables above (the frugal one for a game not tuned)."""
    return table.get(game, table["indian"])


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
) -> list[Puzzle]:
    """`count` new puzzles of `game` (of one `level`, or spread over all five), cut from deals
    chosen by `seed` (the same seed makes the same puzzles). `kinds` limits the kinds;
    `cuts` gives each kind's four difficulty cut points between levels (by default, those of
    the shipped puzzles when a level is asked for, else the quantiles of the puzzles made).
    Fewer than `count` come back only when `max_deals` deals (default 40 per puzzle) ran out.

    With `jobs > 1` or an `executor` (a Dask cluster's, see `analysis.cluster`), deals are
    tried a round at a time on the workers, each with a seed of its own drawn from `seed`, and
    taken in the order they were drawn: the same seed makes the same puzzles on any number of
    workers (other puzzles than one process makes, which draws every deal from one stream)."""
    check_request(game, level)
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ValueError(f"count is a whole number of puzzles, at least 1, not {count!r}")
    check_jobs(jobs)
    order = tuple(kinds) if kinds else MIX
    wrong = [k for k in order if k not in KINDS]
    if wrong:
        raise ValueError(f"kinds are among {', '.join(KINDS)}, not {', '.join(map(repr, wrong))}")
    if level is not None and cuts is None:
        cuts = shipped_cuts(game)
    rng = random.Random(seed)
    made: list[Puzzle] = []
    seen: set[str] = set()
    deals = max_deals if max_deals is not None else 40 * count

    answers = {True: 0, False: 0}  # judge puzzles kept, by answer

    def take(found: Puzzle | None) -> bool:
        """Keep a puzzle that is new (and of the level asked for); whether it was kept. A
        judge puzzle whose answer is already the commoner is passed over, so the judge
        puzzles stay half winnable, half lost (a student who always says one gains nothing)."""
        if found is None or found.id in seen:
            return False
        if found.kind == "judge" and answers[bool(found.goal)] > answers[not found.goal]:
            return True  # a puzzle all the same: the next kind has its turn
        if level is not None:
            found = replace(found, level=level_of(found, cuts))
            if found.level != level:
                return True  # a puzzle all the same: the next kind has its turn
        seen.add(found.id)
        made.append(found)
        if found.kind == "judge":
            answers[bool(found.goal)] += 1
        if progress:
            progress(len(made), count)
        return True

    if executor is None and jobs == 1:
        misses = 0  # deals in a row that gave no puzzle: after 12, the next kind has its turn
        for _ in range(deals):
            kind = order[(len(made) + misses // 12) % len(order)]
            deal = rng.randrange(1, 1_000_000)
            misses = 0 if take(cut(game, deal, kind, rng)) else misses + 1
            if len(made) >= count:
                break
    else:
        tried = 0
        while tried < deals and len(made) < count:
            batch = min(ROUND, deals - tried)
            drawn = [(game, order[(tried + k) % len(order)], rng.randrange(2**63)) for k in range(batch)]
            tried += batch
            for found in run_each(_cut_seeded, drawn, jobs=jobs, executor=executor):
                take(found)
                if len(made) >= count:
                    break
    if level is None:
        cuts = cuts or quantile_cuts(made)
        made = [replace(p, level=level_of(p, cuts)) for p in made]
    return sorted(made, key=lambda p: (p.level, p.difficulty, p.id))


def _cut_seeded(drawn: tuple[str, str, int]) -> Puzzle | None:
    """One deal's try on a worker: its deal and every random choice come from its own seed."""
    game, kind, own = drawn
    rng = random.Random(own)
    return cut(game, rng.randrange(1, 1_000_000), kind, rng)


def shipped_cuts(game: str) -> dict[str, list[float]]:
    data = json.loads(data_file(game).read_text(encoding="utf-8"))
    return data["cuts"]


def scale(puzzle: Puzzle) -> str:
    """The difficulty scale a puzzle's level is read on: its kind's, but a judge puzzle's
    answer has a scale of its own ("judge yes", "judge no"), since a winnable and a lost
    position mislead in different ways: each level then holds both answers alike."""
    if puzzle.kind == "judge":
        return f"judge {'yes' if puzzle.goal else 'no'}"
    return puzzle.kind


def quantile_cuts(puzzles: Sequence[Puzzle]) -> dict[str, list[float]]:
    """Each scale's four difficulty cut points: its 20%, 40%, 60% and 80% quantiles."""
    cuts = {}
    for name in sorted({scale(p) for p in puzzles}):
        values = sorted(p.difficulty for p in puzzles if scale(p) == name)
        cuts[name] = [values[min(len(values) - 1, len(values) * q // 5)] for q in range(1, 5)]
    return cuts


def level_of(puzzle: Puzzle, cuts: dict[str, list[float]] | None) -> int:
    cuts = cuts or {}
    points = cuts.get(scale(puzzle), cuts.get(puzzle.kind, []))
    return min(LEVELS.stop - 1, 1 + sum(puzzle.difficulty >= c for c in points))


# ---- playing a deal forward -------------------------------------------------------------------
def playout(game: str, deal: int) -> list[str]:
    """The hint player's moves on deal `deal` until it wins, is stuck or repeats a position."""
    position = deal_position(game, deal)
    moves: list[str] = []
    seen = {position.piles()}
    while position.status == "playing" and len(moves) < MAX_PLIES:
        move = hint(position).move
        if move is None:
            break
        moves.append(str(position.play(move)))
        key = position.piles()
        if key in seen:
            break
        seen.add(key)
    return moves


def cut(game: str, deal: int, kind: str, rng: random.Random) -> Puzzle | None:
    """A puzzle of `kind` from the hint player's game on `deal`, or None when none fits."""
    moves = playout(game, deal)
    want = want_won(rng) if kind == "judge" else None
    if kind in ("win", "judge"):
        moves = winning_line(game, deal, moves)
        if moves is None:
            return None
        plies = [k for k in range(len(moves)) if len(moves) - k <= WIN_LINE][::-1]
        if kind == "judge":
            rng.shuffle(plies)
    else:
        plies = list(range(len(moves) + 1))
        rng.shuffle(plies)
    cutter = {"win": _win, "free": _free, "home": _home}.get(kind)
    tries = 0
    for ply in plies:
        position = deal_position(game, deal, moves[:ply])
        if position.status != "playing" or len(position.legal_moves()) < 2:
            continue
        if kind in ("win", "judge") and _hidden(position):  # the student must see every card
            continue
        tries += 1
        if tries > _tuned(TRIES, game):
            break
        history = moves[:ply]
        if cutter is None:
            found = _judge(position, bool(want), rng)
            if found is not None:
                history = [*history, found[0]]
                position = deal_position(game, deal, history)
                found = found[1:]
        else:
            found = cutter(position, rng)
        if found is not None:
            goal, solution, difficulty = found
            line = tuple(str(m) for m in solution)
            return Puzzle(
                id=f"{game[:3]}-{deal}-{len(history)}-{kind}",
                game=game,
                seed=deal,
                moves=tuple(history),
                kind=kind,  # type: ignore[arg-type]
                goal=goal,
                solution=line,
                level=1,
                themes=themes(position, line),
                difficulty=round(difficulty, 3),
            )
    return None


def want_won(rng: random.Random) -> bool:
    """Whether the next judge puzzle should be winnable (half of them are tried so)."""
    return rng.random() < 0.5


def winning_line(game: str, deal: int, moves: list[str]) -> list[str] | None:
    """The hint player's moves up to its last position the solver can still win, then the
    solver's winning line from there (a real game that wins); None when none was found."""
    stock = len(registry.entry(game).deal(deal).stock())
    for checked, ply in enumerate(range(len(moves), -1, -1)):
        left = stock - sum(m == "draw" for m in moves[:ply])
        if left > _tuned(SCAN_STOCK, game):
            break
        position = deal_position(game, deal, moves[:ply])
        if position.status == "won":
            return moves[:ply]
        if checked > _tuned(SCANS, game):
            break
        result = decide(position)
        if result.winnable:
            return moves[:ply] + [str(m) for m in result.moves]
    return None


def _hidden(position: Any) -> bool:
    """Whether a column holds a face-down card (a puzzle shows every card)."""
    return any(None in p.cards for p in position.piles() if p.kind == "column")


def _first_moves(position: Any, lost: Callable[[Any], bool | None]) -> tuple[int, int, int] | None:
    """(legal moves, losing ones, undecided ones) over the position's first moves."""
    legal = position.legal_moves()
    losing = undecided = 0
    for move in legal:
        after = position.copy()
        after.play(move)
        verdict = lost(after)
        losing += verdict is True
        undecided += verdict is None
    return len(legal), losing, undecided


def _win(position: Any, rng: random.Random) -> tuple[Goal, tuple, float] | None:
    if len(position.stock()) > _tuned(LATE_STOCK, position.name):
        return None
    result = decide(position)
    if result.winnable is not True or not 3 <= len(result.moves) <= WIN_LINE:
        return None

    def lost(after: Any) -> bool | None:
        verdict = decide(after)
        return None if verdict.winnable is None else not verdict.winnable and after.status != "won"

    _, losing, undecided = _first_moves(position, lost)
    if losing < 1 or undecided:
        return None
    return Goal("won"), tuple(result.moves), win_difficulty(position, result)


def _search_task(position: Any, goal: Goal) -> tuple[Goal, tuple, float] | None:
    line = shortest_line(position, goal, SHORT)
    if line is None or len(line) < 2:
        return None
    tree: dict = {}  # every line of legal moves: the search that proves a first move loses
    firsts = [
        blind_chance(after_move(position, m), goal, len(line) - 1, tree, every=True)
        for m in position.legal_moves()
    ]
    if min(firsts) > 0:  # no first move loses
        return None
    if blind_chance(position, goal, len(line)) == 1:  # only the pointless moves lose
        return None
    return goal, line, search_difficulty(position, goal, len(line), tree)


def _free(position: Any, rng: random.Random) -> tuple[Goal, tuple, float] | None:
    buried = [
        card
        for pile in position.piles()
        if pile.kind == "column" and pile.owner == 0
        for card in pile.cards[-5:-1]
        if card is not None
    ]
    rng.shuffle(buried)
    for card in buried[:4]:
        found = _search_task(position, free_goal(position, card))
        if found is not None:
            return found
    return None


def _home(position: Any, rng: random.Random) -> tuple[Goal, tuple, float] | None:
    home = sum(p.owners.count(0) for p in position.piles() if p.kind == "foundation")
    more = rng.choice((1, 2, 2, 3))
    found = _search_task(position, Goal("count", count=home + more))
    if found is None or len(found[1]) <= more:  # only foundation moves: too easy
        return None
    return found


def _judge(position: Any, want: bool, rng: random.Random) -> tuple[str, bool, tuple, float] | None:
    """One move from a winnable `position`, to a position that is winnable (`want`) or lost:
    (the move, the answer, the solver's line, the difficulty). A position is used only when
    one of its moves keeps the game winnable and another loses it, and the answer asked for
    picks which, so both answers come from the same positions: what the board shows (cards
    home, stock left, empty columns) says nothing of the answer, and a student has to read it."""
    if len(position.stock()) > _tuned(JUDGE_STOCK, position.name):
        return None
    firsts = list(position.legal_moves())
    rng.shuffle(firsts)
    found: dict[bool, tuple[str, bool, tuple, float]] = {}
    for move in firsts:
        after = position.copy()
        text = str(after.play(move))
        if after.status != "playing" or len(after.legal_moves()) < 2:
            continue
        result = decide(after)
        answer = result.winnable
        if answer is None or answer in found or (answer and len(result.moves) > 2 * WIN_LINE):
            continue
        line = tuple(str(m) for m in result.moves) if answer else ()
        found[answer] = (text, answer, line, judge_difficulty(after, result))
        if len(found) == 2:
            return found[want]
    return None


# ---- themes -----------------------------------------------------------------------------------
def themes(position: Any, line: Sequence[str]) -> tuple[str, ...]:
    """What the solution uses: group moves, empty columns, Kings, the waste, draws, foundations."""
    found: list[str] = []
    game = position.copy()
    if not game.stock():
        found.append("endgame")
    for text in line:
        move = game.parse_move(text)
        if move.kind in ("draw", "pass"):
            found.append("draw")
            game.play(move)
            continue
        source, target = game.move_places(move, 0)
        piles = {p.ref: p for p in game.piles()}
        if source is not None and source.pile.kind == "waste":
            found.append("waste timing")
        if target is not None and target.kind == "foundation":
            found.append("foundation")
        if target is not None and target.kind == "column":
            if len(moving_group(game, move)) > 1:
                found.append("group move")
            if not piles[target].cards:
                found.append("empty column")
                if move.card is not None and move.card.rank == KING:
                    found.append("King")
        if source is not None and source.pile.kind == "column" and source.depth == 0:
            found.append("empty column")
        game.play(move)
    return tuple(dict.fromkeys(found))


def write(
    game: str,
    count: int,
    path: Any,
    level: int | None = None,
    seed: int = 0,
    kinds: Sequence[str] | dict[str, int] | None = None,
    progress: Callable[[int, int], None] | None = None,
    jobs: int = 1,
    executor: Executor | None = None,
) -> list[Puzzle]:
    """Make puzzles and write them to `path` as `load` reads them, with the generator's seed
    (and whether deals were drawn a round at a time for workers) and each scale's level cut points.
    `kinds` as a mapping (`{"win": 30, "judge": 40}`) makes that many of each kind, each kind
    from a seed of its own (`seed` plus its place in `KINDS`), and `count` is their sum."""
    check_request(game, level)
    file = check_path("path", path)  # before the minutes of making, not after
    if not file.parent.is_dir():
        raise ValueError(
            f"path is where to write the puzzles, in a folder that is there; {file.parent} is not"
        )
    if file.is_dir():
        raise ValueError(f"path is where to write the puzzles, a file; {file} is a folder")
    how = {"progress": progress, "jobs": jobs, "executor": executor}
    if isinstance(kinds, dict):
        wrong = [k for k in kinds if k not in KINDS]
        if wrong:
            raise ValueError(f"kinds are among {', '.join(KINDS)}, not {', '.join(map(repr, wrong))}")
        for kind, n in kinds.items():
            check_whole(f"kinds[{kind!r}]", n, 1)
        made = [
            p
            for kind, n in kinds.items()
            for p in make(game, n, level, seed + KINDS.index(kind), kinds=[kind], **how)
        ]
        count = sum(kinds.values())
    else:
        made = make(game, count, level, seed, kinds=kinds, **how)
    cuts = shipped_cuts(game) if level is not None else quantile_cuts(made)
    if level is None:
        made = [replace(p, level=level_of(p, cuts)) for p in made]
        made.sort(key=lambda p: (p.level, p.difficulty, p.id))
    kinds_made = dict(kinds) if isinstance(kinds, dict) else list(kinds or MIX)
    generator = {"seed": seed, "count": count, "level": level, "kinds": kinds_made}
    if executor is not None or jobs > 1:
        generator["rounds"] = ROUND  # remade the same way on any number of workers
    about = {"game": game, "generator": generator}
    save(made, path, **about, cuts=cuts)
    return made
