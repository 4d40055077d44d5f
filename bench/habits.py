"""Strategy habits over many deals: the figures the guide's strategy lessons quote.

Paired comparisons play the same deals with and without a habit (players in
`ausp_widget.analysis.habits`, each seeing only what a player sees); grouped figures split deals
by a feature of the opening tableau and give the solver's verdict (full information, a fixed
node budget) and the hint player's result per group. Prints every figure as
"a of n = x% (95% Wilson low–high)"; `--write` stores them, with one character per deal, in
ausp_widget/data/australian_habits.json (read by `games.australian.figures`).

Deals 1–10000 for the players by default: on 1–1000 the habits' small effects drown in chance
(a 7–0 split there became 40–29 over 10000 deals, a 10–3 one 175–43). `group_choice` asks the
solver at every choice of every deal, so it keeps to deals 1–1000.

Run: .venv/bin/python bench/habits.py [--deals 10000] [--choice-deals 1000] [--sample 10000]
     [--jobs 2] [--write]      (about 4 minutes on 2 idle cores)
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time

from ausp_widget.analysis import deal_features, habits
from ausp_widget.core.stats import wilson_interval
from ausp_widget.data import path as data_path

OUT = data_path("australian_habits.json")

PAIRED = {  # key: (player with the habit, player without, what is compared)
    "draw_early": ("draw_early", "hint", "Pagat: draw at the start and whenever the waste is empty"),
    "kings_useful": ("hint", "kings_at_once", "a King that opens a route first, not any King at once"),
    "kings_save": ("kings_saved", "hint", "an empty column kept for a useful King (a waste King is one)"),
    "kings_save_strict": (
        "kings_saved_strict",
        "hint",
        "an empty column kept for a King that lets the next card play, even a waste King",
    ),
    "group_look": ("hint", "groups_blind", "group moves chosen by what they uncover, not in table order"),
}
SHARES = {  # key: (judge, what a "1" means, in words after "a of n deals")
    "group_choice": (
        "group_choice",
        "on the hint player's line, the choice between group moves decided whether the deal could be won",
    ),
}
GROUPED = {  # key (a name in deal_features.FEATURES): words for one group, with {} for its label
    "ace_depth": "deals with {} cards lying on their aces",
    "ace_depth_two": "deals showing two aces with {} cards lying on them",
    "aces_seen": "deals with {} aces in the tableau",
    "self_block": "deals with {} cards lying right on a lower card of their suit",
    "self_block_control": "deals with {} cards lying right on a higher card of their suit",
}


def _task(job: tuple[str, int]) -> str:
    return habits.outcome(*job)


def run(jobs: list[tuple[str, int]], processes: int) -> dict[tuple[str, int], str]:
    """Every (judge, seed) verdict, in `processes` processes."""
    if processes <= 1:
        return {job: _task(job) for job in jobs}
    with multiprocessing.Pool(processes) as pool:
        return dict(zip(jobs, pool.imap(_task, jobs, chunksize=25)))


def rate(a: int, n: int) -> str:
    if not n:
        return f"{a} of 0"
    low, high = wilson_interval(a, n)
    return f"{a} of {n} = {100 * a / n:.1f}% (95% Wilson {100 * low:.1f}–{100 * high:.1f}%)"


def paired_figures(records: dict[str, str], deals: int) -> dict:
    """Each habit against its absence on deals 1..deals, printed and as json entries."""
    out = {}
    for key, (with_, without, words) in PAIRED.items():
        counts = habits.paired(records[with_][:deals], records[without][:deals])
        p = habits.sign_test(counts["only_with"], counts["only_without"])
        print(f"{key}: {words} (deals 1–{deals})")
        print(f"  with    ({with_}): {rate(counts['won_with'], deals)}")
        print(f"  without ({without}): {rate(counts['won_without'], deals)}")
        split = f"won only with {counts['only_with']}, only without {counts['only_without']}"
        print(f"  paired: {split} (sign test p = {p:.2g})")
        out[key] = {"kind": "paired", "description": words, "first": 1, "deals": deals}
        out[key] |= {"with": with_, "without": without, "sign_test_p": round(p, 4), **counts}
    return out


def share_figures(records: dict[str, str], deals: int) -> dict:
    out = {}
    for key, (judge, words) in SHARES.items():
        rec = records[judge][:deals]
        print(f"{key}: {words} (deals 1–{deals})")
        print(f"  {rate(rec.count('1'), deals)}; undecided {rec.count('?')}")
        out[key] = {"kind": "share", "description": words, "first": 1, "deals": deals, "judge": judge}
        out[key] |= {"yes": rec.count("1"), "no": rec.count("0"), "undecided": rec.count("?"), "n": len(rec)}
    return out


def grouped_figures(records: dict[str, str], sample: int) -> dict:
    """Deals 1..sample split by each feature, with the solver's and the hint player's results."""
    out = {}
    for key, words in GROUPED.items():
        feature, lows = deal_features.FEATURES[key]
        labels = deal_features.group_labels(lows)
        groups = "".join(deal_features.feature_group(key, seed) for seed in range(1, sample + 1))
        entry = {"kind": "grouped", "description": " ".join(feature.__doc__.split()), "first": 1}
        entry |= {"deals": sample, "words": words, "labels": labels, "groups": groups}
        print(f"{key}: {entry['description']} (deals 1–{sample})")
        for judge in ("solver", "hint"):
            entry[judge] = deal_features.by_group(groups, records[judge][:sample], labels)
            for label, c in entry[judge].items():
                undecided = f"; undecided {c['undecided']}" if c["undecided"] else ""
                print(f"  {judge:6} {words.format(label)}: {rate(c['won'], c['n'])}{undecided}")
        out[key] = entry
    return out


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=int, default=10000, help="deals 1..N for the players (10000)")
    parser.add_argument("--choice-deals", type=int, default=1000, help="deals 1..N for group_choice (1000)")
    parser.add_argument("--sample", type=int, default=10000, help="deals 1..N for grouped figures (10000)")
    parser.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--write", action="store_true", help=f"store the figures in {OUT.name}")
    args = parser.parse_args()
    started = time.perf_counter()
    spans = {judge: args.deals for judge in habits.POLICIES} | {"group_choice": args.choice_deals}
    spans["hint"] = max(args.deals, args.sample)
    spans["solver"] = args.sample
    jobs = [(judge, seed) for judge, span in spans.items() for seed in range(1, span + 1)]
    jobs.sort(key=lambda job: job[0] not in ("group_choice", "solver"))  # the slow ones first
    verdicts = run(jobs, args.jobs)
    records = {j: "".join(verdicts[j, s] for s in range(1, n + 1)) for j, n in spans.items()}
    out: dict = {
        "about": "written by bench/habits.py; one character per deal: 1 won, 0 not, ? undecided",
        "node_limit": habits.NODE_LIMIT,
        "players": {name: " ".join(policy.__doc__.split()) for name, policy in habits.POLICIES.items()},
        "records": {j: {"first": 1, "deals": n, "record": records[j]} for j, n in spans.items()},
    }
    out |= paired_figures(records, args.deals)
    out |= share_figures(records, args.choice_deals)
    out |= grouped_figures(records, args.sample)
    print(f"({time.perf_counter() - started:.0f} s on {args.jobs} processes)")
    if args.write:
        OUT.write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
