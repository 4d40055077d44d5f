"""The class's settings file: teacher mode and the quiz lock, written by the teacher's app and
read by every student's.

It is kept apart from the progress file, which every student's app writes, so that file
permissions can say who may change the settings: an app that cannot write this file is a
student's app, which shows the settings as the teacher set them and cannot change them. By
default the file is `class.json` beside the progress file; the environment variable
`AUSP_WIDGET_CLASS` names another (on a shared server, a file in a folder only the teacher may
write). A new class file is made readable by all and writable by its owner only, whatever the
umask, so the teacher's first setting is already the teacher's alone.

A link at either path is followed, as the progress file's is: a class sharing a progress file
by linking it from each student's folder finds `class.json` beside the file the link names, and
a class file that is a link is written through, so the link stays and the file it names gets the
settings.

A file that cannot be read as class settings is reported by name, never taken as "no lock":
`read` raises a `ClassFileError`. The teacher's next setting first renames it aside
(`class.json.unreadable-<time>`, beside the file a link names), so it is never written over.
"""

from __future__ import annotations

import json
import os
from contextlib import suppress
from pathlib import Path
from typing import IO

from .files import BROWSER, write_atomic
from .position_text import BOM
from .progress_checks import check_path
from .progress_file import aside_name, default_path, followed
from .teaching import ClassSettings, read_settings

FORMAT = "ausp_widget-class"
VERSION = 1
NAME = "class.json"
NEW_MODE = 0o644  # the teacher writes, everyone reads


class ClassFileError(ValueError):
    """A class settings file that cannot be read as one (the message names the file and why)."""


def class_path(progress: Path | str | None = None) -> Path:
    """Where the class's settings are kept: `AUSP_WIDGET_CLASS`, or `class.json` beside the
    progress file (`progress`, or the default one); beside the file itself when that is a link,
    so every student linking the class's shared file finds the teacher's settings."""
    named = os.environ.get("AUSP_WIDGET_CLASS")
    if named:
        return Path(named)
    beside = default_path() if progress is None else check_path("progress", progress)
    with suppress(OSError):  # a loop of links: beside the link, where the progress file says so too
        beside = followed(beside)
    return beside.with_name(NAME)


class ClassFile:
    """The class settings file at `path`: `read` it, ask whether this app may `write` it."""

    def __init__(self, path: Path | str) -> None:
        self.path = check_path("path", path)

    def __repr__(self) -> str:
        return f"ClassFile({str(self.path)!r})"

    def read(self) -> ClassSettings | None:
        """The settings in the file, or None when there is no file yet; a `ClassFileError`
        naming the file when it cannot be read as class settings."""
        try:
            data = self.path.read_bytes()
        except FileNotFoundError:
            return None
        except OSError as error:
            raise ClassFileError(f"the class settings file {self.path} cannot be read ({error})") from None
        try:
            return parse(data.decode("utf-8").removeprefix(BOM))
        except (ValueError, UnicodeDecodeError, RecursionError, OverflowError) as error:
            raise ClassFileError(f"the class settings file {self.path} is not readable: {error}") from None

    def writable(self) -> bool:
        """Whether this app may change the settings: it can write the file (and, to replace it
        whole, its folder). Asked afresh each time: the teacher may change the permissions. The
        browser's drive has one user, who may. Through a link, the file it names."""
        if BROWSER:
            return True
        try:
            target = followed(self.path)
        except OSError:  # a loop of links
            return False
        if target.is_dir():
            return False
        folder = target.parent
        while not folder.exists() and folder != folder.parent:  # a folder still to be made
            folder = folder.parent
        if not os.access(folder, os.W_OK | os.X_OK):
            return False
        return not target.exists() or os.access(target, os.W_OK)

    def write(self, settings: ClassSettings) -> Path | None:
        """Keep `settings` in the file, replacing it whole with its permissions kept; through a
        link, the file it names (the link stays). A file there that cannot be read is renamed
        aside first (beside it, not the link), never written over: its new name is returned (None
        when nothing was set aside). A `PermissionError` if this app may not write it, an
        OSError naming it if it is a loop of links."""
        if not isinstance(settings, ClassSettings):
            raise TypeError(f"settings is a ClassSettings, not {type(settings).__name__}")
        read_settings(settings.as_json())  # what `read` would refuse is never written
        target = followed(self.path)
        if not self.writable():
            raise PermissionError(
                f"the class settings file {self.path} is the teacher's: this app cannot write it"
            )
        aside = None
        try:
            self.read()
        except ClassFileError:
            aside = aside_name(target)
            target.rename(aside)
        new = not target.exists()  # a file there keeps its permissions (`write_atomic`)
        target.parent.mkdir(parents=True, exist_ok=True)
        text = (
            json.dumps(
                {"format": FORMAT, "version": VERSION, **settings.as_json()}, indent=1, allow_nan=False
            )
            + "\n"
        )

        if BROWSER:  # JupyterLite's drive stores a file whole when it is closed, and may not rename
            target.write_text(text, encoding="utf-8")
            return aside

        def written(handle: IO[str]) -> None:
            handle.write(text)
            if new:
                os.chmod(handle.fileno(), NEW_MODE)

        write_atomic(target, written)
        return aside


def parse(text: str) -> ClassSettings:
    """The settings from a class file's text; anything else is a `ValueError` saying what."""
    data = json.loads(text)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f'not an ausp_widget class settings file (no "format": "{FORMAT}")')
    if type(data.get("version")) is not int or data["version"] != VERSION:
        raise ValueError(f"class file version {data.get('version')!r}, this version reads {VERSION}")
    unknown = sorted(set(data) - {"format", "version", "teacher", "locked", "changed"})
    if unknown:
        raise ValueError(f"unknown settings {', '.join(map(repr, unknown))}")
    return read_settings(data)
