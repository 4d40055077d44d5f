"""Every test (and every kernel or server a test starts) keeps lesson progress in a scratch
file, never in the user's Jupyter data directory. Under pytest-xdist (`make test`: two
workers), tests that share an expensive setup run on one worker, so it is made once."""

import os
import shutil
import tempfile
from pathlib import Path

import pytest

# Files whose tests share a module- or session-scoped fixture: each file's tests stay together.
# The browser tests share their servers and Chromium (one set per worker that runs them). Most
# stay on one worker, since several browsers at once on two cores slow every test; the board's
# long drag tests and the classroom site's (its own server) start on the other worker.
SHARED_SETUP = {"test_handout.py": "handout", "test_puzzles.py": "puzzles"}
BROWSER_GROUPS = {"test_lab_board.py": "browser-board", "test_site.py": "browser-site"}
SCRATCH = pytest.StashKey[Path]()


def pytest_configure(config) -> None:
    scratch = Path(tempfile.mkdtemp(prefix="ausp-progress-"))
    config.stash[SCRATCH] = scratch
    os.environ["AUSP_WIDGET_PROGRESS"] = str(scratch / "progress.json")


def pytest_unconfigure(config) -> None:
    """The scratch folder goes with the run that made it (each worker has its own)."""
    scratch = config.stash.get(SCRATCH, None)
    if scratch is not None:
        shutil.rmtree(scratch, ignore_errors=True)


def pytest_collection_modifyitems(items) -> None:
    for item in items:
        path = Path(str(item.fspath))
        if path.parent.name == "browser":
            group = BROWSER_GROUPS.get(path.name, "browser")
        else:
            group = SHARED_SETUP.get(path.name)
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))
