"""Preparing a class records nothing: running the lesson plan before class, as it says to, plays
every projected task through the guide, and none of it may change a student's progress. The plan's
app is a demonstration (`demo=True`): it answers as usual and keeps its results in memory only."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from ausp_widget import AustralianPatience
from ausp_widget.core.progress import Progress

REPO = Path(__file__).resolve().parents[1]
PLAN = REPO / "notebooks" / "05_lesson_plan.ipynb"


@pytest.fixture
def kept(tmp_path, monkeypatch) -> Path:
    """A progress file with a student's records in it, which no preparation may change."""
    path = tmp_path / "progress" / "progress.json"
    path.parent.mkdir()
    Progress(path).record("australian/Foundations/1", True, 2)
    Progress(path, student="Ana").record("australian/The layout/1", True, 3)
    monkeypatch.setenv("AUSP_WIDGET_PROGRESS", str(path))
    return path


def files(path: Path) -> list[tuple[str, float]]:
    """The files beside `path`, each with when it last changed."""
    return sorted((p.name, p.stat().st_mtime) for p in path.parent.iterdir())


def test_a_demonstration_app_answers_but_records_nothing(kept):
    before, there = kept.read_bytes(), files(kept)
    app = AustralianPatience(seed=4, demo=True)
    app.guide.go(4)  # the lesson "Building down in suit"
    assert not app.guide.attempt("6♥ 7♠").correct
    assert app.guide.attempt("6♥ 7♥").correct
    assert app.guide.progress["Building down in suit"].done, "shown as done on the projector"
    app.puzzles.hint()
    app.table._on_button("Hint")
    assert kept.read_bytes() == before and files(kept) == there
    assert not AustralianPatience().guide.progress["Building down in suit"].done, "no other app sees it"


def test_demo_is_true_or_false():
    with pytest.raises(TypeError, match="demo is True or False, not str 'yes'"):
        AustralianPatience(demo="yes")


def test_running_the_lesson_plan_before_class_changes_no_ones_progress(kept, tmp_path):
    """The notebook as a teacher runs it, in a kernel of its own, in a copy of its folder (its
    handout cell writes a PDF beside it)."""
    folder = tmp_path / "notebooks"
    folder.mkdir()
    shutil.copy(PLAN, folder)
    before, there = kept.read_bytes(), files(kept)
    book = nbformat.read(folder / PLAN.name, as_version=4)
    client = NotebookClient(
        book, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(folder)}}
    )
    client.execute()  # the environment, AUSP_WIDGET_PROGRESS included, is the kernel's
    replies = [
        out.text
        for cell in book.cells
        if cell.cell_type == "code"
        for out in cell.outputs
        if out.output_type == "stream" and out.name == "stdout"
    ]
    assert any("A♠ F: " in text for text in replies), "the plan's tasks were played"
    assert kept.read_bytes() == before, json.loads(kept.read_text())
    assert files(kept) == there, "no class file or any other file either"
