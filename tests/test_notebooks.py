"""Every notebook runs top to bottom in a real kernel, without edits, and shows what it promises."""

import pathlib

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = pathlib.Path(__file__).resolve().parents[1] / "notebooks"
WIDGET = "application/vnd.jupyter.widget-view+json"

# What each notebook must show: widget views and pictures among its outputs.
EXPECTED = {
    "01_learn_and_play.ipynb": {"widgets": 1, "images": 0},
    "02_classroom_demo.ipynb": {"widgets": 1, "images": 1},
    "03_two_players.ipynb": {"widgets": 2, "images": 0},
    "04_analysis.ipynb": {"widgets": 2, "images": 4},
    "05_lesson_plan.ipynb": {"widgets": 1, "images": 1},
    "06_write_a_player.ipynb": {"widgets": 0, "images": 1},
    "07_indian_claim.ipynb": {"widgets": 0, "images": 1},
}


def run(path: pathlib.Path) -> list[dict]:
    book = nbformat.read(path, as_version=4)
    NotebookClient(
        book, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    ).execute()
    return [out for cell in book.cells if cell.cell_type == "code" for out in cell.outputs]


def test_every_notebook_is_checked():
    assert sorted(p.name for p in NOTEBOOKS.glob("*.ipynb")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_notebook_runs_and_shows_its_widgets_and_figures(name):
    path = NOTEBOOKS / name
    if not path.exists():
        pytest.fail(f"{name} is missing")
    outputs = run(path)
    errors = [out for out in outputs if out.output_type == "error"]
    assert not errors, errors
    stderr = [out.text for out in outputs if out.output_type == "stream" and out.name == "stderr"]
    assert not any("Traceback" in text for text in stderr), stderr
    widgets = sum(WIDGET in out.get("data", {}) for out in outputs)
    images = sum("image/png" in out.get("data", {}) for out in outputs)
    assert widgets >= EXPECTED[name]["widgets"]
    assert images >= EXPECTED[name]["images"]
