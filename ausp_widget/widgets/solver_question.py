"""The "Winnable?" question: the game's solver thinks in short slices on the clock, so the
kernel keeps answering clicks, and an answer made stale by a move or a new game is dropped."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ausp_widget import analysis
from ausp_widget.core.moves import Move
from ausp_widget.core.protocol import hidden_words
from ausp_widget.core.sight import Sight

from .clock import Clock, Timer

SOLVER_SECONDS = 10.0  # how long "Winnable?" thinks, in slices, before it says "undecided"
SOLVER_SLICE = 0.05  # seconds of search between two turns of the kernel's event loop


def can_ask(game: Any) -> bool:
    """Whether this game has a solver that can think in slices (solo games only)."""
    return game.mode == "solo" and analysis.solver(game) is not None


class SolverQuestion:
    """Asks the game's solver about a position and hands the answer to `say`."""

    def __init__(self, clock: Clock, say: Callable[[str], None], on_error: Callable[[BaseException], None]):
        self.clock, self._say, self._on_error = clock, say, on_error
        self._timer: Timer | None = None

    def cancel(self) -> None:
        """Drop the search under way (a new game, or the table closing)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def ask(self, game: Any, still_current: Callable[[], bool], show_line: bool = True) -> None:
        """Ask about `game`; `show_line=False` (teacher mode) answers yes or no without the line."""
        self.cancel()  # one question at a time: the newest one counts
        solver = analysis.solver(game)
        if solver is None:
            self._say("This game has no solver that can answer here.")
            return
        asked = game.to_json()
        hidden = hidden_words(game)
        dealt = at_deal_start(game)
        sight = Sight.of_game(game)  # the table as asked about: the answer names no other card
        self._say(f"Thinking… (the solver knows {hidden}: this is analysis, not a hint)")

        def think() -> None:
            self._timer = None
            if not still_current() or game.to_json() != asked:
                return
            try:
                verdict = solver.run(seconds=SOLVER_SLICE)
            except Exception as exc:
                self._on_error(exc)
                return
            if verdict is None and solver.elapsed < SOLVER_SECONDS:
                self._timer = self.clock.call_later(0.0, think)
                return
            line = solver.result.moves if show_line else None
            self._say(answer(verdict, line, solver.elapsed, hidden, sight, dealt))

        self._timer = self.clock.call_later(0.0, think)


def at_deal_start(game: Any) -> bool:
    """Whether the table is a deal as dealt (a numbered deal, no move made): its verdict is
    the deal's own, not the result of the moves played."""
    return game.seed is not None and not game.history


def answer(
    verdict: bool | None,
    line: list[Move] | None,
    seconds: float,
    hidden: str = "the order of the stock",
    sight: Sight | None = None,
    dealt: bool = False,
) -> str:
    """The solver's answer in words; with `line` None, yes or no only (on a projector the line is
    the answer key). `hidden` is what the solver knows that the player does not; with `sight`,
    the line's start stops before the first move that names a card the table does not show
    (one the line turns up or draws), so the answer never tells what lies hidden. `dealt`: no
    move has been made, so a lost deal was lost from the start, not lost by the player."""
    knows = f"by someone who knew {hidden}"
    still = "winnable" if dealt else "still winnable"
    if verdict is True and line is None:
        return f"Yes: {still} {knows} ({seconds:.1f} s)."
    if verdict is True:
        start = " ".join(str(move) for move in _seen_start(line, sight))
        said = f"{still.capitalize()} {knows}: a winning line starts {start}"
        return f"{said} ({len(line)} moves, {seconds:.1f} s)."
    if verdict is False:
        cannot = "cannot be won" if dealt else "can no longer be won"
        lost = f"his deal {cannot}, not even {knows} ({seconds:.1f} s)."
        return ("No: t" if line is None else "T") + lost
    return f"Undecided after {seconds:.0f} s of search: the solver could not settle it in time."


def _seen_start(line: list[Move], sight: Sight | None, most: int = 3) -> list[Move]:
    """The line's first `most` moves, up to the first that names a card `sight` does not see
    (the first move of a line always names cards on the table, or none: a draw)."""
    start: list[Move] = []
    for move in line[:most]:
        if sight is not None and sight.discloses(str(move)):
            break
        start.append(move)
    return start
