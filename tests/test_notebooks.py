"""Every notebook runs top to bottom in a real kernel, without edits, shows what it promises, and
is saved with the outputs that run gives (`make notebooks` saves them), so they never go stale.

Each notebook is run once (tools/save_notebooks.py's `execute`, as `make notebooks` runs it) and
that run serves both tests. The comparison is of what a reader sees: the same cells with
outputs, of the same types, the same text (widget model ids are numbered the same way in both),
and pictures compared as pictures, so another matplotlib release drawing a pixel differently
does not fail it. stderr is left out: it carries the machine's warnings, not the notebook's.
"""

from __future__ import annotations

import base64
import copy
import importlib.util
import io
import json
import pathlib
import re

import nbformat
import numpy as np
import pytest
from matplotlib.image import imread, imsave

from ausp_widget import Game
from ausp_widget.widgets.still import still_png

REPO = pathlib.Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"
_spec = importlib.util.spec_from_file_location("save_notebooks", REPO / "tools" / "save_notebooks.py")
saving = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(saving)

WIDGET = saving.WIDGET_VIEW
REFRESH = "Run `make notebooks` to save them again."
MEAN_DIFFERENCE = 0.005  # of full scale; another deal on the same table differs by about 0.01

# What each notebook must show: widget views and pictures among its outputs (an app or a table
# shown brings a picture of its board too).
EXPECTED = {
    "01_learn_and_play.ipynb": {"widgets": 1, "images": 1},
    "02_classroom_demo.ipynb": {"widgets": 1, "images": 2},
    "03_two_players.ipynb": {"widgets": 2, "images": 2},
    "04_analysis.ipynb": {"widgets": 2, "images": 5},
    "05_lesson_plan.ipynb": {"widgets": 1, "images": 2},
    "06_write_a_player.ipynb": {"widgets": 0, "images": 1},
    "07_indian_claim.ipynb": {"widgets": 0, "images": 1},
}


@pytest.fixture(
    scope="module",
    params=[
        pytest.param(name, marks=pytest.mark.xdist_group(f"notebook-{name}")) for name in sorted(EXPECTED)
    ],
)
def ran(request) -> tuple[str, nbformat.NotebookNode]:
    """A notebook run once, top to bottom, for every test of it (one worker runs them all)."""
    name = request.param
    path = NOTEBOOKS / name
    if not path.exists():
        pytest.fail(f"{name} is missing")
    return name, saving.execute(path)


def outputs(book: nbformat.NotebookNode) -> list[dict]:
    return [out for cell in book.cells if cell.cell_type == "code" for out in cell.outputs]


def test_every_notebook_is_checked():
    assert sorted(p.name for p in NOTEBOOKS.glob("*.ipynb")) == sorted(EXPECTED)


def test_no_saved_output_spells_out_a_whole_game():
    # A game left as a cell's result shows a summary as plain text: its repr, which rebuilds it,
    # names the stock's order and the face-down cards, and the notebook keeps what it shows.
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        for n, cell in enumerate(nbformat.read(path, as_version=4).cells):
            for output in cell.get("outputs", []):
                text = str(output.get("data", {}).get("text/plain", "")) + str(output.get("text", ""))
                assert "Game.from_text(" not in text and "Game.from_json(" not in text, (path.name, n)


def test_every_notebook_names_its_kernel_so_it_opens_without_asking():
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        kernel = nbformat.read(path, as_version=4).metadata.get("kernelspec", {})
        assert kernel.get("name") == "python3", f"{path.name} names no Python kernel"


def test_notebook_runs_and_shows_its_widgets_and_figures(ran):
    name, book = ran
    shown = outputs(book)
    errors = [out for out in shown if out.output_type == "error"]
    assert not errors, errors
    stderr = [out.text for out in shown if out.output_type == "stream" and out.name == "stderr"]
    assert not any("Traceback" in text for text in stderr), stderr
    widgets = sum(WIDGET in out.get("data", {}) for out in shown)
    images = sum("image/png" in out.get("data", {}) for out in shown)
    assert widgets >= EXPECTED[name]["widgets"]
    assert images >= EXPECTED[name]["images"]


