"""The table's buttons (a mixin of `GameTable`): Draw, Pass, Undo, Redo, Hint, Winnable?,
Auto-finish, Review, Finish and New game, for any game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ausp_widget.analysis.simple import auto_finish_line, hint_or_fallback
from ausp_widget.core.errors import short_repr
from ausp_widget.core.moves import DRAW, PASS, Move
from ausp_widget.core.protocol import PatienceGame
from ausp_widget.core.registry import entry_for
from ausp_widget.core.saves import DEAL_LIMIT
from ausp_widget.core.teaching import HINT, SOLVER
from ausp_widget.core.text import sentence

from . import words
from .teaching import LOCKED, Teaching


class ButtonActions:
    """What each button of the table does; the table provides the game, the board, the panels
    and `_say`, `_tell`, `_render`, `_play_user`, `_attach`."""

    _game: Any
    _closed: bool
    _hint: Move | None
    _batching: bool
    teaching: Teaching

    def _on_button(self, name: str) -> None:
        self._drop_selection()
        game = self._game
        actions: dict[str, Callable[[], Any]] = {
            "Draw": lambda: self._play_user(DRAW),
            "Pass": lambda: self._play_user(PASS),
            "Undo": game.undo,
            "Redo": game.redo,
            "Hint": lambda: self._helped(HINT, self._show_hint),
            "Winnable?": lambda: self._helped(SOLVER, self._ask_solver),
            "Auto-finish": self._auto_finish,
            "Review": self._review,
            "Finish": game.finish,
            "New game": self._new_game_from_field,
        }
        actions[name]()

    def _helped(self, kind: str, give: Callable[[], bool]) -> None:
        """Give help of `kind` unless a quiz locks it, and keep that this deal had it."""
        if not self.teaching.allows(kind):
            self._render()  # the lock may have come from another app: grey the buttons now
            self._say(LOCKED[kind])
            return
        if give():
            game = self._game
            self.teaching.used(f"{entry_for(game).name}/deal {game.seed}", kind)

    def _ask_solver(self) -> bool:
        game = self._game  # an answer about a game the table has left is dropped
        show_line = not self.teaching.teacher
        self.solver_question.ask(game, lambda: self._game is game and not self._closed, show_line)
        return True

    def _review(self) -> None:
        game = self._game
        if game.status == "playing" or not game.history:
            self._say("Review looks back over a finished game: finish this one first.")
            return
        self.review_panel.start(game, lambda: not self._closed)
        self._say(
            "Reviewing the game move by move: each marked move appears below as it is found, "
            "the chart at the end."
        )

    def _try_position(self, position: PatienceGame) -> None:
        """Play on from a reviewed position (the review stays open beside it)."""
        with self._lock:
            self._attach(position, keep_review=True)
        self._say("The position before the marked move: try the better move, or another.")

    def _new_game_from_field(self) -> None:
        """Deal the number typed (none: the next deal); anything else gets one answer, in the
        status line, with the numbers a deal may have."""
        text = self.deal_field.value.strip().lstrip("#")
        if text and not (text.isdigit() and text.isascii() and len(text) <= 20 and int(text) < DEAL_LIMIT):
            self._say(
                f"A deal number is a whole number from 0 to {DEAL_LIMIT - 1:,}, such as 42, not "
                f"{short_repr(self.deal_field.value.strip())}: the game goes on unchanged."
            )
            return
        self.new_game(int(text) if text else None)

    def _show_hint(self) -> bool:
        """Show a hint, its words where the player sees them (`_tell`); whether one was shown."""
        game = self._game
        if game.status != "playing":
            self._tell(words.result_text(self._game))
            return False
        if game.mode == "turns" and game.turn != 0:
            self._tell(words.WAIT)
            return False
        advice = hint_or_fallback(game, 0)
        if getattr(advice, "move", None) is None:
            self._tell(
                sentence(getattr(advice, "reason", "") or "No hint: there is nothing useful left to do.")
            )
            return False
        move = advice.move
        self._hint = move
        self._render()
        self._tell(f"Hint: {move}. {sentence(advice.reason)}")
        return True

    def _auto_finish(self) -> None:
        line = self._auto_finish_line()
        if line is None:
            self._say(
                "Auto-finish plays the last cards home once your stock is empty and every card "
                "left can go to a foundation in order; that is not the case yet."
            )
            return
        self._batching = True
        try:
            with self._playing():
                for move in line:
                    self._game.play(move, 0)
        finally:
            self._batching = False
        self._render()
        playing = self._game.status == "playing"
        self._say(f"Played {len(line)} cards home." if playing else words.result_text(self._game))

    def _auto_finish_line(self) -> list[Move] | None:
        return auto_finish_line(self._game, 0)
