"""Every test (and every kernel or server a test starts) keeps lesson progress in a scratch
file, never in the user's Jupyter data directory. Under pytest-xdist (`make test`: two
workers), tests that share an expensive setup run on one worker, so it is made once."""

import os
import tempfile
from pathlib import Path

import pytest

# Files whose tests share a module- or session-scoped fixture: each file's tests stay together.
# The browser tests share their servers and Chromium (one set per worker that runs them).
SHARED_SETUP = {"test_handout.py": "handout", "test_puzzles.py": "puzzles"}


def pytest_configure(config) -> None:
    scratch = Path(tempfile.mkdtemp(prefix="ausp-progress-"))
    os.environ["AUSP_WIDGET_PROGRESS"] = str(scratch / "progress.json")


def pytest_collection_modifyitems(items) -> None:
    for item in items:
        path = Path(str(item.fspath))
        group = "browser" if path.parent.name == "browser" else SHARED_SETUP.get(path.name)
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))
