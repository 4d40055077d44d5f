"""Measured data the package ships: survey verdicts, the habit figures the lessons quote, the puzzle
sets. Kept apart from the code that reads them, each with a note in this folder's README.md on what
made it and how to remake it.

Readers go through `read_text` (importlib.resources, so an installed wheel works as well as a
checkout); the benchmarks that remake a file write to `path(name)` in the checkout.
"""

from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

FOLDER = Path(__file__).resolve().parent


def file(name: str) -> Traversable:
    """A shipped data file, for reading."""
    return resources.files(__package__).joinpath(name)


def read_text(name: str) -> str:
    return file(name).read_text(encoding="utf-8")


def path(name: str) -> Path:
    """Where a data file lives on disk, for the tools that remake it."""
    return FOLDER / name
