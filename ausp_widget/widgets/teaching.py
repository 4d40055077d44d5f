"""Teacher mode as the app's parts follow it: one object the table, the guide and the puzzle
trainer share, kept in the progress file (`core.teaching`), and the two toggles that set it.

A part asks `allows(kind)` before it gives help, and `used(item, kind)` when it has given it,
so the class summary can say who was helped. A quiz set by another app sharing the progress
file takes hold at the next request for help: `allows` reads the file's settings afresh.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress

import ipywidgets as widgets
import traitlets

from ausp_widget.core.progress import Progress
from ausp_widget.core.teaching import HINT, SOLUTION, SOLVER, ClassSettings

from .parts import Parts

LOCKED = {
    HINT: "Hints are locked for this quiz (teacher mode).",
    SOLUTION: "Solutions are locked for this quiz (teacher mode).",
    SOLVER: "The solver is locked for this quiz (teacher mode).",
}
SETTINGS = ["teacher", "locked"]
LOCKED_TIP = "Locked for a quiz: the teacher can unlock it in the Puzzles tab"


class Teaching(traitlets.HasTraits):
    """`teacher` mode and help `locked` for a quiz, kept in `store` (None: in memory only)."""

    teacher = traitlets.Bool(False)
    locked = traitlets.Bool(False)

    def __init__(self, store: Progress | None = None) -> None:
        super().__init__()
        self.store = store
        self._following = False
        self._follow(self.store.settings_read if store is not None else None)
        self.follow(self._keep)

    @property
    def help_locked(self) -> bool:
        return self.teacher and self.locked

    def follow(self, callback: Callable[[traitlets.Bunch], None]) -> None:
        """Call `callback` whenever teacher mode or the lock changes."""
        self.observe(callback, names=SETTINGS)

    def forget(self, callback: Callable[[traitlets.Bunch], None]) -> None:
        """Stop calling `callback` (a part closing; twice is fine)."""
        with suppress(ValueError):
            self.unobserve(callback, names=SETTINGS)

    def allows(self, kind: str) -> bool:
        """Whether help of this kind may be given now (the file's settings read afresh)."""
        self._follow()
        return not self.help_locked

    def used(self, item: str, kind: str) -> None:
        """Keep that the student asked for help of `kind` at `item` (a task, puzzle or deal)."""
        if self.store is not None:
            self.store.record_help(item, kind)

    def _follow(self, settings: ClassSettings | None = None) -> None:
        """Take the settings another app wrote to the shared file (or `settings`, as just read)."""
        if self.store is None:
            return
        if settings is None:
            settings = self.store.settings
        self._following = True
        try:
            self.teacher, self.locked = settings.teacher, settings.locked
        finally:
            self._following = False

    def _keep(self, change: traitlets.Bunch) -> None:
        """A toggle changed here: keep it in the file (a change read from the file is not written back)."""
        if self.store is not None and not self._following:
            self.store.set_settings(**{change.name: change.new})


class TeacherToggles:
    """ "Teacher mode" and "Lock help (quiz)": two toggles linked to a `Teaching`; the lock is
    greyed out until teacher mode is on."""

    def __init__(self, teaching: Teaching, parts: Parts, on_change: Callable[[str], None]) -> None:
        self.teacher = parts.make(
            widgets.ToggleButton,
            "ausp-teacher",
            description="Teacher mode",
            icon="graduation-cap",
            tooltip="Winnable? says yes or no without the winning line, and help can be locked for a quiz",
        )
        self.locked = parts.make(
            widgets.ToggleButton,
            "ausp-lock-help",
            description="Lock help (quiz)",
            icon="lock",
            tooltip="No hints, solutions or solver answers until unlocked (teacher mode only)",
        )
        traitlets.link((teaching, "teacher"), (self.teacher, "value"))
        traitlets.link((teaching, "locked"), (self.locked, "value"))
        self._teaching, self._on_change = teaching, on_change
        teaching.follow(self._changed)
        self._grey()

    @property
    def row(self) -> list[widgets.Widget]:
        return [self.teacher, self.locked]

    def _grey(self) -> None:
        self.locked.disabled = not self._teaching.teacher

    def _changed(self, _change: traitlets.Bunch) -> None:
        self._grey()
        t = self._teaching
        if not t.teacher:
            text = "Teacher mode is off: Winnable? shows the start of a winning line, and help is open."
        elif t.locked:
            text = "Quiz: hints, solutions and the solver are locked for everyone sharing this progress file."
        else:
            text = "Teacher mode: Winnable? answers yes or no only; help is open (lock it for a quiz)."
        self._on_change(text)
