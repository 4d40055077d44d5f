"""The bot's pace: one move per tick of a clock, at a speed the player sets."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .clock import Clock, Later
from .strip import FloatSlider

FIRST_PAUSE = 1.0  # seconds the bot waits before the first move of a game


class BotPacer:
    """Schedules `act()` on the clock while `wanted()` says the bot should move."""

    def __init__(self, clock: Clock, act: Callable[[], None], wanted: Callable[[], bool]) -> None:
        self.clock = clock
        self._act, self._wanted = act, wanted
        self._later = Later(clock)
        self.speed = FloatSlider(
            "ausp-speed",
            min=0.25, max=4.0, step=0.25, value=1.0, description="Bot speed", readout_format=".2f",
            tooltip="the bot's moves per second",
        )  # fmt: skip
        self.speed.observe(self._on_speed, names="value")

    def schedule(self, opening: bool = False) -> None:
        if not self._later.waiting and self._wanted():
            delay = 1.0 / max(self.speed.value, 0.05) + (FIRST_PAUSE if opening else 0.0)
            self._later.call(delay, self._act)

    def cancel(self) -> None:
        self._later.cancel()

    def restart(self) -> None:
        """A new game: forget the waiting move."""
        self._later.restart()

    def _on_speed(self, _change: Any) -> None:
        if self._later.waiting:  # the waiting move follows the new pace at once
            self.cancel()
            self.schedule()
