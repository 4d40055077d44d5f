"""Teacher mode in a real JupyterLab: switched on in the Puzzles tab, it answers "Winnable?" with
yes or no only; locked for a quiz, Hint and Winnable? are greyed out on the table, and H says why.
A student's app, whose kernel runs as another user who may not write the teacher's class file,
shows the lock as the teacher's, cannot switch it off, and its hint stays locked."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest
from jupyter_servers import eventually, one_cell_notebook, open_notebook

from ausp_widget.core.progress import Progress
from ausp_widget.widgets.teaching import Teaching


def app_notebook(folder, name: str) -> str:
    """An app with a progress file of its own, so the quiz lock reaches no other test."""
    lines = [
        "import os, tempfile",
        "os.environ['AUSP_WIDGET_PROGRESS'] = os.path.join(tempfile.mkdtemp(), 'progress.json')",
        "from ausp_widget import AustralianPatience",
        "app = AustralianPatience(seed=4)",
        "app",
    ]
    return one_cell_notebook(folder, name, lines)


def test_teacher_mode_hides_the_line_and_a_quiz_locks_help(page, lab_url, notebook_dir, shots):
    app = open_notebook(page, lab_url, app_notebook(notebook_dir, "teacher.ipynb"))
    app.get_by_role("tab", name="Puzzles").click()
    teacher = app.get_by_role("button", name="Teacher mode")
    lock = app.get_by_role("button", name="Lock help (quiz)")
    teacher.wait_for()
    assert lock.is_disabled(), "the quiz lock waits for teacher mode"
    teacher.click()
    eventually(page, lambda: lock.is_enabled(), seconds=10)
    shots(page, "teacher-mode-on", app)

    app.get_by_role("tab", name="Play").click()
    table = app.locator(".ausp-live")
    winnable = table.get_by_role("button", name="Winnable?")
    winnable.wait_for()
    winnable.click()
    status = table.locator(".ausp-status")
    eventually(page, lambda: status.inner_text().startswith("Yes: winnable"), seconds=30)  # as dealt
    assert "line" not in status.inner_text(), status.inner_text()

    app.get_by_role("tab", name="Puzzles").click()
    lock.click()
    app.get_by_role("tab", name="Play").click()
    hint = table.get_by_role("button", name="Hint")
    locked = "Locked for a quiz"  # said by the tips; a press reads the lock afresh and says it
    eventually(page, lambda: locked in (hint.get_attribute("title") or ""), seconds=10)
    assert locked in (winnable.get_attribute("title") or "") and hint.is_enabled()
    winnable.click()
    eventually(page, lambda: "The solver is locked for this quiz" in status.inner_text(), seconds=10)
    table.locator(".ausp-cardtable").first.focus()
    page.keyboard.press("h")
    eventually(page, lambda: "Hints are locked for this quiz" in status.inner_text(), seconds=10)
    shots(page, "teacher-quiz-locked", table)


def student_notebook(folder, name: str, progress: Path) -> str:
    """An app in a kernel that becomes the user `nobody` first (after loading what it needs while
    the interpreter's own files can still be read), sharing the teacher's progress folder."""
    lines = [
        "import os, pwd",
        f"os.environ['AUSP_WIDGET_PROGRESS'] = {str(progress)!r}",
        "import filelock, ausp_widget.widgets.puzzle_trainer, ausp_widget.widgets.table",
        "from ausp_widget import AustralianPatience",
        "user = pwd.getpwnam('nobody')",
        "os.setgroups([]); os.setgid(user.pw_gid); os.setuid(user.pw_uid)",
        "app = AustralianPatience(seed=4)",
        "app",
    ]
    return one_cell_notebook(folder, name, lines)


@pytest.fixture
def class_folder():
    """A folder of progress and class file that the kernels of both users reach."""
    folder = Path(tempfile.mkdtemp(prefix="ausp-class-", dir="/tmp"))
    folder.chmod(0o777)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.skipif(os.geteuid() != 0, reason="a kernel becomes another user only when started as root")
def test_a_student_app_shows_the_teachers_lock_and_cannot_lift_it(
    page, lab_url, notebook_dir, shots, class_folder
):
    progress = class_folder / "progress.json"
    teaching = Teaching(Progress(progress))  # the teacher's app, as the user who owns the class file
    teaching.teacher, teaching.locked = True, True
    kept = (class_folder / "class.json").read_bytes()

    app = open_notebook(page, lab_url, student_notebook(notebook_dir, "student.ipynb", progress))
    app.get_by_role("tab", name="Puzzles").click()
    teacher = app.get_by_role("button", name="Teacher mode")
    teacher.wait_for()
    assert teacher.is_disabled() and app.get_by_role("button", name="Lock help (quiz)").is_disabled()
    assert "Locked by the teacher" in app.locator(".ausp-teacher-note").inner_text()
    shots(page, "student-locked-by-the-teacher", app)

    app.get_by_role("tab", name="Play").click()
    table = app.locator(".ausp-live")
    hint = table.get_by_role("button", name="Hint")
    hint.wait_for()
    assert "Locked for a quiz" in (hint.get_attribute("title") or "")
    status = table.locator(".ausp-status")
    hint.click()  # pressable: the press reads the class file and says the lock holds
    eventually(page, lambda: "Hints are locked for this quiz" in status.inner_text(), seconds=10)
    table.locator(".ausp-cardtable").first.focus()
    page.keyboard.press("h")
    eventually(page, lambda: "Hints are locked for this quiz" in status.inner_text(), seconds=10)
    assert (class_folder / "class.json").read_bytes() == kept and teaching.help_locked
