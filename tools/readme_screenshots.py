"""Take the README's pictures of the live game: JupyterLab in headless Chromium, the app on its
Play tab at deal 4 with 6♠ (and the two cards on it) picked up, so the place the group may go
is lit; and the Puzzles tab.

Run: .venv/bin/python tools/readme_screenshots.py   (writes docs/screenshot.png, docs/puzzle.png)
"""

from __future__ import annotations

import pathlib
import sys
import tempfile

from playwright.sync_api import sync_playwright

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))

from board_dom import card, click, settled  # noqa: E402
from jupyter_servers import isolated_env, lab_server, launch_chromium, one_cell_notebook, open_notebook  # noqa: E402

CELL = ["from ausp_widget import AustralianPatience", "", "app = AustralianPatience(seed=4)", "app"]


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = pathlib.Path(folder)
        name = one_cell_notebook(root, "play.ipynb", CELL)
        env = isolated_env(root / "home")
        with lab_server(root, env, root / "lab.log") as url, sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            page = browser.new_page(viewport={"width": 1000, "height": 1000})
            app = open_notebook(page, url, name)
            app.get_by_role("tab", name="Play").click()
            six = card(app, "six of spades")
            six.wait_for(timeout=60_000)
            settled(page)
            click(page, six)
            page.wait_for_selector(".ausp-live .ausp-target", timeout=30_000)
            settled(page)
            table = app.locator(".ausp-live")
            table.screenshot(path=str(REPO / "docs" / "screenshot.png"))
            app.get_by_role("tab", name="Puzzles").click()
            trainer = app.locator(".ausp-trainer")
            trainer.wait_for(timeout=60_000)
            settled(page)
            trainer.screenshot(path=str(REPO / "docs" / "puzzle.png"))
            browser.close()
    print("wrote docs/screenshot.png and docs/puzzle.png")


if __name__ == "__main__":
    main()
