"""Players to measure against, written as a student would write one: a function of the view,
or an object with `choose(view)` (the bot's interface). Each sees only what a player sees."""

from __future__ import annotations

import random
from typing import Any

from ausp_widget.core.moves import Move
from ausp_widget.core.registry import entry
from ausp_widget.games.australian.bot import Bot
from ausp_widget.games.australian.hints import hint_from_view


def hint_player(view: Any) -> Move | None:
    """Follow the hint every move (Australian Patience)."""
    return hint_from_view(view).move


class RandomPlayer:
    """Any legal move, at random; the same choices on the same deal (re-seeded each deal)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.reset()

    def reset(self) -> None:
        self._random = random.Random(self.seed)

    def choose(self, view: Any) -> Move | None:
        moves = view.legal_moves()
        return self._random.choice(moves) if moves else None


def bot_player() -> Bot:
    """The two-player bot's rules, played alone (foundations first, then the waste, then
    uncovering, then draw)."""
    return Bot()


class StrongPlayer:
    """Perfect-information sampling: in each position, deal the unseen cards into the stock in
    `samples` orders, and play the move after which most of those orders can still be won (the
    hint's move breaks ties). It reads only the view. When nothing is hidden (an empty stock) it
    follows the solver's winning line. A King that already heads its column is never moved to
    another empty one (that goes round in circles)."""

    def __init__(self, samples: int = 16, seed: int = 0, node_limit: int = 4_000) -> None:
        self.samples, self.seed, self.node_limit = samples, seed, node_limit
        self.reset()

    def reset(self) -> None:
        self._random = random.Random(self.seed)
        self._line: list[Move] = []

    def choose(self, view: Any) -> Move | None:
        from .chance import full_game, sampled_games

        heads = {column[0] for column in view.tableau if column}
        moves = [m for m in view.legal_moves() if not (m.kind == "column" and m.card in heads)]
        advice = hint_from_view(view).move
        if len(moves) <= 1:
            return moves[0] if moves else None
        if not view.stock_size:  # nothing hidden: the solver's line, once found, is followed to the end
            if not self._line:
                self._line = list(self._solve(full_game(view, [])).moves or ())
            if self._line and self._line[0] in moves:
                return self._line.pop(0)
            self._line = []
            return advice
        games = sampled_games(view, self.samples, self._random)
        alive = [g for g in games if self._solve(g).winnable]
        if not alive:
            return advice
        scores = {}
        for move in moves:
            kept = 0
            for game in alive:
                trial = game.copy()
                trial.play(move)
                kept += bool(self._solve(trial).winnable)
            scores[move] = kept
        best = max(scores.values())
        return advice if advice in scores and scores[advice] == best else max(scores, key=scores.get)

    def _solve(self, game: Any) -> Any:
        return entry("australian").solve(game, None, self.node_limit)
