"""Measured data the package ships: survey verdicts, the habit figures the lessons quote, the puzzle
sets. Kept apart from the code that reads them, each with a note in this folder's README.md on what
made it and how to remake it.

Readers go through `read_text` (importlib.resources where the package is zipped, so any install
works as well as a checkout); the benchmarks that remake a file write to `path(name)` in the checkout.
"""

from __future__ import annotations

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


def read_text(name: str) -> str:
    return file(name).read_text(encoding="utf-8")


def path(name: str) -> Path:
    """Where a data file lives on disk, for the tools that remake it."""
    return FOLDER / name
