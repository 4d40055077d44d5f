"""The table's buttons, with their words, tips, and when each is shown and enabled."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ausp_widget.core.moves import DRAW, PASS, Move

from .board import show
from .strip import Button
from .teaching import LOCKED_TIP

BUTTONS = ("Draw", "Pass", "Undo", "Redo", "Hint", "Winnable?", "Auto-finish", "Finish", "Review")
TIPS = {
    "Draw": "Turn the top card of your stock onto your waste",
    "Pass": "End your turn when your stock is empty",
    "Undo": "Take back your last move",
    "Redo": "Play again the move you took back",
    "Hint": "Show a good move and why",
    "Winnable?": "Ask the solver, which knows every hidden card, whether this deal can still be won",
    "Auto-finish": "Play every remaining card to the foundations",
    "Finish": "Both stocks are empty: stop and count",
    "Review": "The game is over: see the win chance move by move and the moves that threw it away",
    "New game": "Deal the game with the number in the Deal field (empty: a random deal)",
}
SHOWN_IN = {"Pass": ("turns",), "Finish": ("simultaneous",), "Undo": ("solo",), "Redo": ("solo",)}
"""Buttons that belong to some game modes only (the others show in every mode)."""


class Controls:
    """The table's buttons (strip controls: the table puts them in its strips); `on_press(name)`
    hears every press. `row` lists the buttons under the board, in order."""

    def __init__(self, on_press: Callable[[str], None]) -> None:
        self.buttons: dict[str, Button] = {}
        for name in (*BUTTONS, "New game"):
            button = Button("ausp-button", description=name, tooltip=TIPS[name])
            button.on_click(lambda _button, name=name: on_press(name))
            self.buttons[name] = button
        self.row = [self.buttons[name] for name in BUTTONS]

    def arrange(self, mode: str, can_ask_solver: bool, can_review: bool = False, stock: bool = True) -> None:
        """Show the buttons the game's mode has (on a new game); Draw only when the game has a
        stock at all (`stock`: the game's `has_stock`)."""
        for name, modes in SHOWN_IN.items():
            show(self.buttons[name], mode in modes)
        show(self.buttons["Draw"], stock)
        show(self.buttons["Winnable?"], can_ask_solver)
        show(self.buttons["Review"], can_review)

    def enable(self, game: Any, legal: list[Move], auto_finish: bool, help_locked: bool = False) -> None:
        """Enable the buttons that can act now. In a quiz (`help_locked`) Hint and Winnable? say so
        in their tips but stay pressable: a press reads the class file afresh, so a lock the
        teacher lifted from another app lets the help through, and one still set is said."""
        playing = game.status == "playing"
        buttons = self.buttons
        for name in ("Hint", "Winnable?"):
            tip = LOCKED_TIP if help_locked else TIPS[name]
            if buttons[name].tooltip != tip:
                buttons[name].tooltip = tip
        _set(buttons["Draw"], DRAW not in legal)
        _set(buttons["Pass"], PASS not in legal)
        _set(buttons["Undo"], not game.can_undo or game.mode != "solo")
        _set(buttons["Redo"], not game.can_redo or game.mode != "solo")
        _set(buttons["Hint"], not playing)
        _set(buttons["Winnable?"], not playing or game.mode != "solo")
        stocks = any(p.size for p in game.piles() if p.kind == "stock")
        _set(buttons["Finish"], not (playing and game.mode == "simultaneous") or stocks)
        _set(buttons["Auto-finish"], not auto_finish)
        _set(buttons["Review"], playing or not game.history)


def _set(button: Button, disabled: bool) -> None:
    if button.disabled != disabled:
        button.disabled = disabled
