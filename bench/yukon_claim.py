"""How many deals of Yukon can be won by someone who knows every card? The solver's survey of
deals, compared with the published figure.

Run: .venv/bin/python bench/yukon_claim.py [--first-deal 1001] [--deals 1000] [--seconds 3]
     [--jobs 1] [--results bench/yukon_claim.jsonl] [--retry-undecided] [--hint-deals 0]
     [--scheduler tcp://HOST:8786 | local]

The full-information solver (`ausp_widget.games.yukon.solver`: it knows the face-down cards)
is asked about deals `--first-deal` .. `--first-deal + --deals - 1` for up to `--seconds`
each. Every verdict is appended to `--results` as it comes (`ausp_widget.analysis.winnability`),
and a run with the same budget reads those back, so an interrupted run carries on where it
stopped; `--scheduler` runs the deals on a Dask cluster instead of local processes.
It prints the deals proved winnable, proved lost and left undecided; the winnable share as a
lower bound (undecided counted lost) and an upper bound (undecided counted won), each with
its 95% Wilson interval; the decided share; and the median seconds to a verdict. With
`--hint-deals N` a player that follows the hint (it sees only the face-up cards) then plays the
first N of those deals; its won games prove their deals winnable too.

The budget was chosen on deals 1-100 only (see `--first-deal`); the reported range is
1001-2000, which no setting was tuned on.

Published figure to compare with: Blake & Gent, "The Winnability of Klondike Solitaire and
Many Other Patience Games" (arXiv:1906.12314), which reports Solvitaire's winnability for
Yukon (thoughtful: every card known, as here). See `PUBLISHED` below and the guide's chapter.
"""

from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import Executor

from ausp_widget.analysis import evaluate
from ausp_widget.analysis.cluster import ClusterError, cluster
from ausp_widget.analysis.winnability import survey
from ausp_widget.core.stats import wilson_interval
from ausp_widget.games.yukon.hints import hint_player


def pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first-deal", type=int, default=1001)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--results", default="bench/yukon_claim.jsonl")
    parser.add_argument("--retry-undecided", action="store_true")
    parser.add_argument("--hint-deals", type=int, default=0)
    parser.add_argument("--scheduler", help='a Dask scheduler\'s address, or "local"')
    args = parser.parse_args()
    try:
        with cluster(args.scheduler, workers=args.jobs) as executor:
            run(args, executor)
    except ClusterError as error:
        raise SystemExit(f"yukon_claim: {error}") from None


def run(args: argparse.Namespace, executor: Executor | None) -> None:
    start = time.perf_counter()
    deals = range(args.first_deal, args.first_deal + args.deals)
    result = survey(
        deals,
        None,
        args.seconds,
        game="yukon",
        jobs=args.jobs,
        executor=executor,
        saved=args.results,
        retry_undecided=args.retry_undecided,
    )
    report(result, deals, args.seconds, time.perf_counter() - start)
    if args.hint_deals:
        played = range(deals.start, deals.start + args.hint_deals)
        start = time.perf_counter()
        hints = evaluate(hint_player, played, args.jobs, executor, game="yukon")
        print(f"{hints}, deals {played.start}-{played.stop - 1} [{time.perf_counter() - start:.0f} s]")
        won, share, a, b = result.lower_with(r.deal for r in hints.deals if r.won)
        print(
            f"  counting its won games as proofs too: {won} winnable, "
            f"at least {pct(share)} ({pct(a)}-{pct(b)})"
        )


def report(result, deals: range, seconds: float, took: float) -> None:
    low, low_a, low_b = result.lower
    high, high_a, high_b = result.upper
    decided = [v.seconds for v in result.verdicts if v.winnable is not None]
    median = statistics.median(decided) if decided else float("nan")
    print(
        f"yukon, deals {deals.start}-{deals.stop - 1}, {seconds:g} s each: "
        f"{result.won} winnable, {result.lost} lost, {result.undecided} undecided "
        f"({pct(result.decided)} decided; median {median:.2f} s to decide); "
        f"winnable: at least {pct(low)} ({pct(low_a)}-{pct(low_b)}), "
        f"at most {pct(high)} ({pct(high_a)}-{pct(high_b)}) [{took:.0f} s this run]",
        flush=True,
    )
    if result.won + result.lost:
        share = result.won / (result.won + result.lost)
        a, b = wilson_interval(result.won, result.won + result.lost)
        print(f"  of the decided deals, {pct(share)} winnable ({pct(a)}-{pct(b)})", flush=True)


if __name__ == "__main__":
    main()
