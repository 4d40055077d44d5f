"""A notebook run and saved in JupyterLab shows its board again when it is reopened later.

JupyterLab's save keeps the outputs, and each output names a widget model; unless the widgets'
state is saved with them, the reopened notebook shows "Error displaying widget: model not found"
where the board was. JupyterLab as `make lab` starts it (jupyter_servers.LAB_OPTIONS) saves that
state with each save, so the same JupyterLab draws the board from it; and it forgets a notebook's
trust when it stops, so after a restart the notebook opens as it did the first time, with the
still picture of the board (JupyterLab draws widgets only in a trusted notebook).
"""

from __future__ import annotations

import json
import pathlib
import re
import shlex
import shutil

from jupyter_servers import LAB_OPTIONS, OURS_READY, eventually, isolated_env, lab_server, open_notebook

REPO = pathlib.Path(__file__).resolve().parents[2]
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
NAME = "01_learn_and_play.ipynb"

# Shut down the kernel of notebook `name` and close its tab (unasked: the widget manager marks a
# notebook restored from saved state as edited).
SHUT_DOWN_AND_CLOSE = """async (name) => {
  const ours = Array.from(window.jupyterapp.shell.widgets('main'))
    .find(w => w.context && w.context.path.endsWith(name));
  await ours.sessionContext.shutdown();
  ours.dispose();
}"""


def saved_app(path: pathlib.Path) -> tuple[list[str], dict]:
    """The model ids of the app cell's widget views in the file on disk, and the widget state saved."""
    book = json.loads(path.read_text())
    state = book["metadata"].get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    views = [
        out["data"][WIDGET_VIEW]["model_id"]
        for out in book["cells"][1]["outputs"]
        if WIDGET_VIEW in out["data"]
    ]
    return views, state


def resaved(path: pathlib.Path, shipped: list[str]) -> tuple[list[str], dict] | None:
    """What `saved_app` reads once the file holds the new run's views (None before, and while
    the file is still being written: it is not JSON yet)."""
    try:
        views, state = saved_app(path)
    except json.JSONDecodeError:
        return None
    return (views, state) if views != shipped else None


def reopen(page, lab_url: str):
    """Open the notebook without running anything; its app cell once it shows a board or an error."""
    page.goto(f"{lab_url}/lab/tree/{NAME}")
    panel = page.wait_for_function(OURS_READY, arg=NAME, timeout=90_000).json_value()
    cell = page.locator(f"[id='{panel}'] .jp-Cell").nth(1)
    board = cell.locator(".ausp-app .ausp-cardtable .ausp-card, .jp-RenderedImage img")
    board.or_(cell.get_by_text("Error displaying widget")).first.wait_for(timeout=30_000)
    assert "Error displaying widget" not in page.locator(f"[id='{panel}']").inner_text()
    return cell


def test_make_lab_starts_jupyterlab_as_the_tests_do():
    makefile = (REPO / "Makefile").read_text()
    options = re.search(r"^LAB_OPTIONS := (.*)$", makefile, re.MULTILINE)[1]
    assert shlex.split(options.replace("$(CURDIR)", str(REPO))) == LAB_OPTIONS
    assert "$(LAB_OPTIONS)" in re.search(r"^lab:.*\n\t(.*)$", makefile, re.MULTILINE)[1]
    overrides = json.loads((REPO / "lab-settings" / "overrides.json").read_text())
    assert overrides["@jupyter-widgets/jupyterlab-manager:plugin"]["saveState"] is True
    # No prompt about news or updates pops up over a table on a projector.
    quiet = {"checkForUpdates": False, "fetchNews": "false"}
    assert overrides["@jupyterlab/apputils-extension:notification"] == quiet


def test_board_shows_again_after_save_and_reopen(page, tmp_path, shots):
    # A JupyterLab of its own: this test saves a notebook, and restarts JupyterLab.
    root, home = tmp_path / "notebooks", tmp_path / "home"
    root.mkdir()
    env = isolated_env(home)
    path = root / NAME
    shutil.copy(REPO / "notebooks" / NAME, path)
    shipped, _ = saved_app(path)

    with lab_server(root, env, tmp_path / "lab.log") as lab_url:
        # First visit: run the notebook, take a step in the guide, save as a user does.
        app = open_notebook(page, lab_url, NAME)
        app.get_by_role("button", name="Next").click()
        app.get_by_text(re.compile(r"^Step 2 of \d+$")).wait_for()
        panel = page.evaluate(OURS_READY, NAME)
        page.locator(f"[id='{panel}'] .jp-NotebookPanel-toolbar").click()  # the notebook has the keys
        page.keyboard.press("Control+s")
        views, state = eventually(page, lambda: resaved(path, shipped))
        assert views and all(model_id in state for model_id in views), "the save dropped the widget state"
        page.evaluate(SHUT_DOWN_AND_CLOSE, NAME)
        page.goto("about:blank")

        # Second visit, the same JupyterLab: the board as it was left, drawn from the saved state.
        cell = reopen(page, lab_url)
        assert cell.locator(".ausp-app .ausp-cardtable .ausp-card").count() > 0
        assert re.search(r"Step 2 of \d+", cell.inner_text()), (
            "the view is the one saved, not the shipped one"
        )
        shots(page, "second-visit", cell)
        page.evaluate(SHUT_DOWN_AND_CLOSE, NAME)
        page.goto("about:blank")

    # Another day, JupyterLab started again: the picture of the board, as on the first visit.
    with lab_server(root, env, tmp_path / "lab-again.log") as lab_url:
        cell = reopen(page, lab_url)
        picture = cell.locator(".jp-RenderedImage img")
        assert picture.evaluate("img => img.complete && img.naturalWidth") > 300, "the picture is not drawn"
        shots(page, "after-restart", cell)
        page.evaluate(SHUT_DOWN_AND_CLOSE, NAME)
