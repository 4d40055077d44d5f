"""How views follow a game: listeners told of every change and every refused move.

Shared by Australian and Indian Patience, so a widget follows either game the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Listener = Callable[[Any, str, Any], None]


class Observable:
    """Listeners called as `callback(game, event, move)` after "play", "undo", "redo" and
    "finish"; a refused move is announced as "refused" with the error in `self.refusal`
    and nothing changed. Subclasses call `_init_listeners()` when they are made."""

    _listeners: list[Listener]
    refusal: ValueError | None

    def _init_listeners(self) -> None:
        self._listeners = []
        self.refusal = None  # why the last refused move was refused

    def add_listener(self, callback: Listener) -> None:
        """Follow this game; a non-callable is refused now, not at the next move (when the
        move would already be made and only the listener's failure could be reported)."""
        if not callable(callback):
            raise TypeError(
                "a listener is a function called as callback(game, event, move), "
                f"not {type(callback).__name__}"
            )
        self._listeners.append(callback)

    def remove_listener(self, callback: Listener) -> None:
        self._listeners.remove(callback)

    def _refused(self, error: ValueError, move: Any) -> None:
        if self._listeners:
            self.refusal = error
            self._notify("refused", move)

    def _notify(self, event: str, move: Any) -> None:
        """Tell every listener, even when one fails; then report the first failure, saying
        that the change itself was made (it is never half-applied)."""
        failure: Exception | None = None
        for callback in list(self._listeners):
            try:
                callback(self, event, move)
            except Exception as error:
                failure = failure or error
        if failure is not None:
            raise RuntimeError(f"{event} done, but a listener failed: {failure!r}") from failure
