"""Is Indian Patience "two games in three if you are patient"? The solver's survey of deals,
under each reading of the rules the published page leaves open.

Run: .venv/bin/python bench/indian_claim.py [--deals 200] [--first-deal 1] [--seconds 60] [--jobs 2]
     [--readings default,protected,kings,refill] [--results ausp_widget/data/indian_claim.jsonl]
     [--player-deals 100] [--player-results ausp_widget/data/indian_patient.jsonl]
     [--retry-undecided] [--scheduler tcp://HOST:8786 | local] [--report]

For each reading, the full-information solver (it knows the stock and the face-down cards:
what a player who may take back any move could learn) is asked about deals 1..N for up to
`--seconds` each. Every verdict is appended to `--results` as it comes, and a run with the
same reading and budget reads those back, so an interrupted run carries on where it stopped;
`--retry-undecided` searches again the deals left undecided (a proved verdict stays proved).
`--scheduler` runs the deals on a Dask distributed cluster (an address, or "local" for a cluster
of `--jobs` worker processes here) instead of local processes; the verdicts are saved the same
way, so a killed worker or client loses nothing that was finished.
Each line printed gives the deals proved winnable and proved lost, and the share of winnable
deals as a lower bound (undecided deals counted lost) and an upper bound (undecided counted
won), each with its 95% Wilson interval.

The patient player (`PatientPlayer`: it never sees a hidden card, and plans with the solver on
guesses of them) then plays `--player-deals` deals from `--first-deal` on, under the rules as played here; its
results are kept in `--player-results` the same way, one deal per line. Its won games prove their
deals winnable, so the first reading's line is followed by the lower bound that counts them too.

Measured (two runs sharing two cores; the file gathers every run, and a deal proved winnable in
any run stays proved):

    default, deals 1-200, 60 s each: 183 winnable, 0 lost, 17 undecided (91.5% decided); winnable:
        at least 91.5% (86.8%-94.6%), at most 100.0% (98.1%-100.0%)
      counting the patient player's 18 won games (of 52) as proofs too: 184 winnable, at least
        92.0% (87.4%-95.0%)
    of which the last run alone (--results holding only it): 181 winnable, 0 lost, 19 undecided
        (90.5% decided; median 5.3 s to decide); at least 90.5% (85.6%-93.8%)
    protected, 10 s each: 119 winnable, 0 lost, 81 undecided; at least 59.5% (52.6%-66.1%)
    kings, 10 s each (not searched again with the beams): 10 winnable, 0 lost, 190 undecided;
        at least 5.0% (2.7%-9.0%)
    refill, 10 s each: 125 winnable, 0 lost, 75 undecided; at least 62.5% (55.6%-68.9%)
    patient player: won 18 of 52 (34.6%, 95% interval 23.2-48.2%), 57.4 cards home on average,
        2 failed (no end within 2,080 moves: counted as not won)

Fresh deals (no setting chosen on them), 60 s each, rules as played here:

    --first-deal 1001 --deals 1200: 181 winnable, 0 lost, 19 undecided (90.5% decided)
    --first-deal 1201 --deals 1300: 84 winnable, 0 lost, 16 undecided (84.0% decided)
    --first-deal 1301 --deals 1900: 538 winnable, 0 lost, 62 undecided (89.7% decided; median
        3.3 s to decide); at least 89.7% (87.0%-91.9%) [4367 s this run]
    --first-deal 201 --deals 300: 81 winnable, 0 lost, 19 undecided (81.0% decided)
    --report (every saved verdict, by range of 100, searching nothing; excerpt):
    deals 1301-1400 (100): 87 winnable, 0 lost, 13 undecided: 87.0% decided (79.0%-92.2%),
        median 4.0 s to decide
    never tuned on, 1000 deals: 884 winnable, 0 lost, 116 undecided: 88.4% decided
        (86.3%-90.2%), median 3.4 s to decide
    --first-deal 1001 --player-deals 30 --readings player: won 9 of 30 (30.0%, 16.7-47.9%),
        54.7 cards home on average, 2 failed
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import Executor
from dataclasses import asdict
from pathlib import Path

from ausp_widget.analysis.arena import DealResult, Evaluation, play_deal
from ausp_widget.analysis.cluster import ClusterError, cluster
from ausp_widget.analysis.parallel import run_each
from ausp_widget.analysis.patient import PatientPlayer
from ausp_widget.analysis.winnability import Survey, read_patient, read_survey, survey
from ausp_widget.core.stats import wilson_interval

READINGS = {
    "default": (
        {},
        "as played here (no card onto a protected card; any card fills a column; no partial refill)",
    ),
    "protected": ({"protected_takes_cards": True}, "a protected card may take cards"),
    "kings": ({"empty_column": "kings"}, "only a King fills an empty column"),
    "refill": ({"partial_refill": True}, "a column is dealt the last one or two stock cards"),
}


TUNED = range(1, 201)  # the deals the solver's settings were chosen on


def pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def median_to_decide(result: Survey) -> float:
    seconds = sorted(v.seconds for v in result.verdicts if v.winnable is not None)
    return seconds[len(seconds) // 2] if seconds else float("nan")


def decided_words(result: Survey) -> str:
    """Counts, the decided share with its 95% interval, and the median time to decide."""
    low, high = wilson_interval(result.won + result.lost, result.deals)
    return (
        f"{result.won} winnable, {result.lost} lost, {result.undecided} undecided: "
        f"{pct(result.decided)} decided ({pct(low)}-{pct(high)}), "
        f"median {median_to_decide(result):.1f} s to decide"
    )


def report(results: str) -> None:
    """The saved verdicts under the rules as played here at 60 s, searching nothing: each
    surveyed range of 100 deals, every deal never tuned on together, and the tuned deals."""
    saved = read_survey({}, 60.0, path=results).verdicts
    hundreds: dict[int, list] = {}
    for verdict in saved:
        hundreds.setdefault((verdict.deal - 1) // 100, []).append(verdict)
    for hundred, verdicts in sorted(hundreds.items()):
        first = 100 * hundred + 1
        print(f"deals {first}-{first + 99} ({len(verdicts)}): {decided_words(Survey(tuple(verdicts)))}")
    fresh = Survey(tuple(v for v in saved if v.deal not in TUNED))
    tuned = Survey(tuple(v for v in saved if v.deal in TUNED))
    print(f"never tuned on, {fresh.deals} deals: {decided_words(fresh)}")
    print(f"tuned on (1-200, every run together), {tuned.deals} deals: {decided_words(tuned)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--first-deal", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--readings", default=",".join(READINGS))
    parser.add_argument("--results", default="ausp_widget/data/indian_claim.jsonl")
    parser.add_argument("--player-deals", type=int, default=100)
    parser.add_argument("--player-results", default="ausp_widget/data/indian_patient.jsonl")
    parser.add_argument("--retry-undecided", action="store_true")
    parser.add_argument("--scheduler", help='a Dask scheduler\'s address, or "local"')
    parser.add_argument(
        "--report", action="store_true", help="print the saved verdicts by range, searching nothing"
    )
    args = parser.parse_args()
    if args.report:
        report(args.results)
        return
    try:
        with cluster(args.scheduler, workers=args.jobs) as executor:
            run(args, executor)
    except ClusterError as error:
        raise SystemExit(f"indian_claim: {error}") from None


def run(args: argparse.Namespace, executor: Executor | None) -> None:
    for name in args.readings.split(","):
        if name == "player":
            deals = range(args.first_deal, args.first_deal + args.player_deals)
            patient(deals, args.jobs, Path(args.player_results), executor)
            continue
        options, words = READINGS[name]
        start = time.perf_counter()
        result = survey(
            range(args.first_deal, args.deals + 1),
            options,
            args.seconds,
            jobs=args.jobs,
            executor=executor,
            saved=args.results,
            retry_undecided=args.retry_undecided,
        )
        low, low_a, low_b = result.lower
        high, high_a, high_b = result.upper
        median = median_to_decide(result)
        print(
            f"{name} ({words}), deals {args.first_deal}-{args.deals}, {args.seconds:g} s each: "
            f"{result.won} winnable, {result.lost} lost, {result.undecided} undecided "
            f"({pct(result.decided)} decided; median {median:.1f} s to decide); "
            f"winnable: at least {pct(low)} ({pct(low_a)}-{pct(low_b)}), "
            f"at most {pct(high)} ({pct(high_a)}-{pct(high_b)}) "
            f"[{time.perf_counter() - start:.0f} s this run]",
            flush=True,
        )
        surveyed = range(args.first_deal, args.deals + 1)
        games = [r for r in read_patient(args.player_results).deals if r.deal in surveyed]
        if not options and games:
            wins = [r.deal for r in games if r.won]
            won, share, share_a, share_b = result.lower_with(wins)
            print(
                f"  counting the patient player's {len(wins)} won games (of {len(games)}) as proofs too"
                f": {won} winnable, at least {pct(share)} ({pct(share_a)}-{pct(share_b)})",
                flush=True,
            )


def _patient_deal(deal: int) -> DealResult:
    return play_deal(PatientPlayer(), deal, "indian", move_seconds=60.0)


def patient(deals: range, jobs: int, saved: Path, executor: Executor | None = None) -> None:
    """The patient player's wins on `deals`, reading back the deals already played."""
    start = time.perf_counter()
    known = {r.deal: r for r in read_patient(saved).deals}

    def keep(result: DealResult) -> None:
        known[result.deal] = result
        with saved.open("a", encoding="utf-8") as file:
            file.write(json.dumps(asdict(result)) + "\n")

    todo = [deal for deal in deals if deal not in known]
    run_each(_patient_deal, todo, jobs=jobs, executor=executor, done=keep)
    result = Evaluation("patient player", tuple(known[deal] for deal in deals))
    took = time.perf_counter() - start
    print(f"{result}, deals {deals[0]}-{deals[-1]} [{took:.0f} s this run]", flush=True)


if __name__ == "__main__":
    main()
