"""Teacher mode: remembered in the class file the teacher's app writes; "Winnable?" answers yes or
no without the line; a quiz locks hints, solutions and the solver in the table, the lessons and the
puzzles (also when the teacher's app sets it while a student's runs), and an app that may not write
the class file shows the lock as the teacher's and cannot lift it; the class summary shows who
asked for help."""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path

import pytest

from ausp_widget import AustralianPatience
from ausp_widget.core.class_file import ClassFile, ClassFileError, class_path
from ausp_widget.core.progress import Progress, read_students
from ausp_widget.core.teaching import ClassSettings
from ausp_widget.widgets.clock import ManualClock
from ausp_widget.widgets.guide import ROLE_CLASSES, GuideView
from ausp_widget.widgets.puzzle_trainer import PuzzleTrainer
from ausp_widget.widgets.table import GameTable
from ausp_widget.widgets.teaching import BY_TEACHER, LOCKED, LOCKED_TIP, SET_BY_TEACHER, Teaching


@pytest.fixture
def path(tmp_path, monkeypatch):
    file = tmp_path / "progress.json"
    monkeypatch.setenv("AUSP_WIDGET_PROGRESS", str(file))
    return file


def teacher_sets(path, **settings: bool) -> None:
    """What the teacher's app writes to the class file beside the progress file at `path`."""
    teaching = Teaching(Progress(path))
    for name, value in settings.items():
        setattr(teaching, name, value)


def ask_solver(table: GameTable, clock: ManualClock) -> str:
    table.buttons["Winnable?"].click()
    for _ in range(2000):
        if not clock.pending:
            break
        clock.advance(0.01)
    return table.status.value


def press(button) -> None:
    """A press as the browser sends it (a greyed-out button takes none)."""
    button.receive("click", None)


def free_puzzle(trainer: PuzzleTrainer):
    return trainer.open_puzzle(next(p for p in trainer.items if p.kind == "free"))


def at(guide: GuideView, title: str) -> GuideView:
    guide.step = next(i for i, s in enumerate(guide.steps) if s.title == title)
    return guide


def test_the_toggles_set_teacher_mode_and_a_new_app_remembers_it(path):
    app = AustralianPatience()
    toggles = app.puzzles.teacher
    assert toggles.locked.disabled, "the quiz lock waits for teacher mode"
    toggles.teacher.value = True
    assert app.teaching.teacher and not toggles.locked.disabled
    assert "yes or no" in app.puzzles.feedback.value
    toggles.locked.value = True
    assert app.teaching.help_locked and "Quiz" in app.puzzles.feedback.value
    again = AustralianPatience()
    assert again.teaching.teacher and again.teaching.locked, "kept in the progress file"
    assert again.puzzles.teacher.teacher.value and again.puzzles.teacher.locked.value


def test_in_teacher_mode_winnable_says_yes_or_no_without_the_line(path):
    clock = ManualClock()
    teaching = Teaching()
    table = GameTable(seed=4, clock=clock, teaching=teaching)
    assert ask_solver(table, clock).startswith("Winnable by someone who knew the order of the stock (")
    teaching.teacher = True
    answer = ask_solver(table, clock)
    assert answer.startswith("Yes: winnable") and "line" not in answer  # the deal as dealt
    assert not any(str(m) in answer for m in table.game.legal_moves(0) if m.kind != "draw")
    table.game.play("draw")
    assert ask_solver(table, clock).startswith("Yes: still winnable")  # after a move of the player's
    lost = GameTable(seed=42, clock=clock, teaching=teaching)
    assert ask_solver(lost, clock).startswith("No: this deal cannot be won")


def test_a_quiz_locks_the_tables_hint_and_solver_and_the_h_key_says_why(path):
    clock = ManualClock()
    teaching = Teaching(Progress(path))
    table = GameTable(seed=4, clock=clock, teaching=teaching)
    teaching.teacher, teaching.locked = True, True
    for name in ("Hint", "Winnable?"):  # pressable: a press reads the lock afresh
        assert not table.buttons[name].disabled and table.buttons[name].tooltip == LOCKED_TIP
    press(table.buttons["Winnable?"])
    assert LOCKED["solver"] in table.status.value and not clock.pending
    table.board.handle({"kind": "key", "action": "hint", "version": table.board.version})
    assert LOCKED["hint"] in table.status.value
    assert table._hint is None
    teaching.locked = False
    assert not table.buttons["Hint"].disabled and "Show a good move" in table.buttons["Hint"].tooltip
    table.buttons["Hint"].click()
    assert table.status.value.startswith("Hint:")
    assert read_students(path.read_text())[""].help == {"australian/deal 4": frozenset({"hint"})}


