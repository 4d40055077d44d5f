"""The teacher's lock against a real second user: the teacher's app runs here, a student's app
runs in another process as the user `nobody`, sharing the progress and class files through a
folder both may reach. File permissions, not the app's word, decide which app is the teacher's.

The student's process loads everything while it is still this user (the interpreter's own files
may be out of `nobody`'s reach), then gives up this user's ids for `nobody`'s for good, and only
then opens the app. Two permission sets are tried: the class file beside the progress file in a
folder every user writes (as on a shared class folder), and the class file made read-only with
`os.chmod` in a folder of the teacher's own, named by `AUSP_WIDGET_CLASS`.
"""

from __future__ import annotations

import json
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from ausp_widget import AustralianPatience
from ausp_widget.core.class_file import ClassFile
from ausp_widget.core.progress import Progress
from ausp_widget.widgets.teaching import BY_TEACHER, LOCKED

pytestmark = pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0, reason="becoming another user needs root"
)

STUDENT = r"""
import json, os, sys
from ausp_widget import AustralianPatience
from ausp_widget.core.class_file import ClassFile
from ausp_widget.core.progress import Progress
from ausp_widget.core.teaching import ClassSettings
import filelock, ausp_widget.widgets.puzzle_trainer, ausp_widget.widgets.table  # loaded while readable

uid, gid = int(sys.argv[1]), int(sys.argv[2])
os.setgroups([])
os.setgid(gid)
os.setuid(uid)
app = AustralianPatience(seed=4)
toggles = app.puzzles.teacher
seen = {
    "uid": os.getuid(),
    "read_only": app.teaching.read_only,
    "disabled": [toggles.teacher.disabled, toggles.locked.disabled],
    "note": toggles.note.value,
}
toggles.teacher.value = not toggles.teacher.value  # a click that reached the kernel anyway
seen["after_click"] = [app.teaching.teacher, app.teaching.locked]
try:
    app.teaching.locked = not app.teaching.locked
    seen["from_code"] = "changed"
except PermissionError as error:
    seen["from_code"] = str(error)
try:
    ClassFile(app.teaching.classes.path).write(ClassSettings())
    seen["class_file"] = "written"
except PermissionError as error:
    seen["class_file"] = str(error)
try:
    with open(app.teaching.classes.path, "a"):
        seen["opened"] = "opened for writing"
except PermissionError as error:
    seen["opened"] = error.strerror
app.table._on_button("Hint")
seen["hint"] = app.table.status.value
print(json.dumps(seen))
"""


def nobody() -> tuple[int, int]:
    try:
        user = pwd.getpwnam("nobody")
    except KeyError:
        pytest.skip("there is no user nobody")
    return user.pw_uid, user.pw_gid


@pytest.fixture
def shared(monkeypatch):
    """A folder both users reach (pytest's own folders are the teacher's alone)."""
    folder = Path(tempfile.mkdtemp(prefix="ausp-class-", dir="/tmp"))
    folder.chmod(0o755)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def as_student(env: dict[str, str]) -> dict:
    uid, gid = nobody()
    ran = subprocess.run(
        [sys.executable, "-c", STUDENT, str(uid), str(gid)],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert ran.returncode == 0, ran.stderr
    return json.loads(ran.stdout.strip().splitlines()[-1])


def shared_folder(shared: Path) -> tuple[dict[str, str], Path]:
    """Progress and class file side by side in a folder every user writes."""
    folder = shared / "class"
    folder.mkdir()
    folder.chmod(0o777)
    return {"AUSP_WIDGET_PROGRESS": str(folder / "progress.json")}, folder / "class.json"


def teachers_folder(shared: Path) -> tuple[dict[str, str], Path]:
    """The class file read-only in the teacher's own folder; progress in a folder all write."""
    (shared / "students").mkdir(mode=0o777)
    (shared / "students").chmod(0o777)
    (shared / "teacher").mkdir(mode=0o755)
    kept = shared / "teacher" / "quiz.json"
    return {
        "AUSP_WIDGET_PROGRESS": str(shared / "students" / "progress.json"),
        "AUSP_WIDGET_CLASS": str(kept),
    }, kept


@pytest.mark.parametrize("layout", [shared_folder, teachers_folder], ids=["shared-folder", "read-only-file"])
def test_a_student_running_as_another_user_cannot_lift_the_teachers_lock(shared, monkeypatch, layout):
    env, kept = layout(shared)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    teacher = AustralianPatience(seed=4)
    teacher.puzzles.teacher.teacher.value = True
    teacher.puzzles.teacher.locked.value = True
    if layout is teachers_folder:
        kept.chmod(0o444)
    before = kept.read_bytes()

    seen = as_student(env)
    assert seen["uid"] == nobody()[0]
    assert seen["read_only"] and seen["disabled"] == [True, True]
    assert BY_TEACHER in seen["note"]
    assert seen["after_click"] == [True, True], "a click does not lift the lock"
    assert seen["from_code"].startswith(f"{BY_TEACHER}: only the teacher's app")
    assert "is the teacher's: this app cannot write it" in seen["class_file"]
    assert seen["opened"] == "Permission denied", "the system refuses the student too"
    assert LOCKED["hint"] in seen["hint"]
    assert kept.read_bytes() == before and ClassFile(kept).read().help_locked
    assert teacher.teaching.help_locked and teacher.puzzles.teacher.locked.value

    teacher.puzzles.teacher.locked.value = False  # the teacher, who owns the file, unlocks
    seen = as_student(env)
    assert seen["read_only"] and seen["after_click"] == [True, False]
    assert seen["hint"].startswith("Hint:"), "the student's hint works again once the teacher unlocks"
    (row,) = Progress(env["AUSP_WIDGET_PROGRESS"]).summary_rows()
    assert row["hints_used"] == 1, "the student's own records are kept as before"
