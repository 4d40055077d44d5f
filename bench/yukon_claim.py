"""How many deals of Yukon can be won by someone who knows every card? The solver's survey of
deals, each win replayed, as one figure with its 95% interval.

Run: .venv/bin/python bench/yukon_claim.py [--game yukon] [--first-deal 5001] [--deals 1000]
     [--seconds 10] [--results ausp_widget/data/GAME_claim.jsonl] [--retry-undecided]
     [--hint-deals 0] [--hint-results ausp_widget/data/GAME_hints.jsonl]

The full-information solver (`ausp_widget.games.family.solver`: it knows the face-down cards)
is asked about deals `--first-deal` .. `--first-deal + --deals - 1` for up to `--seconds`
each, in one process. Every winning line it gives is played through `game.play`, move by
move, on a fresh deal, and must end won (else the run stops, naming the deal); a "lost" is
the end of a complete search (see the solver's module docstring). Every verdict is appended
to `--results` as it comes, and a run with the same budget reads those back, so an
interrupted run carries on where it stopped (`--retry-undecided`: search the undecided deals
again, after the solver has grown stronger; a proved verdict stands).

`--game russian` asks the same of Russian Solitaire, Yukon's family member that builds in
suit (its verdicts go to `ausp_widget/data/russian_claim.jsonl`). It prints the deals proved
winnable, proved lost and left undecided with the decided share;
the winnable share of the decided deals, and of all deals with the undecided counted lost
and counted won, each with its 95% Wilson interval; and the median seconds to a verdict.
With `--hint-deals N` the player that follows the hint (it sees only the face-up cards) then
plays the first N of those deals, each game appended to `--hint-results` as it ends (a rerun
carries on); its won games must all be deals the solver did not prove lost.

The solver was tuned on deals 1001-2000 (the old survey's range, whose undecided deals were
the hard cases) and 1-100; the guide quotes deals 5001-6000, which no setting saw
(`ausp_widget.games.yukon.figures`).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from dataclasses import asdict
from pathlib import Path

from ausp_widget import Game
from ausp_widget.analysis.arena import DealResult, Evaluation, play_deal
from ausp_widget.analysis.survey_lines import read_records
from ausp_widget.analysis.winnability import NO_NODE_LIMIT, DealVerdict, append_verdict, read_survey
from ausp_widget.core.stats import wilson_interval
from ausp_widget.data import path as data_path
from ausp_widget.games.family.hints import hint_player
from ausp_widget.games.family.solver import solve


def pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def share(part: int, whole: int) -> str:
    low, high = wilson_interval(part, whole)
    return f"{pct(part / whole if whole else 0.0)} ({pct(low)}-{pct(high)})"


def decide(deal: int, seconds: float, name: str) -> DealVerdict:
    """The solver's verdict on one deal, its winning line replayed move by move."""
    game = Game.deal(deal, game=name)
    result = solve(game, time_limit=seconds, node_limit=NO_NODE_LIMIT)
    if result.winnable:
        trial = Game.deal(deal, game=name)
        for move in result.moves:
            trial.play(move)
        if trial.status != "won":
            raise SystemExit(f"yukon_claim: {name} deal {deal}: the winning line ends {trial.status}")
    return DealVerdict(
        name,
        "{}",
        float(seconds),
        deal,
        result.winnable,
        result.nodes,
        round(result.elapsed, 3),
        len(result.moves),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="yukon", help="a game of the Yukon family (yukon, russian)")
    parser.add_argument("--first-deal", type=int, default=5001)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--results", default=None, help="default: ausp_widget/data/GAME_claim.jsonl")
    parser.add_argument("--retry-undecided", action="store_true")
    parser.add_argument("--hint-deals", type=int, default=0)
    parser.add_argument("--hint-results", default=None, help="default: ausp_widget/data/GAME_hints.jsonl")
    args = parser.parse_args()
    args.results = args.results or str(data_path(f"{args.game}_claim.jsonl"))
    args.hint_results = args.hint_results or str(data_path(f"{args.game}_hints.jsonl"))
    start = time.perf_counter()
    deals = range(args.first_deal, args.first_deal + args.deals)
    known = {v.deal: v for v in read_survey(None, args.seconds, game=args.game, path=args.results).verdicts}
    for deal in deals:
        saved = known.get(deal)
        if saved is None or (args.retry_undecided and saved.winnable is None):
            known[deal] = decide(deal, args.seconds, args.game)
            append_verdict(args.results, known[deal])
    report([known[deal] for deal in deals], deals, args.seconds, time.perf_counter() - start, args.game)
    if args.hint_deals:
        played = range(deals.start, deals.start + args.hint_deals)
        hints(played, Path(args.hint_results), {d for d in played if known[d].winnable is False}, args.game)


def hints(deals: range, saved: Path, lost: set[int], name: str) -> None:
    """The hint player's games on `deals`, reading back the deals already played."""
    start = time.perf_counter()
    known = {r.deal: r for r in read_records(saved, DealResult, "a deal result")}
    for deal in deals:
        if deal not in known:
            known[deal] = play_deal(hint_player, deal, name, move_seconds=60.0)
            with saved.open("a", encoding="utf-8") as file:
                file.write(json.dumps(asdict(known[deal])) + "\n")
    result = Evaluation("hint player", tuple(known[deal] for deal in deals))
    clash = sorted(r.deal for r in result.deals if r.won and r.deal in lost)
    if clash:
        raise SystemExit(f"yukon_claim: deal {clash[0]} was proved lost, yet the hint player won it")
    print(f"{result}, deals {deals.start}-{deals.stop - 1} [{time.perf_counter() - start:.0f} s this run]")


def report(verdicts: list[DealVerdict], deals: range, seconds: float, took: float, name: str) -> None:
    won = sum(v.winnable is True for v in verdicts)
    lost = sum(v.winnable is False for v in verdicts)
    undecided = len(verdicts) - won - lost
    times = [v.seconds for v in verdicts if v.winnable is not None]
    median = statistics.median(times) if times else float("nan")
    print(
        f"{name}, deals {deals.start}-{deals.stop - 1}, {seconds:g} s each: {won} winnable, {lost} lost, "
        f"{undecided} undecided; decided {share(won + lost, len(verdicts))}; median {1000 * median:.0f} ms "
        f"to decide [{took:.0f} s this run]",
        flush=True,
    )
    print(f"  winnable, of the decided deals: {share(won, won + lost)}", flush=True)
    print(
        f"  winnable, of all deals: at least {share(won, len(verdicts))} (undecided counted lost), "
        f"at most {share(won + undecided, len(verdicts))} (undecided counted won)",
        flush=True,
    )


if __name__ == "__main__":
    main()