def test_a_quiz_set_by_another_app_on_the_same_file_holds_at_the_next_request(path):
    student = GameTable(seed=4, teaching=Teaching(Progress(path, student="Ana")))
    teacher_sets(path, teacher=True, locked=True)  # the teacher's machine
    student._on_button("Hint")
    assert LOCKED["hint"] in student.status.value and student._hint is None
    assert student.buttons["Hint"].tooltip == LOCKED_TIP, "the lock is said once it is seen"


def test_a_quiz_the_teacher_ends_from_another_app_lets_the_next_press_through(path):
    teacher_sets(path, teacher=True, locked=True)
    table = GameTable(seed=4, clock=ManualClock(), teaching=Teaching(Progress(path, student="Ana")))
    trainer = PuzzleTrainer(progress=Progress(path, student="Bo"), clock=ManualClock())
    free_puzzle(trainer)
    guide = at(GuideView(progress=Progress(path, student="Cy")), "Free the A♣")
    press(table.buttons["Hint"])
    assert LOCKED["hint"] in table.status.value
    teacher_sets(path, teacher=True, locked=False)  # the quiz ends on the teacher's machine
    press(table.buttons["Hint"])
    assert table.status.value.startswith("Hint:")
    press(trainer.buttons["Hint"])
    assert trainer.run.helped and LOCKED["hint"] not in trainer.feedback.value
    press(guide.show_me)
    assert LOCKED["solution"] not in guide.feedback.value
    rows = {row["student"]: row for row in Progress(path).summary_rows()}
    assert rows["Bo"]["hints_used"] == 1 and rows["Cy"]["solutions_shown"] == 1


def test_a_quiz_set_from_another_app_after_opening_points_out_no_card(path):
    trainer = PuzzleTrainer(progress=Progress(path, student="Bo"), clock=ManualClock())
    free_puzzle(trainer)
    guide = at(GuideView(progress=Progress(path, student="Cy")), "Free the A♣")
    guide.attempt("A♣ F")
    teacher_sets(path, teacher=True, locked=True)  # the quiz starts on the teacher's machine
    for _ in range(2):
        wrong = trainer.attempt("K♠ F")
        feedback = guide.attempt("Q♥ K♥")
    assert "Hint" not in wrong.text and not trainer.run.helped
    assert "Hint" not in feedback.text
    for board in (trainer.board, guide.board):
        assert not [v for v in board.card_views() if ROLE_CLASSES["mark"] in v.face.classes]


def test_a_quiz_locks_the_puzzles_hint_and_solution(path):
    store = Progress(path, student="Ana")
    trainer = PuzzleTrainer(progress=store, clock=ManualClock())
    free_puzzle(trainer)
    trainer.hint()
    teacher_sets(path, teacher=True, locked=True)
    second = PuzzleTrainer(progress=Progress(path, student="Bo"), clock=ManualClock())
    free_puzzle(second)
    assert [second.buttons[name].tooltip for name in ("Hint", "Show solution")] == [LOCKED_TIP] * 2
    second.hint()
    assert LOCKED["hint"] in second.feedback.value and not second.run.helped
    assert second.show_solution() == () and not second.run.shown
    assert LOCKED["solution"] in second.feedback.value
    # Two wrong tries point out no card while the quiz lasts.
    for _ in range(2):
        wrong = second.attempt("K♠ F")
    assert "Hint" not in wrong.text and not second.run.helped
    rows = {row["student"]: row for row in Progress(path).summary_rows()}
    assert rows["Ana"]["hints_used"] == 1 and rows["Ana"]["solutions_shown"] == 0
    assert "Bo" not in rows or rows["Bo"]["hints_used"] == 0