def test_notebook_is_saved_with_the_outputs_a_fresh_run_gives(ran):
    name, fresh = ran
    saved = nbformat.read(NOTEBOOKS / name, as_version=4)
    found = differences(saved, fresh) + missing_state(saved) + counts_out_of_order(saved)
    assert not found, f"{name}: the saved outputs are stale:\n- " + "\n- ".join(found) + f"\n{REFRESH}"


def test_a_changed_output_or_picture_is_found_and_a_redrawn_picture_is_not():
    saved = nbformat.read(NOTEBOOKS / "01_learn_and_play.ipynb", as_version=4)
    assert differences(saved, saved) == []
    edited = copy.deepcopy(saved)
    stream = next(out for out in outputs(edited) if out.output_type == "stream")
    stream.text = stream.text.replace("Foundations", "Foundation")
    (found,) = differences(saved, edited)
    assert found.startswith("cell 4 (for lesson, progress in") and "stream stdout" in found
    assert "Foundations: 0 of 2" in found and "Foundation: 0 of 2" in found
    app_output = next(out for out in outputs(edited) if WIDGET in out.get("data", {}))
    app_output.data["image/png"] = still_png(Game.deal(5).plot())  # another deal's table
    assert any("image/png" in line and "cell 2" in line for line in differences(saved, edited))
    redrawn = copy.deepcopy(saved)
    data = next(out for out in outputs(redrawn) if WIDGET in out.get("data", {})).data
    picture = imread(io.BytesIO(base64.b64decode(data["image/png"])))
    buffer = io.BytesIO()
    imsave(buffer, np.clip(picture + 0.002, 0, 1), format="png")  # other bytes, same look
    assert buffer.getvalue() != base64.b64decode(data["image/png"])
    data["image/png"] = base64.b64encode(buffer.getvalue()).decode("ascii")
    assert differences(saved, redrawn) == []


def test_a_saved_notebook_without_the_state_of_a_widget_it_shows_is_found():
    saved = nbformat.read(NOTEBOOKS / "01_learn_and_play.ipynb", as_version=4)
    assert missing_state(saved) == []
    state = saving.widget_state(saved)
    del state[sorted(state)[-1]]
    assert len(missing_state(saved)) == 1
    del saved.metadata["widgets"]
    assert missing_state(saved) == ["no widget state saved for the widget view in cell 2"]


# ---- the comparison ---------------------------------------------------------------------------
def differences(saved: nbformat.NotebookNode, fresh: nbformat.NotebookNode) -> list[str]:
    """What differs between the saved notebook and a fresh run of it, cell by cell."""
    if len(saved.cells) != len(fresh.cells):
        return [f"{len(saved.cells)} cells saved, {len(fresh.cells)} in the notebook run"]
    found = []
    for number, (old, new) in enumerate(zip(saved.cells, fresh.cells), 1):
        if old.cell_type != "code":
            continue
        where = f"cell {number} ({first_line(new.source)})"
        if old.get("execution_count") != new.get("execution_count"):
            found.append(f"{where}: run as [{new.execution_count}], saved as [{old.execution_count}]")
        found += [f"{where}: {text}" for text in output_differences(shown(old), shown(new))]
    return found


def shown(cell) -> list[dict]:
    return [out for out in cell.outputs if not (out.output_type == "stream" and out.name == "stderr")]


def output_differences(saved: list[dict], fresh: list[dict]) -> list[str]:
    kinds = [kind(out) for out in saved], [kind(out) for out in fresh]
    if kinds[0] != kinds[1]:
        return [f"outputs saved {kinds[0] or 'none'}, the run gives {kinds[1] or 'none'}"]
    found = []
    for index, (old, new) in enumerate(zip(saved, fresh), 1):
        if old.output_type == "stream":
            if old.text != new.text:
                found.append(f"output {index} ({kind(old)}) saved {excerpt(old.text, new.text)}")
            continue
        old_data, new_data = old.get("data", {}), new.get("data", {})
        if sorted(old_data) != sorted(new_data):
            found.append(f"output {index} saved as {sorted(old_data)}, the run gives {sorted(new_data)}")
            continue
        for mime in sorted(old_data):
            if mime.startswith("image/") and not mime.startswith("image/svg"):
                problem = picture_difference(old_data[mime], new_data[mime])
                if problem:
                    found.append(f"output {index} {mime}: {problem}")
            elif as_text(old_data[mime]) != as_text(new_data[mime]):
                saved_text, run_text = as_text(old_data[mime]), as_text(new_data[mime])
                found.append(f"output {index} {mime} saved {excerpt(saved_text, run_text)}")
    return found


