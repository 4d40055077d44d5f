"""Where the progress file lives and how it is kept: read, merged and replaced whole under a
lock beside it, so kernels writing at once never lose each other's records; a file that cannot
be read is renamed aside, never written over; a folder at the path is left alone. When the file
cannot be kept, `problem` says why and the caller's records go on in memory.

In Pyodide (one process, no file locks) there is no lock, and the file is written in place:
JupyterLite's drive stores a file whole when it is closed, and may not rename.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from contextlib import AbstractContextManager, ExitStack, nullcontext, suppress
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from .files import BROWSER, file_lock, write_atomic

LOCK_WAIT = 10.0  # seconds to wait for another kernel's write before giving up on keeping this one
BROWSER_DRIVE = Path("/drive")  # JupyterLite's files, kept by the browser across reloads
UNREADABLE = (OSError, UnicodeDecodeError, ValueError, RecursionError)  # what a bad file raises when read

T = TypeVar("T")
TakeIn = Callable[[str], None]  # merges the file's text into the records; raises if it cannot read it


def default_path() -> Path:
    """Where progress is kept unless `AUSP_WIDGET_PROGRESS` says otherwise."""
    named = os.environ.get("AUSP_WIDGET_PROGRESS")
    if named:
        return Path(named)
    if BROWSER and _mounted(BROWSER_DRIVE):  # the browser's memory would forget it on a reload
        return BROWSER_DRIVE / "ausp_widget-progress.json"
    try:
        from jupyter_core.paths import jupyter_data_dir
    except ImportError:  # without Jupyter installed, the same place Jupyter would use on Linux
        base = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share")) / "jupyter"
    else:
        base = Path(jupyter_data_dir())
    return base / "ausp_widget" / "progress.json"


@cache
def _mounted(drive: Path) -> bool:
    """Whether JupyterLite's drive is there, looked at once: it stays for the kernel's life, and
    each look is a round trip to the page's service worker. The kernel starts in the drive when
    it mounts one, so its working folder tells without a look."""
    return Path.cwd().is_relative_to(drive) or drive.is_dir()


def lock_path(path: Path) -> Path:
    """The lock file beside a progress file: present while (and, left behind, after) a write."""
    return path.with_name(path.name + ".lock")


class _NotKept(OSError):
    """Why the progress file is not written, in words that already name the file."""


class KeptFile:
    """One file of records at `path`; `problem` says what went wrong with it (set aside, or not
    being kept), or is None."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.problem: str | None = None
        self._failing = False  # `problem` says the last write failed
        self._lock: AbstractContextManager[Any] | None = None

    def load(self, take_in: TakeIn) -> None:
        """Read the file, setting it aside if it cannot be read; nothing is written."""
        try:
            self.path.lstat()  # one look (a link counts, even a broken one): each costs in the browser
        except OSError:  # nothing there to read
            return
        try:
            self._refuse_folder()
            with ExitStack() as stack:
                with suppress(OSError):  # no lock here (a read-only folder): reading alone is safe
                    stack.enter_context(self._locked())
                self._take_in(take_in)
        except OSError as error:
            self._not_kept(error)

    def peek(self, take_in: TakeIn) -> None:
        """Take in what another app wrote, without writing: a file that cannot be read is left
        where it is for now (the next write sets it aside)."""
        if self.path.is_file():
            with suppress(*UNREADABLE):
                take_in(self.path.read_text(encoding="utf-8"))

    def update(self, take_in: TakeIn, change: Callable[[], T], text: Callable[[], str]) -> T:
        """Apply `change` and keep the records: read (into `take_in`), change and write `text()`
        under the lock, so another kernel's records written meanwhile are never lost. If the
        file cannot be kept, the change still holds in memory and `problem` says why."""
        done, result = False, None
        try:
            self._refuse_folder()
            with self._locked():
                self._take_in(take_in)
                result, done = change(), True
                self._write(text())
        except OSError as error:
            self._not_kept(error)
            return result if done else change()  # type: ignore[return-value]
        if self._failing:  # kept again: the earlier failure no longer holds
            self.problem, self._failing = None, False
        return result  # type: ignore[return-value]

    def _locked(self) -> AbstractContextManager[Any]:
        """The lock that makes one read–merge–write whole while other kernels wait."""
        if BROWSER:
            return nullcontext()
        if self._lock is None:
            self._lock = file_lock(lock_path(self.path), LOCK_WAIT)
        return self._lock

    def _refuse_folder(self) -> None:
        if self.path.is_dir():
            raise _NotKept(
                f"{self.path} is a folder, not a file; it is left alone "
                "(AUSP_WIDGET_PROGRESS names the file to use)"
            )

    def _take_in(self, take_in: TakeIn) -> None:
        """Merge the file into the records. A file `take_in` cannot read (corrupt, a newer
        version's, another program's) is set aside first; an OSError if it cannot be, so that
        nothing is ever written over it."""
        try:
            take_in(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return
        except UNREADABLE as error:
            self._set_aside(error)

    def _set_aside(self, error: BaseException) -> None:
        path = self.path
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = path.with_name(f"{path.name}.unreadable-{stamp}")
        count = 1
        while aside.exists() or aside.is_symlink():  # two in one second: never rename over the first
            count += 1
            aside = path.with_name(f"{path.name}.unreadable-{stamp}-{count}")
        try:
            path.rename(aside)
        except OSError as rename_error:
            raise _NotKept(f"{path} could not be read ({error}) nor set aside ({rename_error})") from None
        self.problem = f"{path} could not be read ({error}); it was kept as {aside.name}; a new record starts"
        self._failing = False

    def _not_kept(self, error: OSError) -> None:
        why = error if isinstance(error, _NotKept) else f"{self.path} cannot be written ({error})"
        self.problem = f"progress is not being kept: {why}"
        self._failing = True

    def _write(self, text: str) -> None:
        """Replace the file whole (called under the lock)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if BROWSER:
            self.path.write_text(text, encoding="utf-8")
        else:
            write_atomic(self.path, lambda f: f.write(text))
