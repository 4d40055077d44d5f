"""What paces the bot and the solver's slices: the kernel's own event loop in a notebook, a
clock moved by hand in tests and benchmarks."""

from __future__ import annotations

import asyncio
import heapq
import threading
from collections.abc import Callable
from typing import Any, Protocol


class Timer(Protocol):
    def cancel(self) -> None: ...


class Clock(Protocol):
    """What paces the bot: `call_later(seconds, callback)` returns something to `cancel()`."""

    def call_later(self, delay: float, callback: Callable[[], None]) -> Timer: ...


class KernelClock:
    """Real time. In a Jupyter kernel the callback runs on the kernel's own asyncio loop,
    between two messages, so it never runs during a click and widget updates go out at
    once. Without a running loop (a plain script) a daemon thread waits instead, and the
    table's lock keeps that thread and the clicks apart."""

    def call_later(self, delay: float, callback: Callable[[], None]) -> Timer:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            timer = threading.Timer(delay, callback)
            timer.daemon = True
            timer.start()
            return timer
        return loop.call_later(delay, callback)


class ManualClock:
    """A clock that moves only when told to: tests and benchmarks step the bot with `advance`."""

    def __init__(self) -> None:
        self.now = 0.0
        self._queue: list[tuple[float, int, _ManualTimer]] = []
        self._order = 0

    def call_later(self, delay: float, callback: Callable[[], None]) -> _ManualTimer:
        timer = _ManualTimer(self.now + max(0.0, delay), callback)
        self._order += 1
        heapq.heappush(self._queue, (timer.due, self._order, timer))
        return timer

    @property
    def pending(self) -> int:
        """Callbacks waiting (not cancelled)."""
        return sum(not timer.cancelled for _, _, timer in self._queue)

    @property
    def next_due(self) -> float | None:
        """Seconds until the next callback, or None when nothing waits."""
        live = [due for due, _, timer in self._queue if not timer.cancelled]
        return min(live) - self.now if live else None

    def advance(self, seconds: float) -> int:
        """Move time on by `seconds`, running every callback that falls due, in time order
        (including ones scheduled meanwhile); returns how many ran."""
        end = self.now + seconds
        ran = 0
        while self._queue and self._queue[0][0] <= end:
            due, _, timer = heapq.heappop(self._queue)
            if timer.cancelled:
                continue
            self.now = max(self.now, due)
            timer.cancelled = True
            timer.callback()
            ran += 1
        self.now = end
        return ran


class _ManualTimer:
    __slots__ = ("callback", "cancelled", "due")

    def __init__(self, due: float, callback: Callable[[], None]) -> None:
        self.due, self.callback, self.cancelled = due, callback, False

    def cancel(self) -> None:
        self.cancelled = True


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