def kind(output: dict) -> str:
    return f"stream {output.name}" if output.output_type == "stream" else output.output_type


def as_text(value) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return "".join(value)
    return json.dumps(value, sort_keys=True)


def excerpt(saved: str, fresh: str) -> str:
    """The two texts from where they first differ."""
    at = next((i for i, (a, b) in enumerate(zip(saved, fresh)) if a != b), min(len(saved), len(fresh)))
    start = max(0, at - 20)
    return f"{saved[start : at + 60]!r}, the run gives {fresh[start : at + 60]!r}"


def picture_difference(saved: str, fresh: str) -> str | None:
    """Why two pictures (base64) differ to the eye: size, or the mean difference of their pixels."""
    old, new = (imread(io.BytesIO(base64.b64decode(as_text(png)))) for png in (saved, fresh))
    if old.shape != new.shape:
        return f"a picture of {shape(old)} saved, the run draws {shape(new)}"
    mean = float(np.abs(old.astype(float) - new.astype(float)).mean())
    if mean > MEAN_DIFFERENCE:
        return f"the picture differs (mean difference {mean:.3f}, more than {MEAN_DIFFERENCE})"
    return None


def shape(picture: np.ndarray) -> str:
    return f"{picture.shape[1]}x{picture.shape[0]} px" + (
        f" ({picture.shape[2]} channels)" * (picture.ndim == 3)
    )


def first_line(source: str) -> str:
    line = source.strip().splitlines()[0] if source.strip() else ""
    return line if len(line) <= 50 else line[:49] + "…"


def missing_state(saved: nbformat.NotebookNode) -> list[str]:
    """Widget views the saved state cannot draw: a model missing, or a part it refers to."""
    state = saving.widget_state(saved)
    found = []
    for number, cell in enumerate(saved.cells, 1):
        for out in cell.get("outputs", []):
            view = out.get("data", {}).get(WIDGET)
            if view is None:
                continue
            if not state:
                found.append(f"no widget state saved for the widget view in cell {number}")
            elif view["model_id"] not in state:
                found.append(f"cell {number} shows widget {view['model_id']}, which has no saved state")
    parts = set(re.findall(r"IPY_MODEL_([0-9a-f]{32})", json.dumps(state)))
    found += [
        f"a saved widget refers to {part}, which has no saved state" for part in sorted(parts - set(state))
    ]
    return found


def counts_out_of_order(saved: nbformat.NotebookNode) -> list[str]:
    counts = [
        cell.execution_count for cell in saved.cells if cell.cell_type == "code" and cell.source.strip()
    ]
    expected = list(range(1, len(counts) + 1))
    return [] if counts == expected else [f"execution counts {counts}, not {expected} (one Run All)"]


def test_the_learn_and_play_notebook_names_no_card_of_the_stock_the_student_plays():
    """The notebook shows the live game from code as the table does: none of the stock's cards of
    the deal on the app's table is named in any output a student reads."""
    saved = nbformat.read(NOTEBOOKS / "01_learn_and_play.ipynb", as_version=4)
    code = next(cell.source for cell in saved.cells if "AustralianPatience(" in cell.source)
    seed = int(re.search(r"seed=(\d+)", code).group(1))
    stock = {str(card) for card in Game.deal(seed).stock()}
    texts = [
        "".join(out.get("text", "")) + "".join(out.get("data", {}).get("text/plain", ""))
        for cell in saved.cells
        if "app.game" in cell.source  # the live game read from code
        for out in cell.get("outputs", [])
    ]
    named = {word.strip("[]',()") for text in texts for word in text.split()} & stock
    assert len(stock) == 24 and not named, f"the outputs name stock cards: {sorted(named)}"
