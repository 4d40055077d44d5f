"""The bot's pace: one move per tick of a clock, at a speed the player sets. `Later`, the one
call it keeps waiting on the clock, is what the Start count waits with too."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from .clock import Clock, Timer
from .parts import Parts

FIRST_PAUSE = 1.0  # seconds the bot waits before the first move of a game


def _at_once(action: Callable[[], Any]) -> None:
    action()


class Later:
    """One call waiting on the clock at a time. `restart()` (a new game) forgets it for good:
    a call already on its way when it was cancelled (a thread's timer) then does nothing.
    `guard(action)` runs the call (the table's lock, say) and the check with it."""

    def __init__(self, clock: Clock, guard: Callable[[Callable[[], Any]], None] = _at_once) -> None:
        self.clock, self._guard = clock, guard
        self._timer: Timer | None = None
        self._generation = 0

    @property
    def waiting(self) -> bool:
        return self._timer is not None

    def call(self, delay: float, action: Callable[[], Any]) -> None:
        """Run `action` after `delay` seconds, in place of any call still waiting."""
        self.cancel()
        generation = self._generation
        self._timer = self.clock.call_later(delay, lambda: self._guard(lambda: self._run(generation, action)))

    def cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def restart(self) -> None:
        """A new game: forget the waiting call, and any already on its way."""
        self.cancel()
        self._generation += 1

    def _run(self, generation: int, action: Callable[[], Any]) -> None:
        if generation != self._generation:
            return  # a call from a game that was replaced
        self._timer = None
        action()


class BotPacer:
    """Schedules `act()` on the clock while `wanted()` says the bot should move."""

    def __init__(
        self, clock: Clock, act: Callable[[], None], wanted: Callable[[], bool], parts: Parts
    ) -> None:
        self.clock = clock
        self._act, self._wanted = act, wanted
        self._later = Later(clock)
        self.speed = parts.make(
            widgets.FloatSlider, "ausp-speed",
            value=1.0, min=0.25, max=4.0, step=0.25, description="Bot speed", readout_format=".2f",
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
