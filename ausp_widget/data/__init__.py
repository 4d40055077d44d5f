"""Measured data the package ships: survey verdicts, the habit figures the lessons quote, the puzzle
sets. Kept apart from the code that reads them, each with a note in this folder's README.md on what
made it and how to remake it.

Readers go through `read_text` or `existing` (importlib.resources where the package is zipped, so
any install works as well as a checkout): a file that is not there is a `MissingDataError` naming it
and the command that remakes it, never an empty result (a figure read from nothing would be quoted as
a measured one). The benchmarks that remake a file write to `path(name)` in the checkout.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

FOLDER = Path(__file__).resolve().parent


def file(name: str) -> Traversable:
    """A shipped data file, for reading: a plain path where the package is a folder of files (a
    wheel or a checkout: importlib.resources would first compile its readers from source in the
    browser's Python), else through importlib.resources (a zipped install)."""
    if FOLDER.is_dir():
        return FOLDER / name
    from importlib import resources

    return resources.files(__package__).joinpath(name)


class MissingDataError(FileNotFoundError):
    """A shipped data file that is not there; the message names it and the command remaking it."""


def remake_command(name: str) -> str | None:
    """The command that remakes the data file `name`, as this folder's README.md gives it."""
    try:
        notes = file("README.md").read_text(encoding="utf-8")
    except OSError:
        return None
    row = re.search(rf"^\| `{re.escape(name)}` \|.*\| (.+?) \|$", notes, re.M)
    return row.group(1).strip() if row else None


def missing(name: str) -> MissingDataError:
    """The error for the shipped data file `name` when it is not there."""
    command = remake_command(name)
    how = f"remake it with {command}" if command else "ausp_widget/data/README.md names no command for it"
    return MissingDataError(f"the data file ausp_widget/data/{name} is missing: {how}")


def read_text(name: str) -> str:
    """A shipped data file's text; a `MissingDataError` when it is not there."""
    try:
        return file(name).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise missing(name) from None


def existing(name: str) -> Path:
    """The path of a shipped data file a reader needs (a `MissingDataError` when it is not there)."""
    found = FOLDER / name
    if not found.is_file():
        raise missing(name)
    return found


def path(name: str) -> Path:
    """Where a data file lives on disk, for the tools that remake it."""
    return FOLDER / name
