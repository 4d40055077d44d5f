"""Teacher mode: remembered in the progress file; "Winnable?" answers yes or no without the line;
a quiz locks hints, solutions and the solver in the table, the lessons and the puzzles (also when
another app sharing the file sets it); the class summary shows who asked for help."""

from __future__ import annotations

import pytest

from ausp_widget import AustralianPatience
from ausp_widget.core.progress import Progress, read_students
from ausp_widget.widgets.clock import ManualClock
from ausp_widget.widgets.guide import ROLE_CLASSES, GuideView
from ausp_widget.widgets.puzzle_trainer import PuzzleTrainer
from ausp_widget.widgets.table import GameTable
from ausp_widget.widgets.teaching import LOCKED, LOCKED_TIP, Teaching


@pytest.fixture
def path(tmp_path, monkeypatch):
    file = tmp_path / "progress.json"
    monkeypatch.setenv("AUSP_WIDGET_PROGRESS", str(file))
    return file


def ask_solver(table: GameTable, clock: ManualClock) -> str:
    table.buttons["Winnable?"].click()
    for _ in range(2000):
        if not clock.pending:
            break
        clock.advance(0.01)
    return table.status.value


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
    assert "a winning line starts" in ask_solver(table, clock)
    teaching.teacher = True
    answer = ask_solver(table, clock)
    assert answer.startswith("Yes: still winnable") and "line" not in answer
    assert not any(str(m) in answer for m in table.game.legal_moves(0) if m.kind != "draw")
    lost = GameTable(seed=42, clock=clock, teaching=teaching)
    assert ask_solver(lost, clock).startswith("No: this deal can no longer be won")


def test_a_quiz_locks_the_tables_hint_and_solver_and_the_h_key_says_why(path):
    clock = ManualClock()
    teaching = Teaching(Progress(path))
    table = GameTable(seed=4, clock=clock, teaching=teaching)
    teaching.teacher, teaching.locked = True, True
    for name in ("Hint", "Winnable?"):
        assert table.buttons[name].disabled and table.buttons[name].tooltip == LOCKED_TIP
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
    Progress(path).set_settings(teacher=True, locked=True)  # the teacher's machine
    student._on_button("Hint")
    assert LOCKED["hint"] in student.status.value and student._hint is None
    assert student.buttons["Hint"].disabled, "greyed out once the lock is seen"


def test_a_quiz_locks_the_puzzles_hint_and_solution(path):
    store = Progress(path, student="Ana")
    trainer = PuzzleTrainer(progress=store, clock=ManualClock())
    free_puzzle(trainer)
    trainer.hint()
    store.set_settings(teacher=True, locked=True)
    second = PuzzleTrainer(progress=Progress(path, student="Bo"), clock=ManualClock())
    free_puzzle(second)
    assert second.buttons["Hint"].disabled and second.buttons["Show solution"].disabled
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
    assert guide.show_me.disabled and guide.show_me.tooltip == LOCKED_TIP
    assert guide.show_answer() == () and LOCKED["solution"] in guide.feedback.value
    guide.attempt("A♣ F")
    feedback = guide.attempt("Q♥ K♥")
    assert "Hint" not in feedback.text
    assert not [v for v in guide.board.card_views() if ROLE_CLASSES["mark"] in v.face.classes]
    teaching.locked = False
    assert [str(m) for m in guide.show_answer()] == ["A♣ 2♣", "K♠ 4", "A♣ F"]
    assert Progress(path).summary_rows()[0]["solutions_shown"] == 1
