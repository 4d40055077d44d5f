"""Where the progress file lives and how it is kept: read, merged and replaced whole under a
lock beside it, so kernels writing at once never lose each other's records; a file that cannot
be read is renamed aside, never written over (a newer version's is left where it is, and not
written while this version runs), and a file only partly readable is copied aside
before the records that could be read are written back; a folder at the path is left alone; a
link at the path (a class's shared file) is written through, so the link stays and the file it
names gets the records. When the file cannot be kept, `problem` says why and the caller's
records go on in memory.

In Pyodide (one process, no file locks) there is no lock, and the file is written in place:
JupyterLite's drive stores a file whole when it is closed, and may not rename.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable
from contextlib import AbstractContextManager, ExitStack, nullcontext, suppress
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from .errors import NewerFileError
from .files import BROWSER, file_lock, write_atomic
from .position_text import BOM
from .progress_checks import check_callable, check_path

LOCK_WAIT = 10.0  # seconds to wait for another kernel's write before giving up on keeping this one
BROWSER_DRIVE = Path("/drive")  # JupyterLite's files, kept by the browser across reloads
UNREADABLE = (OSError, UnicodeDecodeError, ValueError, RecursionError)  # what a bad file raises when read

SAID = 3  # records skipped that a problem names one by one; the rest are counted

T = TypeVar("T")
TakeIn = Callable[[str], "list[str] | None"]
"""Merges the file's text into the records and says which parts it skipped; raises a ValueError
if it can read none of it."""

log = logging.getLogger(__name__)


def default_path() -> Path:
    """Where progress is kept unless `AUSP_WIDGET_PROGRESS` says otherwise."""
    named = os.environ.get("AUSP_WIDGET_PROGRESS")
    if named:  # "~/class.json" set from Python, where no shell expanded it
        return Path(named).expanduser()
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
    path = check_path("path", path)
    return path.with_name(path.name + ".lock")


class _NotKept(OSError):
    """Why the progress file is not written, in words that already name the file."""


class KeptFile:
    """One file of records at `path`; `problem` says what went wrong with it (set aside, or not
    being kept), or is None."""

    def __init__(self, path: Path) -> None:
        self.path = check_path("path", path)
        self.problem: str | None = None
        self._failing = False  # `problem` says the last write failed
        self._locks: dict[Path, AbstractContextManager[Any]] = {}

    def load(self, take_in: TakeIn) -> None:
        """Read the file, setting it aside if it cannot be read (or copying it aside if only part
        of it can); the file itself is not written."""
        check_callable("take_in", take_in, "a function that takes in the file's text")
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
        check_callable("take_in", take_in, "a function that takes in the file's text")
        if self.path.is_file():
            with suppress(*UNREADABLE):
                take_in(_decoded(self.path.read_bytes()))

    def update(self, take_in: TakeIn, change: Callable[[], T], text: Callable[[], str]) -> T:
        """Apply `change` and keep the records: read (into `take_in`), change and write `text()`
        under the lock, so another kernel's records written meanwhile are never lost. If the
        file cannot be kept, the change still holds in memory and `problem` says why."""
        check_callable("take_in", take_in, "a function that takes in the file's text")
        check_callable("change", change, "a function that changes the records")
        check_callable("text", text, "a function that gives the file's new text")
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
        """The lock that makes one read–merge–write whole while other kernels wait: beside the
        file itself, so apps reaching a shared file through different links wait for each other."""
        if BROWSER:
            return nullcontext()
        target = self._target()
        if target not in self._locks:
            self._locks[target] = file_lock(lock_path(target), LOCK_WAIT)
        return self._locks[target]

    def _target(self) -> Path:
        """The file itself: a link at the path is followed, so that writing keeps the link and
        the file it names gets the records."""
        return followed(self.path)

    def _refuse_folder(self) -> None:
        if self.path.is_dir():
            raise _NotKept(
                f"{self.path} is a folder, not a file; it is left alone "
                "(AUSP_WIDGET_PROGRESS names the file to use)"
            )

    def _take_in(self, take_in: TakeIn) -> None:
        """Merge the file into the records. A file `take_in` cannot read at all (corrupt, another
        program's) is set aside first; one it reads only in part is copied aside as it was, so
        the records it skipped are never lost when the rest is written back. A newer version's
        file is left where it is and never written (an OSError: the records stay in memory), so
        that kernels still running an older version cannot split a class's file in two. An
        OSError too if a file cannot be set aside, so that nothing is ever written over it."""
        target = self._target()
        try:
            data = target.read_bytes()
            skipped = take_in(_decoded(data))
        except FileNotFoundError:
            return
        except NewerFileError as error:  # set aside, the newer version's records would be lost to it
            raise _NotKept(
                f"{self.path} was written by a newer version of ausp_widget ({error}); it is left as "
                "it is, and records are kept in memory only until ausp_widget is updated here"
            ) from None
        except UNREADABLE as error:
            self._set_aside(target, error)
            return
        if skipped:
            self._copy_aside(target, data, skipped)

    def _set_aside(self, target: Path, error: BaseException) -> None:
        aside = aside_name(target)
        try:
            target.rename(aside)
        except OSError as rename_error:
            raise _NotKept(
                f"{self.path} could not be read ({error}) nor set aside ({rename_error})"
            ) from None
        self.problem = (
            f"{self.path} could not be read ({error}); it was kept as {aside.name}; a new record starts"
        )
        self._failing = False
        log.warning("%s", self.problem)

    def _copy_aside(self, target: Path, data: bytes, skipped: list[str]) -> None:
        """Keep the file as it was beside it (once: a copy already there is not made again) and
        say which records were skipped."""
        copy = _same_copy(target, data)
        if copy is None:
            copy = aside_name(target)
            try:
                with open(copy, "xb") as handle:  # never over another file
                    handle.write(data)
            except OSError as error:
                copy.unlink(missing_ok=True)
                raise _NotKept(
                    f"{self.path} has records that cannot be read ({_said(skipped)}), and it could not "
                    f"be copied aside ({error}); it is left as it is"
                ) from None
        self.problem = (
            f"{self.path} has records that cannot be read, skipped: {_said(skipped)}; "
            f"the file as it was is kept as {copy.name}; every other record is kept"
        )
        self._failing = False
        log.warning("%s", self.problem)

    def _not_kept(self, error: OSError) -> None:
        why = error if isinstance(error, _NotKept) else f"{self.path} cannot be written ({error})"
        self.problem = f"progress is not being kept: {why}"
        self._failing = True

    def _write(self, text: str) -> None:
        """Replace the file whole (called under the lock); through a link, the file it names."""
        target = self._target()
        target.parent.mkdir(parents=True, exist_ok=True)
        if BROWSER:
            target.write_text(text, encoding="utf-8")
        else:
            write_atomic(
                target, lambda f: f.write(text), read_only_kept=True
            )  # a student's file made read-only


def followed(path: Path) -> Path:
    """The file at `path` itself: a link there is followed (to a file not made yet, too), so that
    writing through it keeps the link and the file it names is written; an OSError naming `path`
    for a loop of links. (The browser's drive has no links.)"""
    if BROWSER or not path.is_symlink():
        return path
    try:
        return path.resolve()
    except (OSError, RuntimeError) as error:  # a loop of links
        raise _NotKept(f"{path} is a link that leads to no file ({error})") from None


def _decoded(data: bytes) -> str:
    """The file's text. Bytes that are not UTF-8 are read as lone surrogates, which no record
    may hold: only the records they are in are skipped, not the whole file. A byte-order mark
    at the start (an editor such as Notepad adds one on saving) is not part of the text."""
    return data.decode("utf-8", errors="surrogateescape").removeprefix(BOM)


def aside_name(path: Path) -> Path:
    """A name beside `path` that no file has yet: two in one second never meet."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.unreadable-{stamp}")
    count = 1
    while aside.exists() or aside.is_symlink():
        count += 1
        aside = path.with_name(f"{path.name}.unreadable-{stamp}-{count}")
    return aside


def _same_copy(path: Path, data: bytes) -> Path | None:
    """A copy of these bytes already set beside `path` (by this app or another sharing it)."""
    start = f"{path.name}.unreadable-"
    with suppress(OSError):
        for other in sorted(path.parent.iterdir()):
            if other.name.startswith(start) and other.is_file() and other.stat().st_size == len(data):
                with suppress(OSError):
                    if other.read_bytes() == data:
                        return other
    return None


def _said(skipped: list[str]) -> str:
    """The records skipped, the first few by name."""
    said = "; ".join(skipped[:SAID])
    return said if len(skipped) <= SAID else f"{said}; and {len(skipped) - SAID} more"
