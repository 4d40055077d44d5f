"""The "Winnable?" question: the game's solver thinks in short slices on the clock, so the
kernel keeps answering clicks, and an answer made stale by a move or a new game is dropped."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ausp_widget import analysis
from ausp_widget.core.moves import Move
from ausp_widget.core.protocol import all_on_show, hidden_words

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
        open_table = all_on_show(game.piles())  # the table as asked about: a line only if it hides nothing
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
            self._say(answer(verdict, line, solver.elapsed, hidden, open_table, dealt))

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
    open_table: bool = False,
    dealt: bool = False,
) -> str:
    """The solver's answer in words; with `line` None, yes or no only (on a projector the line is
    the answer key). `hidden` is what the solver knows that the player does not. A winning line
    is shown (its first moves) only on an `open_table`, every card on show: while any card lies
    hidden, the solver's line and its length follow from where the hidden cards lie, so two
    tables that look the same could be told different lines. `dealt`: no move has been made, so
    a lost deal was lost from the start, not lost by the player."""
    knows = f"by someone who knew {hidden}"
    still = "winnable" if dealt else "still winnable"
    if verdict is True and line is None:
        return f"Yes: {still} {knows} ({seconds:.1f} s)."
    if verdict is True and not open_table:
        return f"{still.capitalize()} {knows} ({seconds:.1f} s); no line is shown while cards lie hidden."
    if verdict is True:
        start = " ".join(str(move) for move in line[:3])
        return f"{still.capitalize()}: a winning line starts {start} ({len(line)} moves, {seconds:.1f} s)."
    if verdict is False:
        cannot = "cannot be won" if dealt else "can no longer be won"
        lost = f"his deal {cannot}, not even {knows} ({seconds:.1f} s)."
        return ("No: t" if line is None else "T") + lost
    return f"Undecided after {seconds:.0f} s of search: the solver could not settle it in time."
