"""The printable handout: made from the guide's steps, answers only in the key, files kept safe."""

import re
from itertools import pairwise

import pytest

from ausp_widget.core.lesson import steps
from ausp_widget.render.handout import answer_text, handout, handout_pages, replay_text

STEPS = steps("solo")
TASKS = [step for step in STEPS if step.exercise is not None]


def words(figure) -> list[str]:
    """The page's own text lines (not the card labels inside its pictures)."""
    return [text.get_text() for text in figure.texts]


def page_count(path) -> int:
    return len(re.findall(rb"/Type\s*/Page\b", path.read_bytes()))


@pytest.fixture(scope="module")
def pages():
    return handout_pages("solo")


@pytest.fixture(scope="module")
def pdf(tmp_path_factory):
    return handout(tmp_path_factory.mktemp("handout") / "lessons.pdf")


def test_the_pdf_is_written_with_a_title_page_the_steps_and_the_key(pdf, pages):
    assert pdf.read_bytes().startswith(b"%PDF")
    kinds = [page.get_label() for page in pages]
    assert kinds[0] == "title" and kinds[-1] == "key"
    assert kinds == ["title"] + ["steps"] * kinds.count("steps") + ["key"] * kinds.count("key")
    assert page_count(pdf) == len(pages)
    shown = [line for page in pages if page.get_label() == "steps" for line in words(page)]
    titles = [line for line in shown if line.startswith("Step ")]
    assert titles == [f"Step {n} · {step.title}" for n, step in enumerate(STEPS, start=1)]
    per_page = [sum(line.startswith("Step ") for line in words(p)) for p in pages if p.get_label() == "steps"]
    assert set(per_page) <= {1, 2} and kinds.count("steps") < len(STEPS)  # two to a page where they fit
    title = " ".join(words(pages[0]))
    assert all(step.lesson in title for step in STEPS)


def test_tasks_are_asked_on_their_pages_and_answered_only_in_the_key(pages):
    steps_text = " ".join(line for page in pages if page.get_label() == "steps" for line in words(page))
    key_text = " ".join(line for page in pages if page.get_label() == "key" for line in words(page))
    for step in TASKS:
        assert step.task.split()[0] in steps_text and "Your move" in steps_text
        assert f"Answer: {answer_text(step)}" in key_text
        assert answer_text(step) not in steps_text, step.title
    assert steps_text.count("Your move") >= len(TASKS)


def test_a_tasks_picture_shows_no_arrow_and_no_outline(pages):
    pictures = {ax.get_label(): ax for page in pages for ax in page.axes}
    assert len(pictures) == len(STEPS)
    for number, step in enumerate(STEPS, start=1):
        gids = [patch.get_gid() or "" for patch in pictures[f"step {number}"].patches]
        labels = " ".join(text.get_text() for text in pictures[f"step {number}"].texts)
        if step.exercise is not None:
            assert not any(gid.startswith(("move-arrow", "highlight")) for gid in gids), step.title
            assert answer_text(step) not in labels
        elif step.marks:
            assert any(gid.startswith("highlight") for gid in gids), step.title


def test_a_step_played_on_from_a_task_is_not_on_the_tasks_page(pages):
    for page in (p for p in pages if p.get_label() == "steps"):
        numbers = [int(ax.get_label().split()[1]) for ax in page.axes]
        for first, second in pairwise(numbers):
            task, step = STEPS[first - 1], STEPS[second - 1]
            start, later = task.position.history, step.position.history
            played_on = step.position.seed == task.position.seed and later[: len(start)] == start != later
            assert task.exercise is None or not played_on, (task.title, step.title)
    assert any(len(page.axes) == 2 for page in pages)


def test_the_key_says_how_to_replay_each_position(pages):
    key_text = " ".join(line for page in pages if page.get_label() == "key" for line in words(page))
    for step in STEPS:
        assert f"deal {step.position.seed}" in replay_text(step)
        assert all(str(move) in replay_text(step) for _, move in step.position.history)
    assert "Position: deal 83, then 1 move: A♠ F" in key_text
    assert "Position: deal 83, as dealt" in key_text


def test_a_handout_of_some_lessons_and_for_the_bot(tmp_path):
    path = handout(tmp_path / "two.pdf", lessons=["Foundations", "Moving a group"])
    assert page_count(path) == 5  # title, steps 3 | 4 (played on from 3) | 6 and 7, key
    turns = handout_pages("turns", lessons=["Playing in turns"])
    key_text = " ".join(line for page in turns if page.get_label() == "key" for line in words(page))
    first = next(i for i, s in enumerate(steps("turns"), 1) if s.title.startswith("Two decks"))
    assert "(bot) A♠ F7" in key_text and f"Step {first} ·" in key_text and "Step 1 ·" not in key_text


@pytest.mark.parametrize(
    ("options", "named"),
    [({"mode": "poker"}, "'poker'"), ({"lessons": ["Foundations", "Juggling"]}, "'Juggling'")],
)
def test_a_bad_mode_or_lesson_is_refused_and_nothing_is_written(tmp_path, options, named):
    with pytest.raises(ValueError, match=named):
        handout(tmp_path / "bad.pdf", **options)
    assert list(tmp_path.iterdir()) == []


def test_an_existing_file_is_kept_unless_overwrite_is_asked_for(tmp_path):
    notes = tmp_path / "notes.pdf"
    notes.write_text("my lesson notes")
    with pytest.raises(FileExistsError, match="overwrite=True"):
        handout(notes, lessons=["The layout"])
    assert notes.read_text() == "my lesson notes"
    handout(notes, lessons=["The layout"], overwrite=True)
    assert notes.read_bytes().startswith(b"%PDF")
    assert list(tmp_path.iterdir()) == [notes]  # no scratch file left behind
