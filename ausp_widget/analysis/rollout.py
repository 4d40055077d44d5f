"""The "strong" bot of the two-player games: the steady bot's rules, improved by play-outs.

The two-player games have no solver (the other side's moves change what is possible, and the
goal is a score, not a win), so this bot does not ask one. For each move it may make, it
deals its own unseen cards into its stock in `samples` random orders and plays each order
out alone with the steady bot's rules, the other side's cards left where they are; it makes
the move after which most of its own cards reached the foundations on average, on the same
orders for every move (the steady bot's own choice breaks ties). Choosing the best move by
play-outs of a fixed policy does at least as well as that policy on average (the rollout
idea of dynamic programming). It reads only its view: its own layout, its stock's size, the
shared foundations and whose deck each foundation card came from (that is the score).
"""

from __future__ import annotations

import random
import time
from typing import Any

from ausp_widget.core.cards import Card
from ausp_widget.core.moves import PASS, Move
from ausp_widget.core.playout import play_out
from ausp_widget.games.australian.bot import Bot
from ausp_widget.games.australian.sampling import unseen
from ausp_widget.games.australian.view import stand_in

PLAYOUT_ACTIONS = 400  # actions a play-out may take before it is counted as it stands


class RolloutBot:
    """The "strong" level of the two-player bot (`choose(view)`, like the steady bot). Past
    `budget` seconds on one choice it stops trying further moves and takes the best so far
    (the steady bot's choice is tried first), so the table never waits long for it."""

    def __init__(self, samples: int = 6, seed: int = 0, budget: float = 0.5) -> None:
        self.samples, self.seed, self.budget = samples, seed, budget
        self.reset()

    def reset(self) -> None:
        self._random = random.Random(self.seed)
        self._steady = Bot()

    def choose(self, view: Any) -> Move | None:
        steady = self._steady.choose(view)  # it also keeps the steady bot's memory up to date
        legal = view.legal_moves()
        heads = {column[0] for column in view.tableau if column}
        moves = [m for m in legal if not (m.kind == "column" and m.card in heads) and m != PASS]
        if len(moves) <= 1 or steady is None:
            return steady
        orders = [self._order(view) for _ in range(self.samples)]
        start = time.perf_counter()
        scores: dict[Move, int] = {}
        for move in sorted(moves, key=lambda m: m != steady):
            scores[move] = sum(_play_out(view, order, move) for order in orders)
            if time.perf_counter() - start > self.budget:
                break
        best = max(scores.values())
        if scores.get(steady, -1) == best:
            return steady
        return next(move for move in moves if scores.get(move) == best)

    def _order(self, view: Any) -> list[Card]:
        """One order of the bot's unseen cards (its deck less its layout and its cards home)."""
        order = unseen(view)
        self._random.shuffle(order)
        return order


def _play_out(view: Any, stock: list[Card], move: Move) -> int:
    """The bot's cards that reach the foundations when it plays `move` and then the steady
    bot's rules alone, with `stock` as its stock's order."""
    game = stand_in(view, stock, mode="simultaneous")  # the other side's cards stay put
    player = view.player
    game.play(move, player)
    bot = Bot()

    def choose(now: Any) -> Move | None:
        return bot.choose(now.view(player), [m for m in now.legal_moves(player) if m != PASS])

    play_out(game, choose, PLAYOUT_ACTIONS, player)
    return sum(owners.count(player) for owners in game.foundation_owners)
