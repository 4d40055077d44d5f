"""A saved notebook opens ready in JupyterLab: before anything runs, the app's cell shows the
still picture of its board (a notebook this server has not run is not trusted, so JupyterLab
shows the picture rather than a widget view), and Run All puts the live app in its place."""

from __future__ import annotations

from jupyter_servers import OURS_READY

NAME = "01_learn_and_play.ipynb"


def test_the_saved_notebook_shows_its_board_before_it_runs_and_the_live_app_after(page, lab_url, shots):
    page.goto(f"{lab_url}/lab/tree/{NAME}")
    panel = page.wait_for_function(OURS_READY, arg=NAME, timeout=90_000).json_value()
    first_output = page.locator(f"[id='{panel}'] .jp-CodeCell").first.locator(".jp-OutputArea-output")
    picture = first_output.locator("img")
    picture.wait_for()
    assert picture.evaluate("img => img.complete && img.naturalWidth") > 300, "the picture is not drawn"
    assert page.locator(f"[id='{panel}'] .ausp-app").count() == 0
    assert "The layout: to read" in page.locator(f"[id='{panel}']").inner_text(), "the saved text is shown"
    shots(page, "ready-before-run")

    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    app = page.locator(f"[id='{panel}'] .ausp-app").first
    app.locator("[data-spot]").first.wait_for(timeout=120_000)
    assert first_output.locator("img").count() == 0, "the live app replaces the picture"
    shots(page, "ready-after-run", app)
