"""Teacher mode in a real JupyterLab: switched on in the Puzzles tab, it answers "Winnable?" with
yes or no only; locked for a quiz, Hint and Winnable? are greyed out on the table, and H says why."""

from __future__ import annotations

from jupyter_servers import eventually, one_cell_notebook, open_notebook


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


def test_teacher_mode_hides_the_line_and_a_quiz_greys_out_help(page, lab_url, notebook_dir, shots):
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
    eventually(page, lambda: status.inner_text().startswith("Yes: still winnable"), seconds=30)
    assert "line" not in status.inner_text(), status.inner_text()

    app.get_by_role("tab", name="Puzzles").click()
    lock.click()
    app.get_by_role("tab", name="Play").click()
    hint = table.get_by_role("button", name="Hint")
    eventually(page, lambda: hint.is_disabled() and winnable.is_disabled(), seconds=10)
    table.locator(".ausp-cardtable").first.focus()
    page.keyboard.press("h")
    eventually(page, lambda: "Hints are locked for this quiz" in status.inner_text(), seconds=10)
    shots(page, "teacher-quiz-locked", table)