def test_a_quiz_locks_show_me_and_the_lessons_pointing_hint(path):
    store = Progress(path)
    teaching = Teaching(store)
    guide = at(GuideView(progress=store, teaching=teaching), "Free the A♣")
    teaching.teacher, teaching.locked = True, True
    assert not guide.show_me.disabled and guide.show_me.tooltip == LOCKED_TIP
    assert guide.show_answer() == () and LOCKED["solution"] in guide.feedback.value
    guide.attempt("A♣ F")
    feedback = guide.attempt("Q♥ K♥")
    assert "Hint" not in feedback.text
    assert not [v for v in guide.board.card_views() if ROLE_CLASSES["mark"] in v.face.classes]
    teaching.locked = False
    assert [str(m) for m in guide.show_answer()] == ["A♣ 2♣", "K♠ 4", "A♣ F"]
    assert Progress(path).summary_rows()[0]["solutions_shown"] == 1


# ---- the teacher's lock holds: the class file ------------------------------------------------
def as_another_user(app: AustralianPatience) -> AustralianPatience:
    """`app` as a user who does not own the class file would run it: it may write the file only
    if everyone may (the mode bits decide, as they do for anyone but the owner and root)."""
    classes = app.teaching.classes
    classes.writable = lambda: bool(classes.path.stat().st_mode & stat.S_IWOTH)
    app.teaching.refresh()
    return app


def test_the_teachers_settings_go_to_a_class_file_only_the_teacher_may_write(path):
    app = AustralianPatience()
    app.puzzles.teacher.teacher.value = True
    app.puzzles.teacher.locked.value = True
    kept = path.with_name("class.json")
    assert json.loads(kept.read_text()) == {
        "format": "ausp_widget-class",
        "version": 1,
        "teacher": True,
        "locked": True,
        "changed": json.loads(kept.read_text())["changed"],
    }
    assert stat.S_IMODE(kept.stat().st_mode) == 0o644, "read by all, written by its owner only"
    assert not path.exists() or "class" not in json.loads(path.read_text()), "not in the students' file"
    kept.chmod(0o640)
    app.teaching.locked = False
    assert stat.S_IMODE(kept.stat().st_mode) == 0o640, "the teacher's own permissions are kept"


def test_a_student_app_shows_the_lock_as_the_teachers_and_cannot_lift_it(path):
    teacher = AustralianPatience()
    teacher.puzzles.teacher.teacher.value = True
    teacher.puzzles.teacher.locked.value = True
    kept = path.with_name("class.json")
    before = kept.read_bytes()
    student = as_another_user(AustralianPatience(seed=4))
    toggles = student.puzzles.teacher
    assert student.teaching.read_only and student.teaching.help_locked
    assert toggles.teacher.disabled and toggles.locked.disabled
    assert toggles.teacher.tooltip.startswith(BY_TEACHER) and BY_TEACHER in toggles.note.value
    toggles.teacher.value = False  # the click the defect was: it no longer lifts the lock
    assert toggles.teacher.value and student.teaching.help_locked
    assert BY_TEACHER in student.puzzles.feedback.value
    with pytest.raises(PermissionError, match="Locked by the teacher: only the teacher's app"):
        student.teaching.locked = False
    assert student.teaching.locked and kept.read_bytes() == before
    student.table._on_button("Hint")
    assert LOCKED["hint"] in student.table.status.value and student.table._hint is None
    assert teacher.puzzles.teacher.locked.value, "the teacher's app still shows the lock on"
    # The teacher unlocks: the student's next request is answered.
    teacher.puzzles.teacher.locked.value = False
    student.table._on_button("Hint")
    assert student.table.status.value.startswith("Hint:")
    assert toggles.teacher.disabled and SET_BY_TEACHER in toggles.note.value


