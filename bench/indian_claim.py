"""Is Indian Patience "two games in three if you are patient"? The solver's survey of deals,
under each reading of the rules the published page leaves open.

Run: .venv/bin/python bench/indian_claim.py [--deals 200] [--seconds 60] [--jobs 2]
     [--readings default,protected,kings,refill] [--results bench/results/indian_claim.jsonl]

For each reading, the full-information solver (it knows the stock and the face-down cards:
what a player who may take back any move could learn) is asked about deals 1..N for up to
`--seconds` each. Every verdict is appended to `--results` as it comes, and a run with the
same reading and budget reads those back, so an interrupted run carries on where it stopped.
Each line printed gives the deals proved winnable and proved lost, and the share of winnable
deals as a lower bound (undecided deals counted lost) and an upper bound (undecided counted
won), each with its 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import time

from ausp_widget.analysis.winnability import survey

READINGS = {
    "default": (
        {},
        "as played here (no card onto a protected card; any card fills a column; no partial refill)",
    ),
    "protected": ({"protected_takes_cards": True}, "a protected card may take cards"),
    "kings": ({"empty_column": "kings"}, "only a King fills an empty column"),
    "refill": ({"partial_refill": True}, "a column is dealt the last one or two stock cards"),
}


def pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--readings", default=",".join(READINGS))
    parser.add_argument("--results", default="bench/results/indian_claim.jsonl")
    args = parser.parse_args()
    for name in args.readings.split(","):
        options, words = READINGS[name]
        start = time.perf_counter()
        result = survey(range(1, args.deals + 1), options, args.seconds, jobs=args.jobs, saved=args.results)
        low, low_a, low_b = result.lower
        high, high_a, high_b = result.upper
        seconds = sorted(v.seconds for v in result.verdicts if v.winnable is not None)
        median = seconds[len(seconds) // 2] if seconds else float("nan")
        print(
            f"{name} ({words}), deals 1-{args.deals}, {args.seconds:g} s each: "
            f"{result.won} winnable, {result.lost} lost, {result.undecided} undecided "
            f"({pct(result.decided)} decided; median {median:.1f} s to decide); "
            f"winnable: at least {pct(low)} ({pct(low_a)}-{pct(low_b)}), "
            f"at most {pct(high)} ({pct(high_a)}-{pct(high_b)}) "
            f"[{time.perf_counter() - start:.0f} s this run]",
            flush=True,
        )


if __name__ == "__main__":
    main()
