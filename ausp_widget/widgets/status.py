"""What the table says: an info line, the status line, the result banner and the move log."""

from __future__ import annotations

import html
from collections.abc import Sequence

from .board import show
from .strip import HTML, Control, Label

LOG_LINES = 12


class StatusPanel:
    """The table's words, each a strip control of its own line, changed only when the words change."""

    def __init__(self) -> None:
        self.info = Label("ausp-info", "ausp-block")
        self.status = Label("ausp-status", "ausp-block")
        self.banner = HTML("ausp-banner", "ausp-block", "ausp-hidden")
        self.move_log = HTML("ausp-log", "ausp-block")

    def say(self, text: str) -> None:
        self.status.value = text

    def show(
        self, info: str, result: str, won: bool, history: Sequence[tuple[int, object]], finished: bool
    ) -> None:
        """Update the info line, the banner (shown only with a result) and the move log."""
        if self.info.value != info:
            self.info.value = info
        value = f"<div>{html.escape(result)}</div>" if result else ""
        if self.banner.value != value:
            self.banner.value = value
            show(self.banner, bool(result))
            for name in ("ausp-won", "ausp-lost"):
                self.banner.remove_class(name)
            if result:
                self.banner.add_class("ausp-won" if won else "ausp-lost")
        log = "".join(f"<div>{html.escape(line)}</div>" for line in reversed(log_lines(history, finished)))
        if self.move_log.value != log:
            self.move_log.value = log

    def controls(self) -> tuple[Control, ...]:
        return (self.info, self.banner, self.status, self.move_log)


def log_lines(history: Sequence[tuple[int, object]], finished: bool) -> list[str]:
    """The move log: the newest `LOG_LINES` moves of the game as it stands, numbered from its
    first move; the stylesheet shows them oldest to newest. A move taken back leaves the log
    (the status line says so), so the log never names a card that Undo turned face down again."""
    first = max(0, len(history) - LOG_LINES)
    lines = [
        f"{n}. {'The bot' if player else 'You'}: {move}"
        for n, (player, move) in enumerate(history[first:], start=first + 1)
    ]
    if finished:
        lines.append(f"{len(history) + 1}. Finished and counted")
    return lines[-LOG_LINES:]
