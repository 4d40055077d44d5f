"""Files a user owns are written whole or not at all, and one writer at a time."""

from __future__ import annotations

import datetime
import os
import stat
import sys
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import IO, Any

BROWSER = sys.platform == "emscripten"  # Pyodide: one process, no file locks


def file_lock(lock_file: Path, timeout: float = -1) -> AbstractContextManager[Any]:
    """A lock other processes respect while one writes (`timeout` seconds to wait for it, -1 for
    as long as it takes). The browser's Python is one process and has no file locks: there it
    is no lock, and filelock is never loaded."""
    if BROWSER:
        return nullcontext()
    from filelock import FileLock

    return FileLock(lock_file, timeout=timeout)


def write_atomic(path: Path, write: Callable[[IO[str]], object], *, read_only_kept: bool = False) -> None:
    """Write through a temporary file of its own beside `path`, so a crash never leaves half a file
    and two writers never write into the same temporary file; the file keeps its permissions.
    With `read_only_kept`, a file made read-only is a `PermissionError`, not replaced (replacing
    needs only the folder to be writable)."""
    mode = _kept_mode(path, read_only_kept)
    temporary = path.with_name(f".{path.name}.{os.getpid()}-{os.urandom(4).hex()}.tmp")
    try:
        with open(temporary, "x", encoding="utf-8", newline="") as handle:
            write(handle)
        if mode is not None:  # a class's shared file stays as shared as it was
            os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def _kept_mode(path: Path, read_only_kept: bool) -> int | None:
    """The permissions of the file at `path`, for the file that replaces it (None when there is
    none); with `read_only_kept`, a `PermissionError` for a file made read-only."""
    try:
        found = os.stat(path)
    except FileNotFoundError:
        return None
    mode = stat.S_IMODE(found.st_mode)
    if read_only_kept and (not mode & 0o222 or not os.access(path, os.W_OK)):
        raise PermissionError(f"{path} is read-only; it is left as it is")
    return mode


def dated_new_file(stem: str) -> Path:
    """A CSV file name in the working folder (a notebook's), dated, that no file has yet."""
    stamp = datetime.date.today().isoformat()
    path, number = Path(f"{stem}-{stamp}.csv"), 2
    while path.exists():
        path, number = Path(f"{stem}-{stamp}-{number}.csv"), number + 1
    return path
