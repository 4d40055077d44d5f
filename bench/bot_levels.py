"""The two-player bot levels against each other: the strong bot (`RolloutBot`, play-outs of
the steady rules) against the steady bot (SPEC §2), on the same deals in both seats, in the
turn-based and the simultaneous game. Prints the strong bot's mean score lead with a 95%
interval, its wins, ties and losses (a win: more of its own cards home), and its time a move.

Run: .venv/bin/python bench/bot_levels.py [--deals 100] [--jobs 2] [--samples 6]
"""

from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from ausp_widget import Game
from ausp_widget.analysis.rollout import RolloutBot
from ausp_widget.core.stats import percentile, wilson_interval
from ausp_widget.games.australian.bot import Bot, play_out


class Timed:
    """A player that records how long each of its choices took."""

    def __init__(self, player) -> None:
        self.player, self.seconds = player, []

    def reset(self) -> None:
        self.player.reset()

    def choose(self, view):
        start = time.perf_counter()
        move = self.player.choose(view)
        self.seconds.append(time.perf_counter() - start)
        return move


def one_game(task: tuple[str, int, int, int]) -> tuple[int, list[float]]:
    """The strong bot's lead (its score less the steady bot's) on one deal and seat."""
    mode, deal, seat, samples = task
    game = Game.deal(deal, mode)
    strong = Timed(RolloutBot(samples=samples, seed=deal))
    players = [strong, Bot()] if seat == 0 else [Bot(), strong]
    play_out(game, players, seed=deal)
    scores = game.scores
    return scores[seat] - scores[1 - seat], strong.seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--samples", type=int, default=6)
    args = parser.parse_args()
    for mode in ("turns", "simultaneous"):
        tasks = [(mode, deal, seat, args.samples) for deal in range(1, args.deals + 1) for seat in (0, 1)]
        start = time.perf_counter()
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(one_game, tasks, chunksize=4))
        took = time.perf_counter() - start
        leads = [lead for lead, _ in results]
        times = [t for _, seconds in results for t in seconds]
        mean = statistics.fmean(leads)
        half = 1.96 * statistics.stdev(leads) / len(leads) ** 0.5
        wins, ties = sum(lead > 0 for lead in leads), sum(lead == 0 for lead in leads)
        low, high = wilson_interval(wins, len(leads))
        print(
            f"bot levels ({mode}): strong leads the steady bot by {mean:+.1f} cards a game "
            f"(95% interval {mean - half:+.1f} to {mean + half:+.1f}) over {len(leads)} games "
            f"({args.deals} deals, both seats); it wins {wins} ({100 * wins / len(leads):.0f}%, "
            f"{100 * low:.0f}–{100 * high:.0f}%), ties {ties}, loses {len(leads) - wins - ties}"
        )
        median, tail = 1000 * percentile(times, 50), 1000 * percentile(times, 99)
        print(
            f"bot levels ({mode}): {args.samples} play-outs a move; median {median:.0f} ms a move, "
            f"99th percentile {tail:.0f} ms, worst {1000 * max(times):.0f} ms; {took:.0f} s, {args.jobs} jobs"
        )


if __name__ == "__main__":
    main()
