"""A patient player that never peeks: it plans with the solver on guesses of the hidden cards.

At a real choice it deals the cards it cannot see (the stock, the face-down cards) at random
in `samples` ways, asks the game's full-information solver for a winning line in each (a
budget of `nodes` positions per guess), and plays the first move most of those lines begin
with (the game's hint breaks ties, and plays when no guess can be won within the budget). It
then follows the chosen line while the table looks exactly as the line expects, and plans
again as soon as it does not: after a draw shows a card, a face-down card turns up, or a
column is dealt again. It reads only the view, like every player of `evaluate`.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ausp_widget.core.moves import Move
from ausp_widget.core.registry import entry

from .chance import sampled_games


class PatientPlayer:
    """See the module docstring; the same choices on the same deal (re-seeded each deal)."""

    def __init__(
        self, samples: int = 4, nodes: int = 3_000, seed: int = 0, move_seconds: float | None = None
    ) -> None:
        """`nodes` bounds each guess's search; `move_seconds`, when given, also bounds the time
        one choice may take, shared equally among the guesses (a budget that depends on the
        machine: with nodes alone, the same deal is always played the same way)."""
        if not (isinstance(samples, int) and samples >= 1):
            raise ValueError(f"samples must be a whole number from 1, not {samples!r}")
        if not (isinstance(nodes, int) and nodes >= 1):
            raise ValueError(f"nodes must be a whole number from 1, not {nodes!r}")
        if move_seconds is not None and (
            isinstance(move_seconds, bool)
            or not isinstance(move_seconds, int | float)
            or not move_seconds > 0
        ):
            raise ValueError(
                f"move_seconds must be a number of seconds above 0 (or None), not {move_seconds!r}"
            )
        self.samples, self.nodes, self.seed, self.move_seconds = samples, nodes, seed, move_seconds
        self.reset()

    def reset(self) -> None:
        self._random = random.Random(self.seed)
        self._plan: list[Move] = []
        self._guess: Any = None  # the guessed game the plan is played on, kept in step

    def choose(self, view: Any) -> Move | None:
        legal = view.legal_moves()
        if not legal:
            return None
        if self._plan and self._guess is not None and self._guess.view(0).piles == view.piles:
            move = self._plan.pop(0)
            if move in legal:
                self._guess.play(move)
                return move
        return self._replan(view, legal)

    def _replan(self, view: Any, legal: list[Move]) -> Move:
        game_entry = entry(view.game)
        guesses = list(sampled_games(view, self.samples, self._random))
        seconds = None if self.move_seconds is None else self.move_seconds / self.samples
        votes: Counter = Counter()
        lines: dict[Move, tuple[Any, list[Move]]] = {}
        for guess in guesses:
            result = game_entry.solve(guess, seconds, self.nodes)
            if result.winnable and result.moves:
                first = result.moves[0]
                votes[first] += 1
                lines.setdefault(first, (guess, list(result.moves)))
        advice = game_entry.hint(guesses[0], 0).move
        if not votes:
            self._plan, self._guess = [], None
            return advice if advice in legal else legal[0]
        best = max(votes.values())
        move = advice if votes.get(advice) == best else max(votes, key=votes.get)
        guess, line = lines[move]
        self._guess, self._plan = guess.copy(), line[1:]
        self._guess.play(move)
        return move
