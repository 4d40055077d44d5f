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

The budget was chosen on deals 1-100 only (2 s and 5 s tried there: 64 and 69 of 100 decided,
by an earlier version that also sent Twos home unsearched); the reported range is 1001-2000,
which no setting was tuned on.

Measured (one process at nice 10 on a 2-core machine shared with other work; 1419 s in all):

    yukon, deals 1001-2000, 5 s each: 733 winnable, 24 lost, 243 undecided (75.7% decided;
        median 4 ms to decide, 90% within 0.7 s); winnable: at least 73.3% (70.5%-75.9%),
        at most 97.6% (96.5%-98.4%)
      of the decided deals, 96.8% winnable (95.3%-97.9%)
    hint player (--hint-deals 1000): won 402 of 1000 (40.2%, 37.2-43.3%), 26.6 cards home on
        average; none of its wins is a deal the solver proved lost
      counting its won games as proofs too: 761 winnable, at least 76.1% (73.4%-78.6%)

Published figure: none found to compare with. Blake & Gent, "The Winnability of Klondike
Solitaire and Many Other Patience Games" (arXiv:1906.12314), report Solvitaire's winnability
for 73 variants of 35 games, but the copies of the paper reachable here gave its abstract only,
not its table, and Solvitaire's rule presets (github.com/thecharlieblake/Solvitaire,
resources/rules-presets/*.json: "move built group" true or false) describe no game that moves
a group that is not built in sequence, as Yukon does; no Yukon rules file was found in its
repository either. So no Yukon row could be read or confirmed, and the figures above stand
without a published check.
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
        f"({pct(result.decided)} decided; median {1000 * median:.0f} ms to decide); "
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
