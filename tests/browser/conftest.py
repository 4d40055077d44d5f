"""Fixtures: a throw-away JupyterLab and Voilà server and Debian's headless Chromium.

Every request that leaves 127.0.0.1 is aborted and recorded, and fails the test, so the
tests behave the same offline and online.
"""

from __future__ import annotations

import os
import pathlib
import shutil

import pytest
from jupyter_servers import isolated_env, lab_server, launch_chromium, notebook7_server, voila_server

REPO = pathlib.Path(__file__).resolve().parents[2]
# Voilà's page template asks a CDN for two icon-font stylesheets; their failure is harmless.
ALLOWED_EXTERNAL = ("font-awesome", "fontawesome")


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def notebook_dir(tmp_path_factory) -> pathlib.Path:
    """A copy of the notebooks, so a test run never writes into the repository."""
    target = tmp_path_factory.mktemp("notebooks")
    for notebook in (REPO / "notebooks").glob("*.ipynb"):
        shutil.copy(notebook, target)
    return target


@pytest.fixture(scope="session")
def jupyter_env(tmp_path_factory) -> dict:
    return isolated_env(tmp_path_factory.mktemp("jupyter-home"))


@pytest.fixture(scope="session")
def lab_url(jupyter_env, notebook_dir, tmp_path_factory):
    with lab_server(notebook_dir, jupyter_env, tmp_path_factory.mktemp("lab-log") / "lab.log") as url:
        yield url


@pytest.fixture(scope="session")
def notebook7_url(jupyter_env, notebook_dir, tmp_path_factory):
    log = tmp_path_factory.mktemp("nb7-log") / "notebook.log"
    with notebook7_server(notebook_dir, jupyter_env, log) as url:
        yield url


@pytest.fixture(scope="session")
def voila_url(jupyter_env, notebook_dir, tmp_path_factory):
    log = tmp_path_factory.mktemp("voila-log") / "voila.log"
    with voila_server(notebook_dir / "01_learn_and_play.ipynb", jupyter_env, log) as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = launch_chromium(p)
        yield launched
        launched.close()


def offline_page(browser, viewport: dict):
    """A page that may only talk to 127.0.0.1 (a request elsewhere fails the test), for `page`
    fixtures: yields the page, then closes its context and checks what left."""
    context = browser.new_context(viewport=viewport)
    external: list[str] = []

    def offline(route):
        external.append(route.request.url)
        route.abort()

    context.route(lambda url: not url.startswith("http://127.0.0.1"), offline)
    tab = context.new_page()
    tab.set_default_timeout(60_000)
    yield tab
    unexpected = [u for u in external if not any(name in u for name in ALLOWED_EXTERNAL)]
    context.close()
    assert not unexpected, f"requests left 127.0.0.1: {unexpected}"


@pytest.fixture
def page(browser):
    yield from offline_page(browser, {"width": 1400, "height": 1100})


@pytest.fixture
def shots(tmp_path):
    """Screenshots of each stage: under the test's tmp dir, or $AUSP_SHOTS when set;
    `shots(page, name, element)` first brings `element` to the top of the notebook's panel."""
    folder = pathlib.Path(os.environ.get("AUSP_SHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)

    def take(page, name: str, element=None) -> pathlib.Path:
        if element is not None:  # the notebook scrolls inside its own panel: bring it to the top
            element.evaluate("e => e.scrollIntoView({block: 'start'})")
            page.wait_for_timeout(150)
        path = folder / f"{name}.png"
        page.screenshot(path=str(path))
        return path

    take.folder = folder
    return take
