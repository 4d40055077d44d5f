"""Command line: decide one deal, or measure how many deals can be won.

    python -m ausp_widget solve --seed 42
    python -m ausp_widget solve --seed 5 --game indian
    python -m ausp_widget solve --position saved.txt      # any game's position text
    python -m ausp_widget stats --deals 1000 --jobs 2
    python -m ausp_widget stats --deals 1000 --scheduler tcp://host:8786   # on a Dask cluster
    python -m ausp_widget puzzles --make 50 --level 3 --game indian --out mine.json
    python -m ausp_widget puzzles --kinds win=30 --out mine.json   # 30 "win" added to mine.json

The solver knows every hidden card (full information): "winnable" means that
someone who knew every card could win the deal.
"""

from __future__ import annotations

import argparse
import importlib
import math
import multiprocessing
import os
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

from ausp_widget.analysis import solve
from ausp_widget.analysis.cluster import ClusterError, check_address, cluster
from ausp_widget.analysis.parallel import run_each
from ausp_widget.core import registry
from ausp_widget.core.errors import NotationError, check_seconds
from ausp_widget.core.position_text import BOM
from ausp_widget.core.progress_checks import check_path
from ausp_widget.core.protocol import PatienceGame, hidden_words
from ausp_widget.core.saves import DEAL_LIMIT, check_seed, decode_save
from ausp_widget.core.stats import percentile, wilson_interval

MOST_PUZZLES = 10_000  # a run's puzzles: each is a solver-checked search, and 10,000 take hours already
MOST_DEALS = 10_000_000  # a puzzle run's deals: a cap, so that a typo does not ask for years


@dataclass(frozen=True)
class DealOutcome:
    """One deal's verdict (True, False, or None when undecided) and what it cost."""

    seed: int
    winnable: bool | None
    elapsed: float
    nodes: int


def solve_seed(seed: int, time_limit: float | None = 10.0, game: str = "australian") -> DealOutcome:
    result = solve(registry.entry(game).deal(seed), time_limit=time_limit)
    return DealOutcome(seed, result.winnable, result.elapsed, result.nodes)


def _solve_job(job: tuple[int, float | None, str]) -> DealOutcome:
    return solve_seed(*job)


def solve_seeds(
    seeds: Sequence[int],
    time_limit: float | None = 10.0,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
    game: str = "australian",
    executor: Executor | None = None,
) -> list[DealOutcome]:
    """Solve each seeded deal of `game`, on `jobs` processes (0: every core) or on `executor`
    (a Dask cluster's); results in seed order."""
    jobs = jobs or os.cpu_count() or 1
    work = [(seed, time_limit, game) for seed in seeds]
    finished: list[DealOutcome] = []

    def done(outcome: DealOutcome) -> None:
        finished.append(outcome)
        if progress:
            progress(len(finished), len(work))

    # Workers import this module by its package name, also when it runs as `python -m`.
    worker = importlib.import_module("ausp_widget.__main__")._solve_job
    with ExitStack() as stack:
        if executor is None and jobs > 1:
            spawn = multiprocessing.get_context("spawn")
            executor = stack.enter_context(ProcessPoolExecutor(min(jobs, len(work)) or 1, mp_context=spawn))
        outcomes = run_each(worker, work, executor=executor, done=done)
    return sorted(outcomes, key=lambda outcome: outcome.seed)


def summarize(outcomes: Sequence[DealOutcome]) -> list[str]:
    """Lines of figures: win rate with its 95% interval, undecided deals, timings."""
    total = len(outcomes)
    wins = sum(o.winnable is True for o in outcomes)
    losses = sum(o.winnable is False for o in outcomes)
    undecided = total - wins - losses
    decided = wins + losses
    low, high = wilson_interval(wins, decided)
    times = [o.elapsed for o in outcomes]
    decided_times = [o.elapsed for o in outcomes if o.winnable is not None]
    seconds = sum(times)
    nodes = sum(o.nodes for o in outcomes)
    lines = [
        f"deals: {total}  winnable: {wins}  unwinnable: {losses}  undecided: {undecided}",
        f"win rate of decided deals: {_pct(wins / decided if decided else math.nan)} "
        f"(95% Wilson interval {_pct(low)} to {_pct(high)})",
    ]
    if undecided:
        lines.append(
            f"counting undecided deals as lost, then as won: {_pct(wins / total)} to "
            f"{_pct((wins + undecided) / total)}"
        )
    lines += [
        f"decided: {_pct(decided / total if total else math.nan)}",
        "time per deal: median {}, p90 {}, p95 {}, p99 {}, max {}".format(
            *(_duration(percentile(times, q)) for q in (50, 90, 95, 99, 100))
        ),
        f"median time of decided deals: {_duration(percentile(decided_times, 50))}",
        f"positions searched: {nodes} ({nodes / seconds if seconds else 0:,.0f} per second)",
    ]
    return lines


