"""Players to measure against, written as a student would write one: a function of the view,
or an object with `choose(view)` (the bot's interface). Each sees only what a player sees."""

from __future__ import annotations

import random
from typing import Any

from ausp_widget.core.moves import Move
from ausp_widget.core.registry import entry_for
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
    """Perfect-information sampling: in each position, deal the hidden cards at random in
    `samples` ways, and play the move after which most of those deals can still be won (the
    game's hint breaks ties). It reads only the view. When nothing is hidden it follows the
    solver's winning line. Moves that only shuffle a column's bottom card between empty
    columns are never tried (they go round in circles)."""

    def __init__(self, samples: int = 16, seed: int = 0, node_limit: int = 4_000) -> None:
        self.samples, self.seed, self.node_limit = samples, seed, node_limit
        self.reset()

    def reset(self) -> None:
        self._random = random.Random(self.seed)
        self._line: list[Move] = []

    def choose(self, view: Any) -> Move | None:
        from .chance import hidden_cards, sampled_games

        games = list(sampled_games(view, self.samples, self._random))
        first = games[0]
        legal = first.legal_moves(0)
        moves = first.useful_moves(0) + [m for m in legal if m.kind in ("draw", "pass")]
        if len(moves) <= 1:
            return moves[0] if moves else None
        advice = entry_for(first).hint(first, 0).move
        if not hidden_cards(view):  # nothing hidden: the solver's line, once found, is followed
            if not self._line:
                self._line = list(self._solve(first).moves or ())
            if self._line and self._line[0] in moves:
                return self._line.pop(0)
            self._line = []
            return advice
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
        return entry_for(game).solve(game, None, self.node_limit)


BOT_LEVELS = ("steady", "strong")


def make_bot(level: Any, game: Any) -> Any:
    """The two-player bot for `game`: "steady" (the rules of SPEC §2), "strong" (those rules
    improved by play-outs, `RolloutBot`), or any object with `choose(view)`."""
    check_bot(level)
    if hasattr(level, "choose"):
        return level
    if level == "strong":
        from .rollout import RolloutBot

        return RolloutBot()
    return entry_for(game).bot()


def check_bot(level: Any) -> None:
    """A `ValueError` naming the bot levels, for anything that is neither one nor a player."""
    player = not isinstance(level, str) and hasattr(level, "choose")
    if not (level is None or level in BOT_LEVELS or player):
        levels = ", ".join(map(repr, BOT_LEVELS))
        raise ValueError(f"bot must be one of {levels} or an object with choose(view), not {level!r}")