def test_a_class_file_made_writable_by_all_lets_every_app_change_it(path):
    teacher = AustralianPatience()
    teacher.teaching.teacher = True
    path.with_name("class.json").chmod(0o666)
    student = as_another_user(AustralianPatience())
    assert not student.teaching.read_only and not student.puzzles.teacher.teacher.disabled
    student.teaching.teacher = False
    assert not AustralianPatience().teaching.teacher


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write any file: see test_teacher_lock_users.py")
def test_a_class_file_the_user_may_not_write_makes_a_student_app(path):
    AustralianPatience().teaching.teacher = True
    kept = path.with_name("class.json")
    kept.chmod(0o444)
    student = AustralianPatience()
    assert student.teaching.read_only and student.puzzles.teacher.teacher.disabled
    with pytest.raises(PermissionError):
        student.teaching.teacher = False


def test_a_class_file_named_by_the_environment_is_the_one_kept(path, tmp_path, monkeypatch):
    elsewhere = tmp_path / "teacher" / "quiz.json"
    monkeypatch.setenv("AUSP_WIDGET_CLASS", str(elsewhere))
    AustralianPatience().teaching.teacher = True
    assert ClassFile(elsewhere).read().teacher and not path.with_name("class.json").exists()


def test_a_lock_an_earlier_version_kept_in_the_progress_file_holds_until_the_teacher_changes_it(path):
    Progress(path).set_settings(teacher=True, locked=True)
    app = AustralianPatience()
    assert app.teaching.help_locked and not path.with_name("class.json").exists()
    app.teaching.locked = False
    assert not AustralianPatience().teaching.help_locked


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{not json", "not readable: Expecting property name"),
        ('{"format": "other"}', 'no "format": "ausp_widget-class"'),
        ('{"format": "ausp_widget-class", "version": 2}', "version 2, this version reads 1"),
        ('{"format": "ausp_widget-class", "version": 1, "locked": "yes"}', "'locked' is true or false"),
        ('{"format": "ausp_widget-class", "version": 1, "lock": true}', "unknown settings 'lock'"),
    ],
)
def test_a_class_file_that_cannot_be_read_is_named_and_never_read_as_no_lock(path, text, words):
    kept = path.with_name("class.json")
    kept.write_text(text)
    with pytest.raises(ClassFileError, match=re.escape(str(kept))) as error:
        ClassFile(kept).read()
    assert words in str(error.value)
    app = AustralianPatience(seed=4)
    assert app.teaching.help_locked, "help stays locked while the teacher's setting is unknown"
    assert "help stays locked until the teacher sets it again" in app.puzzles.teacher.note.value
    app.table._on_button("Hint")
    assert LOCKED["hint"] in app.table.status.value
    app.puzzles.teacher.locked.value = False  # the teacher sets it again: the bad file is kept aside
    (aside,) = kept.parent.glob("class.json.unreadable-*")
    assert aside.read_text() == text and "kept as class.json.unreadable-" in app.teaching.problem
    assert ClassFile(kept).read().teacher and not ClassFile(kept).read().locked


def test_a_bad_class_file_argument_is_refused_by_name(path):
    with pytest.raises(TypeError, match="classes is a ClassFile or None, not str"):
        Teaching(Progress(path), "class.json")
    with pytest.raises(TypeError, match="settings is a ClassSettings, not dict"):
        ClassFile(path.with_name("class.json")).write({"locked": True})


def test_in_the_browser_the_class_file_goes_to_the_sites_drive_written_in_place(tmp_path, monkeypatch):
    from ausp_widget.core import class_file, progress_file

    drive = tmp_path / "drive"
    drive.mkdir()
    for module in (class_file, progress_file):
        monkeypatch.setattr(module, "BROWSER", True)
    monkeypatch.setattr(progress_file, "BROWSER_DRIVE", drive)
    monkeypatch.delenv("AUSP_WIDGET_PROGRESS", raising=False)
    monkeypatch.delenv("AUSP_WIDGET_CLASS", raising=False)
    monkeypatch.setattr(class_file.os, "replace", None)  # the drive may not rename
    AustralianPatience().teaching.teacher = True
    assert sorted(p.name for p in drive.iterdir()) == ["class.json"]
    assert AustralianPatience().teaching.teacher, "read back as after a page reload"