def _duration(seconds: float) -> str:
    return f"{seconds:.2f} s" if seconds >= 1 else f"{1000 * seconds:.1f} ms"


def _pct(x: float) -> str:
    return "n/a" if math.isnan(x) else f"{100 * x:.1f}%"


def progress_bar(stream=None, width: int = 30) -> Callable[[int, int], None]:
    """A progress bar for stderr, redrawn in place; returns the callback for `solve_seeds`."""
    stream = stream or sys.stderr
    started = time.perf_counter()

    def show(done: int, total: int) -> None:
        filled = width * done // max(total, 1)
        spent = time.perf_counter() - started
        left = spent / done * (total - done) if done else 0
        end = "\n" if done == total else ""
        bar = "#" * filled + "." * (width - filled)
        stream.write(f"\r[{bar}] {done}/{total}  {spent:.0f} s, ~{left:.0f} s left{end}")
        stream.flush()

    return show


# ---- commands ------------------------------------------------------------------------------
def _cmd_solve(args: argparse.Namespace) -> int:
    asked = args.game or "australian"  # a position file's game: line decides when --game is left out
    if args.position:
        name = "the position" if args.position == "-" else args.position
        game = _read_position(args.position, name, asked)
        if args.game is not None and game.name != args.game:  # never solve another game than the one asked
            raise NotationError(
                f"{name} holds a position of {game.title} ({game.name}), not of {args.game} as --game "
                "says: leave out --game, or name the game the file holds"
            )
    else:
        game = registry.entry(asked).deal(args.seed)
        name = f"deal {args.seed}" + ("" if game.name == "australian" else f" of {game.title}")
    result = solve(game, time_limit=args.time_limit)
    print(f"{name}: {result.verdict} ({result.elapsed:.2f} s, {result.nodes} positions searched)")
    print(f"(the solver knows {hidden_words(game)}: this says what a player who knew every card could do)")
    if result.winnable:
        print(f"winning line, {len(result.moves)} moves:")
        for number, move in enumerate(result.moves, start=1):
            print(f"{number:4}. {move}")
    elif result.winnable is None:
        print(f"no verdict within {args.time_limit} s: try a larger --time-limit")
    return 0


def _read_position(source: str, name: str, default: str) -> PatienceGame:
    """The game a `--position` file (`-`: standard input) holds: position text, where a `game:`
    line decides the game, or a save (`to_json()`) as it was left; an error names the file."""
    if source == "-":
        text = sys.stdin.read()
    else:
        data = Path(source).read_bytes()
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as error:
            raise NotationError(
                f"{name} is not UTF-8 text: byte {error.start} is 0x{data[error.start]:02x} "
                "(save it as UTF-8)"
            ) from None
    try:
        if text.removeprefix(BOM).lstrip().startswith("{"):
            return registry.read_save(decode_save(text))
        return registry.read_text(text, default=default)
    except NotationError as error:
        raise NotationError(f"{name}: {error}") from None


def _cmd_stats(args: argparse.Namespace) -> int:
    seeds = range(args.start, args.start + args.deals)
    jobs = args.jobs or os.cpu_count() or 1
    print(
        f"solving deals {seeds.start} to {seeds.stop - 1} with {args.time_limit} s each on {jobs} "
        f"process{'es' if jobs > 1 else ''} (the solver knows the stock order)",
        file=sys.stderr,
    )
    progress = None if args.quiet else progress_bar()
    try:
        with cluster(args.scheduler, workers=jobs) as executor:
            outcomes = solve_seeds(seeds, args.time_limit, jobs, progress, args.game, executor)
    except ClusterError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    for line in summarize(outcomes):
        print(line)
    undecided = [o.seed for o in outcomes if o.winnable is None]
    if undecided:
        print(
            "undecided deals: " + " ".join(map(str, undecided[:50])) + (" …" if len(undecided) > 50 else "")
        )
    return 0


