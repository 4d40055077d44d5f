"""The stars a task earns say what each count means and why this try got its count."""

from ausp_widget.core.lesson import steps
from ausp_widget.core.progress import Progress
from ausp_widget.core.stars import MEANING, NEEDS, stars_said
from ausp_widget.core.tasks import TaskRun
from ausp_widget.widgets.guide import GuideView

COURSE = steps("solo")


def _run(title: str) -> TaskRun:
    step = next(s for s in COURSE if s.title == title)
    return TaskRun(step.exercise, step.position)


def test_each_count_says_what_it_cost():
    assert stars_said(3, 0, 0, False) == "★★★ — the fewest moves, no wrong try and no hint"
    assert stars_said(2, 1, 0, False) == f"★★ — one wrong try ({NEEDS})"
    assert stars_said(1, 1, 1, True) == f"★ — one wrong try, one extra move and a hint ({NEEDS})"
    assert stars_said(1, 3, 0, False).startswith("★ — 3 wrong tries")
    assert stars_said(0, 0, 0, False, shown=True).startswith("no ★: Show me played the answer")
    assert "Show me earns none" in MEANING and "one ★ less for each wrong try" in MEANING


def test_a_wrong_try_then_the_answer_earns_two_stars_and_says_why():
    step = next(s for s in COURSE if s.task)
    run = TaskRun(step.exercise, step.position)
    wrong = next(m for m in step.position.legal_moves() if m not in step.exercise.answer[:1])
    assert not run.attempt(wrong).correct
    for move in step.exercise.answer:
        feedback = run.attempt(move)
    assert feedback.done and run.stars == 2
    assert run.stars_words == f"★★ — one wrong try ({NEEDS})"


def test_the_first_try_says_three_stars_and_show_me_says_none():
    step = next(s for s in COURSE if s.task)
    run = TaskRun(step.exercise, step.position)
    for move in step.exercise.answer:
        feedback = run.attempt(move)
    assert feedback.done and run.stars_words == "★★★ — the fewest moves, no wrong try and no hint"
    shown = TaskRun(step.exercise, step.position)
    assert shown.stars_words == ""
    shown.show()
    assert shown.stars == 0 and shown.stars_words.startswith("no ★")


def test_the_guide_shows_why_a_task_earned_its_stars(tmp_path):
    guide = GuideView(progress=Progress(tmp_path / "progress.json"))
    guide.step = next(i for i, s in enumerate(guide.steps) if s.title == "Build down in suit")
    assert not guide.attempt("6♥ 7♠").correct
    assert guide.attempt("6♥ 7♥").done
    line = guide.task_words.value
    assert "★★</span>" in line and "one wrong try (★★★ needs the fewest moves" in line
    assert "Show me earns none" in line, "the stars carry what each count means"