# ---- links: a class sharing one progress file, or one class file, by linking it ---------------
def test_a_linked_class_file_is_written_through_and_the_link_kept(tmp_path, monkeypatch):
    monkeypatch.delenv("AUSP_WIDGET_CLASS", raising=False)
    shared = tmp_path / "shared" / "class.json"
    ClassFile(shared).write(ClassSettings())
    link = tmp_path / "student" / "class.json"
    link.parent.mkdir()
    os.symlink(shared, link)
    assert ClassFile(link).write(ClassSettings().with_changes(True, True)) is None
    assert link.is_symlink() and link.resolve() == shared.resolve()
    assert ClassFile(shared).read().help_locked and ClassFile(link).read().help_locked
    assert sorted(p.name for p in link.parent.iterdir()) == ["class.json"], "no temporary file left"


def test_an_unreadable_linked_class_file_is_set_aside_beside_the_file_not_the_link(tmp_path):
    shared = tmp_path / "shared" / "class.json"
    shared.parent.mkdir()
    shared.write_text("not json", encoding="utf-8")
    link = tmp_path / "student" / "class.json"
    link.parent.mkdir()
    link.symlink_to(Path("..") / "shared" / "class.json")  # relative, as a class folder has
    aside = ClassFile(link).write(ClassSettings().with_changes(True, False))
    assert aside is not None and aside.parent == shared.parent and aside.read_text() == "not json"
    assert link.is_symlink() and ClassFile(shared).read().teacher
    assert [p.name for p in link.parent.iterdir()] == ["class.json"]


def test_a_loop_of_links_is_named_and_not_written(tmp_path):
    loop = tmp_path / "class.json"
    loop.symlink_to(loop)
    assert not ClassFile(loop).writable()
    with pytest.raises(OSError, match="is a link that leads to no file"):
        ClassFile(loop).write(ClassSettings())
    assert loop.is_symlink()


def test_a_student_reaching_the_shared_progress_file_by_a_link_sees_the_teachers_lock(tmp_path, monkeypatch):
    monkeypatch.delenv("AUSP_WIDGET_CLASS", raising=False)
    shared = tmp_path / "shared" / "progress.json"
    teacher = Teaching(Progress(shared, student="teacher"))
    teacher.teacher = True
    teacher.locked = True
    link = tmp_path / "student" / "progress.json"
    link.parent.mkdir()
    link.symlink_to(shared)
    assert class_path(link) == shared.resolve().with_name("class.json")
    assert Teaching(Progress(link, student="kid")).help_locked
    assert not (link.parent / "class.json").exists()


@pytest.mark.parametrize("stamped", [None, 1e300])
def test_a_settings_change_wins_within_one_tick_and_over_a_clock_that_runs_ahead(
    tmp_path, monkeypatch, stamped
):
    path = tmp_path / "progress.json"
    if stamped is not None:  # a file written by a machine whose clock runs far ahead
        class_entry = {"teacher": True, "locked": True, "changed": stamped}
        path.write_text(
            json.dumps({"format": "ausp_widget-progress", "version": 2, "students": {}, "class": class_entry})
        )
    monkeypatch.setattr("ausp_widget.core.teaching.time.time", lambda: 1_800_000_000.0)  # one tick
    store = Progress(path)
    assert store.set_settings(teacher=True, locked=True).help_locked
    unlocked = store.set_settings(locked=False)
    assert (unlocked.teacher, unlocked.locked) == (True, False)
    assert not Progress(path).settings.locked, "the file keeps the last change"
    assert store.set_settings(teacher=False).teacher is False


def test_a_hint_asked_before_a_quiz_points_out_no_card_once_the_quiz_starts(path):
    trainer = PuzzleTrainer(progress=Progress(path, student="Bo"), clock=ManualClock())
    free_puzzle(trainer)
    trainer.hint()  # before the quiz: the card to move is pointed out
    assert [v for v in trainer.board.card_views() if ROLE_CLASSES["mark"] in v.face.classes]
    teacher_sets(path, teacher=True, locked=True)
    trainer.hint()  # locked now, and the board points out nothing any more
    assert LOCKED["hint"] in trainer.feedback.value
    trainer.attempt(trainer.run.next_moves()[0])  # the mark would follow the answer's next move
    assert not [v for v in trainer.board.card_views() if ROLE_CLASSES["mark"] in v.face.classes]