def _cmd_puzzles(args: argparse.Namespace) -> int:
    from collections import Counter

    from ausp_widget.analysis.puzzles_make import MIX, write

    out = args.out or f"puzzles_{args.game}.json"
    jobs = args.jobs or os.cpu_count() or 1
    progress = None if args.quiet else puzzle_bar()
    try:
        with cluster(args.scheduler, workers=jobs) as executor:
            how = {"progress": progress, "jobs": jobs, "executor": executor, "max_deals": args.deals}
            made = write(args.game, args.make, out, args.level, args.seed, kinds=args.kinds, **how)
    except ClusterError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(
            f"\nstopped: the puzzles found so far are in {out}; the same command carries on from there",
            file=sys.stderr,
        )
        return 130
    have = Counter(p.kind for p in made)
    wanted = args.kinds or {",".join(sorted(set(MIX))): args.make}
    short = sum(max(0, n - sum(have[k] for k in kind.split(","))) for kind, n in wanted.items())
    kinds = ", ".join(f"{kind} {n}" for kind, n in sorted(have.items()))
    print(
        f"{len(made)} {args.game} puzzles written to {out} ({kinds})"
        + (f"; {short} fewer than asked for: the deals ran out" if short else "")
    )
    return 0


def puzzle_bar(stream=None, width: int = 30) -> Callable[[int, int], None]:
    """The puzzle maker's progress bar on stderr, redrawn in place: puzzles in the file out of
    those asked for, and the time left at the pace of this run (a run carried on from a stop
    starts with puzzles it did not make, which the pace leaves out)."""
    stream = stream or sys.stderr
    started = time.perf_counter()
    first: list[int] = []  # the count at the first call: what the file held before this run

    def show(done: int, total: int) -> None:
        first[:] = first or [done]
        filled = width * done // max(total, 1)
        spent = time.perf_counter() - started
        made = done - first[0]
        left = f"~{spent / made * (total - done):.0f} s left" if made else "time left not known yet"
        end = "\n" if done >= total else ""
        bar = "#" * filled + "." * (width - filled)
        stream.write(f"\r[{bar}] {done}/{total} puzzles  {spent:.0f} s, {left}   {end}")
        stream.flush()

    return show


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m ausp_widget",
        description="Australian Patience and its sister games: decide deals with the solver.",
    )
    games = [entry.name for entry in registry.games()]
    commands = parser.add_subparsers(dest="command", required=True)
    one = commands.add_parser("solve", help="decide one deal and print a winning line")
    source = one.add_mutually_exclusive_group()
    source.add_argument("--seed", type=int, default=42, help="deal number (default 42)")
    source.add_argument("--position", metavar="FILE", help="a solo position in text form ('-' reads stdin)")
    one.add_argument(
        "--game", choices=games, help="which game (default australian; a position file's game: line says it)"
    )
    one.add_argument(
        "--time-limit", type=_seconds, default=10.0, help="seconds before giving up (default 10)"
    )
    one.set_defaults(run=_cmd_solve)
    many = commands.add_parser("stats", help="win rate over many seeded deals")
    many.add_argument("--deals", type=_positive, default=1000, help="how many deals (default 1000)")
    many.add_argument(
        "--start", type=_deal, default=1, help="first deal number, from 0 to 2**64 - 1 (default 1)"
    )
    many.add_argument("--time-limit", type=_seconds, default=10.0, help="seconds per deal (default 10)")
    many.add_argument("--quiet", action="store_true", help="no progress bar")
    many.add_argument("--game", choices=games, default="australian", help="which game (default australian)")
    _add_workers(many)
    many.set_defaults(run=_cmd_stats)
    cut = commands.add_parser("puzzles", help="make puzzles from deals played forward, checked by the solver")
    cut.add_argument(
        "--make",
        type=_puzzle_count,
        default=50,
        help=f"how many puzzles, at most {MOST_PUZZLES:,} (default 50)",
    )
    cut.add_argument(
        "--kinds",
        type=_kind_counts,
        metavar="KIND=N,...",
        help="how many of each kind, such as win=30,judge=40 (then --make is not used)",
    )
    cut.add_argument("--level", type=int, choices=range(1, 6), help="only this level, 1-5 (default: all)")
    cut.add_argument("--game", choices=games, default="australian", help="which game (default australian)")
    cut.add_argument("--seed", type=int, default=0, help="the generator's seed (default 0)")
    cut.add_argument(
        "--out",
        type=_out_file,
        metavar="FILE",
        help="where to write them, saved as they are found (default puzzles_GAME.json); a file already "
        "there keeps its puzzles, which count towards those asked for: the same command carries a "
        "stopped run on, and --kinds adds a kind to a finished set",
    )
    cut.add_argument(
        "--deals",
        type=_puzzle_deals,
        metavar="N",
        help="deals to try at most for each kind asked for, or for the mix (default 40 per puzzle); "
        "a rerun with more carries on where the last one stopped",
    )
    cut.add_argument("--quiet", action="store_true", help="no progress bar")
    _add_workers(cut)
    cut.set_defaults(run=_cmd_puzzles)
    return parser


