"""Run every notebook as a fresh Run All and save it with its outputs, so a reader on GitHub or
nbviewer sees what each one does before running anything.

`make notebooks` runs this. Each notebook runs top to bottom in a new kernel, in its own folder,
as a new student (lesson progress in a scratch file), and the widgets' state is saved in the
notebook's metadata, so JupyterLab shows the widgets as they were when the notebook opens.
tests/test_notebooks.py runs each notebook once more and compares it with the saved one, so the
saved outputs never go stale.

What is saved is made stable, so two runs write the same file where they show the same thing:
- a stream split into pieces (as the kernel flushed it) is one output again;
- widget model ids, random in each run, are numbered in the order the outputs show them;
- only the widget state the outputs reach is kept (a model made and never shown stays out);
- no timing in the cells' metadata, and the notebook's own metadata (kernel, language) is kept
  as it was, not replaced by this machine's Python version.

Run: .venv/bin/python tools/save_notebooks.py [NAME ...]   (default: every notebook)
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import re
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import nbformat
from nbclient import NotebookClient

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
TIMEOUT = 600  # seconds per cell: the slowest cell (30 deals solved) takes a few
MODEL_ID = re.compile(r"[0-9a-f]{32}")  # an ipywidgets model id: a uuid4 in hex


def execute(path: Path) -> nbformat.NotebookNode:
    """The notebook at `path` run top to bottom in a new kernel, as saved by this script."""
    book = nbformat.read(path, as_version=4)
    metadata = copy.deepcopy(book.metadata)
    metadata.pop("widgets", None)
    with tempfile.TemporaryDirectory(prefix="ausp-notebook-") as scratch:
        # A new student: the lessons' progress starts empty, whatever earlier runs saved.
        env = dict(os.environ, AUSP_WIDGET_PROGRESS=str(Path(scratch) / "progress.json"))
        client = NotebookClient(
            book,
            timeout=TIMEOUT,
            kernel_name="python3",
            store_widget_state=True,
            record_timing=False,
            resources={"metadata": {"path": str(path.parent)}},
        )
        client.execute(env=env)
    widgets = book.metadata.get("widgets")
    book.metadata = metadata
    if widgets:
        book.metadata["widgets"] = widgets
    return tidy(book)


def tidy(book: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """`book` with its streams merged and its widget models numbered (see the module's notes)."""
    for cell in code_cells(book):
        cell.outputs = merged_streams(cell.outputs)
    state = widget_state(book)
    order = list(dict.fromkeys(shown_models(book)))
    for model_id in order:  # the models each shown one reaches, in a stable order
        found = MODEL_ID.findall(json.dumps(state.get(model_id, {}), sort_keys=True))
        order.extend(found_id for found_id in found if found_id in state and found_id not in order)
    names = {model_id: f"{number:032x}" for number, model_id in enumerate(order, 1)}
    for cell in code_cells(book):
        for output in cell.outputs:
            view = output.get("data", {}).get(WIDGET_VIEW)
            if view is not None:
                view["model_id"] = names[view["model_id"]]
    if state:
        kept = {names[model_id]: state[model_id] for model_id in order if model_id in state}
        text = MODEL_ID.sub(lambda match: names.get(match[0], match[0]), json.dumps(kept))
        book.metadata["widgets"][WIDGET_STATE]["state"] = json.loads(text)
    return book


def code_cells(book: nbformat.NotebookNode) -> Iterator[nbformat.NotebookNode]:
    return (cell for cell in book.cells if cell.cell_type == "code")


def merged_streams(outputs: list[Any]) -> list[Any]:
    """Outputs with each run of stream pieces to the same stream made one (as a front end shows it)."""
    merged: list[Any] = []
    for output in outputs:
        last = merged[-1] if merged else None
        if output.output_type == "stream" and last is not None and last.get("name") == output.name:
            last.text += output.text
            continue
        merged.append(output)
    return merged


def shown_models(book: nbformat.NotebookNode) -> list[str]:
    """The model ids of the widget views among the outputs, in order."""
    return [
        output.data[WIDGET_VIEW]["model_id"]
        for cell in code_cells(book)
        for output in cell.outputs
        if WIDGET_VIEW in output.get("data", {})
    ]


def widget_state(book: nbformat.NotebookNode) -> dict[str, Any]:
    """The saved widget models by id (empty when none were saved)."""
    return book.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="notebook file names (default: all in notebooks/)")
    args = parser.parse_args()
    paths = [NOTEBOOKS / name for name in args.names] or sorted(NOTEBOOKS.glob("*.ipynb"))
    missing = [path.name for path in paths if not path.is_file()]
    if missing:
        sys.exit(f"no such notebook in notebooks/: {', '.join(missing)}")
    for path in paths:
        started = time.monotonic()
        book = execute(path)
        nbformat.write(book, path)
        views, models = len(shown_models(book)), len(widget_state(book))
        print(
            f"{path.name}: saved, {path.stat().st_size / 1000:.0f} kB, {views} widget views and "
            f"{models} widget models, run in {time.monotonic() - started:.0f} s"
        )


if __name__ == "__main__":
    main()
