"""The classroom site: notebook 01 runs in the browser's own Python (JupyterLite, Pyodide), served
by a plain static server, with every request that is not for 127.0.0.1 refused; a click plays a
move, and a figure says that plots need matplotlib."""

from __future__ import annotations

import pytest
from jupyter_servers import eventually
from lite_site import build_site, offline_context, open_and_run, run_in_kernel, static_server

from ausp_widget import Game

# Each column of the live table, as the names of the cards it shows (bottom first).
COLUMNS_JS = """(root) => Array.from(root.querySelectorAll('.ausp-live .ausp-side-you .ausp-col')).map(
  col => Array.from(col.querySelectorAll('button.ausp-face')).filter(b => b.offsetParent !== null)
             .map(b => b.title))"""


@pytest.fixture(scope="session")
def site_url():
    """The site, built once a session (a no-op when `make test` has just built it), served."""
    with static_server(build_site()) as server:
        yield server.url


@pytest.fixture
def lite_page(browser):
    context, external = offline_context(browser, {"width": 1400, "height": 1100})
    page = context.new_page()
    page.set_default_timeout(60_000)
    yield page
    context.close()
    assert not external, f"requests left 127.0.0.1: {external}"


def columns(app) -> list[list[str]]:
    return app.evaluate(COLUMNS_JS)


def tableau(game: Game) -> list[list[str]]:
    return [[card.name for card in column] for column in game.tableau()]


def click_card(app, name: str) -> None:
    """On the card's visible top strip, where a player clicks (covered cards overlap)."""
    app.locator(f'.ausp-live .ausp-side-you button[title="{name}"]').click(position={"x": 12, "y": 6})


def test_notebook_01_plays_in_the_browser_kernel(lite_page, site_url, shots):
    page = lite_page
    app, seconds = open_and_run(page, site_url, "01_learn_and_play.ipynb")
    print(f"site: kernel idle after {seconds['kernel']:.1f} s, app after {seconds['app']:.1f} s")
    errors = page.locator("[data-mime-type='application/vnd.jupyter.stderr']")  # tracebacks too
    assert not errors.count(), errors.all_inner_texts()
    shots(page, "site-1-guide", app)

    # The live table, dealt as deal 4, then a move by clicking: 6♥ goes onto 7♥.
    app.get_by_role("tab", name="Play").click()
    deal = Game.deal(4)
    eventually(page, lambda: columns(app) == tableau(deal), seconds=20)
    click_card(app, "six of hearts")
    click_card(app, "seven of hearts")
    deal.play("6♥ 7♥")
    eventually(page, lambda: columns(app) == tableau(deal), seconds=20)
    shots(page, "site-2-moved", app)

    # The browser kernel has no matplotlib: a figure is the sentence that says so.
    said = run_in_kernel(page, "import sys; print(sys.platform); print(repr(app.game.plot()))")
    assert said.startswith("emscripten\nPlots need matplotlib"), said