def _kind_counts(text: str) -> dict[str, int]:
    """`win=30,judge=40`: how many puzzles of each kind."""
    from ausp_widget.analysis.puzzles import KINDS

    counts: dict[str, int] = {}
    for part in text.split(","):
        kind, _, number = part.strip().partition("=")
        if kind not in KINDS:
            raise argparse.ArgumentTypeError(f"a kind is one of {', '.join(KINDS)}, not {kind!r}")
        if kind in counts:
            raise argparse.ArgumentTypeError(f"{kind}= is given twice: name each kind once")
        if not (number.isascii() and number.isdigit()) or not 1 <= int(number) <= MOST_PUZZLES:
            raise argparse.ArgumentTypeError(
                f"{kind}= takes a whole number of puzzles from 1 to {MOST_PUZZLES:,}, not {number!r}"
            )
        counts[kind] = int(number)
    if sum(counts.values()) > MOST_PUZZLES:
        raise argparse.ArgumentTypeError(
            f"at most {MOST_PUZZLES:,} puzzles in all, not {sum(counts.values()):,}"
        )
    return counts


def _add_workers(command: argparse.ArgumentParser) -> None:
    """--jobs and --scheduler: where a command's deals run."""
    command.add_argument(
        "--jobs", type=_count, default=1, help="processes to use; 0 means every core (default 1)"
    )
    command.add_argument(
        "--scheduler",
        type=_scheduler,
        metavar="ADDRESS",
        help='run on a Dask cluster: its scheduler\'s address, or "local" for --jobs workers here',
    )


def _scheduler(text: str) -> str:
    """A scheduler's address, checked before anything connects (Dask stalls on a malformed one)."""
    try:
        return check_address(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error).removeprefix("address ")) from None


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"needs a whole number of at least 1, not {text}")
    return value


def _count(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"needs 0 (every core) or more, not {text}")
    return value


def _seconds(text: str) -> float:
    value = float(text)
    try:
        check_seconds("seconds", value, none=False)
    except ValueError:  # 0, below it, nan, or inf ("1e400" too)
        raise argparse.ArgumentTypeError(f"needs a positive, finite number of seconds, not {text}") from None
    return value


def _deal(text: str) -> int:
    """A deal number, 0 to 2**64 - 1."""
    value = int(text)  # not a number: argparse's own "invalid value"
    try:
        return check_seed(value)
    except ValueError as error:  # "a deal number is a whole number from 0 to 2**64 - 1, not -5"
        raise argparse.ArgumentTypeError(str(error)) from None


def _puzzle_count(text: str) -> int:
    value = int(text)
    if not 1 <= value <= MOST_PUZZLES:
        raise argparse.ArgumentTypeError(
            f"needs a whole number of puzzles from 1 to {MOST_PUZZLES:,}, not {text}"
        )
    return value


def _puzzle_deals(text: str) -> int:
    value = int(text)
    if not 1 <= value <= MOST_DEALS:
        raise argparse.ArgumentTypeError(
            f"needs a whole number of deals from 1 to {MOST_DEALS:,}, not {text}"
        )
    return value


def _out_file(text: str) -> str:
    """A file to write, refused before the making when it cannot be one (a folder there)."""
    try:
        path = check_path("path", text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error).removeprefix("path ")) from None
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is a folder: name a file to write the puzzles to")
    return text


def _check_together(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """What no one argument shows: stats' deals must stay within the deal numbers."""
    if args.command == "stats" and args.start + args.deals > DEAL_LIMIT:
        room = DEAL_LIMIT - args.start
        parser.error(
            f"argument --deals: deal numbers stop at 2**64 - 1, so from --start {args.start} "
            f"at most {room} deals, not {args.deals}"
        )


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    _check_together(parser, args)
    try:
        return args.run(args)
    except (ValueError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
