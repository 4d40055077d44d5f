"""How the Indian front door shares its turns: each of its searches alone on the slowest deals,
then the turns replayed for a set of shares.

Run: .venv/bin/python bench/indian_shares.py [--deals 2,7,8,...] [--jobs 2]
     [--results bench/indian_shares.jsonl] [--shares 2,3,3,3,3,6,4,4] [--seconds 60,40]

Each search of `ausp_widget.games.indian.solver` (the complete search, each probe, each beam)
runs alone on each deal, up to a cap of positions about as many as it could get within 60 s; the
positions it needed to win (or that it did not win within the cap) are appended to `--results` as
they come, and a later run measures only what is missing. Then the turns are replayed as
`DealSolver` takes them (the complete search's first turn, then each search in turn for its shares
of `TURN` positions), with each search's measured speed, to count the deals won within each of
`--seconds`. `--shares` tries other shares: the complete search's, each probe's, then each beam's.

The deals are those of 1-200 that took over 20 s in a 60 s survey run before these shares, or
that it left undecided: the ones the shares decide. The shipped file holds the measurements the
shares were chosen from, completed by a later run (two processes on two cores). Replayed on them,
the turns predicted a one-run survey within about a tenth of its time, a little early, so the
shares were chosen to win within 54 s rather than 60. Printed (the last line: the shares before):

    61 deals; searches alone win 44 of them within their caps (complete search 9, probes 21, beams 35)
    shares 3,3,3,3,3,7,4,4: 43 won within 60 s, 34 within 40 s
    shares 2,1,1,1,1,5,5,0: 38 won within 60 s, 32 within 40 s
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from ausp_widget.analysis.parallel import run_each
from ausp_widget.games.indian.game import IndianGame
from ausp_widget.games.indian.solver import (
    BEAMS,
    COMPLETE_SHARES,
    FIRST_TURN,
    PROBES,
    TURN,
    Beam,
    Probe,
    Solver,
)

SLOWEST = (
    "2,7,8,13,16,17,18,29,30,34,37,40,41,42,47,48,49,52,53,55,59,60,63,68,69,71,72,75,82,84,86,90,91,"
    "93,96,101,105,106,112,117,121,126,127,129,132,138,141,147,152,153,154,158,162,170,185,187,188,"
    "190,191,198,200"
)
CAPS = {"complete": 150_000, "probe": 130_000, "beam": 300_000}
"""Positions each kind of search may use alone: about what it could get within 60 s."""
TABLE = 400_000  # positions a probe remembers: more than it enters within its cap


def searches() -> list[tuple[str, int]]:
    """(name, shares) of the front door's searches, in the order they take turns."""
    named = [("complete", COMPLETE_SHARES)]
    for kind, table in (("probe", PROBES), ("beam", BEAMS)):
        named += [
            (f"{kind} {json.dumps(dict(settings), sort_keys=True)}", shares) for shares, settings in table
        ]
    return named


def measure(task: tuple[int, str]) -> dict:
    """Run one search alone on one deal, up to its cap."""
    deal, name = task
    kind, _, settings = name.partition(" ")
    game = IndianGame.deal(deal)
    if kind == "complete":
        search = Solver(game)
    else:
        search = (Probe if kind == "probe" else Beam)(game, table_limit=TABLE, **json.loads(settings))
    start = time.perf_counter()
    search.run(seconds=None, nodes=CAPS[kind])
    return {
        "deal": deal,
        "search": name,
        "cap": CAPS[kind],
        "won": search.nodes if search.winnable else None,
        "nodes": search.nodes,
        "seconds": round(time.perf_counter() - start, 2),
    }


def replay(
    runs: dict[str, dict], shares: list[tuple[str, int]], speed: dict[str, float], limit: float
) -> bool:
    """Whether the front door, with these shares, wins within `limit` seconds: each search's turn
    uses its positions at its own measured speed, and a search that ran out of positions (its
    cap, or nothing left to search) leaves the turns."""
    taking = [(name, n) for name, n in shares if n > 0]
    used = dict.fromkeys(runs, 0)
    clock, turn, left = 0.0, 0, FIRST_TURN
    while taking:
        name, _ = taking[turn]
        run = runs[name]
        end = run["won"] if run["won"] is not None else run["nodes"]
        step = min(left, end - used[name])
        if clock + step / speed[name] > limit:
            return False
        used[name] += step
        clock += step / speed[name]
        if run["won"] is not None and used[name] >= run["won"]:
            return True
        if used[name] >= end:
            del taking[turn]
            turn -= 1
        if not taking:
            return False
        turn = (turn + 1) % len(taking)
        left = TURN * taking[turn][1]
    return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default=SLOWEST)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--results", default="bench/indian_shares.jsonl")
    parser.add_argument("--shares", action="append", default=[])
    parser.add_argument("--seconds", default="60,40")
    args = parser.parse_args()
    deals = [int(deal) for deal in args.deals.split(",")]
    shipped = searches()
    path = Path(args.results)
    known: dict[tuple[int, str], dict] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            run = json.loads(line)
            known[run["deal"], run["search"]] = run

    def keep(run: dict) -> None:
        known[run["deal"], run["search"]] = run
        with path.open("a", encoding="utf-8") as file:
            file.write(json.dumps(run, ensure_ascii=False) + "\n")

    todo = [(deal, name) for deal in deals for name, _ in shipped if (deal, name) not in known]
    run_each(measure, todo, jobs=args.jobs, done=keep)

    names = [name for name, _ in shipped]
    speed = {
        name: statistics.median(
            run["nodes"] / run["seconds"]
            for (_, n), run in known.items()
            if n == name and run["won"] is None and run["seconds"] > 0
        )
        for name in names
    }
    runs = {deal: {name: known[deal, name] for name in names} for deal in deals}
    won_by = {
        kind: sum(any(runs[d][n]["won"] for n in names if n.startswith(kind)) for d in deals) for kind in CAPS
    }
    alone = sum(any(run["won"] for run in runs[deal].values()) for deal in deals)
    print(
        f"{len(deals)} deals; searches alone win {alone} of them within their caps (complete search "
        f"{won_by['complete']}, probes {won_by['probe']}, beams {won_by['beam']})"
    )
    limits = [float(s) for s in args.seconds.split(",")]
    for text in [",".join(str(n) for _, n in shipped), *args.shares]:
        shares = list(zip(names, map(int, text.split(",")), strict=True))
        counts = [sum(replay(runs[deal], shares, speed, limit) for deal in deals) for limit in limits]
        within = ", ".join(f"{count} within {limit:g} s" for count, limit in zip(counts, limits))
        print(f"shares {text}: {within.replace(' within', ' won within', 1)}")


if __name__ == "__main__":
    main()
