"""Files a user owns are written whole or not at all."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import IO


def write_atomic(path: Path, write: Callable[[IO[str]], object]) -> None:
    """Write through a temporary file of its own beside `path`, so a crash never leaves half a file
    and two writers never write into the same temporary file."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}-{os.urandom(4).hex()}.tmp")
    try:
        with open(temporary, "x", encoding="utf-8", newline="") as handle:
            write(handle)
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
