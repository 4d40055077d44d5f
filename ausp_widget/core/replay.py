"""Replaying a stored line (a save's moves, a puzzle's, a lesson's position): every move goes
through the game's rules, as `play` checks it. In a game whose end is final (`over_is_final`),
whether the game still goes on is worked out once, before the last move, not before every
move: that search is the slow part of a replay (it made an Indian save or puzzle set take
seconds to minutes to load).

Why once is enough: in such a game a position after an ended one has ended too, so if the game
goes on before the last move it went on before every earlier move, and `play` would have taken
the same line."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

Game = Any  # any game of the protocol (`ausp_widget.core.protocol.PatienceGame`)
Refused = Callable[[int, Any, ValueError], Exception]
"""Makes the error for move `number` of a line (from 1) that the rules refuse."""


def replayed(
    game: Game, line: Iterable[tuple[int, Any]], refused: Refused | None = None
) -> tuple[Game, list[Any]]:
    """A copy of `game` after `line` ((player, move) pairs; `game` is untouched) and the moves
    as played. A move the rules refuse raises as `play` raises, or as `refused` says."""
    line = list(line)
    if line and getattr(game, "over_is_final", False):
        quick = game.copy()
        moves = _judged_once(quick, line)
        if moves is not None:
            return quick, moves
    game = game.copy()  # the line replayed move by move says exactly what is wrong, and where
    moves = []
    for number, (player, move) in enumerate(line, start=1):
        try:
            moves.append(game.play(move, player))
        except ValueError as error:
            if refused is None:
                raise
            raise refused(number, move, error) from None
    return game, moves


def _judged_once(game: Game, line: list[tuple[int, Any]]) -> list[Any] | None:
    """Play `line` on `game` with the status worked out only by the last move's `play`; the
    moves as played, or None at the first refusal (with `game` left part-way)."""
    moves = []
    try:
        for player, move in line[:-1]:
            game._status = "playing"  # the last move's `play` asks whether the game goes on
            moves.append(game.play(move, player))
        game._status = None
        moves.append(game.play(line[-1][1], line[-1][0]))
    except Exception:  # the replay move by move says why
        return None
    return moves
