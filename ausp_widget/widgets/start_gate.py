"""Start: a game against the bot begins when the class is ready, not when its cell runs.

Until Start is pressed the bot does not move (and in the race neither do your cards), so a
teacher can scroll to the board, set the bot's speed and level, and then start. Start counts
3, 2, 1 on the table's clock (the kernel's loop in a notebook, a `ManualClock` in tests).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .board import show
from .clock import Clock, Later
from .strip import HTML, Button

COUNT_FROM = 3  # seconds counted down after Start, one a second
READY = "Press Start when the class is ready."


class StartGate:
    """The Start button and its countdown: `waiting` until the count reaches zero.

    `guard(action)` runs a callback the way the table runs a click (under its lock, errors
    shown); `say(text)` puts the count in the status line; `go()` is called once it is over.
    """

    def __init__(
        self,
        clock: Clock,
        guard: Callable[[Callable[[], Any]], None],
        say: Callable[[str], None],
        go: Callable[[], None],
    ) -> None:
        self._say, self._go = say, go
        self.state = "started"  # "waiting" for Start, "counting" down, or "started"
        self._later = Later(clock, guard)  # the next second of the count, run as a click is
        self.button = Button(
            "ausp-button",
            "ausp-start",
            description="Start",
            tooltip="Start the game against the bot: a count of 3, then the bot plays",
            button_style="success",
        )
        self.button.on_click(lambda _button: guard(self.press))
        self.count = HTML("ausp-countdown", "ausp-hidden")

    @property
    def waiting(self) -> bool:
        """Whether the game is held: Start not pressed yet, or still counting down."""
        return self.state != "started"

    def reset(self, needed: bool) -> None:
        """A new game: wait for Start when `needed`, else start at once (no button)."""
        self._later.restart()
        self.state = "waiting" if needed else "started"
        self.button.disabled = False
        show(self.button, needed)
        self._show_count("")

    def press(self) -> None:
        """Start the countdown (pressing again while it counts changes nothing)."""
        if self.state != "waiting":
            return
        self.state = "counting"
        self.button.disabled = True
        self._count(COUNT_FROM)

    def cancel(self) -> None:
        self._later.cancel()

    def _count(self, left: int) -> None:
        """Say `left`, one a second, down to "Go!"; then the game is on."""
        if left > 0:
            self._show_count(str(left))
            self._say(f"Starting in {left}…")
            self._later.call(1.0, lambda: self._count(left - 1))
            return
        self.state = "started"
        show(self.button, False)
        self._show_count("Go!")
        self._later.call(1.0, lambda: self._show_count(""))
        self._go()

    def _show_count(self, text: str) -> None:
        self.count.value = f"<span aria-live='assertive'>{text}</span>" if text else ""
        show(self.count, bool(text))
