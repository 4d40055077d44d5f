"""What the table says: an info line, the status line, the result banner and the move log."""

from __future__ import annotations

import html
from collections import deque

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
        self._lines: deque[str] = deque(maxlen=LOG_LINES)
        self._numbered = 0

    def say(self, text: str) -> None:
        self.status.value = text

    def note(self, line: str) -> None:
        """Add a numbered line to the move log. The newest line comes first in the HTML; the
        stylesheet shows the lines oldest to newest, scrolled to the newest at the bottom."""
        self._numbered += 1
        self._lines.append(f"{self._numbered}. {line}")

    def clear_log(self) -> None:
        self._lines.clear()
        self._numbered = 0

    def show(self, info: str, result: str, won: bool) -> None:
        """Update the info line, the banner (shown only with a result) and the log."""
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
        log = "".join(f"<div>{html.escape(line)}</div>" for line in reversed(self._lines))
        if self.move_log.value != log:
            self.move_log.value = log

    def controls(self) -> tuple[Control, ...]:
        return (self.info, self.banner, self.status, self.move_log)
