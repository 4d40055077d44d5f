"""Every test (and every kernel or server a test starts) keeps lesson progress in a scratch
file, never in the user's Jupyter data directory."""

import os
import tempfile
from pathlib import Path


def pytest_configure(config) -> None:
    scratch = Path(tempfile.mkdtemp(prefix="ausp-progress-"))
    os.environ["AUSP_WIDGET_PROGRESS"] = str(scratch / "progress.json")
