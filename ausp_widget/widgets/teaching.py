"""Teacher mode as the app's parts follow it: one object the table, the guide and the puzzle
trainer share, kept in the class settings file (`core.class_file`), and the two toggles that set it.

A part asks `allows(kind)` before it gives help, and `used(item, kind)` when it has given it,
so the class summary can say who was helped. `allows` reads the class file afresh, so a quiz set
by the teacher's app takes hold at the next request for help. An app that cannot write the
class file is a student's app: it shows the settings as the teacher set them, its toggles are
disabled with that reason, and a change from code is refused with a `PermissionError`.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from html import escape

import traitlets

from ausp_widget.core.class_file import ClassFile, ClassFileError, class_path
from ausp_widget.core.progress import Progress
from ausp_widget.core.teaching import HINT, SOLUTION, SOLVER, ClassSettings

from .strip import HTML, Control, ToggleButton

LOCKED = {
    HINT: "Hints are locked for this quiz (teacher mode).",
    SOLUTION: "Solutions are locked for this quiz (teacher mode).",
    SOLVER: "The solver is locked for this quiz (teacher mode).",
}
SETTINGS = ["teacher", "locked"]
LOCKED_TIP = "Locked for a quiz: the teacher can unlock it in the Puzzles tab"
BY_TEACHER = "Locked by the teacher"
SET_BY_TEACHER = "Set by the teacher"
FAIL_CLOSED = ClassSettings(teacher=True, locked=True)  # a class file that cannot be read locks help


class Teaching(traitlets.HasTraits):
    """`teacher` mode and help `locked` for a quiz, kept in `classes` (by default the class file
    beside `store`'s progress file; None with no file: in memory only). `read_only` says this is
    a student's app; `problem` says why the settings could not be read or kept, or is empty."""

    teacher = traitlets.Bool(False)
    locked = traitlets.Bool(False)
    read_only = traitlets.Bool(False)
    problem = traitlets.Unicode("")

    def __init__(self, store: Progress | None = None, classes: ClassFile | None = None) -> None:
        super().__init__()
        if classes is not None and not isinstance(classes, ClassFile):
            raise TypeError(f"classes is a ClassFile or None, not {type(classes).__name__}")
        if classes is None and store is not None and store.path is not None:
            classes = ClassFile(class_path(store.path))
        self.store, self.classes = store, classes
        self._following = False
        self.refresh()
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
        """Whether help of this kind may be given now (the class file read afresh)."""
        self.refresh()
        return not self.help_locked

    def used(self, item: str, kind: str) -> None:
        """Keep that the student asked for help of `kind` at `item` (a task, puzzle or deal)."""
        if self.store is not None:
            self.store.record_help(item, kind)

    def refresh(self) -> None:
        """Take the settings and this app's role from the class file as they are now."""
        if self.classes is None:
            return
        settings, problem = self._read()
        self._following = True
        try:
            self.read_only = not self.classes.writable()
            self.teacher, self.locked = settings.teacher, settings.locked
            self.problem = problem
        finally:
            self._following = False

    def _read(self) -> tuple[ClassSettings, str]:
        """The class file's settings and, when it cannot be read, why (help is then locked)."""
        assert self.classes is not None
        try:
            settings = self.classes.read()
        except ClassFileError as error:
            return FAIL_CLOSED, f"{error}; help stays locked until the teacher sets it again"
        if settings is None and self.store is not None and self.store.path is not None:
            return self.store.settings, ""  # no class file yet: what an earlier version kept
        return settings or ClassSettings(), ""

    @traitlets.validate("teacher", "locked")
    def _only_the_teacher(self, proposal: traitlets.Bunch) -> bool:
        """A student's app may not change what the teacher set."""
        name, value = proposal.trait.name, proposal.value
        if self._following or self.classes is None or value == getattr(self, name):
            return value
        if not self.classes.writable():
            self.refresh()
            raise PermissionError(
                f"{BY_TEACHER}: only the teacher's app can change teacher mode and the quiz lock "
                f"({self.classes.path} is the teacher's)"
            )
        return value

    def _keep(self, change: traitlets.Bunch) -> None:
        """A setting changed here: keep it in the class file (one read from the file is not
        written back); if it cannot be kept, go back to what the file says and say why."""
        if self._following or self.classes is None:
            return
        settings = self._read()[0].with_changes(**{change.name: change.new})
        try:
            aside = self.classes.write(settings)
        except OSError as error:
            self.refresh()
            self.problem = f"the class settings could not be kept: {error}"
            return
        self.refresh()
        if aside is not None:
            self.problem = f"the class settings file could not be read; it was kept as {aside.name}"


class TeacherToggles:
    """ "Teacher mode" and "Lock help (quiz)": two toggles that follow and set a `Teaching`, for a
    strip to draw. The lock is greyed out until teacher mode is on; in a student's app both are,
    with a note beside them saying the teacher set them."""

    def __init__(self, teaching: Teaching, on_change: Callable[[str], None]) -> None:
        self.teacher = ToggleButton("ausp-teacher", description="Teacher mode", icon="graduation-cap")
        self.locked = ToggleButton("ausp-lock-help", description="Lock help (quiz)", icon="lock")
        self.note = HTML("ausp-teacher-note")
        for name in SETTINGS:
            toggle = getattr(self, name)
            traitlets.dlink((teaching, name), (toggle, "value"))
            toggle.observe(lambda change, name=name: self._ask(name, change.new), names="value")
        self._teaching, self._on_change = teaching, on_change
        teaching.follow(self._changed)
        teaching.observe(lambda _change: self._grey(), names=["read_only", "problem"])
        self._grey()

    @property
    def row(self) -> list[Control]:
        """The toggles and the note, as a strip's controls."""
        return [self.teacher, self.locked, self.note]

    def _ask(self, name: str, value: bool) -> None:
        """A toggle clicked: set the class's setting, or, in a student's app, put it back."""
        if getattr(self._teaching, name) == value:
            return
        try:
            setattr(self._teaching, name, value)
        except PermissionError:
            getattr(self, name).value = getattr(self._teaching, name)
            self._grey()
            self._on_change(f"{BY_TEACHER}: only the teacher's app can change this.")

    def _grey(self) -> None:
        t = self._teaching
        self.teacher.disabled = t.read_only
        self.locked.disabled = t.read_only or not t.teacher
        if t.read_only:
            tip = f"{BY_TEACHER}: only the teacher's app can change teacher mode and the quiz lock"
            self.teacher.tooltip = self.locked.tooltip = tip
        else:
            self.teacher.tooltip = (
                "Winnable? says yes or no without the winning line, and help can be locked for a quiz"
            )
            self.locked.tooltip = "No hints, solutions or solver answers until unlocked (teacher mode only)"
        if t.problem:
            self.note.value = f"<span style='color:#b00'>{escape(t.problem)}</span>"
        elif t.read_only:
            said = f"<b>{BY_TEACHER}</b>" if t.help_locked else SET_BY_TEACHER
            self.note.value = f"<span title='{escape(self.teacher.tooltip)}'>{said}</span>"
        else:
            self.note.value = ""

    def _changed(self, _change: traitlets.Bunch) -> None:
        self._grey()
        t = self._teaching
        if not t.teacher:
            text = "Teacher mode is off: Winnable? shows the start of a winning line, and help is open."
        elif t.locked and t.read_only:
            text = f"{BY_TEACHER}: hints, solutions and the solver are off for this quiz."
        elif t.locked:
            text = "Quiz: hints, solutions and the solver are locked for everyone sharing this class file."
        else:
            text = "Teacher mode: Winnable? answers yes or no only; help is open (lock it for a quiz)."
        self._on_change(text)
